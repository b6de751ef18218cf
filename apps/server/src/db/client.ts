import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { bloquearDirectorio } from './bloqueo-directorio';
import { crearSocketLectura } from './socket-lectura';
import * as schema from './schema';

export type Esquema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Esquema>;
export type Tx = PgTransaction<PgQueryResultHKT, Esquema, ExtractTablesWithRelations<Esquema>>;
/** Repositories take either the database or an open transaction. */
export type DbOTx = Db | Tx;

export interface BaseDatos {
  db: Db;
  tipo: 'pglite' | 'postgres';
  /** Runs a plain SQL text (migrations, health). */
  ping(): Promise<void>;
  cerrar(): Promise<void>;
  /** Only for the embedded database: the PGlite instance (dump/load in tests). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The observer of every statement, for the statements sent outside the query builder (export COPY batches). */
  observar?: ObservadorSql;
}

export const extensionesPglite = { pg_trgm, unaccent };

/** Optional observer of every SQL text and its bound parameters (tests use it to prove no client text is SQL). */
export type ObservadorSql = (consulta: string, parametros: unknown[]) => void;
const registro = (observar?: ObservadorSql) => (observar ? { logger: { logQuery: observar } } : {});

let soloLiftoff = false;

/** Embedded PostgreSQL (WASM) in a data directory, or in memory when no directory is given. */
export async function abrirPglite(
  opciones: {
    dataDir?: string;
    cargar?: Blob;
    observar?: ObservadorSql;
    bufferes?: string;
    compilador?: 'liftoff' | 'turbofan';
  } = {},
): Promise<BaseDatos> {
  // Before the first PGlite compiles its WebAssembly (the flag is read when a module is compiled; once per
  // process). PostgreSQL compiled by V8's optimizing tier holds ~65 MB more, resident for the process's life.
  if ((opciones.compilador ?? 'liftoff') === 'liftoff' && !soloLiftoff) {
    setFlagsFromString('--liftoff-only');
    soloLiftoff = true;
  }
  if (opciones.dataDir) mkdirSync(opciones.dataDir, { recursive: true });
  // One process at a time on a data directory (db/bloqueo-directorio.ts).
  const liberar = opciones.dataDir ? bloquearDirectorio(opciones.dataDir) : () => undefined;
  const pglite = await PGlite.create({
    dataDir: opciones.dataDir,
    loadDataDir: opciones.cargar,
    extensions: extensionesPglite,
    // PostgreSQL's default 128 MB of buffers is allocated at start inside the process; the data files are also
    // in the system's file cache. 16 MB (docs/adr/0052-base-embebida.md).
    postgresqlconf: [`shared_buffers=${opciones.bufferes ?? '16MB'}`],
  }).catch((e: unknown) => {
    liberar();
    throw e;
  });
  const db = drizzlePglite(pglite, { schema, casing: 'snake_case', ...registro(opciones.observar) }) as unknown as Db;
  return {
    db,
    tipo: 'pglite',
    pglite,
    ping: async () => {
      await pglite.query('select 1');
    },
    cerrar: async () => {
      if (!pglite.closed) await pglite.close();
      liberar();
    },
  };
}

/** Distinct statements each pooled connection keeps prepared; past this many, new texts run unnamed. */
export const SENTENCIAS_POR_CONEXION = 400;
const SENTENCIA_PREPARABLE = /^\s*\(?\s*(select|with|insert|update|delete)\b/i;
const nombresPorTexto = new Map<string, string>();

/** The statement name of a text: its SHA-1, so one text always gets one name and two texts never share one. */
function nombreDeSentencia(texto: string) {
  let nombre = nombresPorTexto.get(texto);
  if (!nombre) {
    nombre = `c_${createHash('sha1').update(texto).digest('base64url')}`;
    if (nombresPorTexto.size >= 5_000) nombresPorTexto.clear();
    nombresPorTexto.set(texto, nombre);
  }
  return nombre;
}

interface ConsultaPg {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

/**
 * Every statement the app sends is parsed and planned once per connection instead of on every call: each
 * connection of the pool names a statement by its text (node-postgres then sends only Bind/Execute for it, and
 * PostgreSQL keeps its plan, choosing a generic plan only when it is as cheap as the custom ones:
 * plan_cache_mode auto). Planning was most of the server's time on the gate's reads (0.8 ms to plan, 0.3 ms to
 * run a stage search at a million orders). Only statements with values bound as parameters and plain
 * SELECT/INSERT/UPDATE/DELETE/WITH text are named; streams and cursors (objects with their own submit) and
 * utility statements pass through; each connection names at most SENTENCIAS_POR_CONEXION distinct texts.
 */
export function prepararPorConexion(cliente: pg.PoolClient) {
  const nombradas = new Set<string>();
  const consultar = cliente.query.bind(cliente) as (...a: unknown[]) => unknown;
  const conNombre = (config: unknown): unknown => {
    if (typeof config !== 'object' || config === null) return config;
    const c = config as ConsultaPg;
    if (typeof c.submit === 'function' || c.name !== undefined || typeof c.text !== 'string') return config;
    if (c.text.length > 20_000 || !SENTENCIA_PREPARABLE.test(c.text)) return config;
    const nombre = nombreDeSentencia(c.text);
    if (!nombradas.has(nombre)) {
      if (nombradas.size >= SENTENCIAS_POR_CONEXION) return config;
      nombradas.add(nombre);
    }
    return { ...c, name: nombre };
  };
  cliente.query = ((config: unknown, ...resto: unknown[]) =>
    consultar(conNombre(config), ...resto)) as typeof cliente.query;
}

/** A PostgreSQL server through a node-postgres pool, with timeouts so a stuck server never hangs a gate. */
export function abrirPostgres(
  url: string,
  opciones: {
    max?: number;
    alError?: (e: Error) => void;
    observar?: ObservadorSql;
    /** Batch tools (data generators): no statement or query time limit. */
    sinLimiteDeTiempo?: boolean;
  } = {},
): BaseDatos {
  const limites = opciones.sinLimiteDeTiempo ? {} : { statement_timeout: 30_000, query_timeout: 35_000 };
  const pool = new pg.Pool({
    connectionString: url,
    max: opciones.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    ...limites,
    application_name: 'cronos',
    // Each connection reads into one buffer of its own (socket-lectura.ts); a TLS connection keeps Node's socket.
    stream: ((c: { ssl?: unknown }) =>
      c.ssl ? new net.Socket() : crearSocketLectura()) as unknown as () => net.Socket,
    // The statements of the screens are short; the just-in-time compiler would add 50-100 ms to each one the
    // planner rates expensive (a count over a year of orders, a batch of an export) and save nothing.
    // A random page read costs about what a sequential one does (the data is in memory or on SSD): with the default
    // of 4 the planner read small tables whole rather than through their index, every parameter name of a gate
    // read a scan of all 180 parameters and its company a hash of every company (docs/adr/0021-lecturas-de-garita.md).
    options: '-c jit=off -c random_page_cost=1.1',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (e) => opciones.alError?.(e));
  pool.on('connect', prepararPorConexion);
  const db = drizzlePg(pool, { schema, casing: 'snake_case', ...registro(opciones.observar) }) as unknown as Db;
  return {
    db,
    tipo: 'postgres',
    pool,
    observar: opciones.observar,
    ping: async () => {
      await pool.query('select 1');
    },
    cerrar: async () => {
      await pool.end();
    },
  };
}
