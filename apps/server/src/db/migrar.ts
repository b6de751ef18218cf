import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { BaseDatos } from './client';

const aqui = dirname(fileURLToPath(import.meta.url));
export const CARPETA_MIGRACIONES = resolve(aqui, 'migrations');
/**
 * The functions, triggers and views, each group in one file holding its current definition
 * (docs/adr/0160-definiciones-sql-repetibles.md).
 */
export const CARPETA_DEFINICIONES = resolve(aqui, 'definiciones');
const CANDADO_MIGRACION = 7_151_999; // advisory lock key: one instance migrates, the others wait

/** Where each applied definition's name and checksum are kept, beside drizzle's own migration journal. */
const TABLA_DEFINICIONES = 'drizzle.cronos_definiciones';

export interface Definicion {
  /** The file's name without `.sql`: the key of its checksum. */
  nombre: string;
  texto: string;
  sha256: string;
}

/** The definition files of `carpeta` in the order they are applied: by name, byte order (the same everywhere). */
export function leerDefiniciones(carpeta = CARPETA_DEFINICIONES): Definicion[] {
  return readdirSync(carpeta)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => {
      const texto = readFileSync(join(carpeta, f), 'utf8');
      return { nombre: f.slice(0, -4), texto, sha256: createHash('sha256').update(texto).digest('hex') };
    })
    .sort((a, b) => (a.nombre < b.nombre ? -1 : a.nombre > b.nombre ? 1 : 0));
}

/** The statements one transaction of definitions runs: a plain-text runner (several statements per text). */
interface Ejecutor {
  ejecutar(texto: string): Promise<void>;
  consultar<T>(texto: string, parametros?: unknown[]): Promise<T[]>;
}

/**
 * Applies, in one transaction, every definition whose text changed since it was last applied (or never was), in
 * name order, and records its checksum. Returns the names applied.
 */
async function aplicarCon(x: Ejecutor, definiciones: Definicion[]): Promise<string[]> {
  await x.ejecutar(`create schema if not exists drizzle;
    create table if not exists ${TABLA_DEFINICIONES} (
      nombre text primary key, sha256 text not null, aplicada_en timestamptz not null default now())`);
  const aplicadas = new Map(
    (await x.consultar<{ nombre: string; sha256: string }>(`select nombre, sha256 from ${TABLA_DEFINICIONES}`)).map(
      (f) => [f.nombre, f.sha256],
    ),
  );
  const nombres: string[] = [];
  for (const d of definiciones) {
    if (aplicadas.get(d.nombre) === d.sha256) continue;
    await x.ejecutar(d.texto);
    await x.consultar(
      `insert into ${TABLA_DEFINICIONES} (nombre, sha256) values ($1, $2)
        on conflict (nombre) do update set sha256 = excluded.sha256, aplicada_en = now()`,
      [d.nombre, d.sha256],
    );
    nombres.push(d.nombre);
  }
  return nombres;
}

/**
 * Applies the changed definitions of `carpeta` (a test gives a folder of its own). On PostgreSQL, under the migration
 * lock.
 */
export async function aplicarDefiniciones(base: BaseDatos, carpeta = CARPETA_DEFINICIONES): Promise<string[]> {
  const pglite = base.pglite;
  if (pglite) return enTurno(pglite, () => aplicarPglite(base, carpeta));
  return conCandado(base, (cliente) => aplicarPg(cliente, carpeta));
}

function aplicarPglite(base: BaseDatos, carpeta: string): Promise<string[]> {
  const definiciones = leerDefiniciones(carpeta);
  const pglite = base.pglite;
  if (!pglite) throw new Error('Base de datos sin conexión');
  return pglite.transaction((tx) =>
    aplicarCon(
      {
        ejecutar: async (texto) => {
          await tx.exec(texto);
        },
        consultar: async <T>(texto: string, parametros?: unknown[]) => (await tx.query<T>(texto, parametros)).rows,
      },
      definiciones,
    ),
  );
}

type ClientePg = pg.PoolClient;

async function aplicarPg(cliente: ClientePg, carpeta: string): Promise<string[]> {
  const definiciones = leerDefiniciones(carpeta);
  await cliente.query('begin');
  try {
    const nombres = await aplicarCon(
      {
        ejecutar: async (texto) => {
          await cliente.query(texto);
        },
        consultar: async <T>(texto: string, parametros?: unknown[]) =>
          (await cliente.query(texto, parametros)).rows as T[],
      },
      definiciones,
    );
    await cliente.query('commit');
    return nombres;
  } catch (e) {
    await cliente.query('rollback').catch(() => {});
    throw e;
  }
}

/** The embedded database is one process (db/bloqueo-directorio.ts): its migrations take turns inside it. */
const turnos = new WeakMap<object, Promise<unknown>>();
function enTurno<T>(pglite: object, trabajo: () => Promise<T>): Promise<T> {
  const r = (turnos.get(pglite) ?? Promise.resolve()).catch(() => undefined).then(trabajo);
  turnos.set(pglite, r);
  return r;
}

/** Runs `trabajo` on one connection holding the migration lock: several instances starting at once take turns. */
async function conCandado<T>(base: BaseDatos, trabajo: (cliente: ClientePg) => Promise<T>): Promise<T> {
  if (!base.pool) throw new Error('Base de datos sin conexión');
  const cliente = await base.pool.connect();
  try {
    await cliente.query('select pg_advisory_lock($1)', [CANDADO_MIGRACION]);
    return await trabajo(cliente);
  } finally {
    await cliente.query('select pg_advisory_unlock($1)', [CANDADO_MIGRACION]).catch(() => {});
    cliente.release();
  }
}

/**
 * Applies the drizzle-kit migrations (those of `carpeta`: a test gives a folder cut at an earlier migration), then
 * the definitions whose text changed (`definiciones`; none when a cut folder of migrations is given: the current
 * definitions are written for the tables of the last migration). Several API instances may start at once: one
 * migrates at a time, and the one that comes second finds the definitions applied. Returns the definitions applied.
 */
export async function migrar(
  base: BaseDatos,
  carpeta = CARPETA_MIGRACIONES,
  definiciones: string | null = carpeta === CARPETA_MIGRACIONES ? CARPETA_DEFINICIONES : null,
): Promise<string[]> {
  const pglite = base.pglite;
  if (pglite)
    return enTurno(pglite, async () => {
      await migratePglite(drizzlePglite(pglite), { migrationsFolder: carpeta });
      return definiciones ? aplicarPglite(base, definiciones) : [];
    });
  return conCandado(base, async (cliente) => {
    await migratePg(drizzlePg(cliente), { migrationsFolder: carpeta });
    return definiciones ? aplicarPg(cliente, definiciones) : [];
  });
}
