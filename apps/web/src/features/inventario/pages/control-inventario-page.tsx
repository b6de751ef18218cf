import { FilePdfOutlined, FileExcelOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { apiConteo, type FilaConteo, type LineaConteo } from '@cronos/contract';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  Tag,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorApi } from '../../../shared/api/cliente';
import { useEmpresas } from '../../../shared/api/parametros';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fechaHora, numero } from '../../../shared/ui/formato';
import { useDebounce } from '../../../shared/ui/use-debounce';
import { etiquetaProducto, useProductosKardex } from '../api/kardex';
import {
  clavesConteo,
  useAbrirConteo,
  useConteo,
  useDescargaConteo,
  useImportarConteo,
  useJustificarConteo,
  useRegistrarConteo,
  useResolverConteo,
} from '../api/conteo';
import { useEligeEmpresa } from '../api/kardex';

const COLOR_ESTADO: Record<number, string> = { 1: 'blue', 2: 'orange', 3: 'purple', 4: 'green' };
const DECISION = ['Pendiente', 'Aprobada', 'Rechazada'];

/** Names of the request fields a user knows by their label. */
const CAMPOS: Record<string, string> = { observacion: 'Observación', codigoEmpresaUsuario: 'Empresa' };

/**
 * The field errors of a refused request, one line each (the toast shows only the summary). A line's error
 * ('lineas.3.justificacion') is named by its lot (product and document): the request's index means nothing to
 * the user. `lineaDe` gives the lot the request sent at that index.
 */
function Errores({ error, lineaDe }: { error: unknown; lineaDe?: (indice: number) => LineaConteo | undefined }) {
  if (!(error instanceof ErrorApi) || !error.errors) return null;
  const nombre = (clave: string) => {
    const n = /^lineas\.(\d+)\./.exec(clave);
    const l = n ? lineaDe?.(Number(n[1])) : undefined;
    if (l) return `${l.producto} (${l.numeroDocumento})`;
    // The template's rows ('fila 7') are the user's own words for where to look.
    if (/^fila \d+$/.test(clave)) return `Fila ${clave.slice(5)}`;
    return CAMPOS[clave] ?? null;
  };
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      message={error.message}
      description={Object.entries(error.errors).map(([k, v]) => {
        const n = nombre(k);
        return <div key={k}>{n ? `${n}: ${v.join(', ')}` : v.join(', ')}</div>;
      })}
    />
  );
}

/** The lines a request's field errors point at ('lineas.N.…' → the N-th line sent). */
const lineasConError = (error: unknown, enviadas: number[]) => {
  const ids = new Set<number>();
  if (error instanceof ErrorApi && error.errors)
    for (const k of Object.keys(error.errors)) {
      const n = /^lineas\.(\d+)\./.exec(k);
      const id = n ? enviadas[Number(n[1])] : undefined;
      if (id !== undefined) ids.add(id);
    }
  return ids;
};

/**
 * Inventario Físico (inventory/controlInventory): counts with their states; the operator opens,
 * counts (typed or from the xlsx template) and decides; the company justifies each difference in the window.
 * The open count lives in the URL (?conteo=N).
 */
