import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { sembrarDatosReporte } from '../../../test/reportes';
import { movimiento } from '../../db/schema';
import { filasDe } from './reporte.repository';

/** How the kept report rows are stored and read back by PostgreSQL (filas-mantenidas.repository.ts, migration 0041). */
let e: Entorno;
let datos: Awaited<ReturnType<typeof sembrarDatosReporte>>;

beforeAll(async () => {
  e = await crearEntorno();
  datos = await sembrarDatosReporte(e);
});
afterAll(async () => e.cerrar());

describe('kept report rows in the database', () => {
  it('are analyzed without their XML (never filtered or sorted by, and most of the sample ANALYZE reads)', async () => {
    for (const tabla of ['reporte_op1_fila', 'reporte_op3_fila', 'reporte_lineas_fila', 'reporte_lineas_op4_fila']) {
      await e.db.execute(sql.raw(`analyze ${tabla}`));
      const columnas = filasDe(
        await e.db.execute(sql`select attname as c from pg_stats where tablename = ${tabla} order by 1`),
      ).map((f) => f.c);
      expect(columnas).toContain('fecha_ingreso');
      expect(columnas.filter((c) => String(c).startsWith('xml'))).toEqual([]);
    }
  });

  it('read the shared texts through their index when an order is saved (no scan of the whole dictionary)', async () => {
    const lecturas = async () => {
      await e.db.execute(sql`select pg_stat_force_next_flush()`);
      await e.db.execute(sql`select pg_stat_clear_snapshot()`);
      const [r] = filasDe(
        await e.db.execute(
          sql`select seq_scan as secuencial, idx_scan as indice from pg_stat_user_tables where relname = 'reporte_texto'`,
        ),
      );
      return { secuencial: Number(r?.secuencial), indice: Number(r?.indice) };
    };
    // With its statistics, as the maintenance leaves them (a table of a few pages, cheaper to read whole by the costs).
    await e.db.execute(sql`analyze reporte_texto`);
    const antes = await lecturas();
    const id = datos.m2.codigoMovimiento;
    const ticket = filasDe(
      await e.db.execute(sql`select numero_ticket as t from movimiento where codigo_movimiento = ${id}`),
    )[0]?.t;
    await e.db.update(movimiento).set({ numeroTicket: 'T-LECTURA' }).where(eq(movimiento.codigoMovimiento, id));
    const despues = await lecturas();
    await e.db
      .update(movimiento)
      .set({ numeroTicket: ticket === null ? null : String(ticket) })
      .where(eq(movimiento.codigoMovimiento, id));
    expect(despues.secuencial - antes.secuencial).toBe(0);
    // Its lines' texts, each looked up through the index.
    expect(despues.indice - antes.indice).toBeGreaterThan(0);
  });

  it('keep their XML compressed with lz4 on a PostgreSQL server, and the lines stored so (the embedded has only pglz)', async () => {
    const compresion = filasDe(
      await e.db.execute(
        sql`select attrelid::regclass::text || '.' || attname as c, attcompression::text as m from pg_attribute
          where attrelid in ('reporte_op1_fila'::regclass, 'reporte_op3_fila'::regclass, 'reporte_lineas_fila'::regclass,
            'reporte_lineas_op4_fila'::regclass)
            and attname like 'xml%' order by 1`,
      ),
    );
    const lz4 = e.base.tipo === 'postgres';
    // attcompression '' is the server's default, pglz.
    expect(compresion).toEqual(
      [
        'reporte_lineas_fila.xml_op2',
        'reporte_lineas_op4_fila.xml_op4',
        'reporte_op1_fila.xml',
        'reporte_op3_fila.xml',
      ].map((c) => ({ c, m: lz4 ? 'l' : '' })),
    );
    // A value past the 2 KB at which a row's values are compressed (an order of many lines), in a transaction undone.
    const id = datos.m1.codigoMovimiento;
    let metodo: unknown = null;
    await e.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`update reporte_lineas_fila set xml_op2 = xml_op2 || ${'x'.repeat(9000)} where codigo_movimiento = ${id}`,
        );
        metodo = filasDe(
          await tx.execute(
            sql`select pg_column_compression(xml_op2) as m from reporte_lineas_fila where codigo_movimiento = ${id}`,
          ),
        )[0]?.m;
        tx.rollback();
      })
      .catch((x: unknown) => {
        if (!(x instanceof TransactionRollbackError)) throw x;
      });
    expect(metodo).toBe(lz4 ? 'lz4' : 'pglz');
  });
});
