import { FileExcelOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { apiCip, type FilaCip, type FilaProduccion, MENSAJES } from '@cronos/contract';
import { Alert, Button, Descriptions, Drawer, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notificar } from '../../../shared/api/notificador';
import { ProgresoDescarga, useDescargaEnCurso } from '../../../shared/descarga/descarga-en-curso';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha, fechaHora, numero } from '../../../shared/ui/formato';
import {
  clavesCip,
  descargarExcelCip,
  descargarPdfCip,
  useCip,
  useEnviarCip,
  useRevisarCip,
  useRevisorCip,
} from '../api/cip';
import { CipEditor, ErroresApi } from '../components/cip-editor';
import { ProduccionDialogo } from '../components/produccion-dialogo';

export const COLOR_ESTADO_CIP: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'green', 4: 'orange' };

/**
 * CIP (industry/cip): the company writes versions of the cuadro insumo-producto of its finished
 * products and submits them; the operator approves or observes; the company reports production under the
 * approved version. The open version lives in the URL (?cip=N).
 */
export default function CipPage() {
  const revisor = useRevisorCip();
  const [params, setParams] = useSearchParams();
  const abierto = Number(params.get('cip')) || null;
  const [editor, setEditor] = useState(false);
  const [produccion, setProduccion] = useState(false);
  const descarga = useDescargaEnCurso();
  const ver = (id: number | null) =>
    setParams(
      (a) => {
        const s = new URLSearchParams(a);
        if (id) s.set('cip', String(id));
        else s.delete('cip');
        return s;
      },
      { replace: true },
    );

  const columnas: ColumnsType<FilaCip> = [
    { title: 'Empresa', dataIndex: 'razonSocial', key: 'razonSocial' },
    { title: 'Producto terminado', dataIndex: 'producto', key: 'producto' },
    { title: 'Versión', dataIndex: 'numeroVersion', key: 'numeroVersion', align: 'right' },
    {
      title: 'Estado',
      dataIndex: 'descripcionEstado',
      key: 'estado',
      render: (v: string, f) => <Tag color={COLOR_ESTADO_CIP[f.codigoEstado]}>{v}</Tag>,
    },
    { title: 'Vigencia desde', dataIndex: 'fechaInicioVigencia', key: 'desde', render: (v: string) => fecha(v) },
    { title: 'Hasta', dataIndex: 'fechaFinVigencia', key: 'hasta', render: (v: string | null) => fecha(v) },
    { title: 'Insumos', dataIndex: 'insumos', key: 'insumos', align: 'right' },
    {
      title: '',
      key: 'ver',
      render: (_v, f) => (
        <Button size="small" onClick={() => ver(f.codigoCip)}>
          Ver
        </Button>
      ),
    },
  ];
  const columnasProduccion: ColumnsType<FilaProduccion> = [
    { title: 'Parte', dataIndex: 'numero', key: 'numero' },
    { title: 'Empresa', dataIndex: 'razonSocial', key: 'razonSocial' },
    { title: 'Producto', dataIndex: 'producto', key: 'producto' },
    {
      title: 'Cantidad',
      dataIndex: 'cantidad',
      key: 'cantidad',
      align: 'right',
      render: (v: number, f) => `${numero(v, 3)} ${f.codigoUnidadMedida}`,
    },
    { title: 'Fecha', dataIndex: 'fechaProduccion', key: 'fecha', render: (v: string) => fecha(v) },
    { title: 'CIP', dataIndex: 'numeroVersion', key: 'cip', render: (v: number) => `v${v}` },
    { title: 'Lote', dataIndex: 'codigoLote', key: 'lote', align: 'right' },
    { title: 'Registrado', dataIndex: 'fechaRegistro', key: 'registro', render: (v: string) => fechaHora(v) },
  ];

  return (
    <>
      <Tabs
        items={[
          {
            key: 'cip',
            label: 'Cuadros insumo-producto',
            children: (
              <TablaDatos<FilaCip>
                titulo="CIP (cuadro insumo-producto)"
                ruta={apiCip.listar}
                claveConsulta={clavesCip.lista()}
                clave="codigoCip"
                columnas={columnas}
                columnasBusqueda={[
                  { value: 'producto', label: 'Producto' },
                  { value: 'razonSocial', label: 'Empresa' },
                ]}
                acciones={
                  <Space>
                    <Button
                      icon={<FileExcelOutlined />}
                      loading={descarga.enCurso}
                      onClick={() =>
                        descarga.iniciar(descargarExcelCip).catch(() => notificar.error(MENSAJES.operacionNoGenerada))
                      }
                    >
                      Excel
                    </Button>
                    <ProgresoDescarga descarga={descarga} />
                    {revisor ? null : (
                      <>
                        {/* No icon: the menu's flask icon would become a chunk shared with the shell. */}
                        <Button onClick={() => setProduccion(true)}>Registrar producción</Button>
                        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditor(true)}>
                          Nuevo CIP
                        </Button>
                      </>
                    )}
                  </Space>
                }
              />
            ),
          },
          {
            key: 'produccion',
            label: 'Partes de producción',
            children: (
              <TablaDatos<FilaProduccion>
                titulo="Partes de producción"
                ruta={apiCip.listarProduccion}
                claveConsulta={clavesCip.producciones()}
                clave="codigoProduccion"
                columnas={columnasProduccion}
                prefijoUrl="pp"
                columnasBusqueda={[
                  { value: 'producto', label: 'Producto' },
                  { value: 'razonSocial', label: 'Empresa' },
                ]}
              />
            ),
          },
        ]}
      />
      {editor ? (
        <CipEditor
          alCerrar={(id) => {
            setEditor(false);
            if (id) ver(id);
          }}
        />
      ) : null}
      {produccion ? <ProduccionDialogo alCerrar={() => setProduccion(false)} /> : null}
      <Drawer
        open={abierto !== null}
        onClose={() => ver(null)}
        width={Math.min(1000, window.innerWidth)}
        title={abierto ? `CIP N° ${abierto}` : ''}
        destroyOnHidden
      >
        {abierto ? <DetalleCip id={abierto} revisor={revisor} /> : null}
      </Drawer>
    </>
  );
}

