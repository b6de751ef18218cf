import { apiFinanzas, type FilaComprobante, TIPOS_COMPROBANTE } from '@cronos/contract';
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha, numero } from '../../../shared/ui/formato';
import { clavesFinanzas, descargarPdf, descargarXml, numeroDe } from '../api';
import { ComprobanteDetalle } from './comprobante-detalle';
import { EmisionDialogo } from './emision-dialogo';
import { NotaCreditoDialogo } from './nota-credito-dialogo';
import { ParametrosFinanzas } from './parametros-finanzas';
import { ColorEstado } from './estado';
import { TextoCorto } from '../../../shared/ui/texto-corto';

/** The voucher list (finances/invoices and documento/digital): search, detail, PDF and XML. */
export function ListaComprobantes(p: { titulo: string; permitePagar?: boolean }) {
  const [abierto, setAbierto] = useState<number | null>(null);
  const [dialogo, setDialogo] = useState<'emitir' | 'nota' | 'parametros' | null>(null);
  const cerrar = () => setDialogo(null);
  const columnas: ColumnsType<FilaComprobante> = [
    {
      title: 'Tipo',
      dataIndex: 'tipoComprobante',
      width: 110,
      render: (t: string) => TIPOS_COMPROBANTE[t as '01'] ?? t,
    },
    {
      title: 'Número',
      key: 'numero',
      width: 135,
      render: (_v, f) => numeroDe(f.serie, f.numero),
      sorter: true,
    },
    {
      title: 'Emisión',
      key: 'fechaEmision',
      dataIndex: 'fechaEmision',
      width: 100,
      render: fecha,
      sorter: true,
    },
    { title: 'Vence', dataIndex: 'fechaVencimiento', width: 100, render: fecha },
    {
      // The RUC under the name, in one column: with a column each, the fixed columns left the name ~90 px at 1440 px
      // (broken inside words) or pushed Estado and Envío behind Acciones.
      title: 'Razón social',
      key: 'razonSocial',
      dataIndex: 'razonSocial',
      width: 215,
      sorter: true,
      render: (r: string, f) => (
        <>
          <TextoCorto texto={r} ancho={199} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            RUC {f.ruc}
          </Typography.Text>
        </>
      ),
    },
    {
      title: 'Total',
      key: 'total',
      dataIndex: 'total',
      align: 'right',
      width: 115,
      render: (t: string, f) => `${f.moneda} ${numero(t)}`,
      sorter: true,
    },
    { title: 'Saldo', dataIndex: 'saldo', align: 'right', width: 100, render: (t: string) => numero(t) },
    {
      // The sending state (to the tax authority) under the payment state: as a column of its own it fell behind
      // Acciones at 1440 px.
      title: 'Estado',
      dataIndex: 'estado',
      width: 120,
      render: (e: string, f) => (
        <>
          <Tag color={ColorEstado[e]}>{e}</Tag>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Envío: {f.estadoEnvio}
            </Typography.Text>
          </div>
        </>
      ),
    },
    {
      title: 'Acciones',
      key: 'acciones',
      width: 165,
      render: (_v, f) => (
        <Space size={4}>
          <Button size="small" onClick={() => setAbierto(f.codigoComprobante)}>
            Ver
          </Button>
          <Button size="small" onClick={() => descargarPdf(f.codigoComprobante, f.serie, f.numero)}>
            PDF
          </Button>
          <Button size="small" onClick={() => descargarXml(f.codigoComprobante, f.serie, f.numero)}>
            XML
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <TablaDatos<FilaComprobante>
        titulo={p.titulo}
        ruta={apiFinanzas.listarComprobantes}
        claveConsulta={clavesFinanzas.comprobantes()}
        clave="codigoComprobante"
        columnas={columnas}
        columnasBusqueda={[
          { value: 'numero', label: 'Número' },
          { value: 'razonSocial', label: 'Razón social' },
          { value: 'ruc', label: 'RUC' },
          { value: 'tipoComprobante', label: 'Tipo (01, 03, 07)' },
          { value: 'estadoEnvio', label: 'Estado de envío' },
        ]}
        placeholderBusqueda="Buscar comprobante"
        claseFila={() => ''}
        acciones={
          p.permitePagar && (
            <Space wrap>
              <Button type="primary" onClick={() => setDialogo('emitir')}>
                Emitir comprobante
              </Button>
              <Button onClick={() => setDialogo('nota')}>Nota de crédito</Button>
              <Button onClick={() => setDialogo('parametros')}>Parámetros y tarifas</Button>
            </Space>
          )
        }
      />
      {dialogo === 'emitir' && <EmisionDialogo abierto alCerrar={cerrar} />}
      {dialogo === 'nota' && <NotaCreditoDialogo abierto alCerrar={cerrar} />}
      <ParametrosFinanzas abierto={dialogo === 'parametros'} alCerrar={cerrar} />
      <ComprobanteDetalle codigo={abierto} alCerrar={() => setAbierto(null)} permitePagar={p.permitePagar} />
    </>
  );
}
