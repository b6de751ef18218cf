import { cambioContrasenia, type ItemMenu, MENSAJES, type UsuarioSesion } from '@cronos/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { api, ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { reglaZod } from '../../../shared/formulario/regla-zod';
import { actualizarSesionLocal } from '../../../shared/sesion/almacen-sesion';

interface Props {
  abierto: boolean;
  alCerrar: () => void;
  /** A first password or one set by an administrator must be changed before going on. */
  obligatorio?: boolean;
  aviso?: string;
}

/** 'Cambiar contraseña' (spec 01 §3, §5, §8): new password and confirmation with the spec's three messages. */
export function CambiarContraseniaDialogo({ abierto, alCerrar, obligatorio, aviso }: Props) {
  const [form] = Form.useForm<{ contraseniaActual: string; contrasenia: string; checkPass: string }>();
  const [guardando, setGuardando] = useState(false);

  const guardar = async () => {
    const valores = await form.validateFields().catch(() => null);
    if (!valores) return;
    setGuardando(true);
    try {
      const r = await api.post('/Account/ActualizaContrasenia', valores, { manejar: [422, 500] });
      notificar.exito(r.message || MENSAJES.contraseniaActualizada);
      const s = await api.get<{ usuario: UsuarioSesion; permisos: ItemMenu[] }>('/Account/ConsultarSesion');
      actualizarSesionLocal(s.data.usuario, s.data.permisos);
      form.resetFields();
      alCerrar();
    } catch (e) {
      if (e instanceof ErrorApi && (e.status === 422 || e.status === 500)) {
        aplicarErroresCampo(form, e);
        notificar.error(MENSAJES.erroresFormulario);
      } else if (!(e instanceof ErrorApi) || e.status !== 401) {
        notificar.error(MENSAJES.otroTipoError);
      }
    } finally {
      setGuardando(false);
    }
  };

  return (
    <Modal
      title="Cambiar contraseña"
      open={abierto}
      onOk={guardar}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={guardando}
      closable={!obligatorio}
      maskClosable={!obligatorio}
      keyboard={!obligatorio}
      cancelButtonProps={{ style: obligatorio ? { display: 'none' } : undefined }}
      onCancel={() => {
        form.resetFields();
        alCerrar();
      }}
      destroyOnHidden
    >
      {aviso ? <Alert type="warning" showIcon message={aviso} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={guardar}>
        <Form.Item
          name="contraseniaActual"
          label="Contraseña actual"
          extra={obligatorio ? 'La contraseña temporal con la que ingresó.' : undefined}
          required
          rules={[{ required: true, message: MENSAJES.contraseniaActualRequerida }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="contrasenia"
          label="Nueva contraseña"
          extra="Al menos 8 caracteres, con letras y números."
          required
          rules={[reglaZod(cambioContrasenia, 'contrasenia')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="checkPass"
          label="Confirmar contraseña"
          dependencies={['contrasenia']}
          required
          rules={[reglaZod(cambioContrasenia, 'checkPass')]}
        >
          <Input.Password autoComplete="new-password" onPressEnter={guardar} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
