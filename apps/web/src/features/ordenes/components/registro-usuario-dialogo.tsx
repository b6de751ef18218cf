import type { PersonaEncontrada } from '@cronos/contract';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { useGuardarPersona } from '../api/personas';

const REQ = { required: true, message: 'Este es un campo requerido' };
const letras = { pattern: /^[A-Za-zÁÉÍÓÚÑÜáéíóúñü' .-]+$/, message: 'Solo letras' };

/** 'Registro Usuario' (foreign person): nombres and both surnames required (spec 01 §5). */
export function RegistroUsuarioDialogo(p: {
  abierto: boolean;
  documento: { numeroDocumentoIdentidad: string; codigoTipoDocumentoIdentidad: string } | null;
  alCerrar: () => void;
  alRegistrar: (persona: PersonaEncontrada) => void;
}) {
  const [form] = Form.useForm();
  const guardarPersona = useGuardarPersona();
  useEffect(() => {
    if (p.abierto) form.setFieldsValue({ ...p.documento, nombres: '', apellidoPaterno: '', apellidoMaterno: '' });
  }, [p.abierto, p.documento, form]);
  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await guardarPersona.mutateAsync(v);
      notificar.exito(r.message || 'Persona registrada');
      p.alRegistrar(r.data);
    } catch (e) {
      aplicarErroresCampo(form, e);
    }
  };
  return (
    <Modal
      title="Registro Usuario"
      open={p.abierto}
      onCancel={p.alCerrar}
      onOk={guardar}
      okText="Registrar"
      cancelText="Cancelar"
      destroyOnHidden
    >
      <Form form={form} name="registroUsuario" layout="vertical">
        <Form.Item name="codigoTipoDocumentoIdentidad" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="numeroDocumentoIdentidad" label="N° de documento">
          <Input disabled />
        </Form.Item>
        <Form.Item name="nombres" label="Nombres" rules={[REQ, letras, { max: 30 }]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="apellidoPaterno" label="Apellido paterno" rules={[REQ, letras, { max: 20 }]}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="apellidoMaterno" label="Apellido materno" rules={[REQ, letras, { max: 20 }]}>
          <Input maxLength={20} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