export default function ControlInventarioPage() {
  const operador = useEligeEmpresa();
  const [params, setParams] = useSearchParams();
  const abierto = Number(params.get('conteo')) || null;
  const [abrirVisible, setAbrirVisible] = useState(false);
  const ver = (id: number | null) =>
    setParams(
      (a) => {
        const s = new URLSearchParams(a);
        if (id) s.set('conteo', String(id));
        else s.delete('conteo');
        return s;
      },
      { replace: true },
    );

  const columnas: ColumnsType<FilaConteo> = [
    { title: 'N°', dataIndex: 'codigoConteo', key: 'codigoConteo' },
    ...(operador ? [{ title: 'Empresa', dataIndex: 'razonSocial', key: 'razonSocial' }] : []),
    {
      title: 'Estado',
      dataIndex: 'descripcionEstado',
      key: 'estado',
      render: (v: string, f) => <Tag color={COLOR_ESTADO[f.estado]}>{v}</Tag>,
    },
    { title: 'Apertura', dataIndex: 'fechaApertura', key: 'fechaApertura', render: (v: string) => fechaHora(v) },
    {
      title: 'Límite de justificación',
      dataIndex: 'fechaLimiteJustificacion',
      key: 'fechaLimiteJustificacion',
      render: (v: string | null) => fechaHora(v),
    },
    { title: 'Lotes', dataIndex: 'lineas', key: 'lineas', align: 'right' },
    { title: 'Diferencias', dataIndex: 'diferencias', key: 'diferencias', align: 'right' },
    {
      title: '',
      key: 'ver',
      render: (_v, f) => (
        <Button size="small" onClick={() => ver(f.codigoConteo)}>
          Ver
        </Button>
      ),
    },
  ];

  return (
    <>
      <TablaDatos<FilaConteo>
        titulo="Inventario físico (conteos)"
        ruta={apiConteo.listar}
        claveConsulta={clavesConteo.lista()}
        clave="codigoConteo"
        columnas={columnas}
        columnasBusqueda={[
          { value: 'C.CODIGO_CONTEO', label: 'N° de conteo' },
          ...(operador ? [{ value: 'E.RAZON_SOCIAL', label: 'Empresa' }] : []),
        ]}
        acciones={
          operador ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAbrirVisible(true)}>
              Abrir conteo
            </Button>
          ) : null
        }
      />
      {abrirVisible ? (
        <AbrirConteo
          alCerrar={(id) => {
            setAbrirVisible(false);
            if (id) ver(id);
          }}
        />
      ) : null}
      <Drawer
        open={abierto !== null}
        onClose={() => ver(null)}
        width={Math.min(1100, window.innerWidth)}
        title={abierto ? `Conteo N° ${abierto}` : ''}
        destroyOnHidden
      >
        {abierto ? <DetalleConteo id={abierto} operador={operador} /> : null}
      </Drawer>
    </>
  );
}

function AbrirConteo({ alCerrar }: { alCerrar: (id?: number) => void }) {
  const empresas = useEmpresas();
  const abrir = useAbrirConteo();
  const [empresa, setEmpresa] = useState<number>();
  const [observacion, setObservacion] = useState('');
  /** Chosen products, with their labels (the options change with each search). None: every product with stock. */
  const [productos, setProductos] = useState<{ value: number; label: ReactNode }[]>([]);
  const [texto, setTexto] = useState('');
  const buscado = useDebounce(texto, 300);
  const catalogo = useProductosKardex(empresa ?? -1, buscado, Boolean(empresa), true);
  return (
    <Modal
      open
      title="Abrir conteo de inventario"
      okText="Abrir conteo"
      okButtonProps={{ disabled: !empresa, loading: abrir.isPending }}
      onCancel={() => alCerrar()}
      onOk={() => {
        if (!empresa) return;
        // A refusal is shown in the dialog (Errores): it must not also escape as an unhandled rejection.
        abrir.mutate(
          {
            codigoEmpresaUsuario: empresa,
            productos: productos.length ? productos.map((p) => p.value) : undefined,
            observacion: observacion || undefined,
          },
          { onSuccess: (r) => alCerrar(r.data.codigoConteo) },
        );
      }}
    >
      <Errores error={abrir.error} />
      <p>
        Se toma una foto del stock teórico de los lotes con stock de la empresa: de todos sus productos, o solo de los
        que elija.
      </p>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          aria-label="Empresa del conteo"
          showSearch
          optionFilterProp="label"
          style={{ width: '100%' }}
          placeholder="Seleccione una empresa"
          value={empresa}
          options={(empresas.data ?? [])
            .filter((e) => e.codigoEmpresaUsuario !== 1)
            .map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial }))}
          onChange={(v: number) => {
            setEmpresa(v);
            setProductos([]);
          }}
        />
        <Select
          aria-label="Productos del conteo"
          mode="multiple"
          labelInValue
          allowClear
          showSearch
          filterOption={false}
          onSearch={setTexto}
          style={{ width: '100%' }}
          placeholder={
            empresa ? 'Todos los productos con stock (o busque y elija algunos)' : 'Elija primero la empresa'
          }
          disabled={!empresa}
          value={productos}
          onChange={(v: { value: number; label: ReactNode }[]) => setProductos(v)}
          loading={catalogo.isFetching}
          notFoundContent={catalogo.isFetching ? 'Buscando…' : 'Sin productos'}
          optionRender={(o) => <div style={{ whiteSpace: 'normal' }}>{o.label}</div>}
          options={(catalogo.data ?? []).map((p) => ({
            value: p.codigoCatalogoUsuario,
            label: etiquetaProducto(p),
          }))}
        />
        <Input.TextArea
          aria-label="Observación"
          placeholder="Observación (opcional)"
          maxLength={400}
          value={observacion}
          onChange={(e) => setObservacion(e.target.value)}
        />
      </Space>
    </Modal>
  );
}

