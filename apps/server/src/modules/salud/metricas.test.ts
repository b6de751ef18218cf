import type { AddressInfo } from 'node:net';
import { ROL } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { comprobante } from '../../db/schema';
import { RUTA_SIN_COINCIDENCIA } from '../../platform/metricas';
import { TRABAJO_COLA_COMPROBANTES } from '../finanzas/cola';
import { colaDe } from '../finanzas/finanzas.routes';
import { conectar } from '../notificaciones/cliente-prueba';

/** GET /api/metrics: the instance's figures in Prometheus' text format, behind METRICAS_TOKEN (platform/metricas.ts). */
const TOKEN = 'token-de-metricas-de-prueba-0123456789';
const conToken = { authorization: `Bearer ${TOKEN}` };

/**
 * One sample of the text exposition format 0.0.4: name, optional labels, a value, optional timestamp. prom-client
 * writes NaN as `Nan`, which Prometheus' parser (Go's ParseFloat, any case) reads.
 */
const NOMBRE = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const VALOR_ETIQUETA = '"(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const ETIQUETAS = `\\{(?:[a-zA-Z_][a-zA-Z0-9_]*=${VALOR_ETIQUETA}(?:,[a-zA-Z_][a-zA-Z0-9_]*=${VALOR_ETIQUETA})*,?)?\\}`;
const NUMERO = '(?:[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?|[+-]?Inf|NaN|Nan)';
const MUESTRA = new RegExp(`^(${NOMBRE})(${ETIQUETAS})? (${NUMERO})(?: -?\\d+)?$`);
const AYUDA = new RegExp(`^# HELP ${NOMBRE} .*$`);
const TIPO = new RegExp(`^# TYPE ${NOMBRE} (counter|gauge|histogram|summary|untyped)$`);

interface Muestra {
  nombre: string;
  etiquetas: Record<string, string>;
  valor: number;
}
/** Parses the exposition; a line that is neither a comment of the format nor a sample fails the test. */
function leer(texto: string): Muestra[] {
  const malas: string[] = [];
  const muestras: Muestra[] = [];
  for (const linea of texto.split('\n')) {
    if (linea === '') continue;
    if (linea.startsWith('#')) {
      if (!AYUDA.test(linea) && !TIPO.test(linea)) malas.push(linea);
      continue;
    }
    const m = MUESTRA.exec(linea);
    if (!m) {
      malas.push(linea);
      continue;
    }
    const etiquetas: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      etiquetas[k as string] = (v as string).replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    const v = m[3] as string;
    muestras.push({
      nombre: m[1] as string,
      etiquetas,
      valor: v.endsWith('Inf') ? Number(v.replace('Inf', 'Infinity')) : Number(v),
    });
  }
  expect(malas).toEqual([]);
  return muestras;
}
const buscar = (ms: Muestra[], nombre: string, etiquetas: Record<string, string> = {}) =>
  ms.filter((m) => m.nombre === nombre && Object.entries(etiquetas).every(([k, v]) => m.etiquetas[k] === v));
const valor = (ms: Muestra[], nombre: string, etiquetas: Record<string, string> = {}) => {
  const [m, ...otras] = buscar(ms, nombre, etiquetas);
  expect(m, `${nombre} ${JSON.stringify(etiquetas)}`).toBeDefined();
  expect(otras).toEqual([]);
  return m?.valor as number;
};

describe('the exposition reader of these tests', () => {
  it('reads samples, comments and escaped labels, and refuses a line out of the format', () => {
    const ms = leer(
      '# HELP x_total Algo\n# TYPE x_total counter\nx_total{a="uno",b="con \\"comillas\\""} 3\ny 1.5e-3\nz{le="+Inf"} +Inf\n',
    );
    expect(ms).toEqual([
      { nombre: 'x_total', etiquetas: { a: 'uno', b: 'con "comillas"' }, valor: 3 },
      { nombre: 'y', etiquetas: {}, valor: 0.0015 },
      { nombre: 'z', etiquetas: { le: '+Inf' }, valor: Number.POSITIVE_INFINITY },
    ]);
    for (const mala of ['x{a=uno} 1', 'x 1 2 3', '9x 1', 'x{a="1"}', '# comentario libre']) {
      expect(() => leer(mala), mala).toThrow();
    }
  });
});

