import { AlertOutlined, FieldTimeOutlined, SettingOutlined } from '@ant-design/icons';
import { ETAPAS_TABLERO, type FilaListaTablero, MENSAJES_TABLERO, UMBRAL_PERMANENCIA_MAXIMO } from '@cronos/contract';
import {
  App,
  Button,
  Card,
  Col,
  Drawer,
  InputNumber,
  Modal,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LineaTiempoOrden } from '../../../shared/linea-tiempo/linea-tiempo-orden';
import { fechaHora } from '../../../shared/ui/formato';
import {
  type FiltroFigura,
  useGuardarUmbrales,
  useListaTablero,
  useResumenTablero,
  useTableroEnVivo,
  useUmbrales,
} from '../api/tablero';

// The chart library is its own chunk: the signed-in shell loads the figures first, the chart after.
const GraficoHoras = lazy(() => import('./grafico-horas'));

/** A stay or a threshold as read aloud: '45 min', '2 h', '2 h 15 min' (never '2 h 0 min'). */
const duracion = (min: number) =>
  min < 60 ? `${min} min` : min % 60 === 0 ? `${min / 60} h` : `${Math.floor(min / 60)} h ${min % 60} min`;

const TITULOS: Record<FiltroFigura['Figura'], string> = {
  etapa: 'Órdenes en la etapa',
  entradas: 'Entradas de hoy',
  salidas: 'Salidas de hoy',
  toneladas: 'Pesajes de salida de hoy',
  observadas: 'Órdenes observadas pendientes',
  bloqueadas: 'Empresas bloqueadas',
};

function tituloLista(f: FiltroFigura) {
  const etapa = ETAPAS_TABLERO.find((e) => e.codigoTipoControl === f.Etapa);
  if (f.Figura === 'etapa' && etapa) return `${TITULOS.etapa}: ${etapa.nombre}`;
  return f.Hora === undefined
    ? TITULOS[f.Figura]
    : `${TITULOS[f.Figura]} (${String(f.Hora).padStart(2, '0')}:00–${String(f.Hora).padStart(2, '0')}:59)`;
}

const POR_PAGINA_FIGURA = 20;

/** The list behind a figure, in a drawer; each order opens its record. */
function ListaFigura({ filtro, alCerrar }: { filtro: FiltroFigura | null; alCerrar: () => void }) {
  const lista = useListaTablero(filtro);
  const [linea, setLinea] = useState<number | null>(null);
  // The page shown, so that the # column counts across pages (page 2 starts at 21); back to 1 for each figure.
  const [pagina, setPagina] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new figure (filtro) is what resets the page.
  useEffect(() => setPagina(1), [filtro]);
  const empresas = filtro?.Figura === 'bloqueadas';
  return (
    <Drawer
      open={filtro !== null}
      onClose={alCerrar}
      width={720}
      title={filtro ? tituloLista(filtro) : ''}
      destroyOnHidden
    >
      <Table<FilaListaTablero>
        data-testid="lista-figura"
        // On a phone the columns scroll inside the table; the drawer (title, pages) keeps the screen's width.
        scroll={{ x: 'max-content' }}
        size="small"
        loading={lista.isFetching}
        dataSource={lista.data ?? []}
        rowKey={(f) => `${f.codigoMovimiento ?? 'e'}-${f.codigoEmpresaUsuario}-${f.fecha ?? ''}`}
        pagination={{ pageSize: POR_PAGINA_FIGURA, current: pagina, onChange: setPagina, hideOnSinglePage: true }}
        locale={{ emptyText: 'Sin registros' }}
        columns={[
          { title: '#', width: 48, render: (_v, _f, i) => (pagina - 1) * POR_PAGINA_FIGURA + i + 1 },
          ...(empresas
            ? []
            : [
                {
                  title: 'Orden',
                  dataIndex: 'codigoIngreso',
                  render: (v: string, f: FilaListaTablero) => (
                    <Link to={`/app/operations/order/register/${f.codigoMovimiento}`}>{v}</Link>
                  ),
                },
              ]),
          { title: 'Empresa', dataIndex: 'razonSocial' },
          ...(empresas ? [] : [{ title: 'Placa', dataIndex: 'placa', render: (v: string | null) => v ?? '—' }]),
          ...(empresas ? [] : [{ title: 'Desde', dataIndex: 'fecha', render: (v: string | null) => fechaHora(v) }]),
          ...(filtro?.Figura === 'etapa'
            ? [
                {
                  title: 'Permanencia',
                  dataIndex: 'minutos',
                  render: (v: number, f: FilaListaTablero) =>
                    f.alarma ? <Tag color="red">{duracion(v)}</Tag> : <span>{duracion(v)}</span>,
                },
              ]
            : []),
          { title: 'Detalle', dataIndex: 'detalle', render: (v: string | null) => v ?? '' },
          ...(empresas
            ? []
            : [
                {
                  title: '',
                  width: 48,
                  render: (_v: unknown, f: FilaListaTablero) => (
                    <Button
                      type="text"
                      size="small"
                      icon={<FieldTimeOutlined />}
                      aria-label={`Línea de tiempo ${f.codigoIngreso}`}
                      title="Línea de tiempo"
                      onClick={() => setLinea(f.codigoMovimiento)}
                    />
                  ),
                },
              ]),
        ]}
      />
      <LineaTiempoOrden codigoMovimiento={linea} alCerrar={() => setLinea(null)} />
    </Drawer>
  );
}

