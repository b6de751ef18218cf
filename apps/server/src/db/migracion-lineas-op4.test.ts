import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBaseNuevaPostgres, crearEntorno, type Entorno } from '../../test/entorno';
import { filasMantenidasDe } from '../../test/filas-mantenidas';
import { migracionesHasta } from '../../test/migraciones';
import { sembrarDatosReporte } from '../../test/reportes';
import { filasDe } from '../modules/reporte/reporte.repository';
import { abrirPglite, type BaseDatos } from './client';
import { migrar } from './migrar';

/**
 * Migration 0043 on a database that already holds orders: op4's kept lines move from reporte_lineas_fila to a table
 * of their own, copied as they are stored, and both tables are written in the reports' order. The database is
 * migrated to 0042, the report tests' data set is saved there (the triggers of 0042 keep both reports' lines in one
 * row), and 0043 is applied to it as an upgrade would.
 */
const ULTIMA_ANTERIOR = 42;

/** An empty database (a new one on the PostgreSQL server when the tests run against it) migrated up to `carpeta`. */
async function baseHasta(carpeta: string): Promise<BaseDatos> {
  const url = process.env.TEST_DATABASE_URL;
  const base = url ? await abrirBaseNuevaPostgres(url, { prefijo: 'cronos_m' }) : await abrirPglite();
  await migrar(base, carpeta);
  return base;
}

let carpeta: string;
let e: Entorno;
const filas = filasMantenidasDe(() => e);
/** What 0042 kept for each order: both reports' lines in one row. */
let antes: { codigo_movimiento: number; lineas: number; xml_op2: string; xml_op4: string }[];
let ordenReportes: number[];

const columnas = async (tabla: string) =>
  filasDe(
    await e.db.execute(
      sql`select column_name as c from information_schema.columns where table_name = ${tabla} order by ordinal_position`,
    ),
  ).map((f) => String(f.c));

beforeAll(async () => {
  carpeta = migracionesHasta(ULTIMA_ANTERIOR);
  const base = await baseHasta(carpeta);
  e = await crearEntorno({ base });
  await sembrarDatosReporte(e);
  antes = filasDe(
    await e.db.execute(
      sql`select codigo_movimiento, lineas, xml_op2, xml_op4 from reporte_lineas_fila order by codigo_movimiento`,
    ),
  ) as typeof antes;
  ordenReportes = filasDe(
    await e.db.execute(
      sql`select codigo_movimiento from reporte_lineas_fila order by fecha_ingreso, codigo_movimiento`,
    ),
  ).map((f) => Number(f.codigo_movimiento));
  await migrar(base);
}, 120_000);

afterAll(async () => {
  await e?.cerrar();
  if (carpeta) rmSync(carpeta, { recursive: true, force: true });
});

describe('migration 0043 on a database with orders (op4 lines in a table of their own)', () => {
  it('started from a database whose kept rows held both reports, in another order than the reports', () => {
    expect(antes.length).toBeGreaterThan(5);
    expect(antes.filter((f) => f.lineas > 0 && f.xml_op4.includes('<c ')).length).toBeGreaterThan(2);
    // Saved out of date order, so rewriting the tables in the reports' order is seen.
    expect(ordenReportes).not.toEqual([...ordenReportes].sort((a, b) => a - b));
  });

  it('copies every order’s op4 and op2 lines as they were stored, and drops op4 from the op2 table', async () => {
    const op4 = filasDe(
      await e.db.execute(sql`select codigo_movimiento, lineas, xml_op4 from reporte_lineas_op4_fila order by 1`),
    );
    expect(op4).toEqual(
      antes.map(({ codigo_movimiento, lineas, xml_op4 }) => ({ codigo_movimiento, lineas, xml_op4 })),
    );
    const op2 = filasDe(
      await e.db.execute(sql`select codigo_movimiento, lineas, xml_op2 from reporte_lineas_fila order by 1`),
    );
    expect(op2).toEqual(
      antes.map(({ codigo_movimiento, lineas, xml_op2 }) => ({ codigo_movimiento, lineas, xml_op2 })),
    );
    expect(await columnas('reporte_lineas_fila')).not.toContain('xml_op4');
    expect(await columnas('reporte_lineas_op4_fila')).toContain('xml_op4');
  });

  it('leaves every kept row as the reports render it now', async () => {
    expect(await filas.distintas()).toEqual([]);
  });

  it('writes both tables in the reports’ order (date, order), which an export reads them in', async () => {
    for (const tabla of ['reporte_lineas_fila', 'reporte_lineas_op4_fila']) {
      const fisico = filasDe(await e.db.execute(sql.raw(`select codigo_movimiento from ${tabla} order by ctid`))).map(
        (f) => Number(f.codigo_movimiento),
      );
      expect(fisico, tabla).toEqual(ordenReportes);
    }
  });

  it('keeps the lines up to date after the upgrade, through the functions 0043 writes both tables with', async () => {
    const [m] = filasDe(
      await e.db.execute(
        sql`select codigo_movimiento from reporte_lineas_op4_fila where lineas > 0 order by 1 limit 1`,
      ),
    );
    const id = Number(m?.codigo_movimiento);
    await e.db.execute(sql`update movimiento set codigo_ingreso = 'OP9999999' where codigo_movimiento = ${id}`);
    const [k] = filasDe(
      await e.db.execute(
        sql`select l.xml_op2, o.xml_op4 from reporte_lineas_fila l join reporte_lineas_op4_fila o using (codigo_movimiento) where codigo_movimiento = ${id}`,
      ),
    );
    expect(String(k?.xml_op2)).toContain('OP9999999');
    expect(String(k?.xml_op4)).toContain('OP9999999');
    expect(await filas.distintas()).toEqual([]);
  });
});
