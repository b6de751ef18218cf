import { MENSAJES_MOVIMIENTO as M, type ResultadoLevante } from '@cronos/contract';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useConsultarLevante } from '../api/ordenes';

const CUATRO_PARTES = /^\d{3}-\d{4}-\d{2}-\d{1,6}$/;

/**
 * Authorised release (levante) of a 'DUA/DAM IMPORTACIÓN' (spec 01 §2, §5, §8): the declaration number
 * must have four dash-separated parts (office-year-regime-number); the server queries the customs page.
 * 'Usar datos' puts the number and the importer into the document being added.
 */
export function LevanteDialogo(p: {
  abierto: boolean;
  numero: string;
  alCerrar: () => void;
  alUsar: (r: ResultadoLevante) => void;
}) {
  const [form] = Form.useForm<{ numero: string }>();
  const consulta = useConsultarLevante();
  const [error, setError] = useState<string | null>(null);
  const { reset } = consulta;
  useEffect(() => {
    if (!p.abierto) return;
    form.setFieldsValue({ numero: p.numero });
    reset();
    setError(null);
  }, [p.abierto, p.numero, form, reset]);
  // The last answer of the query while the dialog is open: shown and offered to 'Usar datos'.
  const r: ResultadoLevante | null = consulta.data?.success ? consulta.data.data : null;

  const consultar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const { numero } = v;
    setError(null);
    try {
      const res = await consulta.mutateAsync(numero.trim());
      if (res.success === false || !res.data) setError(res.message);
    } catch (e) {
      const mensaje = e instanceof ErrorApi && e.status === 422 ? e.message : M.levanteInactivo;
      setError(mensaje);
      notificar.error(mensaje);
    }
  };

  return (
    <Modal
      title="Consulta de levante"
      open={p.abierto}
      onCancel={p.alCerrar}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={p.alCerrar}>
          Cerrar
        </Button>,
        <Button key="u" type="primary" disabled={!r} onClick={() => r && p.alUsar(r)}>
          Usar datos
        </Button>,
      ]}
    >
      <Form form={form} name="levante" layout="vertical">
        <Form.Item
          name="numero"
          label="N° de declaración (aduana-año-régimen-número)"
          rules={[
            { required: true, message: 'Este es un campo requerido' },
            { pattern: CUATRO_PARTES, message: M.levanteFormato },
          ]}
        >
          <Input placeholder="172-2026-10-004512" maxLength={20} aria-label="N° de declaración" />
        </Form.Item>
        <Button onClick={consultar} loading={consulta.isPending}>
          Consultar
        </Button>
      </Form>
      {error ? <Alert style={{ marginTop: 12 }} type="error" title={error} /> : null}
      {r ? (
        <Descriptions size="small" column={2} style={{ marginTop: 12 }} bordered>
          <Descriptions.Item label="Número">{r.numero}</Descriptions.Item>
          <Descriptions.Item label="Fecha de numeración">{r.fecha_numeracion}</Descriptions.Item>
          <Descriptions.Item label="Sujeto a">{r.sujeto_a}</Descriptions.Item>
          <Descriptions.Item label="Valor FOB">{r.valorFob}</Descriptions.Item>
          <Descriptions.Item label="Peso neto">{r.peso_neto}</Descriptions.Item>
          <Descriptions.Item label="Peso bruto">{r.peso_bruto}</Descriptions.Item>
          <Descriptions.Item label="Total bultos">{r.total_bultos}</Descriptions.Item>
          <Descriptions.Item label="Series">{r.numero_series}</Descriptions.Item>
          <Descriptions.Item label="Flete">{r.flete}</Descriptions.Item>
          <Descriptions.Item label="Seguro">{r.seguro}</Descriptions.Item>
          <Descriptions.Item label="CIF">{r.cif}</Descriptions.Item>
          <Descriptions.Item label="Importador">
            {r.numero_importador} {r.razon_importador}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </Modal>
  );
}
