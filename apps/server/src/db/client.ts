import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
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
}

export const extensionesPglite = { pg_trgm, unaccent };

/** Optional observer of every SQL text and its bound parameters (tests use it to prove no client text is SQL). */
export type ObservadorSql = (consulta: string, parametros: unknown[]) => void;
const registro = (observar?: ObservadorSql) => (observar ? { logger: { logQuery: observar } } : {});

/** Embedded PostgreSQL (WASM) in a data directory, or in memory when no directory is given. */
export async function abrirPglite(
  opciones: { dataDir?: string; cargar?: Blob; observar?: ObservadorSql; bufferes?: string } = {},
): Promise<BaseDatos> {
  if (opciones.dataDir) mkdirSync(opciones.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: opciones.dataDir,
    loadDataDir: opciones.cargar,
    extensions: extensionesPglite,
    // PostgreSQL's default 128 MB of buffers is allocated at start inside the process; the data files are also
    // in the system's file cache. 32 MB: the server at rest with a year of data 470 → 340 MB, lists as fast.
    postgresqlconf: [`shared_buffers=${opciones.bufferes ?? '32MB'}`],
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
    },
  };
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
    // The statements of the screens are short; the just-in-time compiler would add 50-100 ms to each one the
    // planner rates expensive (a count over a year of orders, a batch of an export) and save nothing.
    options: '-c jit=off',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (e) => opciones.alError?.(e));
  const db = drizzlePg(pool, { schema, casing: 'snake_case', ...registro(opciones.observar) }) as unknown as Db;
  return {
    db,
    tipo: 'postgres',
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    cerrar: async () => {
      await pool.end();
    },
  };
}
