import { MENSAJES, MENSAJES_ETAPAS } from '@cronos/contract';
import { Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useOpcionesParametro } from '../../../shared/api/parametros';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { type DatosControl, useActualizarConductor, useRegistrarTransportista } from '../api';

/** 'Registro Empresa' (spec 03 §2.10): a foreign carrier company; the registry number comes from the document. */
export function RegistroEmpresaDialogo(p: {
  abierto: boolean;
  codigoEmpresaUsuario: number;
  numero: string;
  alCerrar: () => void;
}) {
  const [form] = Form.useForm<{ razonSocial: string; direccion: string }>();
  const registro = useRegistrarTransportista();
  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await registro.mutateAsync({
        codigoEmpresaUsuario: p.codigoEmpresaUsuario,
        ruc: p.numero,
        ...v,
        usuarioRegistro: '',
      });
      notificar.exito(r.message);
      form.resetFields();
      p.alCerrar();
    } catch (e) {
      if (e instanceof ErrorApi && (e.status === 422 || e.status === 500)) {
        aplicarErroresCampo(form, e);
        notificar.error(MENSAJES.erroresFormulario);
      } else if (e instanceof ErrorApi) notificar.error(e.message);
    }
  };
  const regla = [{ required: true, message: MENSAJES.requerido, validateTrigger: 'onBlur' }];
  return (
    <Modal open={p.abierto} title="Registro Empresa" onCancel={p.alCerrar} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" validateTrigger="onBlur">
        <Form.Item label="N° de registro">
          <Input value={p.numero} readOnly aria-label="N° de registro" />
        </Form.Item>
        <Form.Item name="razonSocial" label="Razón social" rules={regla}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="direccion" label="Dirección" rules={regla}>
          <Input maxLength={300} />
        </Form.Item>
        <Button type="primary" loading={registro.isPending} onClick={guardar}>
          Guardar
        </Button>
      </Form>
    </Modal>
  );
}

interface FormConductor {
  codigoTipoDocumentoIdentidad: string;
  numeroDocumentoIdentidad: string;
  numeroBrevete?: string;
  pesoBruto?: number | null;
  pesoTara?: number | null;
}

/** Driver and carrier update from security control (spec 03 §2.9, §5.5). */
export function ConductorDialogo(p: { abierto: boolean; datos: DatosControl; alCerrar: (cambio: boolean) => void }) {
  const [form] = Form.useForm<FormConductor>();
  const tipos = useOpcionesParametro(2);
  const tipo = Form.useWatch('codigoTipoDocumentoIdentidad', form);
  const [empresaAbierta, setEmpresaAbierta] = useState(false);
  const numero = Form.useWatch('numeroDocumentoIdentidad', form) ?? '';
  const actualizar = useActualizarConductor();
  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v?.codigoTipoDocumentoIdentidad || !v.numeroDocumentoIdentidad) {
      notificar.error(MENSAJES_ETAPAS.errorActualizacion);
      return;
    }
    try {
      const r = await actualizar.mutateAsync({
        codigoMovimiento: p.datos.codigoMovimiento,
        version: p.datos.version,
        ...v,
      });
      notificar.exito(r.message);
      p.alCerrar(true);
    } catch (e) {
      if (e instanceof ErrorApi && e.status === 409) {
        // Saved meanwhile by someone else, or no longer at entry control: say so; the data shown are read again.
        notificar.error(e.message);
        p.alCerrar(true);
        return;
      }
      aplicarErroresCampo(form, e);
      notificar.error(MENSAJES_ETAPAS.errorActualizacion);
    }
  };
  return (
    <Modal
      open={p.abierto}
      title="Datos del conductor y transportista"
      onCancel={() => p.alCerrar(false)}
      onOk={guardar}
      okText="Actualizar"
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          codigoTipoDocumentoIdentidad: p.datos.codigoTipoDocumentoIdentidad ?? '1',
          numeroDocumentoIdentidad: p.datos.numeroDocumentoIdentidad ?? '',
          numeroBrevete: p.datos.numerobrevete ?? '',
          pesoBruto: p.datos.pesoBrutoDeclarado,
          pesoTara: p.datos.pesoTaraDeclarado,
        }}
      >
        <Form.Item name="codigoTipoDocumentoIdentidad" label="Tipo de documento">
          <Select
            options={tipos.opciones.map((o) => ({ ...o, disabled: o.value === '3' || o.value === '5' }))}
            aria-label="Tipo de documento"
          />
        </Form.Item>
        <Form.Item name="numeroDocumentoIdentidad" label="N° de documento de identidad">
          <Input
            maxLength={tipo === '1' ? 8 : 10}
            onChange={(e) => form.setFieldValue('numeroDocumentoIdentidad', e.target.value.toUpperCase())}
          />
        </Form.Item>
        <Form.Item name="numeroBrevete" label="N° de licencia">
          <Input maxLength={tipo === '3' ? 9 : 10} />
        </Form.Item>
        <Form.Item name="pesoBruto" label="Peso bruto declarado (kg)">
          <InputNumber min={0} max={999999} precision={3} style={{ width: '100%' }} aria-label="Peso bruto declarado" />
        </Form.Item>
        <Form.Item name="pesoTara" label="Tara declarada del vehículo (kg)">
          <InputNumber min={0} max={999999} precision={3} style={{ width: '100%' }} aria-label="Tara declarada" />
        </Form.Item>
        {tipo && tipo !== '1' ? (
          <Button disabled={numero.length < 10} onClick={() => setEmpresaAbierta(true)}>
            Registrar empresa extranjera
          </Button>
        ) : null}
      </Form>
      <RegistroEmpresaDialogo
        abierto={empresaAbierta}
        codigoEmpresaUsuario={p.datos.codigoEmpresaUsuario}
        numero={numero}
        alCerrar={() => setEmpresaAbierta(false)}
      />
    </Modal>
  );
}
