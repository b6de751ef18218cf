import { proximaHoraLima } from '@cronos/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BaseDatos } from '../db/client';
import type { DefinicionTrabajo } from './trabajos';

/** Hour of the Lima day (UTC−5, no daylight saving) when the embedded database is maintained: the zone sleeps. */
export const HORA_MANTENIMIENTO_LIMA = 3;
/** The first maintenance after a start waits this long, so the start itself is never slowed. */
const ESPERA_INICIAL_MS = 60_000;
/** Between two maintenance statements: the requests that waited for one run before the next. */
const PAUSA_MS = 250;

/** The next HORA_MANTENIMIENTO_LIMA o'clock in Lima strictly after `ahora`. */
export const proximoMantenimiento = (ahora: Date, hora = HORA_MANTENIMIENTO_LIMA): Date => proximaHoraLima(ahora, hora);

/** Part of a table's pages that may be not all-visible before it is vacuumed (autovacuum's scale factor is 0.2). */
const PARTE_SIN_LIMPIAR = 0.1;
/** Part by which a table's size may differ from its size at the last ANALYZE before it is analyzed again. */
const PARTE_CAMBIADA = 0.1;

export interface Mantenimiento {
  /**
   * Tables looked at; those analyzed (never analyzed, or grown or shrunk since); those also vacuumed; the longest
   * single statement (what a request may have waited).
   */
  tablas: number;
  analizadas: string[];
  limpiadas: string[];
  masLargaMs: number;
}

const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Maintenance of the embedded database, a table at a time. PostgreSQL servers run autovacuum on their own; the
 * embedded one does not, so without this the planner's statistics go stale and counts over a year of orders read
 * every row instead of an index (measured on the generated year: the review list's total 75 ms → 29 ms, a month
 * 31 ms → 3 ms). Nothing to do on a PostgreSQL server.
 *
 * The embedded database runs one statement at a time for every request of the process: one `vacuum (analyze)` of
 * the whole database held it for a whole export once (a minute after the start on the 300k year, just after the kept
 * report rows were filled: op1 took 77.6 s instead of 13). So each table is a statement of its own, smallest first,
 * with `pausaMs` between them for the requests that waited: ANALYZE (a sample, which also counts the pages marked
 * all-visible), then VACUUM only where more than PARTE_SIN_LIMPIAR of the pages are not all-visible (rows written or
 * deleted since the last one: what index-only counts and the dead rows depend on). The embedded database keeps no
 * activity counters (pg_stat_user_tables stays at zero), so this is the rule autovacuum's thresholds stand for.
 *
 * With `soloCambiadas` (the maintenance a minute after a start, while the zone may be working) a table is analyzed
 * only if it never was or if its size moved by more than PARTE_CAMBIADA from the pages the last ANALYZE or VACUUM
 * counted: rows added, or rows rewritten (a new version of each) since. ANALYZE reads a sample of 30 000 rows whatever
 * changed: on the 300k year the largest table's took 3.4 s in the first maintenance after a start, and every request
 * waited for it; a start on data already maintained now analyzes nothing. The nightly maintenance analyzes every
 * table: rows updated where they were (same size) clear their pages' all-visible mark, which only a fresh count of
 * the pages (ANALYZE's) shows, and those tables still need their VACUUM for index-only reads.
 */
export async function mantenerBase(
  base: BaseDatos,
  log?: FastifyBaseLogger,
  {
    pausaMs = 0,
    detener = () => false,
    soloCambiadas = false,
  }: { pausaMs?: number; detener?: () => boolean; soloCambiadas?: boolean } = {},
): Promise<Mantenimiento | null> {
  if (base.tipo !== 'pglite') return null;
  const inicio = performance.now();
  // Names quoted by the database itself (format %I), so a statement is never built from raw text.
  const tablas = filas<{ nombre: string }>(
    await base.db.execute(sql`select format('%I.%I', n.nspname, c.relname) as nombre from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname <> 'information_schema' and left(n.nspname, 3) <> 'pg_'
      order by pg_relation_size(c.oid), 1`),
  ).map((t) => t.nombre);
  const r: Mantenimiento = { tablas: 0, analizadas: [], limpiadas: [], masLargaMs: 0 };
  const medir = async (q: ReturnType<typeof sql.raw>) => {
    const t = performance.now();
    await base.db.execute(q);
    r.masLargaMs = Math.max(r.masLargaMs, Math.round(performance.now() - t));
  };
  const pausa = () => (pausaMs > 0 ? new Promise((listo) => setTimeout(listo, pausaMs)) : undefined);
  for (const tabla of tablas) {
    if (detener()) break;
    r.tablas += 1;
    const [antes] = filas<{ paginas: number; analizada: boolean; actuales: number }>(
      await base.db.execute(
        sql`select relpages as paginas, reltuples >= 0 as analizada,
              (pg_relation_size(oid) / current_setting('block_size')::int)::int as actuales
            from pg_class where oid = ${tabla}::regclass`,
      ),
    );
    if (soloCambiadas && antes?.analizada && Math.abs(antes.actuales - antes.paginas) <= antes.paginas * PARTE_CAMBIADA)
      continue;
    await medir(sql.raw(`analyze ${tabla}`));
    r.analizadas.push(tabla);
    const [estado] = filas<{ paginas: number; visibles: number }>(
      await base.db.execute(
        sql`select relpages as paginas, relallvisible as visibles from pg_class where oid = ${tabla}::regclass`,
      ),
    );
    await pausa();
    if (estado && estado.paginas > 0 && estado.paginas - estado.visibles > estado.paginas * PARTE_SIN_LIMPIAR) {
      if (detener()) break;
      await medir(sql.raw(`vacuum ${tabla}`));
      r.limpiadas.push(tabla);
      await pausa();
    }
  }
  log?.info(
    { ms: Math.round(performance.now() - inicio), ...r },
    'mantenimiento de la base embebida (analyze y vacuum por tabla)',
  );
  return r;
}

/**
 * The job (platform/trabajos.ts) that keeps the embedded database maintained while the process runs: once a minute
 * after the start (the tables that changed), then every day at HORA_MANTENIMIENTO_LIMA (every table). Work of this
 * process alone (its embedded database): no lease. Closing the app stops it between two tables.
 */
export function trabajoMantenimiento(base: BaseDatos, log: FastifyBaseLogger): DefinicionTrabajo {
  let primera = true;
  return {
    nombre: 'mantenimiento-base-embebida',
    global: false,
    esperaInicialMs: ESPERA_INICIAL_MS,
    proxima: (ahora) => proximoMantenimiento(ahora),
    reintentoMs: 5 * 60_000,
    reintentoMaxMs: 60 * 60_000,
    ejecutar: async (senal) => {
      await mantenerBase(base, log, { pausaMs: PAUSA_MS, detener: () => senal.aborted, soloCambiadas: primera });
      primera = false;
    },
  };
}
