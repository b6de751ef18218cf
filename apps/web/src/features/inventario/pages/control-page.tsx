import { apiKardex, type TableroInventario } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Row, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSearchParams } from 'react-router';
import { llamarRuta } from '../../../shared/api/ruta';
import { numero } from '../../../shared/ui/formato';
import { clavesInventario } from '../api/kardex';
import { StockLotes } from '../components/stock-lotes';

type Cifras = { lotes: number; cantidadStock: number; fobTotal: number };

/**
 * A bar's label within the 200 units before the bar: 28 capitals ran over it and under the figure of a short bar
 * ('OPERADOR DE LA ZONA FRANCA D' over '0.00'). The whole name is in the bar's tooltip.
 */
const recortar = (t: string) => (t.length > 24 ? `${t.slice(0, 23).trimEnd()}…` : t);

/** Horizontal bars (plain SVG: one chart does not justify a chart library in the bundle). */
function Barras<T extends Cifras>(p: {
  datos: T[];
  etiqueta: (d: T) => string;
  alElegir: (d: T) => void;
  titulo: string;
}) {
  const max = Math.max(1, ...p.datos.map((d) => d.fobTotal));
  const alto = 26;
  return (
    // A group, not an image: an image's parts are not controls, and each bar here is one (axe nested-interactive).
    // biome-ignore lint/a11y/useSemanticElements: an SVG has no fieldset; its role names the group of bars
    <svg
      role="group"
      aria-label={p.titulo}
      width="100%"
      height={p.datos.length * alto + 4}
      viewBox={`0 0 600 ${p.datos.length * alto + 4}`}
    >
      {p.datos.map((d, i) => (
        // biome-ignore lint/a11y/useSemanticElements: an SVG bar is the clickable figure
        <g
          key={p.etiqueta(d)}
          role="button"
          tabIndex={0}
          style={{ cursor: 'pointer' }}
          onClick={() => p.alElegir(d)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault();
            p.alElegir(d);
          }}
        >
          <title>{`${p.etiqueta(d)}: FOB ${numero(d.fobTotal, 2)} USD, ${d.lotes} ${d.lotes === 1 ? 'lote' : 'lotes'}`}</title>
          <text x={0} y={i * alto + 17} fontSize={12} fill="#333">
            {recortar(p.etiqueta(d))}
          </text>
          <rect
            x={200}
            y={i * alto + 4}
            height={alto - 8}
            width={Math.max(2, (d.fobTotal / max) * 300)}
            fill="#1F4E78"
            rx={3}
          />
          <text x={205 + Math.max(2, (d.fobTotal / max) * 300)} y={i * alto + 17} fontSize={12} fill="#333">
            {numero(d.fobTotal, 2)}
          </text>
        </g>
      ))}
    </svg>
  );
}

/**
 * Control de Inventario (inventory/control): the operator's stock dashboard. Every figure opens the
 * list of lots behind it below (the choice lives in the URL: ?ver=empresa|partida|edad|limite|reserva).
 */
