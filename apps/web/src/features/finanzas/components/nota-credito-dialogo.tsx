import { Alert, Form, Input, InputNumber, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { numero } from '../../../shared/ui/formato';
import { numeroDe, useComprobante, useComprobantesParaElegir, useEmitirNotaCredito } from '../api';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';

/** SUNAT catálogo 09: reasons for a credit note offered here. */
const MOTIVOS = {
  '01': 'Anulación de la operación',
  '06': 'Devolución total',
  '07': 'Devolución por ítem',
  '09': 'Disminución en el valor',
} as const;

interface Valores {
  codigoComprobante: number;
  codigoMotivo: keyof typeof MOTIVOS;
  motivo: string;
  monto?: number | null;
  cantidades: Record<number, number | null>;
}

/**
 * A credit note against a factura or boleta: the reason, and an amount (IGV included) or the quantity to credit of
 * each line (priced as on the voucher); the server refuses a note above the voucher's balance.
 */
export function NotaCreditoDialogo(p: { abierto: boolean; codigoComprobante?: number; alCerrar: () => void }) {
  const [form] = Form.useForm<Valores>();
  const [texto, setTexto] = useState('');
  const pendientes = useComprobantesParaElegir(texto, p.codigoComprobante);
  const elegido = Form.useWatch('codigoComprobante', form) ?? p.codigoComprobante ?? null;
  const { data: c } = useComprobante(elegido);
  const emitir = useEmitirNotaCredito();
  const cantidades = Form.useWatch('cantidades', form) ?? {};
  const monto = Form.useWatch('monto', form);
  // An estimate for the screen only: the server computes the note with decimal arithmetic.
  const estimado = monto
    ? monto
    : (c?.lineas ?? []).reduce((s, l) => {
        const q = cantidades[l.orden] ?? 0;
        const base = q * Number(l.valorUnitario);
        return s + (l.afectacionIgv === '10' ? base * 1.18 : base);
      }, 0);

  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const lineas = Object.entries(v.cantidades ?? {})
      .filter(([, q]) => q && q > 0)
      .map(([orden, q]) => ({ orden: Number(orden), cantidad: q as number }));
    if (!v.monto && !lineas.length) {
      notificar.error('Indique el monto o la cantidad a acreditar de al menos una línea');
      return;
    }
    try {
      const r = await emitir.mutateAsync({
        codigoComprobante: v.codigoComprobante,
        codigoMotivo: v.codigoMotivo,
        motivo: v.motivo,
        ...(v.monto ? { monto: v.monto } : { lineas }),
      });
      notificar.exito(r.message, `${numeroDe(r.data.serie, r.data.numero)} · ${r.data.moneda} ${numero(r.data.total)}`);
      form.resetFields();
      p.alCerrar();
    } catch (e) {
      if (!aplicarErroresCampo(form, e) && !(e instanceof ErrorApi)) throw e;
    }
  };

  return (
    <Modal
      open={p.abierto}
      title="Emitir nota de crédito"
      okText="Emitir nota"
      cancelText="Cancelar"
      onOk={guardar}
      onCancel={p.alCerrar}
      confirmLoading={emitir.isPending}
      width={820}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ codigoComprobante: p.codigoComprobante, codigoMotivo: '07', cantidades: {} }}
      >
        <Form.Item
          name="codigoComprobante"
          label="Comprobante que corrige"
          rules={[{ required: true, message: 'Seleccione el comprobante' }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setTexto}
            loading={pendientes.cargando}
            placeholder="Buscar por número (F001-…)"
            onChange={() => form.setFieldValue('cantidades', {})}
            options={pendientes.filas.map((f) => ({
              value: f.codigoComprobante,
              label: `${numeroDe(f.serie, f.numero)} · ${f.razonSocial} · saldo ${f.moneda} ${numero(f.saldo)}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="codigoMotivo" label="Tipo de nota" rules={[{ required: true }]}>
          <Select options={Object.entries(MOTIVOS).map(([value, label]) => ({ value, label: `${value} ${label}` }))} />
        </Form.Item>
        <Form.Item name="motivo" label="Motivo" rules={[{ required: true, message: 'Ingrese el motivo' }]}>
          <Input maxLength={250} />
        </Form.Item>
        <Form.Item
          name="monto"
          label="Monto a acreditar (con IGV)"
          extra="Déjelo vacío para acreditar por líneas (abajo). Por monto solo si todas las líneas tienen la misma afectación."
        >
          <InputNumber min={0.01} precision={2} style={{ width: 200 }} />
        </Form.Item>
        {c && (
          <>
            <Table
              rowKey="orden"
              size="small"
              pagination={false}
              dataSource={c.lineas}
              columns={[
                { title: 'Descripción', dataIndex: 'descripcion' },
                { title: 'Cantidad', dataIndex: 'cantidad', width: 90, align: 'right' },
                {
                  title: 'V. unitario',
                  dataIndex: 'valorUnitario',
                  width: 110,
                  align: 'right',
                  render: (v: string) => numero(v),
                },
                {
                  title: 'A acreditar',
                  key: 'acreditar',
                  width: 130,
                  render: (_v, l) => (
                    <Form.Item name={['cantidades', l.orden]} noStyle>
                      <InputNumber
                        min={0}
                        max={Number(l.cantidad)}
                        style={{ width: '100%' }}
                        aria-label={`Acreditar línea ${l.orden}`}
                      />
                    </Form.Item>
                  ),
                },
              ]}
            />
            <Alert
              style={{ marginTop: 12 }}
              type={estimado > Number(c.saldo) + 0.005 ? 'error' : 'info'}
              showIcon
              message={`Saldo del comprobante: ${c.moneda} ${numero(c.saldo)} · nota estimada: ${c.moneda} ${numero(estimado.toFixed(2))}`}
            />
          </>
        )}
      </Form>
    </Modal>
  );
}
