import {
  apiFinanzas,
  EMPRESA_OPERADOR,
  type FilaCorrida,
  fechaLima,
  PERIODO_MINIMO_FACTURACION,
  type PreviaEmpresa,
} from '@cronos/contract';
import { Alert, Button, Card, DatePicker, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { confirmarAccion } from '../../../shared/ui/dialogos';
import { fecha, fechaHora, numero } from '../../../shared/ui/formato';
import { useEmpresas } from '../../../shared/api/parametros';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { clavesFinanzas, useEmitirCorrida, usePrevia } from '../api';

/** This month in Lima: the browser's own date is already next month on the last evening of a month on UTC. */
const mesLima = () => dayjs(fechaLima(new Date()).slice(0, 7));
const mesMinimo = dayjs(PERIODO_MINIMO_FACTURACION);

const columnasCorridas: ColumnsType<FilaCorrida> = [
  { title: 'Periodo', dataIndex: 'periodo', width: 100 },
  { title: 'Corte', dataIndex: 'fechaCorte', width: 110, render: (v: string | null) => (v ? fecha(v) : '') },
  { title: 'Emitidos', dataIndex: 'comprobantesEmitidos', width: 90, align: 'right' },
  { title: 'Omitidas', dataIndex: 'empresasOmitidas', width: 90, align: 'right' },
  { title: 'Resultado', dataIndex: 'resultado' },
  { title: 'Usuario', dataIndex: 'usuarioRegistro', width: 120 },
  { title: 'Fecha', dataIndex: 'fechaRegistro', width: 150, render: fechaHora },
];

/** The run's cut-off the server applies (docs/adr/0100-corte-facturacion.md), told before the preview is asked. */
function avisoCorte(periodo: string) {
  const hoy = fechaLima(new Date());
  if (periodo !== hoy.slice(0, 7))
    return 'Mes cerrado: se factura hasta el último día del periodo, sin repetir días ya facturados.';
  const ayer = dayjs(hoy).subtract(1, 'day').format('DD/MM/YYYY');
  return `Mes en curso: se factura lo ocurrido hasta el ${ayer} (el día anterior a hoy). Lo que ocurra después se factura en otra corrida del mismo periodo, sin repetir días ya facturados.`;
}

/**
 * finances/tasks: the monthly invoicing run, of every company or of one — preview traced to its origin (weighed
 * orders, storage lots, registrations due) through the run's cut-off, then issue (never a day billed twice).
 */
export default function TareasPage() {
  const [mes, setMes] = useState(() => mesLima().subtract(1, 'month'));
  const [empresa, setEmpresa] = useState(-1);
  const [consulta, setConsulta] = useState<{ periodo: string; empresa: number } | null>(null);
  const periodo = consulta?.periodo ?? null;
  const previa = usePrevia(periodo, consulta?.empresa ?? -1);
  const emitir = useEmitirCorrida();
  const empresas = useEmpresas();
  const pendientes = (previa.data ?? []).filter((p) => !p.facturado);
  const nombreEmpresa = (c: number) => empresas.data?.find((e) => e.codigoEmpresaUsuario === c)?.razonSocial ?? '';
  const corte = previa.data?.[0]?.corte;

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
        p.facturado ? (
          <Tag color="green">
            Facturado hasta {fecha(p.facturadoHasta ?? p.corte)} {p.comprobante}
          </Tag>
        ) : (
          <Space direction="vertical" size={0}>
            <Tag color="orange">Por emitir</Tag>
            {p.facturadoHasta && (
              <Typography.Text type="secondary">Facturado antes hasta {fecha(p.facturadoHasta)}</Typography.Text>
            )}
          </Space>
        ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Card title="Facturación Automática">
        <Space wrap>
          <Select
            aria-label="Empresa"
            showSearch
            optionFilterProp="label"
            style={{ minWidth: 'min(320px, calc(100vw - 64px))' }}
            value={empresa}
            loading={empresas.isLoading}
            onChange={setEmpresa}
            options={[
              { value: -1, label: 'Todas las empresas' },
              ...(empresas.data ?? [])
                .filter((e) => e.codigoEmpresaUsuario !== EMPRESA_OPERADOR)
                .map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial })),
            ]}
          />
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
          <Button onClick={() => setConsulta({ periodo: mes.format('YYYY-MM'), empresa })} loading={previa.isFetching}>
            Vista previa
          </Button>
          <Button
            type="primary"
            disabled={!periodo || pendientes.length === 0}
            loading={emitir.isPending}
            onClick={() =>
              confirmarAccion({
                titulo: `Emitir la facturación de ${periodo}${
                  consulta && consulta.empresa > 0 ? ` de ${nombreEmpresa(consulta.empresa)}` : ''
                }`,
                contenido: `Se emitirán ${pendientes.length} factura(s) firmadas${corte ? `, hasta el ${fecha(corte)}` : ''}.`,
                okText: 'Emitir',
                alConfirmar: async () => {
                  const r = await emitir.mutateAsync({ periodo: periodo ?? '', empresa: consulta?.empresa ?? -1 });
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
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              message={corte ? `Corte: se factura hasta el ${fecha(corte)}` : 'Corte de la corrida'}
              description={avisoCorte(periodo)}
            />
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
