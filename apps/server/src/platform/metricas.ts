import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BaseDatos } from '../db/client';
import { descargaDe } from './descarga';
import type { Trabajos } from './trabajos';

/**
 * The instance's figures for Prometheus (docs/adr/0185-metricas-prometheus.md), read at GET /api/metrics with the
 * configured token. One registry per app (tests build several apps in one process). Built only when METRICAS_TOKEN
 * is set: without it nothing is measured and the route answers 404.
 */

/** Request durations, seconds: from a cached read to a slow list. */
const CUBETAS_HTTP = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Export durations, seconds: a one-page PDF to a year of kardex in Excel. */
const CUBETAS_EXPORTACION = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** The label of a request no route matched (a 404 of an unknown path): never the raw URL, whose values are endless. */
export const RUTA_SIN_COINCIDENCIA = '(sin ruta)';

export interface EstadoCola {
  pendientes: number;
  masAntiguo: Date | null;
}

const formatoDe = (tipo: string) =>
  tipo.includes('spreadsheetml') ? 'xlsx' : tipo.includes('pdf') ? 'pdf' : (tipo.split(';')[0]?.trim() ?? 'otro');

export class Metricas {
  readonly registro = new Registry();
  readonly solicitudes: Histogram<'route' | 'method' | 'status'>;
  readonly exportaciones: Histogram<'route' | 'format'>;
  readonly conexionesTiempoReal: Gauge;
  private fuenteCola: (() => Promise<EstadoCola>) | null = null;

  constructor(
    private readonly opciones: { base: BaseDatos; trabajos: Trabajos; ahora: () => Date; log: FastifyBaseLogger },
  ) {
    const registers = [this.registro];
    // Event-loop lag, heap, GC, CPU, memory, handles and open files (prom-client's default set).
    collectDefaultMetrics({ register: this.registro });

    this.solicitudes = new Histogram({
      name: 'cronos_http_request_duration_seconds',
      help: 'Duración de las solicitudes HTTP por patrón de ruta, método y estado',
      labelNames: ['route', 'method', 'status'],
      buckets: CUBETAS_HTTP,
      registers,
    });
    this.exportaciones = new Histogram({
      name: 'cronos_export_duration_seconds',
      help: 'Duración de las exportaciones (Excel, PDF) completadas, hasta el último byte enviado',
      labelNames: ['route', 'format'],
      buckets: CUBETAS_EXPORTACION,
      registers,
    });
    this.conexionesTiempoReal = new Gauge({
      name: 'cronos_realtime_connections',
      help: 'Conexiones WebSocket abiertas del canal de notificaciones en esta instancia',
      registers,
    });

    // The connection pool (PostgreSQL server). The embedded PGlite has no pool: one connection inside the process,
    // its queries queued in a private mutex that it does not expose, so there is nothing to report for it.
    const { pool } = opciones.base;
    if (pool) {
      new Gauge({
        name: 'cronos_db_pool_connections',
        help: 'Conexiones del pool de PostgreSQL por estado (total abiertas, libres, en uso)',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
        },
      });
      new Gauge({
        name: 'cronos_db_pool_waiting_clients',
        help: 'Solicitudes que esperan una conexión libre del pool de PostgreSQL',
        registers,
        collect() {
          this.set(pool.waitingCount);
        },
      });
      new Gauge({
        name: 'cronos_db_pool_max_connections',
        help: 'Tamaño máximo del pool de PostgreSQL (PG_POOL_MAX)',
        registers,
        collect() {
          this.set(pool.options.max ?? 10);
        },
      });
    }

    const metricas = this;
    new Gauge({
      name: 'cronos_voucher_queue_depth',
      help: 'Comprobantes en la cola de envío (pendientes o tomados por un envío sin respuesta)',
      registers,
      async collect() {
        // Unreadable (the database away): NaN, unknown, never a reassuring 0.
        const e = await metricas.leerCola();
        this.set(e ? e.pendientes : Number.NaN);
      },
    });
    new Gauge({
      name: 'cronos_voucher_queue_oldest_age_seconds',
      help: 'Antigüedad del comprobante más antiguo de la cola de envío (0 si la cola está vacía)',
      registers,
      async collect() {
        const e = await metricas.leerCola();
        if (!e) return this.set(Number.NaN);
        this.set(e.masAntiguo ? Math.max(0, (opciones.ahora().getTime() - e.masAntiguo.getTime()) / 1000) : 0);
      },
    });

