import { DIAS_VIGENCIA_TRANSPORTISTA, MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { Alert, Button, DatePicker, Form, Input, Modal, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useConsultarEmpresa } from '../api/personas';
import { useGuardarVigencia } from '../api/transportistas';

/**
 * 'Registrar vigencia Transpotista' and the foreign/new carrier registration ('100' path): the carrier's
 * name and address, and a contract from today for 364 days (only role 1 edits the dates).
 */
export function TransportistaDialogo(p: {
  abierto: boolean;
  ruc: string;
  tipoDocumento: string;
  /** Known name and address (a carrier without contract, or one just registered through 'Registro Empresa'). */
  razonSocial?: string;
  direccion?: string;
  /** The RUC searched is not a carrier of the company: the dialog says so and what to do. */
  noRegistrado?: boolean;
  codigoEmpresaUsuario?: number;
  codigoRol: number;
  alCerrar: () => void;
  alRegistrar: (t: {
    codigoTransportistaUsuario: number;
    nombreTransportista: string;
    ruc: string;
    extranjero: boolean;
  }) => void;
}) {
  const [form] = Form.useForm();
  const consultarEmpresa = useConsultarEmpresa();
  const guardarVigencia = useGuardarVigencia();
  const tipo = Form.useWatch('codigoTipoDocumentoEmpresa', form);
  useEffect(() => {
    if (!p.abierto) return;
    const hoy = dayjs();
    form.setFieldsValue({
      ruc: p.ruc,
      codigoTipoDocumentoEmpresa: p.tipoDocumento,
      razonSocial: p.razonSocial ?? '',
      direccion: p.direccion ?? '',
      fechaInicio: hoy,
      fechaCese: hoy.add(DIAS_VIGENCIA_TRANSPORTISTA, 'day'),
    });
  }, [p.abierto, p.ruc, p.tipoDocumento, p.razonSocial, p.direccion, form]);
  const buscar = async () => {
    const ruc = String(form.getFieldValue('ruc') ?? '');
    if (ruc.length !== 11) return notificar.error(M.rucOnce);
    try {
      const r = await consultarEmpresa.mutateAsync({ ruc, codigoEmpresaUsuario: p.codigoEmpresaUsuario });
      if (r.success === false || !r.data) return notificar.error(r.message || M.rucInvalido);
      form.setFieldsValue({ razonSocial: r.data.razonSocial, direccion: r.data.direccion });
    } catch (e) {
      aplicarErroresCampo(form, e);
    }
  };
  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await guardarVigencia.mutateAsync({
        ...v,
        fechaInicio: v.fechaInicio?.format('YYYY-MM-DD'),
        fechaCese: v.fechaCese?.format('YYYY-MM-DD'),
        codigoEmpresaUsuario: p.codigoEmpresaUsuario,
      });
      notificar.exito(r.message || M.conContrato);
      p.alRegistrar({ ...r.data, ruc: String(v.ruc).toUpperCase(), extranjero: v.codigoTipoDocumentoEmpresa !== '6' });
    } catch (e) {
      aplicarErroresCampo(form, e);
    }
  };
  return (
    <Modal
      title="Registrar vigencia Transpotista"
      open={p.abierto}
      onCancel={p.alCerrar}
      onOk={guardar}
      okText="Guardar"
      cancelText="Cancelar"
      destroyOnHidden
    >
      {p.noRegistrado ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={M.transportistaNoRegistrado}
          description={M.transportistaNoRegistradoQueHacer}
          data-testid="transportista-no-registrado"
        />
      ) : null}
      <Form form={form} name="vigencia" layout="vertical">
        <Form.Item name="codigoTipoDocumentoEmpresa" label="Tipo de documento">
          <Select
            options={[
              { value: '6', label: 'RUC' },
              { value: '0', label: 'Documento tributario extranjero' },
            ]}
          />
        </Form.Item>
        <Form.Item label="RUC / documento" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="ruc" noStyle rules={[{ required: true, message: 'Este es un campo requerido' }]}>
              <Input maxLength={tipo === '6' ? 11 : 13} aria-label="RUC transportista" />
            </Form.Item>
            {tipo === '6' ? <Button onClick={buscar}>Buscar</Button> : null}
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="razonSocial"
          label="Razón social"
          rules={[{ required: true, message: 'Este es un campo requerido' }, { max: 200 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="direccion" label="Dirección">
          <Input maxLength={300} />
        </Form.Item>
        <Space>
          <Form.Item name="fechaInicio" label="Fecha de inicio">
            <DatePicker format="DD/MM/YYYY" disabled={p.codigoRol !== 1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="fechaCese" label="Fecha de cese">
            <DatePicker format="DD/MM/YYYY" disabled={p.codigoRol !== 1} style={{ width: '100%' }} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