function DetalleCip({ id, revisor }: { id: number; revisor: boolean }) {
  const cip = useCip(id);
  const enviar = useEnviarCip();
  const revisar = useRevisarCip();
  const [editar, setEditar] = useState(false);
  const [observar, setObservar] = useState(false);
  const [observacion, setObservacion] = useState('');
  const c = cip.data;
  if (!c) return null;
  const editable = !revisor && (c.codigoEstado === 1 || c.codigoEstado === 4);
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Tag color={COLOR_ESTADO_CIP[c.codigoEstado]}>{c.descripcionEstado}</Tag>
        {editable ? <Button onClick={() => setEditar(true)}>Editar</Button> : null}
        {editable ? (
          <Button
            type="primary"
            loading={enviar.isPending}
            onClick={() => enviar.mutate({ codigoCip: c.codigoCip, version: c.version })}
          >
            Enviar al operador
          </Button>
        ) : null}
        {revisor && c.codigoEstado === 2 ? (
          <>
            <Button
              type="primary"
              loading={revisar.isPending}
              onClick={() => revisar.mutate({ codigoCip: c.codigoCip, decision: 'APROBAR', version: c.version })}
            >
              Aprobar
            </Button>
            <Button danger onClick={() => setObservar(true)}>
              Observar
            </Button>
          </>
        ) : null}
        <Button icon={<FilePdfOutlined />} onClick={() => descargarPdfCip(c.codigoCip, c.numeroVersion)}>
          PDF
        </Button>
      </Space>
      {c.codigoEstado === 4 && c.observacion ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message="Observación del operador"
          description={c.observacion}
        />
      ) : null}
      {/* One field per row below md: two columns on a phone broke the company name one letter per line. */}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label="Empresa">{c.razonSocial}</Descriptions.Item>
        <Descriptions.Item label="Producto terminado">
          {c.producto} ({c.codigoUnidadMedida})
        </Descriptions.Item>
        <Descriptions.Item label="Versión">{c.numeroVersion}</Descriptions.Item>
        <Descriptions.Item label="Vigencia">
          {fecha(c.fechaInicioVigencia)} — {c.fechaFinVigencia ? fecha(c.fechaFinVigencia) : 'sin fin'}
        </Descriptions.Item>
        <Descriptions.Item label="Enviado">
          {c.fechaEnvio ? `${fechaHora(c.fechaEnvio)} — ${c.usuarioEnvio}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Revisado">
          {c.fechaRevision ? `${fechaHora(c.fechaRevision)} — ${c.usuarioRevision}` : '—'}
        </Descriptions.Item>
        {c.descripcion ? (
          <Descriptions.Item label="Descripción" span={2}>
            {c.descripcion}
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <Table
        size="small"
        rowKey="codigoCipInsumo"
        pagination={false}
        dataSource={c.detalle}
        columns={[
          { title: 'Insumo', dataIndex: 'insumo' },
          {
            title: 'Cantidad por unidad',
            dataIndex: 'cantidadPorUnidad',
            align: 'right',
            render: (v: number, f) => `${numero(v, 6)} ${f.codigoUnidadMedida}`,
          },
          {
            title: 'Equivale a',
            key: 'equivale',
            align: 'right',
            render: (_v, f) => `${numero(f.cantidadPorUnidad * f.factorConversion, 6)} ${f.codigoUnidadMedidaInsumo}`,
          },
          { title: 'Merma %', dataIndex: 'porcentajeMerma', align: 'right', render: (v: number) => numero(v) },
          { title: 'Residuo %', dataIndex: 'porcentajeResiduo', align: 'right', render: (v: number) => numero(v) },
        ]}
      />
      {editar ? <CipEditor actual={c} alCerrar={() => setEditar(false)} /> : null}
      <Modal
        open={observar}
        title="Observar CIP"
        okText="Observar"
        okButtonProps={{ danger: true, loading: revisar.isPending }}
        onCancel={() => setObservar(false)}
        onOk={() =>
          // A refusal is listed in the dialog (ErroresApi), not left as an unhandled rejection.
          revisar.mutate(
            { codigoCip: c.codigoCip, decision: 'OBSERVAR', observacion, version: c.version },
            { onSuccess: () => setObservar(false) },
          )
        }
      >
        <ErroresApi error={revisar.error} />
        <Input.TextArea
          aria-label="Observación"
          rows={4}
          maxLength={1000}
          placeholder="Qué debe corregir la empresa"
          value={observacion}
          onChange={(e) => setObservacion(e.target.value)}
        />
      </Modal>
    </>
  );
}
