import { MENSAJES_ADUANAS as MA } from '@cronos/contract';
import { Alert, DatePicker, Form, Input, Modal } from 'antd';
import dayjs from 'dayjs';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { fechaApi } from '../../../shared/ui/formato';
import { type FilaDeclaracion, useLevanteManual } from '../api/aduanas';

/**
 * Records a levante by hand when the release query is off or does not answer: the date and the document the
 * operator saw; the server keeps who recorded it and audits it. The exit order then passes the gate.
 */
export function LevanteManualDialogo(p: {
  declaracion: FilaDeclaracion | null;
  alCerrar: () => void;
  alRegistrar?: (d: FilaDeclaracion) => void;
}) {
  const [form] = Form.useForm<{ fechaLevante: dayjs.Dayjs; documento: string }>();
  const registrar = useLevanteManual();
  const enviar = async () => {
    if (!p.declaracion) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await registrar.mutateAsync({
        codigoDeclaracion: p.declaracion.codigoDeclaracion,
        fechaLevante: fechaApi(v.fechaLevante),
        documento: v.documento.trim(),
        version: p.declaracion.version,
      });
      notificar.exito(r.message);
      p.alRegistrar?.(r.data);
      p.alCerrar();
    } catch (e) {
      if (aplicarErroresCampo(form, e)) return;
      if (e instanceof ErrorApi) notificar.error(e.message);
    }
  };
  return (
    <Modal
      title={`Registrar levante manual de ${p.declaracion?.numeroDeclaracion ?? ''}`}
      open={p.declaracion !== null}
      onCancel={p.alCerrar}
      onOk={enviar}
      okText="Registrar levante"
      cancelText="Cancelar"
      confirmLoading={registrar.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="Use este registro cuando la consulta de levante a SUNAT está apagada o no responde. Queda registrado con su usuario y el documento que tuvo a la vista."
      />
      <Form form={form} layout="vertical" name="levante-manual" initialValues={{ fechaLevante: dayjs() }}>
        <Form.Item
          name="fechaLevante"
          label="Fecha de levante"
          rules={[{ required: true, message: 'Este es un campo requerido' }]}
        >
          <DatePicker
            format="DD/MM/YYYY"
            aria-label="Fecha de levante"
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="documento"
          label="Documento visto"
          rules={[
            { required: true, message: MA.levanteDocumento },
            { min: 3, max: 200, message: MA.levanteDocumento },
          ]}
        >
          <Input
            maxLength={200}
            placeholder="Ej.: Aviso de levante SUNAT impreso"
            aria-label="Documento de levante visto"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
