import { apiFinanzas, type FilaDeuda } from '@cronos/contract';
import { Button, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha, numero } from '../../../shared/ui/formato';
import { clavesFinanzas, descargarExcelDeuda, numeroDe } from '../api';
import { TextoCorto } from '../../../shared/ui/texto-corto';

const monto = (v: string) => numero(v);
const columnas: ColumnsType<FilaDeuda> = [
  { title: 'Emisión', dataIndex: 'fechaEmision', width: 100, render: fecha },
  { title: 'Vencimiento', dataIndex: 'fechaVencimiento', width: 100, render: fecha },
  {
    title: 'Días de atraso',
    dataIndex: 'diasAtraso',
    width: 90,
    align: 'right',
    key: 'diasAtraso',
    sorter: true,
  },
  { title: 'Serie', dataIndex: 'serie', width: 60 },
  { title: 'Número', key: 'numero', width: 120, render: (_v, f) => numeroDe(f.serie, f.numero) },
  { title: 'RUC', dataIndex: 'ruc', width: 120 },
  {
    // One line, cut with the full name on hover: with a fixed 1 500 px table the last columns (Mora, Deuda total)
    // were off screen at 1440 px.
    title: 'Razón social',
    dataIndex: 'razonSocial',
    render: (r: string) => <TextoCorto texto={r} ancho={180} />,
  },
  { title: 'Moneda', dataIndex: 'moneda', width: 70 },
  { title: 'Monto factura', dataIndex: 'montoFactura', align: 'right', width: 100, render: monto },
  { title: 'Monto adeudado', dataIndex: 'montoAdeudado', align: 'right', width: 100, render: monto },
  { title: 'Mora', dataIndex: 'mora', align: 'right', width: 90, render: monto },
  { title: 'Deuda total', dataIndex: 'deudaTotal', align: 'right', width: 100, render: monto },
];

/** reports/Finances: the debt report (spec 03 §3.12 debt columns), with Excel. */
export default function ReporteDeudaPage() {
  const [soloVencidos, setSoloVencidos] = useState(false);
  return (
    <TablaDatos<FilaDeuda>
      titulo="Reporte Financiero — Deuda"
      ruta={apiFinanzas.listarDeuda}
      claveConsulta={clavesFinanzas.deuda()}
      clave="codigoComprobante"
      columnas={columnas}
      extra={{ SoloVencidos: soloVencidos ? 'true' : 'false' }}
      columnasBusqueda={[
        { value: 'razonSocial', label: 'Razón social' },
        { value: 'ruc', label: 'RUC' },
        { value: 'numero', label: 'Número' },
      ]}
      placeholderBusqueda="Buscar deudor"
      claseFila={(f) => (f.diasAtraso > 0 ? 'fila-anulada' : '')}
      acciones={
        <Space>
          <Switch checked={soloVencidos} onChange={setSoloVencidos} aria-label="Solo vencidos" /> Solo vencidos
          <Button onClick={() => descargarExcelDeuda(soloVencidos)}>Exportar Excel</Button>
        </Space>
      }
    />
  );
}
