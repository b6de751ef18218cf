import { MENSAJES } from '@cronos/contract';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { otrasRutas } from '../api';

const REQ = { required: true, message: MENSAJES.requerido };

/**
 * Foreign carrier company ('Registro Empresa', opened by the carrier lookup's '100' answer for a foreign
 * document): the registry number is read-only, taken from the foreign document; on success it closes and resets.
 */
export function RegistroEmpresaDialogo(p: {
  abierto: boolean;
  numero: string;
  codigoEmpresaUsuario?: number;
  alCerrar: () => void;
  alRegistrar: (t: { codigoTransportistaUsuario: number; razonSocial: string; direccion: string | null }) => void;
}) {
  const [form] = Form.useForm<{ razonSocial: string; direccion: string }>();
  const [guardando, setGuardando] = useState(false);
  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setGuardando(true);
    try {
      const r = await otrasRutas.registrarTransportistaExtranjero({
        codigoEmpresaUsuario: p.codigoEmpresaUsuario,
        ruc: p.numero,
        ...v,
      });
      notificar.exito(r.message);
      form.resetFields();
      p.alRegistrar(r.data);
    } catch (e) {
      if (e instanceof ErrorApi && (e.status === 422 || e.status === 500)) {
        aplicarErroresCampo(form, e);
        notificar.error(MENSAJES.erroresFormulario);
      } else if (e instanceof ErrorApi) notificar.error(e.message);
    } finally {
      setGuardando(false);
    }
  };
  return (
    <Modal open={p.abierto} title="Registro Empresa" onCancel={p.alCerrar} footer={null} destroyOnHidden>
      <Form form={form} name="registroEmpresa" layout="vertical">
        <Form.Item label="N° de registro">
          <Input value={p.numero} readOnly aria-label="N° de registro" />
        </Form.Item>
        <Form.Item name="razonSocial" label="Razón social" rules={[REQ, { max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="direccion" label="Dirección" rules={[REQ, { max: 300 }]}>
          <Input maxLength={300} />
        </Form.Item>
        <Button type="primary" loading={guardando} onClick={guardar}>
          Guardar
        </Button>
      </Form>
    </Modal>
  );
}