function DetalleConteo({ id, operador }: { id: number; operador: boolean }) {
  const { usuario } = useSesion();
  const conteo = useConteo(id);
  const registrar = useRegistrarConteo();
  const importar = useImportarConteo();
  const justificar = useJustificarConteo();
  const resolver = useResolverConteo();
  const descarga = useDescargaConteo();
  const [contadas, setContadas] = useState<Record<number, number | null>>({});
  const [textos, setTextos] = useState<Record<number, string>>({});
  const [decisiones, setDecisiones] = useState<Record<number, boolean>>({});
  /** The lines of the last request sent, in its order (its field errors name them by index). */
  const [enviadas, setEnviadas] = useState<number[]>([]);
  /** Lots left blank when the count was registered: the count is not sent, they are marked. */
  const [sinContar, setSinContar] = useState<LineaConteo[]>([]);
  const c = conteo.data;
  useEffect(() => {
    if (c) setContadas(Object.fromEntries(c.detalle.map((d) => [d.codigoConteoDetalle, d.cantidadContada])));
  }, [c]);
  if (!c) return null;

  const esEmpresa = usuario?.codigoEmpresaUsuario === c.codigoEmpresaUsuario;
  const contando = c.estado === 1 && operador;
  const justificando = c.estado === 2 && esEmpresa && !c.plazoVencido;
  const decidiendo = operador && (c.estado === 3 || (c.estado === 2 && c.plazoVencido));
  const conDiferencia = (d: LineaConteo) => d.diferencia !== null && d.diferencia !== 0;
  const error = registrar.error ?? importar.error ?? justificar.error ?? resolver.error;
  const conError = lineasConError(error, enviadas);
  const vacia = (d: LineaConteo) => {
    const v = contadas[d.codigoConteoDetalle];
    return v === null || v === undefined;
  };

  const columnas: ColumnsType<LineaConteo> = [
    // Every line of the count on one page: numbered from 1, as every list is.
    columnaNumero<LineaConteo>(1, c.detalle.length),
    { title: 'Producto', dataIndex: 'producto', key: 'producto' },
    { title: 'Documento del lote', dataIndex: 'numeroDocumento', key: 'numeroDocumento' },
    {
      title: 'Teórica',
      dataIndex: 'cantidadTeorica',
      key: 'teorica',
      align: 'right',
      render: (v: number) => numero(v, 3),
    },
    {
      title: 'Contada',
      key: 'contada',
      align: 'right',
      render: (_v, d) =>
        contando ? (
          <InputNumber
            aria-label={`Cantidad contada ${d.producto} ${d.numeroDocumento}`}
            min={0}
            status={(sinContar.length && vacia(d)) || conError.has(d.codigoConteoDetalle) ? 'error' : undefined}
            value={contadas[d.codigoConteoDetalle] ?? null}
            onChange={(v) => setContadas((a) => ({ ...a, [d.codigoConteoDetalle]: v }))}
          />
        ) : d.cantidadContada === null ? (
          '—'
        ) : (
          numero(d.cantidadContada, 3)
        ),
    },
    {
      title: 'Diferencia',
      dataIndex: 'diferencia',
      key: 'diferencia',
      align: 'right',
      render: (v: number | null) =>
        v === null ? '—' : <strong style={{ color: v ? '#cf1322' : undefined }}>{numero(v, 3)}</strong>,
    },
    {
      title: 'Justificación',
      key: 'justificacion',
      render: (_v, d) =>
        justificando && conDiferencia(d) ? (
          <Input.TextArea
            aria-label={`Justificación ${d.producto} ${d.numeroDocumento}`}
            autoSize
            status={conError.has(d.codigoConteoDetalle) ? 'error' : undefined}
            value={textos[d.codigoConteoDetalle] ?? ''}
            onChange={(e) => setTextos((a) => ({ ...a, [d.codigoConteoDetalle]: e.target.value }))}
          />
        ) : (
          (d.justificacion ?? '')
        ),
    },
    {
      title: 'Decisión',
      key: 'decision',
      render: (_v, d) =>
        !conDiferencia(d) ? (
          ''
        ) : decidiendo ? (
          <Radio.Group
            aria-label={`Decisión ${d.producto} ${d.numeroDocumento}`}
            value={decisiones[d.codigoConteoDetalle]}
            onChange={(e) => setDecisiones((a) => ({ ...a, [d.codigoConteoDetalle]: e.target.value }))}
            options={[
              { value: true, label: 'Aprobar' },
              { value: false, label: 'Rechazar' },
            ]}
          />
        ) : (
          DECISION[d.decision]
        ),
    },
  ];

  const lineaDe = (i: number) => c.detalle.find((d) => d.codigoConteoDetalle === enviadas[i]);
  const enviar = <L extends { codigoConteoDetalle: number }>(lineas: L[]) => {
    setEnviadas(lineas.map((l) => l.codigoConteoDetalle));
    return lineas;
  };
  const registrarConteo = () => {
    // A blank field is a lot not yet counted, never 0: the count is sent only when every lot has its quantity.
    const faltan = c.detalle.filter(vacia);
    setSinContar(faltan);
    if (faltan.length) return;
    registrar.mutate({
      codigoConteo: id,
      version: c.version,
      lineas: enviar(
        c.detalle.map((d) => ({
          codigoConteoDetalle: d.codigoConteoDetalle,
          cantidadContada: contadas[d.codigoConteoDetalle] as number,
        })),
      ),
    });
  };
  const faltantes = contando ? sinContar.filter(vacia) : [];
  return (
    <Flex vertical gap={12}>
      {/* One column on a phone: two label/value pairs side by side left the company's name one letter wide. */}
      <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2 }}>
        <Descriptions.Item label="Empresa">{c.razonSocial}</Descriptions.Item>
        <Descriptions.Item label="Estado">
          <Tag color={COLOR_ESTADO[c.estado]}>{c.descripcionEstado}</Tag> {c.quienActua}
        </Descriptions.Item>
        <Descriptions.Item label="Apertura">
          {fechaHora(c.fechaApertura)} · {c.usuarioApertura}
        </Descriptions.Item>
        <Descriptions.Item label="Plazo de justificación">
          {c.fechaLimiteJustificacion
            ? `${c.plazoHoras} h, hasta ${fechaHora(c.fechaLimiteJustificacion)}${c.plazoVencido ? ' (vencido)' : ''}`
            : '—'}
        </Descriptions.Item>
        {c.observacion ? <Descriptions.Item label="Observación">{c.observacion}</Descriptions.Item> : null}
      </Descriptions>
      <Errores error={error} lineaDe={lineaDe} />
      {faltantes.length ? (
        <Alert
          type="error"
          showIcon
          message={`Ingrese la cantidad contada de ${faltantes.length === 1 ? 'un lote' : `${faltantes.length} lotes`} (escriba 0 si no hay unidades)`}
          description={faltantes.map((d) => (
            <div key={d.codigoConteoDetalle}>
              {d.producto} ({d.numeroDocumento})
            </div>
          ))}
        />
      ) : null}
      <Table<LineaConteo>
        size="small"
        rowKey="codigoConteoDetalle"
        columns={columnas}
        dataSource={c.detalle}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <Flex gap={8} wrap justify="end">
        <Button icon={<FilePdfOutlined />} onClick={() => descarga.mutate({ id, tipo: 'acta' })}>
          Acta PDF
        </Button>
        {contando ? (
          <>
            <Button icon={<FileExcelOutlined />} onClick={() => descarga.mutate({ id, tipo: 'plantilla' })}>
              Plantilla xlsx
            </Button>
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(archivo) => {
                setEnviadas([]);
                importar.mutate({ codigoConteo: id, archivo });
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={importar.isPending}>
                Importar xlsx
              </Button>
            </Upload>
            <Button type="primary" loading={registrar.isPending} onClick={registrarConteo}>
              Registrar conteo
            </Button>
          </>
        ) : null}
        {justificando ? (
          <Button
            type="primary"
            loading={justificar.isPending}
            onClick={() =>
              justificar.mutate({
                codigoConteo: id,
                lineas: enviar(
                  c.detalle.filter(conDiferencia).map((d) => ({
                    codigoConteoDetalle: d.codigoConteoDetalle,
                    justificacion: textos[d.codigoConteoDetalle] ?? '',
                  })),
                ),
              })
            }
          >
            Enviar justificación
          </Button>
        ) : null}
        {decidiendo ? (
          <Button
            type="primary"
            loading={resolver.isPending}
            onClick={() =>
              resolver.mutate({
                codigoConteo: id,
                lineas: enviar(
                  c.detalle
                    .filter((d) => conDiferencia(d) && decisiones[d.codigoConteoDetalle] !== undefined)
                    .map((d) => ({
                      codigoConteoDetalle: d.codigoConteoDetalle,
                      aprobar: decisiones[d.codigoConteoDetalle] === true,
                    })),
                ),
              })
            }
          >
            Cerrar conteo
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