/** Alarm thresholds per stage, for whoever may edit the general parameters. */
export function ModalUmbrales({ abierto, alCerrar }: { abierto: boolean; alCerrar: () => void }) {
  const umbrales = useUmbrales(abierto);
  const guardar = useGuardarUmbrales();
  const { message } = App.useApp();
  const [valores, setValores] = useState<Record<number, number | null>>({});
  // A field the user emptied stays empty (and invalid): falling back to the stored value refilled it and saved
  // that instead, with no word of why.
  const valor = (c: number) =>
    c in valores ? (valores[c] ?? null) : (umbrales.data?.find((u) => u.codigoTipoControl === c)?.minutos ?? null);
  // Checked here rather than by the field's min/max/precision, which replaced a value out of range (20000, 0, 2.5)
  // with the nearest allowed one on leaving the field, without a word: the user saved a number they never typed.
  const malo = (c: number) => {
    const v = valor(c);
    return v === null || !Number.isInteger(v) || v < 1 || v > UMBRAL_PERMANENCIA_MAXIMO;
  };
  const invalido = ETAPAS_TABLERO.some((e) => malo(e.codigoTipoControl));
  return (
    <Modal
      title="Alarma de permanencia por etapa (minutos)"
      open={abierto}
      onCancel={alCerrar}
      okText="Guardar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: invalido || umbrales.isLoading, loading: guardar.isPending }}
      onOk={async () => {
        await guardar.mutateAsync(
          ETAPAS_TABLERO.map((e) => ({
            codigoTipoControl: e.codigoTipoControl,
            minutos: valor(e.codigoTipoControl) ?? 0,
          })),
        );
        message.success(MENSAJES_TABLERO.umbralesGuardados);
        setValores({});
        alCerrar();
      }}
    >
      {umbrales.isLoading ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {ETAPAS_TABLERO.map((e) => (
            <Row key={e.codigoTipoControl} align="middle">
              <Col span={14}>
                <label htmlFor={`umbral-${e.codigoTipoControl}`}>{e.nombre}</label>
              </Col>
              <Col span={10}>
                <InputNumber
                  id={`umbral-${e.codigoTipoControl}`}
                  status={malo(e.codigoTipoControl) ? 'error' : undefined}
                  style={{ width: '100%' }}
                  addonAfter="min"
                  value={valor(e.codigoTipoControl)}
                  onChange={(v) => setValores((x) => ({ ...x, [e.codigoTipoControl]: v }))}
                />
              </Col>
            </Row>
          ))}
          {invalido ? <Typography.Text type="danger">{MENSAJES_TABLERO.umbralInvalido}</Typography.Text> : null}
        </Space>
      )}
    </Modal>
  );
}

