import {
  apiFinanzas,
  type FilaCorrida,
  fechaLima,
  PERIODO_MINIMO_FACTURACION,
  type PreviaEmpresa,
} from '@cronos/contract';
import { Alert, Button, Card, DatePicker, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { confirmarAccion } from '../../../shared/ui/dialogos';
import { fechaHora, numero } from '../../../shared/ui/formato';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { clavesFinanzas, useEmitirCorrida, usePrevia } from '../api';

/** This month in Lima: the browser's own date is already next month on the last evening of a month on UTC. */
const mesLima = () => dayjs(fechaLima(new Date()).slice(0, 7));
const mesMinimo = dayjs(PERIODO_MINIMO_FACTURACION);

const columnasCorridas: ColumnsType<FilaCorrida> = [
  { title: 'Periodo', dataIndex: 'periodo', width: 100 },
  { title: 'Emitidos', dataIndex: 'comprobantesEmitidos', width: 90, align: 'right' },
  { title: 'Omitidas', dataIndex: 'empresasOmitidas', width: 90, align: 'right' },
  { title: 'Resultado', dataIndex: 'resultado' },
  { title: 'Usuario', dataIndex: 'usuarioRegistro', width: 120 },
  { title: 'Fecha', dataIndex: 'fechaRegistro', width: 150, render: fechaHora },
];

/**
 * finances/tasks: the monthly invoicing run — preview traced to its origin (weighed orders, storage lots,
 * registrations due), then issue (never twice per period).
 */
export default function TareasPage() {
  const [mes, setMes] = useState(() => mesLima().subtract(1, 'month'));
  const [periodo, setPeriodo] = useState<string | null>(null);
  const previa = usePrevia(periodo);
  const emitir = useEmitirCorrida();
  const pendientes = (previa.data ?? []).filter((p) => !p.facturado);

  const columnas: ColumnsType<PreviaEmpresa> = [
    // One page (no pager): numbered from 1, as every list.
    columnaNumero<PreviaEmpresa>(1, previa.data?.length ?? 0),
    { title: 'RUC', dataIndex: 'ruc', width: 120 },
    { title: 'Razón social', dataIndex: 'razonSocial' },
    {
      title: 'Detalle',
      key: 'detalle',
      render: (_v, p) =>
        p.lineas.map((l) => (
          <div key={`${l.codigoServicio}-${l.descripcion}`}>
            {l.cantidad} × {numero(l.valorUnitario)} — {l.descripcion}
            <div>
              <Typography.Text type="secondary">Origen: {l.origen.join(', ')}</Typography.Text>
            </div>
          </div>
        )),
    },
    { title: 'IGV', dataIndex: 'igv', align: 'right', width: 90, render: (v: string) => numero(v) },
    {
      title: 'Total',
      dataIndex: 'total',
      align: 'right',
      width: 110,
      render: (v: string, p) => `${p.moneda} ${numero(v)}`,
    },
    {
      title: 'Estado',
      key: 'estado',
      width: 160,
      render: (_v, p) =>
        p.facturado ? <Tag color="green">Facturado {p.comprobante}</Tag> : <Tag color="orange">Por emitir</Tag>,
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card title="Facturación automática">
        <Space wrap>
          <DatePicker
            picker="month"
            format="MM/YYYY"
            value={mes}
            onChange={(v) => v && setMes(v)}
            allowClear={false}
            aria-label="Periodo"
            // A month that has not begun (in Lima) has nothing rendered to bill yet, and one before the first UBL 2.1
            // vouchers has nothing this system could bill (the server refuses both).
            disabledDate={(d) => d.isAfter(mesLima(), 'month') || d.isBefore(mesMinimo, 'month')}
          />
          <Button onClick={() => setPeriodo(mes.format('YYYY-MM'))} loading={previa.isFetching}>
            Vista previa
          </Button>
          <Button
            type="primary"
            disabled={!periodo || pendientes.length === 0}
            loading={emitir.isPending}
            onClick={() =>
              confirmarAccion({
                titulo: `Emitir la facturación de ${periodo}`,
                contenido: `Se emitirán ${pendientes.length} factura(s) firmadas.`,
                okText: 'Emitir',
                alConfirmar: async () => {
                  const r = await emitir.mutateAsync(periodo ?? '');
                  notificar.exito(r.message);
                },
              })
            }
          >
            Emitir
          </Button>
        </Space>
        {periodo && previa.data && (
          <div style={{ marginTop: 16 }}>
            {previa.data.length === 0 ? (
              <Alert type="info" showIcon message="No hay nada que facturar en el periodo" />
            ) : (
              <Table
                rowKey={(p) => `${p.codigoEmpresaUsuario}-${p.moneda}`}
                size="small"
                pagination={false}
                dataSource={previa.data}
                columns={columnas}
              />
            )}
          </div>
        )}
      </Card>
      <TablaDatos<FilaCorrida>
        titulo="Corridas"
        ruta={apiFinanzas.listarCorridas}
        claveConsulta={clavesFinanzas.corridas()}
        clave="codigoCorrida"
        columnas={columnasCorridas}
        columnasBusqueda={[{ value: 'periodo', label: 'Periodo' }]}
        placeholderBusqueda="Buscar periodo (2026-10)"
        prefijoUrl="r"
      />
    </Space>
  );
}