describe('GET /api/metrics without METRICAS_TOKEN', () => {
  let e: Entorno;
  beforeAll(async () => {
    e = await crearEntorno();
  }, 120_000);
  afterAll(() => e?.cerrar());

  it('answers 404, with or without a bearer, and measures nothing', async () => {
    const sin = await e.app.inject({ url: '/api/metrics' });
    expect(sin.statusCode).toBe(404);
    expect(sin.json()).toMatchObject({ success: false, data: null });
    expect((await e.app.inject({ url: '/api/metrics', headers: conToken })).statusCode).toBe(404);
    expect(e.app.metricas).toBeNull();
  });
});

describe('GET /api/metrics with METRICAS_TOKEN', () => {
  let e: Entorno;
  const metricas = async () => {
    const r = await e.app.inject({ url: '/api/metrics', headers: conToken });
    expect(r.statusCode, r.body).toBe(200);
    return leer(r.body);
  };
  beforeAll(async () => {
    e = await crearEntorno({ env: { METRICAS_TOKEN: TOKEN } });
  }, 120_000);
  afterAll(() => e?.cerrar());

  it('refuses a missing or wrong token with 401 and the Spanish message', async () => {
    const sin = await e.app.inject({ url: '/api/metrics' });
    expect(sin.statusCode).toBe(401);
    const mal = await e.app.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(mal.statusCode).toBe(401);
    expect(mal.json()).toEqual({ success: false, message: 'El token de métricas no es válido.', data: null });
    const otroEsquema = await e.app.inject({ url: '/api/metrics', headers: { authorization: `Basic ${TOKEN}` } });
    expect(otroEsquema.statusCode).toBe(401);
  });

  it('answers the text exposition 0.0.4, every line in its format, with the process figures', async () => {
    const r = await e.app.inject({ url: '/api/metrics', headers: conToken });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(r.headers['cache-control']).toBe('no-store');
    const ms = leer(r.body);
    expect(ms.length).toBeGreaterThan(50);
    // prom-client's default set: CPU, resident memory, heap, event-loop lag.
    expect(valor(ms, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valor(ms, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(buscar(ms, 'nodejs_heap_size_used_bytes').length).toBe(1);
    expect(buscar(ms, 'nodejs_eventloop_lag_seconds').length).toBe(1);
    expect(buscar(ms, 'nodejs_eventloop_lag_p99_seconds').length).toBe(1);
  });

  it('counts each request under its route pattern, never the raw URL with its ids', async () => {
    const admin = await e.sesion(ROL.SuperAdministrador, 1);
    expect((await e.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    const conId = await admin.get('/api/ControlColaboradorEmpresa/record/987654');
    const desconocida = await e.app.inject({ url: '/api/NoExiste/123456' });
    expect(desconocida.statusCode).toBe(404);
    const ms = await metricas();
    const cuenta = (route: string, method: string, status: number) =>
      valor(ms, 'cronos_http_request_duration_seconds_count', { route, method, status: String(status) });
    expect(cuenta('/api/health/live', 'GET', 200)).toBe(1);
    expect(cuenta('/api/ControlColaboradorEmpresa/record/:id', 'GET', conId.statusCode)).toBe(1);
    expect(cuenta(RUTA_SIN_COINCIDENCIA, 'GET', 404)).toBeGreaterThanOrEqual(1);
    // The histogram's buckets and sum under the same labels.
    expect(
      valor(ms, 'cronos_http_request_duration_seconds_bucket', {
        route: '/api/health/live',
        method: 'GET',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(1);
    const rutas = new Set(ms.map((m) => m.etiquetas.route).filter(Boolean));
    expect([...rutas].filter((r) => /\d{4,}/.test(r as string))).toEqual([]);
  });

  it('shows the voucher queue depth and the age of its oldest voucher, and the jobs figures', async () => {
    const antes = await metricas();
    expect(valor(antes, 'cronos_voucher_queue_depth')).toBe(0);
    expect(valor(antes, 'cronos_voucher_queue_oldest_age_seconds')).toBe(0);
    expect(valor(antes, 'cronos_job_runs_total', { job: TRABAJO_COLA_COMPROBANTES })).toBe(0);

    // A voucher issued and left waiting (the receiver did not take it), issued ten minutes ago.
    const tesorero = await e.sesion(9, 1);
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const tarifa = await tesorero.post('/api/Tarifa/Guardar', {
      data: {
        codigo: 'PESAJE',
        descripcion: 'Pesaje de vehículo',
        unidad: 'ORDEN_PESADA',
        moneda: 'PEN',
        afectacionIgv: '10',
        precio: 100,
        vigenteDesde: '2026-01-01',
      },
    });
    expect(tarifa.statusCode, tarifa.body).toBe(200);
    const emitido = await tesorero.post('/api/Comprobante/Emitir', {
      data: {
        codigoEmpresaUsuario: empresa,
        tipoComprobante: '01',
        lineas: [{ codigoServicio: tarifa.json().data.codigoServicio, cantidad: 1 }],
      },
    });
    expect(emitido.statusCode, emitido.body).toBe(200);
    await colaDe(e.db)?.esperar();
    const id = emitido.json().data.codigoComprobante as number;
    await e.db
      .update(comprobante)
      .set({ estadoEnvio: 'PENDIENTE', fechaRegistro: new Date(e.reloj.ahora().getTime() - 600_000) })
      .where(eq(comprobante.codigoComprobante, id));

    const con = await metricas();
    expect(valor(con, 'cronos_voucher_queue_depth')).toBe(1);
    expect(valor(con, 'cronos_voucher_queue_oldest_age_seconds')).toBeCloseTo(600, 0);
    const corridas = valor(con, 'cronos_job_runs_total', { job: TRABAJO_COLA_COMPROBANTES });
    expect(corridas).toBeGreaterThanOrEqual(1);

    // The queue sends it: empty again, and one more run counted with its duration.
    await colaDe(e.db)?.procesar();
    const despues = await metricas();
    expect(valor(despues, 'cronos_voucher_queue_depth')).toBe(0);
    expect(valor(despues, 'cronos_voucher_queue_oldest_age_seconds')).toBe(0);
    expect(valor(despues, 'cronos_job_runs_total', { job: TRABAJO_COLA_COMPROBANTES })).toBe(corridas + 1);
    expect(valor(despues, 'cronos_job_failures_total', { job: TRABAJO_COLA_COMPROBANTES })).toBe(0);
    expect(
      valor(despues, 'cronos_job_last_duration_seconds', { job: TRABAJO_COLA_COMPROBANTES }),
    ).toBeGreaterThanOrEqual(0);
    expect(valor(despues, 'cronos_job_running', { job: TRABAJO_COLA_COMPROBANTES })).toBe(0);
  }, 60_000);

  it('times a finished export under its route and format', async () => {
    const admin = await e.sesion(ROL.SuperAdministrador, 1);
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const r = await admin.get(`/api/Declaracion/ExportarExcel?CodigoEmpresaUsuario=${empresa}`);
    expect(r.statusCode, r.body).toBe(200);
    const ms = await metricas();
    expect(
      valor(ms, 'cronos_export_duration_seconds_count', { route: '/api/Declaracion/ExportarExcel', format: 'xlsx' }),
    ).toBe(1);
    // A JSON answer is not an export.
    expect(buscar(ms, 'cronos_export_duration_seconds_count', { route: '/api/health/live' })).toEqual([]);
  }, 60_000);

  it('reports the PostgreSQL pool (connections, waiting) only on a PostgreSQL server', async () => {
    const ms = await metricas();
    if (e.base.tipo === 'postgres') {
      expect(valor(ms, 'cronos_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(buscar(ms, 'cronos_db_pool_connections', { state: 'idle' }).length).toBe(1);
      expect(valor(ms, 'cronos_db_pool_waiting_clients')).toBe(0);
      expect(valor(ms, 'cronos_db_pool_max_connections')).toBeGreaterThanOrEqual(1);
    } else {
      expect(buscar(ms, 'cronos_db_pool_connections')).toEqual([]);
    }
  });

  it('counts the open realtime connections of the notifications channel', async () => {
    await e.app.listen({ port: 0, host: '127.0.0.1' });
    const puerto = (e.app.server.address() as AddressInfo).port;
    const abiertas = async () => valor(await metricas(), 'cronos_realtime_connections');
    const hasta = async (n: number) => {
      for (let i = 0; i < 100 && (await abiertas()) !== n; i++) await new Promise((r) => setTimeout(r, 20));
      return abiertas();
    };
    expect(await abiertas()).toBe(0);
    const a = await conectar(`ws://127.0.0.1:${puerto}/api/notifications-cronos`);
    const b = await conectar(`ws://127.0.0.1:${puerto}/api/notifications-cronos`);
    expect(await hasta(2)).toBe(2);
    a.cerrar();
    expect(await hasta(1)).toBe(1);
    b.cerrar();
    expect(await hasta(0)).toBe(0);
  }, 30_000);
});
