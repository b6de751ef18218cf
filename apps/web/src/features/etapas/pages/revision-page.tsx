import { DownloadOutlined, EyeOutlined, FieldTimeOutlined } from '@ant-design/icons';
import {
  COLOR_ESTADO_MOVIMIENTO,
  COLOR_ESTADO_OBSERVADO,
  MENSAJES_ETAPAS,
  puedeLevantarObservacion,
  puedeObservar,
  TIPO_NOTIFICACION,
} from '@cronos/contract';
import type { FilaOrdenVerificacion } from '@cronos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { LineaTiempoOrden } from '../../../shared/linea-tiempo/linea-tiempo-orden';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { repartirErrores } from '../../../shared/formulario/repartir-errores';
import { useParametro } from '../../../shared/api/parametros';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { fechaHora, numero } from '../../../shared/ui/formato';
import { useEventosNotificacion } from '../../../shared/notificaciones/use-canal';
import { descargarArchivoOrden, mensajeDe } from '../api';
import {
  clavesRevision,
  type FiltrosRevision,
  useCambiarObservacion,
  useDetalleOrdenVerificacion,
  useOrdenesVerificacion,
} from '../api/revision';
import { EditorObservacion, HtmlSeguro } from '../components/texto-enriquecido';
import { textoTotal } from '../../../shared/tabla/texto-total';
import { BotonIr } from '../../../shared/ui/boton-ir';

const TIPOS_QUE_REFRESCAN: string[] = [
  TIPO_NOTIFICACION.movimientoEtapa,
  TIPO_NOTIFICACION.movimientoObservado,
  TIPO_NOTIFICACION.movimientoRevisado,
];
const kg = (n: number | null) => `${(n ?? 0).toLocaleString('es-PE', { maximumFractionDigits: 3 })} kg`;

/** Order review (operator/list, spec 03 §2.6) and the observed-orders inbox (operator/check). */
export function RevisionOrdenes({ bandeja }: { bandeja: boolean }) {
  const columnas = useParametro(8, 'Movimiento');
  const [columna, setColumna] = useState('M.CODIGO_INGRESO');
  const [valor, setValor] = useState('');
  const [rango, setRango] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [pagina, setPagina] = useState(1);
  const [abierta, setAbierta] = useState<number | null>(null);
  const [lineaTiempo, setLineaTiempo] = useState<number | null>(null);
  const porFecha = columna === 'M.FECHA_REGISTRO';
  const filtros: FiltrosRevision = {
    PageNumber: pagina,
    limit: 10,
    CodigoEmpresaUsuario: -1,
    Columna: porFecha || valor ? columna : undefined,
    Valor: porFecha ? undefined : valor || undefined,
    DesdeFecha: porFecha ? rango?.[0]?.format('YYYY-MM-DD') : undefined,
    HastaFecha: porFecha ? rango?.[1]?.format('YYYY-MM-DD') : undefined,
    CodigoEstadoObservado: bandeja ? 2 : undefined,
  };
  const lista = useOrdenesVerificacion(filtros);
  const cliente = useQueryClient();
  // The review screens' own state is the observation: an order observed, reviewed without observation or
  // lifted (and any stage move this user hears) refreshes the list and an open detail.
  useEventosNotificacion((e) => {
    if (!TIPOS_QUE_REFRESCAN.includes(e.tipo)) return;
    void cliente.invalidateQueries({ queryKey: clavesRevision.listas() });
    const id = e.datos?.codigoMovimiento;
    if (typeof id === 'number') void cliente.invalidateQueries({ queryKey: clavesRevision.detalle(id) });
  });

  return (
    <Card size="small" title={bandeja ? 'Órdenes Observadas' : 'Verificación de Órdenes'}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          aria-label="Columna de búsqueda"
          style={{ minWidth: 200 }}
          value={columna}
          options={(columnas.data ?? []).map((c) => ({ value: c.codigo, label: c.descripcion }))}
          onChange={(c) => {
            setColumna(c);
            setPagina(1);
          }}
        />
        {porFecha ? (
          <DatePicker.RangePicker
            format="DD/MM/YYYY"
            value={rango}
            onChange={(r) => {
              setRango(r);
              setPagina(1);
            }}
            aria-label="Rango de fechas"
          />
        ) : (
          <Input.Search
            aria-label="Buscar"
            allowClear
            placeholder="Buscar"
            onSearch={(v) => {
              setValor(v.trim());
              setPagina(1);
            }}
            style={{ width: 260 }}
          />
        )}
      </Space>
      <Table<FilaOrdenVerificacion>
        size="small"
        rowKey="codigoMovimiento"
        loading={lista.isFetching}
        dataSource={lista.data?.data ?? []}
        rowClassName={(f) => (f.estadoAnulado ? 'fila-anulada' : '')}
        // On a phone or tablet the table scrolls inside its card with the Ver buttons in sight (the whole page
        // scrolled sideways at 390 px and the buttons were off screen).
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pagina,
          pageSize: 10,
          total: lista.data?.meta?.total ?? 0,
          showSizeChanger: false,
          showTotal: (t) => textoTotal(t, lista.data?.meta?.totalAcotado),
          onChange: setPagina,
        }}
        columns={[
          columnaNumero<FilaOrdenVerificacion>(pagina, 10),
          { title: 'Código', dataIndex: 'codigoIngtreso' },
          { title: 'Empresa usuaria', dataIndex: 'razonSocial' },
          { title: 'Operación', dataIndex: 'tipoOperacion' },
          { title: 'Ingreso', dataIndex: 'tipoIngreso' },
          { title: 'Fecha de registro', dataIndex: 'fechaRegistro', render: (v: string) => fechaHora(v) },
          {
            title: 'Estado',
            render: (_v, f) => (
              <Tag color={COLOR_ESTADO_MOVIMIENTO[f.codigoEstadoMovimiento]}>{f.descripcionEstadoMovimiento}</Tag>
            ),
          },
          {
            title: 'Revisión',
            render: (_v, f) => <Tag color={COLOR_ESTADO_OBSERVADO[f.codigoEstadoObservado]}>{f.estadoObservado}</Tag>,
          },
          {
            title: 'Ver',
            fixed: 'right',
            render: (_v, f) =>
              f.estadoAnulado ? null : (
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<EyeOutlined />}
                    aria-label={`Ver ${f.codigoIngtreso}`}
                    onClick={() => setAbierta(f.codigoMovimiento)}
                  />
                  <Button
                    size="small"
                    icon={<FieldTimeOutlined />}
                    aria-label={`Línea de tiempo ${f.codigoIngtreso}`}
                    title="Línea de tiempo"
                    onClick={() => setLineaTiempo(f.codigoMovimiento)}
                  />
                </Space>
              ),
          },
        ]}
      />
      <LineaTiempoOrden codigoMovimiento={lineaTiempo} alCerrar={() => setLineaTiempo(null)} />
      {abierta ? <DetalleOrden codigoMovimiento={abierta} bandeja={bandeja} alCerrar={() => setAbierta(null)} /> : null}
    </Card>
  );
}