/** The live board of the zone: orders inside by stage with their dwell time, and today's movements. */
export default function TableroVivo({ puedeConfigurar }: { puedeConfigurar: boolean }) {
  useTableroEnVivo();
  const resumen = useResumenTablero();
  const [filtro, setFiltro] = useState<FiltroFigura | null>(null);
  const [umbrales, setUmbrales] = useState(false);
  const elegirHora = useCallback((hora: number) => setFiltro({ Figura: 'entradas', Hora: hora }), []);
  const d = resumen.data;
  if (!d) return <Card loading={resumen.isLoading} title="Tablero de la zona" />;
  const cifra = (titulo: string, valor: number, f: FiltroFigura, testid: string, sufijo?: string) => (
    <Col xs={12} md={8} xl={4}>
      <Card hoverable size="small" onClick={() => setFiltro(f)} data-testid={testid} role="button" aria-label={titulo}>
        <Statistic title={titulo} value={valor} suffix={sufijo} />
      </Card>
    </Col>
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="tablero">
      <Card
        size="small"
        title={`Órdenes en la zona por etapa · ${d.totales.dentro} dentro`}
        extra={
          <Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Actualizado {fechaHora(d.generado)}
            </Typography.Text>
            {puedeConfigurar ? (
              <Button size="small" icon={<SettingOutlined />} onClick={() => setUmbrales(true)}>
                Alarmas
              </Button>
            ) : null}
          </Space>
        }
      >
        <Row gutter={[12, 12]}>
          {d.etapas.map((e, i) => (
            <Col key={e.codigoTipoControl} xs={12} md={8} xl={4}>
              <Card
                hoverable
                size="small"
                role="button"
                aria-label={e.nombre}
                data-testid={`etapa-${e.codigoTipoControl}`}
                onClick={() => setFiltro({ Figura: 'etapa', Etapa: e.codigoTipoControl })}
                style={e.enAlarma > 0 ? { borderColor: 'var(--ant-color-error, #ff4d4f)' } : undefined}
              >
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {i + 1}. {e.nombre}
                </Typography.Text>
                <div style={{ fontSize: 28, fontWeight: 600 }} data-testid={`cantidad-etapa-${e.codigoTipoControl}`}>
                  {e.cantidad}
                </div>
                <div style={{ fontSize: 12 }}>
                  {e.enAlarma > 0 ? (
                    <Tag color="red" icon={<AlertOutlined />}>
                      {e.enAlarma} con más de {duracion(e.umbralMinutos)}
                    </Tag>
                  ) : (
                    <Typography.Text type="secondary">Alarma: {duracion(e.umbralMinutos)}</Typography.Text>
                  )}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Mayor permanencia: {e.cantidad ? duracion(e.maximoMinutos) : '—'}
                </Typography.Text>
              </Card>
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[12, 12]}>
        {cifra('Entradas de hoy', d.totales.entradas, { Figura: 'entradas' }, 'cifra-entradas')}
        {cifra('Salidas de hoy', d.totales.salidas, { Figura: 'salidas' }, 'cifra-salidas')}
        {cifra('Toneladas netas de hoy', d.totales.toneladasNetas, { Figura: 'toneladas' }, 'cifra-toneladas', 't')}
        {cifra('Observadas pendientes', d.totales.observadas, { Figura: 'observadas' }, 'cifra-observadas')}
        {cifra('Empresas bloqueadas', d.totales.empresasBloqueadas, { Figura: 'bloqueadas' }, 'cifra-bloqueadas')}
      </Row>
      <Card size="small" title={`Movimientos de hoy por hora (${d.fecha.split('-').reverse().join('/')})`}>
        <Suspense fallback={<Skeleton active />}>
          <GraficoHoras horas={d.horas} alElegirHora={elegirHora} />
        </Suspense>
      </Card>
      <ListaFigura filtro={filtro} alCerrar={() => setFiltro(null)} />
      {puedeConfigurar ? <ModalUmbrales abierto={umbrales} alCerrar={() => setUmbrales(false)} /> : null}
    </Space>
  );
}
