import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migracionesHasta } from '../../test/migraciones';
import { filasDe } from '../modules/reporte/reporte.repository';
import { abrirPglite, abrirPostgres, type BaseDatos } from './client';
import { aplicarDefiniciones, CARPETA_DEFINICIONES, CARPETA_MIGRACIONES, leerDefiniciones, migrar } from './migrar';

/**
 * The functions, triggers and views are defined once, in db/definiciones: each file is applied after the migrations
 * when its text changes (its sha256 differs from the one recorded), in name order, in one transaction.
 */
const url = process.env.TEST_DATABASE_URL;
/** The last migration that (re)defined functions and triggers itself, before db/definiciones. */
const ULTIMA_CON_DEFINICIONES = 43;
const abiertas: (() => Promise<void>)[] = [];
const temporales: string[] = [];

afterAll(async () => {
  for (const cerrar of abiertas.reverse()) await cerrar();
  for (const c of temporales) rmSync(c, { recursive: true, force: true });
});

/**
 * A new empty database (on the PostgreSQL server when the tests run against it), opened twice as two API instances
 * would (their pools connect only when used; the embedded database is one process: one instance).
 */
async function baseNueva(): Promise<[BaseDatos, BaseDatos]> {
  if (!url) {
    const base = await abrirPglite();
    abiertas.push(() => base.cerrar());
    return [base, base];
  }
  const nombre = `cronos_d_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  const u = new URL(url);
  u.pathname = `/${nombre}`;
  const bases: [BaseDatos, BaseDatos] = [abrirPostgres(u.toString()), abrirPostgres(u.toString())];
  abiertas.push(async () => {
    for (const b of bases) await b.cerrar();
    await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  });
  return bases;
}

const NOMBRES = leerDefiniciones().map((d) => d.nombre);

/** Each function's source and each trigger's definition as the database holds them. */
async function objetos(base: BaseDatos) {
  const funciones = filasDe(
    await base.db.execute(sql`select p.proname as nombre, p.prosrc as fuente from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by 1`),
  ) as { nombre: string; fuente: string }[];
  const disparadores = filasDe(
    await base.db.execute(
      sql`select tgname as nombre, pg_get_triggerdef(oid) as definicion from pg_trigger where not tgisinternal order by 1`,
    ),
  ) as { nombre: string; definicion: string }[];
  return { funciones, disparadores };
}

/** The names of the functions and triggers a definition text creates. */
const creados = (texto: string, que: 'FUNCTION' | 'TRIGGER') =>
  [...texto.matchAll(new RegExp(`CREATE OR REPLACE ${que} (\\w+)`, 'g'))].map((m) => m[1]);

/** Every function and trigger of the definition files exists, each function with the source its file gives it. */
async function comoEnLosArchivos(base: BaseDatos) {
  const { funciones, disparadores } = await objetos(base);
  const definiciones = leerDefiniciones();
  let nFunciones = 0;
  let nDisparadores = 0;
  for (const d of definiciones) {
    for (const f of creados(d.texto, 'FUNCTION')) {
      const enBase = funciones.filter((x) => x.nombre === f);
      expect(enBase.length, f).toBeGreaterThan(0);
      for (const x of enBase) expect(d.texto, `${f} en ${d.nombre}.sql`).toContain(x.fuente);
      nFunciones += 1;
    }
    for (const t of creados(d.texto, 'TRIGGER')) {
      expect(disparadores.map((x) => x.nombre)).toContain(t);
      nDisparadores += 1;
    }
  }
  expect(nFunciones).toBeGreaterThanOrEqual(18);
  expect(nDisparadores).toBe(28);
  const registradas = filasDe(
    await base.db.execute(sql`select nombre, sha256 from drizzle.cronos_definiciones order by nombre`),
  );
  expect(registradas).toEqual(
    definiciones.map((d) => ({ nombre: d.nombre, sha256: d.sha256 })).sort((a, b) => (a.nombre < b.nombre ? -1 : 1)),
  );
}

describe('SQL definitions applied after the migrations', () => {
  it('migrations after 0043 hold table changes and data moves only: no function, trigger or view', () => {
    const diario = JSON.parse(readFileSync(join(CARPETA_MIGRACIONES, 'meta', '_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const definen = diario.entries
      .filter((x) => x.idx > ULTIMA_CON_DEFINICIONES)
      .filter((x) =>
        /create\s+(or\s+replace\s+)?(function|trigger|view|materialized\s+view|procedure)\b/i.test(
          readFileSync(join(CARPETA_MIGRACIONES, `${x.tag}.sql`), 'utf8'),
        ),
      )
      .map((x) => x.tag);
    expect(definen).toEqual([]);
  });

  it('a new database ends with the functions and triggers as the files define them, every file applied once in name order', async () => {
    const [base] = await baseNueva();
    expect(await migrar(base)).toEqual(NOMBRES);
    expect(NOMBRES).toEqual([...NOMBRES].sort());
    await comoEnLosArchivos(base);
    // A second start finds nothing changed.
    expect(await migrar(base)).toEqual([]);
  }, 120_000);

  it('a changed file is applied again, and only it; unchanged files are not', async () => {
    const [base] = await baseNueva();
    await migrar(base);
    const carpeta = mkdtempSync(join(tmpdir(), 'cronos-definiciones-'));
    temporales.push(carpeta);
    cpSync(CARPETA_DEFINICIONES, carpeta, { recursive: true });
    expect(await aplicarDefiniciones(base, carpeta)).toEqual([]);

    const archivo = join(carpeta, 'configuracion-avisos.sql');
    writeFileSync(
      archivo,
      readFileSync(archivo, 'utf8').replace("pg_notify('cronos_acceso', 'c')", "pg_notify('cronos_acceso', 'c*')"),
    );
    const antes = await objetos(base);
    expect(await aplicarDefiniciones(base, carpeta)).toEqual(['configuracion-avisos']);
    const despues = await objetos(base);
    const fuente = (o: typeof antes, f: string) => o.funciones.find((x) => x.nombre === f)?.fuente;
    expect(fuente(despues, 'cronos_aviso_configuracion')).toContain("'c*'");
    expect(fuente(antes, 'cronos_aviso_configuracion')).not.toContain("'c*'");
    // Nothing else moved.
    expect(despues.funciones.filter((x) => x.nombre !== 'cronos_aviso_configuracion')).toEqual(
      antes.funciones.filter((x) => x.nombre !== 'cronos_aviso_configuracion'),
    );
    expect(despues.disparadores).toEqual(antes.disparadores);
    expect(await aplicarDefiniciones(base, carpeta)).toEqual([]);
    // Back to the shipped file: applied again at the next start.
    expect(await migrar(base)).toEqual(['configuracion-avisos']);
    await comoEnLosArchivos(base);
  }, 120_000);

  it('a definition that fails leaves every definition of its run as it was, and is applied at the next start', async () => {
    const [base] = await baseNueva();
    await migrar(base);
    const carpeta = mkdtempSync(join(tmpdir(), 'cronos-definiciones-'));
    temporales.push(carpeta);
    cpSync(CARPETA_DEFINICIONES, carpeta, { recursive: true });
    const cambiar = (f: string, de: string, a: string) =>
      writeFileSync(join(carpeta, f), readFileSync(join(carpeta, f), 'utf8').replace(de, a));
    cambiar('acceso-avisos.sql', "'s:'", "'s*:'");
    cambiar('tablero.sql', 'BEFORE INSERT ON movimiento', 'BEFORE INSERT ON tabla_que_no_existe');
    const antes = await objetos(base);
    await expect(aplicarDefiniciones(base, carpeta)).rejects.toThrow(/tabla_que_no_existe/);
    expect(await objetos(base)).toEqual(antes);
    cambiar('tablero.sql', 'BEFORE INSERT ON tabla_que_no_existe', 'BEFORE INSERT ON movimiento');
    expect(await aplicarDefiniciones(base, carpeta)).toEqual(['acceso-avisos']);
  }, 120_000);

  it('two instances starting at once apply each definition once', async () => {
    const [a, b] = await baseNueva();
    const [ra, rb] = await Promise.all([migrar(a), migrar(b)]);
    expect([ra, rb].sort((x, y) => x.length - y.length)).toEqual([[], NOMBRES]);
    await comoEnLosArchivos(a);
  }, 120_000);

  it('a database created by the first migration (0000) upgrades to the last one and its definitions', async () => {
    const [base] = await baseNueva();
    const carpeta = migracionesHasta(0);
    temporales.push(carpeta);
    expect(await migrar(base, carpeta)).toEqual([]);
    expect(filasDe(await base.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))).toEqual([
      { n: 1 },
    ]);
    expect(await migrar(base)).toEqual(NOMBRES);
    const diario = JSON.parse(readFileSync(join(CARPETA_MIGRACIONES, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(filasDe(await base.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))).toEqual([
      { n: diario.entries.length },
    ]);
    await comoEnLosArchivos(base);
  }, 180_000);
});
