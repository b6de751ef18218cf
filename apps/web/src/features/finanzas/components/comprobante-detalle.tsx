import { AFECTACIONES_IGV, TIPOS_COMPROBANTE } from '@cronos/contract';
import { Button, Descriptions, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { fecha, fechaHora, numero } from '../../../shared/ui/formato';
import { descargarCdr, descargarPdf, descargarXml, numeroDe, useComprobante } from '../api';
import { ColorEstado } from './estado';
import { PagoDialogo } from './pago-dialogo';

/** A voucher: its data, lines with the orders they bill, totals, payments and credit notes, and its files. */
export function ComprobanteDetalle(p: { codigo: number | null; alCerrar: () => void; permitePagar?: boolean }) {
  const { data: c } = useComprobante(p.codigo);
  const [pagando, setPagando] = useState(false);
  return (
    <Drawer
      open={p.codigo !== null}
      onClose={p.alCerrar}
      size="large"
      title={c ? `${TIPOS_COMPROBANTE[c.tipoComprobante as '01'] ?? ''} ${numeroDe(c.serie, c.numero)}` : 'Comprobante'}
    >
      {c && (
        <Space direction="vertical" style={{ width: '100%' }} size="large">
          <Space wrap>
            <Button onClick={() => descargarPdf(c.codigoComprobante, c.serie, c.numero)}>Descargar PDF</Button>
            <Button onClick={() => descargarXml(c.codigoComprobante, c.serie, c.numero)}>Descargar XML</Button>
            <Button disabled={!c.tieneCdr} onClick={() => descargarCdr(c.codigoComprobante, c.serie, c.numero)}>
              Descargar CDR
            </Button>
            {p.permitePagar && c.tipoComprobante !== '07' && Number(c.saldo) > 0 && (
              <Button type="primary" onClick={() => setPagando(true)}>
                Registrar pago
              </Button>
            )}
          </Space>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="Adquirente" span={2}>
              {c.razonSocial} (RUC {c.ruc})
            </Descriptions.Item>
            <Descriptions.Item label="Emisión">{fecha(c.fechaEmision)}</Descriptions.Item>
            <Descriptions.Item label="Vencimiento">{fecha(c.fechaVencimiento)}</Descriptions.Item>
            <Descriptions.Item label="Estado">
              <Tag color={ColorEstado[c.estado]}>{c.estado}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Envío">{c.estadoEnvio}</Descriptions.Item>
            {c.referencia && <Descriptions.Item label="Modifica a">{c.referencia}</Descriptions.Item>}
            {c.motivo && <Descriptions.Item label="Motivo">{c.motivo}</Descriptions.Item>}
            <Descriptions.Item label="Gravado">{numero(c.totalGravado)}</Descriptions.Item>
            <Descriptions.Item label="Exonerado / Inafecto">
              {numero(c.totalExonerado)} / {numero(c.totalInafecto)}
            </Descriptions.Item>
            <Descriptions.Item label="IGV">{numero(c.igv)}</Descriptions.Item>
            <Descriptions.Item label="Total">
              <b>
                {c.moneda} {numero(c.total)}
              </b>
            </Descriptions.Item>
            <Descriptions.Item label="Saldo">
              {c.moneda} {numero(c.saldo)}
            </Descriptions.Item>
            <Descriptions.Item label="Atraso / mora">
              {c.diasAtraso} días · {numero(c.mora)}
            </Descriptions.Item>
            <Descriptions.Item label="Son" span={2}>
              {c.montoLetras}
            </Descriptions.Item>
            <Descriptions.Item label="Hash" span={2}>
              <Typography.Text code copyable>
                {c.hash}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            rowKey="orden"
            pagination={false}
            dataSource={c.lineas}
            columns={[
              { title: '#', dataIndex: 'orden', width: 40 },
              {
                title: 'Descripción',
                dataIndex: 'descripcion',
                render: (d: string, l) => (
                  <>
                    {d}
                    {l.origen.length > 0 && (
                      <div>
                        <Typography.Text type="secondary">Órdenes: {l.origen.join(', ')}</Typography.Text>
                      </div>
                    )}
                  </>
                ),
              },
              { title: 'Cant.', dataIndex: 'cantidad', align: 'right' },
              { title: 'V. unit.', dataIndex: 'valorUnitario', align: 'right' },
              {
                title: 'Afectación',
                dataIndex: 'afectacionIgv',
                render: (a: string) => AFECTACIONES_IGV[a as '10'] ?? a,
              },
              { title: 'Valor venta', dataIndex: 'valorVenta', align: 'right' },
              { title: 'IGV', dataIndex: 'igv', align: 'right' },
            ]}
          />
          {c.pagos.length > 0 && (
            <Table
              size="small"
              rowKey="codigoPago"
              pagination={false}
              title={() => 'Pagos'}
              dataSource={c.pagos}
              columns={[
                { title: 'Fecha', dataIndex: 'fechaPago', render: fecha },
                { title: 'Método', dataIndex: 'metodo' },
                { title: 'Referencia', dataIndex: 'referencia' },
                { title: 'Monto', dataIndex: 'monto', align: 'right', render: (m: string) => numero(m) },
                { title: 'Registrado', dataIndex: 'fechaRegistro', render: fechaHora },
              ]}
            />
          )}
          {c.notas.length > 0 && (
            <Table
              size="small"
              rowKey="codigoComprobante"
              pagination={false}
              title={() => 'Notas de crédito'}
              dataSource={c.notas}
              columns={[
                { title: 'Número', dataIndex: 'numero' },
                { title: 'Total', dataIndex: 'total', align: 'right', render: (m: string) => numero(m) },
              ]}
            />
          )}
        </Space>
      )}
      {pagando && c && (
        <PagoDialogo abierto codigoComprobante={c.codigoComprobante} alCerrar={() => setPagando(false)} />
      )}
    </Drawer>
  );
}
