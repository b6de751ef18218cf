import { apiFinanzas, type FilaComprobante, TIPOS_COMPROBANTE } from '@cronos/contract';
import { EyeOutlined, FilePdfOutlined, FileTextOutlined, MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid, Space, Tag, Tooltip, Typography } from 'antd';
import type { Breakpoint } from 'antd/es/_util/responsiveObserver';
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

const EN_PANTALLA: Breakpoint[] = ['sm'];

/** The voucher list (finances/invoices and documento/digital): search, detail, PDF and XML. */
export function ListaComprobantes(p: { titulo: string; permitePagar?: boolean }) {
  const [abierto, setAbierto] = useState<number | null>(null);
  const [dialogo, setDialogo] = useState<'emitir' | 'nota' | 'parametros' | null>(null);
  const cerrar = () => setDialogo(null);
  // Below 576 px (a phone) the list keeps the number, the total and one actions menu; the rest is in Ver.
  const telefono = Grid.useBreakpoint().sm === false;
  const columnas: ColumnsType<FilaComprobante> = [
    {
      title: 'Tipo',
      responsive: EN_PANTALLA,
      dataIndex: 'tipoComprobante',
      width: 110,
      render: (t: string) => TIPOS_COMPROBANTE[t as '01'] ?? t,
    },
    {
      title: 'Número',
      key: 'numero',
      width: telefono ? 120 : 135,
      render: (_v, f) => numeroDe(f.serie, f.numero),
      sorter: true,
    },
    {
      title: 'Emisión',
      responsive: EN_PANTALLA,
      key: 'fechaEmision',
      dataIndex: 'fechaEmision',
      width: 100,
      render: fecha,
      sorter: true,
    },
    { title: 'Vence', dataIndex: 'fechaVencimiento', width: 100, render: fecha, responsive: EN_PANTALLA },
    {
      // The RUC under the name, in one column: with a column each, the fixed columns left the name ~90 px at 1440 px
      // (broken inside words) or pushed Estado and Envío behind Acciones.
      title: 'Razón social',
      responsive: EN_PANTALLA,
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
      width: telefono ? 110 : 115,
      render: (t: string, f) => `${f.moneda} ${numero(t)}`,
      sorter: true,
    },
    {
      title: 'Saldo',
      dataIndex: 'saldo',
      align: 'right',
      width: 100,
      responsive: EN_PANTALLA,
      render: (t: string) => numero(t),
    },
    {
      // The sending state (to the tax authority) under the payment state: as a column of its own it fell behind
      // Acciones at 1440 px.
      title: 'Estado',
      dataIndex: 'estado',
      responsive: EN_PANTALLA,
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
      // Icons with a tooltip (the name says which voucher), one menu on a phone: three labelled buttons took
      // 165 px, and at 390 px the fixed column covered the number and the total.
      title: telefono ? <MoreOutlined aria-label="Acciones" /> : 'Acciones',
      key: 'acciones',
      width: telefono ? 48 : 104,
      render: (_v, f) => {
        const n = numeroDe(f.serie, f.numero);
        const ver = () => setAbierto(f.codigoComprobante);
        const pdf = () => descargarPdf(f.codigoComprobante, f.serie, f.numero);
        const xml = () => descargarXml(f.codigoComprobante, f.serie, f.numero);
        if (telefono)
          return (
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'ver', icon: <EyeOutlined />, label: 'Ver detalle', onClick: ver },
                  { key: 'pdf', icon: <FilePdfOutlined />, label: 'Descargar PDF', onClick: pdf },
                  { key: 'xml', icon: <FileTextOutlined />, label: 'Descargar XML', onClick: xml },
                ],
              }}
            >
              <Button size="small" icon={<MoreOutlined />} aria-label={`Acciones de ${n}`} />
            </Dropdown>
          );
        return (
          <Space size={4}>
            <Tooltip title="Ver detalle">
              <Button size="small" icon={<EyeOutlined />} aria-label={`Ver ${n}`} onClick={ver} />
            </Tooltip>
            <Tooltip title="Descargar PDF">
              <Button size="small" icon={<FilePdfOutlined />} aria-label={`Descargar PDF de ${n}`} onClick={pdf} />
            </Tooltip>
            <Tooltip title="Descargar XML">
              <Button size="small" icon={<FileTextOutlined />} aria-label={`Descargar XML de ${n}`} onClick={xml} />
            </Tooltip>
          </Space>
        );
      },
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
