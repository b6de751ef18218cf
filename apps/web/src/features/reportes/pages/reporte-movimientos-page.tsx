import { ClearOutlined, DownloadOutlined, FileExcelOutlined, FilePdfOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type ColumnaReporte,
  cortarTiposMovimiento,
  DIAS_RANGO_MAXIMO,
  diasEntre,
  EMPRESA_OPERADOR,
  type FilaReporte,
  MENSAJES,
  MENSAJES_REPORTE,
  PARAMETRO,
  REPORTES,
  TIPOS_REPORTE,
  TIPOS_REPORTE_EMPRESA,
  type TipoReporte,
} from '@cronos/contract';
import { Alert, Button, Card, Col, DatePicker, Form, Grid, Modal, Row, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { CANCELADA, ProgresoDescarga, useDescargaEnCurso } from '../../../shared/descarga/descarga-en-curso';
import { useEmpresas, useParametro } from '../../../shared/api/parametros';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { fechaApi } from '../../../shared/ui/formato';
import { guardarArchivo } from '../../../shared/api/descarga';
import {
  clavesReporte,
  type ConsultaReporte,
  type FiltroPantalla,
  descargarExcel,
  useEstadosMovimiento,
  useReporte,
  useVistaPreliminar,
} from '../api';
import { textoFilas, textoTotal } from '../../../shared/tabla/texto-total';

interface Valores {
  tipo: TipoReporte;
  empresa?: number;
  tipoOperacion?: number;
  estado: number;
  desde?: dayjs.Dayjs | null;
  hasta?: dayjs.Dayjs | null;
}

// A typed end date is read as the picker shows it (dd/MM/yyyy), strictly.
dayjs.extend(customParseFormat);

const cifra = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 5 });
const celda = (c: ColumnaReporte, v: FilaReporte[string]) => {
  if (v === null || v === undefined || v === '') return '';
  if (c.tipo === 'fecha') {
    const s = String(v);
    return `${s.slice(8, 10)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
  }
  if (c.tipo === 'numero') return cifra.format(Number(v));
  return String(v);
};

const columnasDe = (tipo: TipoReporte): ColumnsType<FilaReporte> =>
  REPORTES[tipo].columnas.map((c) => ({
    title: c.titulo,
    dataIndex: c.clave,
    key: c.clave,
    width: Math.max(90, c.ancho * 8),
    align: c.tipo === 'numero' || c.tipo === 'entero' ? 'right' : 'left',
    render: (v: FilaReporte[string]) => celda(c, v),
  }));

/** Movements report (reports/MovementMerchandise, spec 03 §2.8): six report types, Excel and PDF preview. */
export default function ReporteMovimientosPage() {
  const { usuario } = useSesion();
  const operador = usuario?.codigoEmpresaUsuario === EMPRESA_OPERADOR;
  // A phone's browser shows no PDF inside a page (or only its first page): there the preview is offered as the file.
  const movil = !Grid.useBreakpoint().md;
  const [form] = Form.useForm<Valores>();
  const tipo = (Form.useWatch('tipo', form) ?? 'op1') as TipoReporte;
  const desde = Form.useWatch('desde', form);
  const def = REPORTES[tipo];

  const empresas = useEmpresas();
  const tiposOperacion = useParametro(PARAMETRO.tipoOperacion, 'Movimiento');
  const estados = useEstadosMovimiento();

  const cliente = useQueryClient();
  const [consultado, setConsultado] = useState(false);
  // The run of Generar the screen shows (its filter and page); null before the first run and once cleared.
  const [consulta, setConsulta] = useState<ConsultaReporte | null>(null);
  const corridas = useRef(0);
  const [porPagina, setPorPagina] = useState(20);
  const [errorFiltro, setErrorFiltro] = useState<string | null>(null);
  const [vistaAbierta, setVistaAbierta] = useState(false);
  const reporte = useReporte(consulta);
  const descarga = useDescargaEnCurso();
  const vista = useVistaPreliminar();
  const resultado = consulta ? reporte.data : undefined;
  const ejecutado = resultado ? (consulta?.filtro ?? null) : null;
  // The server's refusal of the filter (the date rule); any other failure gives no message (spec 03 §8).
  const errorServidor =
    consulta && reporte.error instanceof ErrorApi && reporte.error.status === 422 ? reporte.error.message : null;
  const urlPdf = useMemo(() => (vista.data ? URL.createObjectURL(vista.data) : null), [vista.data]);

  const tipos = operador ? TIPOS_REPORTE : TIPOS_REPORTE_EMPRESA;
  const opcionesTipoOperacion = useMemo(
    () =>
      cortarTiposMovimiento(tiposOperacion.data ?? []).map((v) => ({ value: Number(v.codigo), label: v.descripcion })),
    [tiposOperacion.data],
  );
  const opcionesEstado = useMemo(
    () => [
      { value: 0, label: 'Todos' },
      ...(estados.data ?? []).map((v) => ({ value: Number(v.codigo), label: v.descripcion })),
    ],
    [estados.data],
  );

  useEffect(() => () => (urlPdf ? URL.revokeObjectURL(urlPdf) : undefined), [urlPdf]);

  const filtroDe = (v: Valores): FiltroPantalla => ({
    tipo: v.tipo,
    CodigoEmpresaUsuario: operador ? v.empresa : usuario?.codigoEmpresaUsuario,
    CodigoTipoOperacion: v.tipoOperacion,
    CodigoEstadoMovimiento: v.estado ?? 0,
    DesdeFecha: v.desde ? fechaApi(v.desde) : undefined,
    HastaFecha: v.hasta ? fechaApi(v.hasta) : undefined,
  });

  function generar() {
    const f = filtroDe(form.getFieldsValue(true) as Valores);
    // The range rule applies when the whole zone (the operator company) is selected (DOMAIN.md §6).
    const todaLaZona = operador && (!f.CodigoEmpresaUsuario || f.CodigoEmpresaUsuario === EMPRESA_OPERADOR);
    if (f.DesdeFecha && f.HastaFecha && todaLaZona && diasEntre(f.DesdeFecha, f.HastaFecha) > DIAS_RANGO_MAXIMO) {
      setErrorFiltro(MENSAJES_REPORTE.rangoFechas);
      notificar.error(MENSAJES_REPORTE.rangoFechas);
      return;
    }
    setErrorFiltro(null);
    setConsultado(true);
    // Each Generar is a new run: the server is asked again, and the pages of earlier runs are forgotten.
    cliente.removeQueries({ queryKey: clavesReporte.consultas() });
    corridas.current += 1;
    setConsulta({ filtro: f, corrida: corridas.current, pagina: 1, porPagina });
  }

  /** A typed end date before the start becomes the start date (spec 03 §5.7). */
  function finAnteriorAlInicio(texto: string) {
    const escrita = dayjs(texto, 'DD/MM/YYYY', true);
    if (desde && escrita.isValid() && escrita.isBefore(desde, 'day')) form.setFieldValue('hasta', desde);
  }

  function limpiar() {
    form.setFieldsValue({ desde: null, hasta: null, tipoOperacion: undefined, estado: 0 });
    setConsulta(null);
    setErrorFiltro(null);
  }

  async function descargar() {
    if (!ejecutado) return;
    try {
      const r = await descarga.iniciar((seguimiento) => descargarExcel(ejecutado, seguimiento));
      // After a download the button is hidden and the results are cleared (spec 03 §2.8); a cancelled one keeps them.
      if (r !== CANCELADA) setConsulta(null);
    } catch (e) {
      // The client already showed a refusal; a file the server could not produce (or never sent) says so.
      if (!(e instanceof ErrorApi) || e.status === 0 || e.status >= 500) notificar.error(MENSAJES.operacionNoGenerada);
    }
  }

  async function abrirVista() {
    if (!ejecutado) return;
    setVistaAbierta(true);
    try {
      await vista.mutateAsync(ejecutado);
    } catch (e) {
      if (!(e instanceof ErrorApi) || e.status === 0 || e.status >= 500) notificar.error(MENSAJES.operacionNoGenerada);
      cerrarVista();
    }
  }

  function guardarVista() {
    if (vista.data && ejecutado) guardarArchivo(vista.data, `${REPORTES[ejecutado.tipo].archivo}.pdf`);
  }

  function cerrarVista() {
    setVistaAbierta(false);
    vista.reset();
  }

  const hayFilas = (resultado?.meta.total ?? 0) > 0;
  const tipoEjecutado = ejecutado?.tipo ?? tipo;

  return (
    <Card title="Reporte de Movimientos" data-testid="reporte-movimientos">
      <Form<Valores>
        form={form}
        layout="vertical"
        initialValues={{ tipo: 'op1', estado: 0 }}
        onValuesChange={(cambio, todos) => {
          if ('tipo' in cambio) {
            setConsulta(null);
            setErrorFiltro(null);
          }
          // An end date before the start date becomes the start date (spec 03 §5.7).
          if ('desde' in cambio && todos.desde && todos.hasta?.isBefore(todos.desde, 'day')) {
            form.setFieldValue('hasta', todos.desde);
          }
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="tipo" label="Tipo de reporte">
              <Select
                aria-label="Tipo de reporte"
                options={tipos.map((t) => ({ value: t, label: `${t} - ${REPORTES[t].nombre}` }))}
              />
            </Form.Item>
          </Col>
          {operador && (
            <Col xs={24} md={8}>
              <Form.Item name="empresa" label="Empresa usuaria">
                <Select
                  aria-label="Empresa usuaria"
                  showSearch
                  allowClear
                  placeholder="Todas las empresas"
                  optionFilterProp="label"
                  loading={empresas.isLoading}
                  options={(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial }))}
                />
              </Form.Item>
            </Col>
          )}
          {def.filtroTipoMovimiento && (
            <Col xs={24} md={8}>
              <Form.Item name="tipoOperacion" label="Tipo de movimiento">
                <Select
                  aria-label="Tipo de movimiento"
                  allowClear
                  placeholder="Todos"
                  options={opcionesTipoOperacion}
                />
              </Form.Item>
            </Col>
          )}
          {def.filtroEstado && (
            <Col xs={24} md={8}>
              <Form.Item name="estado" label="Estado">
                <Select
                  aria-label="Estado"
                  allowClear
                  onClear={() => form.setFieldValue('estado', 0)}
                  options={opcionesEstado}
                />
              </Form.Item>
            </Col>
          )}
          <Col xs={12} md={4}>
            <Form.Item name="desde" label="Fecha inicio">
              <DatePicker aria-label="Fecha inicio" format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={4}>
            <Form.Item name="hasta" label="Fecha fin">
              <DatePicker
                aria-label="Fecha fin"
                format="DD/MM/YYYY"
                style={{ width: '100%' }}
                disabledDate={(d) => Boolean(desde && d.isBefore(desde, 'day'))}
                // The calendar blocks the days before the start, and so does typing: a typed earlier day was
                // dropped (on Enter or on leaving the field) and the report ran with no end. It becomes the start
                // (§5.7). Read before the picker clears the text.
                onKeyDown={(e) => {
                  if (e.key === 'Enter') finAnteriorAlInicio((e.target as HTMLInputElement).value);
                }}
                onBlur={(e) => finAnteriorAlInicio((e.target as HTMLInputElement).value)}
              />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" icon={<SearchOutlined />} loading={reporte.isFetching} onClick={generar}>
            Generar
          </Button>
          {consultado && (
            <Button icon={<ClearOutlined />} onClick={limpiar}>
              Limpiar
            </Button>
          )}
        </Space>
      </Form>

      {(errorFiltro ?? errorServidor) && (
        <Alert style={{ marginTop: 16 }} type="error" showIcon message={errorFiltro ?? errorServidor} />
      )}

      {resultado && !hayFilas && (
        <Alert style={{ marginTop: 16 }} type="info" showIcon message={MENSAJES_REPORTE.sinResultados} />
      )}

      {resultado && hayFilas && (
        <div style={{ marginTop: 16 }}>
          <Space style={{ marginBottom: 12 }} wrap>
            <Typography.Text strong>{REPORTES[tipoEjecutado].nombre}</Typography.Text>
            <Typography.Text type="secondary">
              {/* A year of the zone is counted up to 10 000 rows: the header says so instead of a wrong exact figure. */}
              {textoFilas(resultado.meta.total, resultado.meta.totalAcotado)}
            </Typography.Text>
            <Button icon={<FileExcelOutlined />} loading={descarga.enCurso} onClick={descargar}>
              Descargar Excel
            </Button>
            <ProgresoDescarga descarga={descarga} />
            <Button icon={<FilePdfOutlined />} onClick={abrirVista}>
              Vista preliminar
            </Button>
          </Space>
          <Table<FilaReporte>
            size="small"
            bordered
            rowKey={(f) => `${f.id ?? ''}-${f.codigoIngreso ?? ''}-${f.numeroDocumento ?? ''}`}
            columns={
              // op1 has no N° column of its own: the screen numbers its rows across pages like every list.
              REPORTES[tipoEjecutado].columnas.some((c) => c.clave === 'id')
                ? columnasDe(tipoEjecutado)
                : [
                    columnaNumero<FilaReporte>(consulta?.pagina ?? 1, consulta?.porPagina ?? porPagina),
                    ...columnasDe(tipoEjecutado),
                  ]
            }
            dataSource={resultado.data}
            loading={reporte.isFetching}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: consulta?.pagina ?? 1,
              pageSize: consulta?.porPagina ?? porPagina,
              total: resultado.meta.total,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50, 100],
              showTotal: (t) => textoTotal(t, resultado.meta.totalAcotado),
              onChange: (pagina, tamanio) => {
                setPorPagina(tamanio);
                setConsulta((c) => (c ? { ...c, pagina, porPagina: tamanio } : c));
              },
            }}
          />
        </div>
      )}

      <Modal
        title={MENSAJES_REPORTE.tituloVistaPrevia}
        open={vistaAbierta}
        width={movil ? '100%' : '65%'}
        onCancel={cerrarVista}
        footer={
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            <Button icon={<DownloadOutlined />} disabled={!vista.data} onClick={guardarVista}>
              Descargar PDF
            </Button>
            <Button onClick={cerrarVista}>Cerrar</Button>
          </Space>
        }
        destroyOnHidden
      >
        {vista.isPending && <Typography.Text>Generando la vista preliminar…</Typography.Text>}
        {urlPdf && movil && (
          <Typography.Paragraph>
            La vista preliminar está lista. En el teléfono se abre como archivo PDF: use «Descargar PDF».
          </Typography.Paragraph>
        )}
        {urlPdf && !movil && (
          <iframe
            title={MENSAJES_REPORTE.tituloVistaPrevia}
            src={urlPdf}
            style={{ width: '100%', height: 750, border: 0 }}
          />
        )}
      </Modal>
    </Card>
  );
}
