import { type DetalleProduccion, registrarProduccionEntrada } from '@cronos/contract';
import { Button, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Result, Space, Table } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { enLima, numero } from '../../../shared/ui/formato';
import { useRegistrarProduccion } from '../api/cip';
import { ErroresApi, reglaCampo } from './cip-editor';
import { SelectorProductoCip, useProductosConocidos } from './selector-producto';

interface Valores {
  codigoCatalogoUsuario?: number;
  cantidad?: number;
  fecha?: Dayjs;
  pesoNeto?: number;
  pesoBruto?: number;
  observacion?: string;
}

/**
 * Parte de producción: the company declares what it made; the server takes the inputs from the oldest lots
 * under the approved CIP and answers with what it consumed (or names the input that is short).
 */
export function ProduccionDialogo({ alCerrar }: { alCerrar: () => void }) {
  const [form] = Form.useForm<Valores>();
  const { conocidos, alConocer } = useProductosConocidos();
  const registrar = useRegistrarProduccion();
  const [hecho, setHecho] = useState<DetalleProduccion>();

  if (hecho) {
    return (
      <Modal
        open
        width={820}
        title="Producción registrada"
        onCancel={alCerrar}
        footer={
          <Button type="primary" onClick={alCerrar}>
            Cerrar
          </Button>
        }
      >
        <Result
          status="success"
          title={`${hecho.numero}: ${numero(hecho.cantidad, 3)} ${hecho.codigoUnidadMedida} de ${hecho.producto}`}
          subTitle={`CIP versión ${hecho.numeroVersion} · lote producido N° ${hecho.codigoLote}`}
        />
        <Table
          size="small"
          rowKey={(c) => `${c.codigoLote}`}
          pagination={false}
          dataSource={hecho.consumos}
          columns={[
            { title: 'Insumo', dataIndex: 'insumo' },
            { title: 'Lote', dataIndex: 'numeroDocumentoLote' },
            { title: 'Consumo (10)', dataIndex: 'cantidad', align: 'right', render: (v: number) => numero(v, 3) },
            { title: 'Merma (13)', dataIndex: 'cantidadMerma', align: 'right', render: (v: number) => numero(v, 3) },
            { title: 'Unidad', dataIndex: 'codigoUnidadMedida' },
          ]}
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      width={720}
      title="Registrar parte de producción"
      okText="Registrar producción"
      okButtonProps={{ loading: registrar.isPending }}
      onCancel={alCerrar}
      onOk={async () => {
        // A field left wrong is marked on the form and a refusal is listed above it (ErroresApi): neither may
        // escape as an unhandled rejection.
        const v = await form.validateFields().catch(() => null);
        if (!v) return;
        const r = await registrar
          .mutateAsync({
            codigoCatalogoUsuario: v.codigoCatalogoUsuario ?? 0,
            cantidad: v.cantidad ?? 0,
            fechaProduccion: (v.fecha ?? enLima(new Date())).format('YYYY-MM-DD'),
            pesoNeto: v.pesoNeto ?? 0,
            pesoBruto: v.pesoBruto ?? 0,
            observacion: v.observacion || null,
          })
          .catch(() => null);
        if (r) setHecho(r.data);
      }}
      destroyOnHidden
    >
      <ErroresApi error={registrar.error} />
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Regla">
          Se usa la versión aprobada del CIP vigente en la fecha; los insumos salen de los lotes más antiguos.
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" initialValues={{ fecha: enLima(new Date()) }}>
        <Form.Item
          name="codigoCatalogoUsuario"
          label="Producto terminado"
          rules={[{ required: true, message: 'Debe seleccionar el producto terminado' }]}
        >
          <SelectorProductoCip
            tipo="terminados"
            conocidos={conocidos}
            alConocer={alConocer}
            placeholder="Producto terminado (escriba para buscar)"
          />
        </Form.Item>
        <Space wrap>
          <Form.Item
            name="cantidad"
            label="Cantidad producida"
            rules={[
              { required: true, message: 'Indique la cantidad' },
              reglaCampo(registrarProduccionEntrada.shape.cantidad),
            ]}
          >
            <InputNumber step={1} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="fecha" label="Fecha de producción" rules={[{ required: true, message: 'Indique la fecha' }]}>
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="pesoNeto"
            label="Peso neto (kg)"
            rules={[reglaCampo(registrarProduccionEntrada.shape.pesoNeto)]}
          >
            <InputNumber style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="pesoBruto"
            label="Peso bruto (kg)"
            rules={[reglaCampo(registrarProduccionEntrada.shape.pesoBruto)]}
          >
            <InputNumber style={{ width: 140 }} />
          </Form.Item>
        </Space>
        <Form.Item name="observacion" label="Observación">
          <Input maxLength={400} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
