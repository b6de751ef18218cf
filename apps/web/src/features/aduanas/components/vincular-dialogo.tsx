import { Form, Input, Modal } from 'antd';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { type FilaDeclaracion, useVincularOrden } from '../api/aduanas';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

/** Links an order by its OP code when its document does not carry the declaration's number. */
export function VincularDialogo(p: { declaracion: FilaDeclaracion | null; alCerrar: () => void }) {
  const [form] = Form.useForm<{ codigoIngreso: string }>();
  const vincular = useVincularOrden();
  const enviar = async () => {
    if (!p.declaracion) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await vincular.mutateAsync({
        codigoDeclaracion: p.declaracion.codigoDeclaracion,
        codigoIngreso: v.codigoIngreso,
      });
      notificar.exito(r.message);
      p.alCerrar();
    } catch (e) {
      if (aplicarErroresCampo(form, e)) return;
      if (e instanceof ErrorApi) notificar.error(e.message);
    }
  };
  return (
    <Modal
      title={`Vincular orden a ${p.declaracion?.numeroDeclaracion ?? ''}`}
      open={p.declaracion !== null}
      onCancel={p.alCerrar}
      onOk={enviar}
      okText="Vincular"
      cancelText="Cancelar"
      confirmLoading={vincular.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="vincular">
        <Form.Item
          name="codigoIngreso"
          label="Código de la orden"
          rules={[{ required: true, message: 'Este es un campo requerido' }]}
        >
          <Input placeholder="OP0000123" maxLength={12} aria-label="Código de la orden" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