export default function ControlPage() {
  const [params, setParams] = useSearchParams();
  const tablero = useQuery({
    queryKey: [...clavesInventario.todo, 'tablero'],
    queryFn: async () => (await llamarRuta(apiKardex.tablero, { query: { CodigoEmpresaUsuario: -1 } })).data,
  });
  const t = tablero.data;
  const ver = (cambios: Record<string, string | number | null>) =>
    setParams(() => {
      const s = new URLSearchParams();
      for (const [k, v] of Object.entries(cambios)) if (v !== null) s.set(k, String(v));
      return s;
    });
  if (!t) return <Card loading={tablero.isLoading}>{tablero.isError ? <Empty /> : null}</Card>;

  const dmin = params.get('dmin');
  const dmax = params.get('dmax');
  const filtros = {
    ...(dmin ? { DiasMinimo: Number(dmin) } : {}),
    ...(dmax ? { DiasMaximo: Number(dmax) } : {}),
    ...(params.get('reservados') ? { SoloReservados: 'true' as const } : {}),
  };
  const detalle = params.get('ver');
  const columnasAntiguedad: ColumnsType<TableroInventario['porAntiguedad'][number]> = [
    { title: 'Antigüedad', dataIndex: 'rango', key: 'rango' },
    {
      title: 'Lotes',
      dataIndex: 'lotes',
      key: 'lotes',
      align: 'right',
      render: (v: number, f) => (
        <Button type="link" size="small" onClick={() => ver({ ver: f.rango, dmin: f.diasMinimo, dmax: f.diasMaximo })}>
          {v}
        </Button>
      ),
    },
    {
      title: 'Cantidad',
      dataIndex: 'cantidadStock',
      key: 'cantidadStock',
      align: 'right',
      render: (v: number) => numero(v, 3),
    },
    { title: 'FOB (USD)', dataIndex: 'fobTotal', key: 'fobTotal', align: 'right', render: (v: number) => numero(v, 2) },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        {/* The screen says what it is, as its menu entry does. */}
        <Typography.Title level={4} style={{ margin: 0 }}>
          Control de Inventario
        </Typography.Title>
      </Col>
      <Col xs={24} md={6}>
        <Card size="small">
          <Statistic title="Valor FOB en stock (USD)" value={t.total.fobTotal} precision={2} />
          <div>
            {t.total.lotes} {t.total.lotes === 1 ? 'lote' : 'lotes'}
          </div>
        </Card>
      </Col>
      <Col xs={24} md={6}>
        <Card
          size="small"
          hoverable
          onClick={() => ver({ ver: 'limite', dmin: t.limitePermanenciaDias - t.avisoDias })}
        >
          <Statistic
            title={`Lotes cerca del límite de permanencia (${t.limitePermanenciaDias} días)`}
            value={t.cercaLimite.lotes}
            valueStyle={{ color: t.cercaLimite.lotes ? '#cf1322' : undefined }}
          />
          <div>FOB {numero(t.cercaLimite.fobTotal, 2)} USD</div>
        </Card>
      </Col>
      <Col xs={24} md={6}>
        <Card size="small" hoverable onClick={() => ver({ ver: 'reserva', reservados: 'true' })}>
          <Statistic title="Productos con stock reservado" value={t.productosConReserva} />
          <div>{t.lotesConReserva} lotes con reserva</div>
        </Card>
      </Col>
      <Col xs={24} md={6}>
        <Card size="small">
          <Statistic title="Productos sin stock" value={t.productosSinStock} />
          <div>Consulte su kardex para ver su historia</div>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="Valor FOB por empresa">
          <Barras
            titulo="Valor FOB por empresa"
            datos={t.porEmpresa}
            etiqueta={(d) => d.razonSocial}
            alElegir={(d) => ver({ ver: d.razonSocial, empresa: d.codigoEmpresaUsuario })}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title="Valor FOB por partida arancelaria (15 mayores)">
          <Barras
            titulo="Valor FOB por partida"
            // The largest values: a heading whose lots have no FOB is not one of them (the demo showed ten bars of 0.00).
            datos={t.porPartida.filter((d) => d.fobTotal > 0)}
            etiqueta={(d) => d.numeroPartida.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})$/, '$1.$2.$3.$4')}
            alElegir={(d) => ver({ ver: d.numeroPartida, c: 'C.NUMERO_PARTIDA', v: d.numeroPartida })}
          />
        </Card>
      </Col>
      <Col xs={24}>
        <Card size="small" title="Lotes por antigüedad en la zona">
          <Table
            size="small"
            rowKey="rango"
            pagination={false}
            columns={columnasAntiguedad}
            dataSource={t.porAntiguedad}
          />
        </Card>
      </Col>
      {detalle ? (
        <Col xs={24}>
          <Alert
            type="info"
            showIcon
            message={`Lotes: ${detalle}`}
            action={
              <Button size="small" onClick={() => ver({})}>
                Quitar filtro
              </Button>
            }
            style={{ marginBottom: 8 }}
          />
          <StockLotes key={params.toString()} tipo="todos" titulo="Lotes" filtros={filtros} />
        </Col>
      ) : null}
    </Row>
  );
}
