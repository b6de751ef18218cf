import { cambioContrasenia, MENSAJES } from '@cronos/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { reglaZod } from '../../../shared/formulario/regla-zod';
import { useCambiarContrasenia } from '../api';

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
  const cambiar = useCambiarContrasenia();

  const guardar = async () => {
    const valores = await form.validateFields().catch(() => null);
    if (!valores) return;
    try {
      const r = await cambiar.mutateAsync(valores);
      notificar.exito(r.message || MENSAJES.contraseniaActualizada);
      form.resetFields();
      alCerrar();
    } catch (e) {
      if (e instanceof ErrorApi && (e.status === 422 || e.status === 500)) {
        aplicarErroresCampo(form, e);
        notificar.error(MENSAJES.erroresFormulario);
      } else if (!(e instanceof ErrorApi) || e.status !== 401) {
        notificar.error(MENSAJES.otroTipoError);
      }
    }
  };

  return (
    <Modal
      title="Cambiar contraseña"
      open={abierto}
      onOk={guardar}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={cambiar.isPending}
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