function DetalleOrden(p: { codigoMovimiento: number; bandeja: boolean; alCerrar: () => void }) {
  const detalle = useDetalleOrdenVerificacion(p.codigoMovimiento);
  const cambio = useCambiarObservacion();
  const [editor, setEditor] = useState(false);
  const [texto, setTexto] = useState('');
  // The observation's own error, shown under the editor (the browser's check or the server's 422 on 'observacion').
  const [errorTexto, setErrorTexto] = useState<string[]>([]);
  const d = detalle.data;
  const cambiar = async (estadoObservado: 1 | 2, levantar = false) => {
    if (estadoObservado === 2 && !texto.replace(/<[^>]*>/g, '').trim()) {
      setErrorTexto([MENSAJES_ETAPAS.observacionRequerida]);
      return;
    }
    try {
      const r = await cambio.mutateAsync({
        codigoMovimiento: p.codigoMovimiento,
        estadoObservado,
        observacion: texto,
        levantar,
      });
      notificar.exito(r.message);
      setEditor(false);
    } catch (e) {
      const enCampo =
        estadoObservado === 2 && e instanceof ErrorApi && e.status === 422 && e.errors
          ? repartirErrores(e.errors, [['observacion']], {}, e.message)
          : null;
      if (enCampo?.campos.length) setErrorTexto(enCampo.campos.flatMap((c) => c.errors));
      if (!enCampo?.campos.length || enCampo.sueltos.length) notificar.error(mensajeDe(e));
    }
  };
  const pie = d ? (
    <Space>
      {!p.bandeja && puedeObservar(d) ? (
        <>
          <Button onClick={() => cambiar(1)}>No observar</Button>
          <Button type="primary" danger onClick={() => setEditor(true)}>
            Observar
          </Button>
        </>
      ) : null}
      {p.bandeja && puedeLevantarObservacion(d) ? (
        <Button type="primary" onClick={() => cambiar(1, true)}>
          Levantar observación
        </Button>
      ) : null}
      <BotonIr a={`/app/operator/images?codigo=${d.codigoIngreso}`}>Ver imágenes</BotonIr>
      <Button onClick={p.alCerrar}>Cerrar</Button>
    </Space>
  ) : null;
  return (
    <Modal open title={d ? `Orden ${d.codigoIngreso}` : 'Orden'} width="70%" onCancel={p.alCerrar} footer={pie}>
      {d ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" bordered column={2}>
            <Descriptions.Item label="Empresa usuaria">{d.razonSocial}</Descriptions.Item>
            <Descriptions.Item label="Tipo de mercancía">{d.tipoMercaderia}</Descriptions.Item>
            <Descriptions.Item label="Tipo de carga">{d.descripcionTipoCarga}</Descriptions.Item>
            <Descriptions.Item label="N° de bultos">{d.numeroBultos}</Descriptions.Item>
            <Descriptions.Item label="Placa">{d.placaUno ?? 'SIN PLACA'}</Descriptions.Item>
            <Descriptions.Item label="Documentos">
              {d.documentos.map((x) => x.numeroDocumento).join(', ')}
            </Descriptions.Item>
          </Descriptions>
          {d.pesajes.length ? (
            <Descriptions size="small" bordered column={3} title="Pesajes">
              {d.pesajes.map((x) => (
                <Descriptions.Item
                  key={x.codigoTipoControl}
                  label={x.codigoTipoControl === 2 ? 'Pesaje de ingreso' : 'Pesaje de salida'}
                  span={3}
                >
                  {`Peso ${kg(x.peso)} · Carreta ${kg(x.pesoCarreta)}`}
                  {x.codigoTipoControl === 4
                    ? ` · Bruto ${kg(x.pesoBruto)} · Tara ${kg(x.pesoTara)} · Neto ${kg(x.pesoNeto)}`
                    : ''}
                </Descriptions.Item>
              ))}
            </Descriptions>
          ) : null}
          <Card size="small" title="Documentos sustento" data-testid="archivos-orden">
            {d.files.length ? (
              <Space direction="vertical">
                {d.files.map((f) => (
                  <Button
                    key={f.codigoMovimientoArchivo}
                    type="link"
                    icon={<DownloadOutlined />}
                    aria-label={`Descargar ${f.nombreArchivo}`}
                    onClick={() => void descargarArchivoOrden(f).catch(() => undefined)}
                  >
                    {f.nombreArchivo}
                  </Button>
                ))}
              </Space>
            ) : (
              'La orden no tiene documentos sustento.'
            )}
          </Card>
          {d.codigoEstadoObservado === 2 ? (
            <Card size="small" title="Observación" data-testid="observacion">
              <HtmlSeguro html={d.observacion} />
            </Card>
          ) : null}
          <Table
            size="small"
            rowKey="codigoMovimientoDocumento"
            pagination={false}
            dataSource={d.documentos}
            expandable={{
              expandedRowRender: (doc) => (
                <Table
                  size="small"
                  rowKey="descripcionCatalogoUsuario"
                  pagination={false}
                  dataSource={doc.productos}
                  columns={[
                    columnaNumero(1, doc.productos.length),
                    { title: 'Producto', dataIndex: 'descripcionCatalogoUsuario' },
                    { title: 'Cantidad', dataIndex: 'cantidad', align: 'right' },
                    { title: 'FOB unitario (USD)', dataIndex: 'valorFOB', align: 'right', render: (v) => numero(v, 5) },
                    { title: 'Peso', dataIndex: 'peso', align: 'right' },
                  ]}
                />
              ),
            }}
            columns={[
              columnaNumero<(typeof d.documentos)[number]>(1, d.documentos.length),
              { title: 'Documento', dataIndex: 'tipoDocumentoFiscal' },
              { title: 'Número', dataIndex: 'numeroDocumento' },
              { title: 'Valor FOB (USD)', dataIndex: 'valorFOB', align: 'right', render: (v) => numero(v) },
            ]}
          />
        </Space>
      ) : null}
      <Modal
        open={editor}
        title="Observar orden"
        onCancel={() => {
          setEditor(false);
          setErrorTexto([]);
        }}
        onOk={() => cambiar(2)}
        okText="Guardar observación"
        destroyOnHidden
      >
        <Form layout="vertical" component="div">
          <Form.Item
            label="Observación"
            validateStatus={errorTexto.length ? 'error' : undefined}
            help={errorTexto.length ? errorTexto.join(' ') : undefined}
          >
            <EditorObservacion
              valor={texto}
              alCambiar={(html) => {
                setTexto(html);
                setErrorTexto([]);
              }}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Modal>
  );
}

export default function RevisionPage() {
  return <RevisionOrdenes bandeja={false} />;
}