    // The background jobs of this instance (platform/trabajos.ts), read from its figures at each scrape.
    const porTrabajo = (
      nombre: string,
      help: string,
      tipo: 'counter' | 'gauge',
      valor: (m: ReturnType<Trabajos['metricas']>[number]) => number | null,
    ) => {
      const collect = function (this: Counter<'job'> | Gauge<'job'>) {
        this.reset();
        for (const m of opciones.trabajos.metricas()) {
          const v = valor(m);
          if (v === null) continue;
          if (this instanceof Counter) this.inc({ job: m.nombre }, v);
          else this.set({ job: m.nombre }, v);
        }
      };
      const def = { name: nombre, help, labelNames: ['job'] as const, registers, collect };
      return tipo === 'counter' ? new Counter(def) : new Gauge(def);
    };
    porTrabajo(
      'cronos_job_runs_total',
      'Ejecuciones de cada trabajo en segundo plano',
      'counter',
      (m) => m.ejecuciones,
    );
    porTrabajo('cronos_job_failures_total', 'Ejecuciones fallidas de cada trabajo', 'counter', (m) => m.fallas);
    porTrabajo('cronos_job_consecutive_failures', 'Fallas seguidas de cada trabajo', 'gauge', (m) => m.fallosSeguidos);
    porTrabajo('cronos_job_last_duration_seconds', 'Duración de la última ejecución', 'gauge', (m) =>
      m.ultimaDuracionMs === null ? null : m.ultimaDuracionMs / 1000,
    );
    porTrabajo('cronos_job_last_success_timestamp_seconds', 'Fin de la última ejecución exitosa', 'gauge', (m) =>
      m.ultimoExito ? m.ultimoExito.getTime() / 1000 : null,
    );
    porTrabajo('cronos_job_running', '1 mientras el trabajo se ejecuta en esta instancia', 'gauge', (m) =>
      m.enCurso ? 1 : 0,
    );
  }

  /** The voucher queue's reader (the finance module, which owns the queue, hands it over). */
  medirColaComprobantes(fuente: () => Promise<EstadoCola>) {
    this.fuenteCola = fuente;
  }

  /** Both queue gauges read it in one scrape: one query, shared while it runs. */
  private lecturaCola: Promise<EstadoCola | null> | null = null;
  private leerCola(): Promise<EstadoCola | null> {
    const fuente = this.fuenteCola;
    if (!fuente) return Promise.resolve(null);
    this.lecturaCola ??= fuente()
      .catch((err: unknown) => {
        // The database away: the scrape still answers (process figures), the queue's gauges as NaN.
        this.opciones.log.warn({ err }, 'métricas: no se pudo leer la cola de comprobantes');
        return null;
      })
      .finally(() => {
        this.lecturaCola = null;
      });
    return this.lecturaCola;
  }

  /** Counts every answered request under its route pattern, and each finished export. */
  instrumentar(app: FastifyInstance) {
    app.addHook('onResponse', async (req, reply) => {
      const ruta = req.routeOptions.url ?? RUTA_SIN_COINCIDENCIA;
      const segundos = reply.elapsedTime / 1000;
      this.solicitudes.observe({ route: ruta, method: req.method, status: String(reply.statusCode) }, segundos);
      const descarga = descargaDe(req);
      if (descarga && reply.statusCode < 300)
        this.exportaciones.observe({ route: ruta, format: formatoDe(descarga) }, segundos);
    });
  }

  texto() {
    return this.registro.metrics();
  }
  get tipoContenido() {
    return this.registro.contentType;
  }
}

const huella = (t: string) => createHash('sha256').update(t).digest();

/** The bearer token of the request equals the configured one (compared in constant time). */
export function tokenValido(cabecera: string | undefined, esperado: string) {
  const [tipo, valor] = (cabecera ?? '').split(' ');
  if (tipo?.toLowerCase() !== 'bearer' || !valor) return false;
  return timingSafeEqual(huella(valor), huella(esperado));
}
