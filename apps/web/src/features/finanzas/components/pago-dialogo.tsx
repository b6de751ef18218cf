import { fechaLima, MENSAJES_FINANZAS, METODOS_PAGO, type RegistrarPago } from '@cronos/contract';
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { aplicarErroresCampo } from '../../../shared/formulario/errores-campo';
import { fechaApi, numero } from '../../../shared/ui/formato';
import { numeroDe, useComprobantesParaElegir, useRegistrarPago } from '../api';

/**
 * Today in Lima, as the server judges a payment's date: the browser's own day is already tomorrow from 19:00 in a
 * browser on UTC (or any zone east of Lima), and that date was offered, filled in and refused ('posterior a hoy').
 */
const hoyLima = () => dayjs(fechaLima(new Date()));

interface Valores {
  codigoComprobante: number;
  monto: number;
  fechaPago: dayjs.Dayjs;
  metodo: RegistrarPago['metodo'];
  referencia?: string;
}

/** Records a full or partial payment of a voucher with a balance. */
export function PagoDialogo(p: { abierto: boolean; codigoComprobante?: number; alCerrar: () => void }) {
  const [form] = Form.useForm<Valores>();
  const [texto, setTexto] = useState('');
  const pendientes = useComprobantesParaElegir(texto, p.codigoComprobante);
  const registrar = useRegistrarPago();
  const elegido = Form.useWatch('codigoComprobante', form);
  const fila = pendientes.filas.find((f) => f.codigoComprobante === elegido);
  const saldo = fila?.saldo;

  const guardar = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const r = await registrar.mutateAsync({
        codigoComprobante: v.codigoComprobante,
        monto: v.monto,
        fechaPago: fechaApi(v.fechaPago),
        metodo: v.metodo,
        referencia: v.referencia || null,
      });
      notificar.exito(r.message);
      form.resetFields();
      p.alCerrar();
    } catch (e) {
      // The server's reasons (amount above the balance, a date out of range, a bad character) go on their fields.
      if (!aplicarErroresCampo(form, e) && !(e instanceof ErrorApi)) throw e;
    }
  };

  return (
    <Modal
      open={p.abierto}
      title="Registrar pago"
      okText="Registrar"
      cancelText="Cancelar"
      onOk={guardar}
      onCancel={p.alCerrar}
      confirmLoading={registrar.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ codigoComprobante: p.codigoComprobante, fechaPago: hoyLima(), metodo: 'TRANSFERENCIA' }}
      >
        <Form.Item
          name="codigoComprobante"
          label="Comprobante"
          rules={[{ required: true, message: 'Seleccione el comprobante' }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setTexto}
            loading={pendientes.cargando}
            placeholder="Buscar por número (F001-…)"
            options={pendientes.filas.map((f) => ({
              value: f.codigoComprobante,
              label: `${numeroDe(f.serie, f.numero)} · ${f.razonSocial} · saldo ${f.moneda} ${numero(f.saldo)}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="monto"
          label={saldo ? `Monto (saldo ${numero(saldo)})` : 'Monto'}
          rules={[
            { required: true, message: 'Ingrese el monto' },
            // Refused as typed (an InputNumber `min` raised 0 to 0.01 on blur and that was saved).
            {
              validator: (_r, v: number | null | undefined) =>
                v === null || v === undefined || v > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(MENSAJES_FINANZAS.pagoMontoPositivo)),
            },
          ]}
        >
          <InputNumber step={0.01} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="fechaPago" label="Fecha de pago" rules={[{ required: true, message: 'Ingrese la fecha' }]}>
          <DatePicker
            format="DD/MM/YYYY"
            style={{ width: '100%' }}
            disabledDate={(d) =>
              d.isAfter(hoyLima(), 'day') || (fila ? d.isBefore(dayjs(fila.fechaEmision), 'day') : false)
            }
          />
        </Form.Item>
        <Form.Item name="metodo" label="Método" rules={[{ required: true }]}>
          <Select options={Object.entries(METODOS_PAGO).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Form.Item name="referencia" label="Referencia (operación, depósito…)">
          <Input maxLength={60} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
