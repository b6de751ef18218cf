import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { filasMantenidasDe } from '../../../test/filas-mantenidas';
import { sembrarDatosReporte } from '../../../test/reportes';
import { movimiento } from '../../db/schema';
import { llenarFilasMantenidas } from './filas-mantenidas-llenado.repository';
import { filasDe } from './reporte.repository';

let e: Entorno;
let datos: Awaited<ReturnType<typeof sembrarDatosReporte>>;

beforeAll(async () => {
  e = await crearEntorno();
  datos = await sembrarDatosReporte(e);
});
afterAll(async () => e.cerrar());
const { distintas, contarGuardadas, guardada } = filasMantenidasDe(() => e);

describe('kept report rows filled and renewed at once', () => {
  it('are filled after the start for orders that predate them, without overwriting newer ones', async () => {
    const total = Number(filasDe(await e.db.execute(sql`select max(codigo_movimiento) as n from movimiento`))[0]?.n);
    // An annulled order is filled too (after the others: the batches read the index of the orders not annulled).
    await e.db
      .update(movimiento)
      .set({ estadoAnulado: 1 })
      .where(eq(movimiento.codigoMovimiento, datos.m3.codigoMovimiento));
    await e.db.execute(sql`delete from reporte_op1_fila`);
    await e.db.execute(sql`delete from reporte_lineas_fila`);
    await e.db.execute(sql`delete from reporte_lineas_op4_fila`);
    await e.db.execute(
      sql`update reporte_mantenido set avance_fecha = '-infinity', avance_id = 0, pendiente_hasta = ${total}::int, completo = false
        where nombre in ('filas', 'lineas')`,
    );
    // An order saved meanwhile has its row from the trigger; filling leaves it as it is.
    await e.db
      .update(movimiento)
      .set({ numeroTicket: 'T-99' })
      .where(eq(movimiento.codigoMovimiento, datos.m4.codigoMovimiento));
    expect(await contarGuardadas()).toBe(1);
    // In the report's order (so the rows lie in the table as the export reads them): one batch of two fills the
    // first two orders by entry date.
    let pasos = 0;
    expect(await llenarFilasMantenidas(e.db, { lote: 2, pausaMs: 0, detener: () => pasos++ >= 1 })).toBe(2);
    const primeras = filasDe(
      await e.db.execute(
        sql`select codigo_movimiento as id from movimiento where estado_anulado = 0 order by fecha_ingreso, codigo_movimiento limit 2`,
      ),
    ).map((r) => Number(r.id));
    const guardadas = filasDe(await e.db.execute(sql`select codigo_movimiento as id from reporte_op1_fila`)).map((r) =>
      Number(r.id),
    );
    expect(guardadas.sort()).toEqual([...new Set([...primeras, datos.m4.codigoMovimiento])].sort());
    // Then op1's and op3's rows of the other orders, and op2's and op4's lines of every order (the batches count the
    // order the trigger wrote, which they leave as it is).
    const llenadas = await llenarFilasMantenidas(e.db, { lote: 2, pausaMs: 0 });
    expect(llenadas).toBe(total - 2 + total);
    expect(await distintas()).toEqual([]);
    const estado = filasDe(
      await e.db.execute(
        sql`select nombre, completo from reporte_mantenido where nombre in ('filas', 'lineas') order by 1`,
      ),
    );
    expect(estado).toEqual([
      { nombre: 'filas', completo: true },
      { nombre: 'lineas', completo: true },
    ]);

    expect(await llenarFilasMantenidas(e.db, { lote: 2, pausaMs: 0 })).toBe(0);
    await e.db
      .update(movimiento)
      .set({ estadoAnulado: 0 })
      .where(eq(movimiento.codigoMovimiento, datos.m3.codigoMovimiento));
  });

  it('two transactions changing one order at once: the row kept is the one with both changes', async () => {
    const pool = e.base.pool;
    const id = datos.m1.codigoMovimiento;
    const uno = pool ? await pool.connect() : null;
    const dos = pool ? await pool.connect() : null;
    if (!uno || !dos) {
      // The embedded database runs one transaction at a time: the same two changes one after the other.
      await e.db.execute(
        sql`update movimiento_documento set numero_documento = 'F002-1000' where codigo_movimiento = ${id}`,
      );
      await e.db.execute(
        sql`update control_movimiento set peso = 15432.5 where codigo_movimiento = ${id} and codigo_tipo_control = 2`,
      );
    } else {
      try {
        await uno.query('begin');
        await dos.query('begin');
        await uno.query('update movimiento_documento set numero_documento = $1 where codigo_movimiento = $2', [
          'F002-1000',
          id,
        ]);
        // The second changes another row of the order (no wait of its own): its trigger waits for the first's lock on
        // the order, then renders it with the first's change.
        const segundo = dos.query(
          'update control_movimiento set peso = $1 where codigo_movimiento = $2 and codigo_tipo_control = 2',
          ['15432.5', id],
        );
        await new Promise((listo) => setTimeout(listo, 200));
        await uno.query('commit');
        await segundo;
        await dos.query('commit');
      } finally {
        uno.release();
        dos.release();
      }
    }
    const fila = await guardada(id);
    expect(fila).toContain('F002-1000');
    expect(fila).toContain('<c s="2"><v>23433</v></c>');
    expect(await distintas()).toEqual([]);
  });
});
