import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { filasDe } from './reporte.repository';

/** The kept rows of the orders older than their triggers, filled after the server starts (filas-mantenidas.repository.ts). */

/** The kept reports' state rows, each filled by its function; `parte` scales the batch (op2's lines: ~5 per order). */
const LLENADOS = [
  { nombre: 'filas', funcion: 'reporte_filas_llenar', parte: 1 },
  { nombre: 'lineas', funcion: 'reporte_filas_llenar_lineas', parte: 5 },
] as const;

/** Orders filled per statement: ~0.3 s of one core at a million orders on PostgreSQL. */
const LOTE_LLENADO = 5000;

/**
 * Fills the kept rows of the orders that predate them, a batch at a time, each batch in its own short transaction
 * (the state row locked, so instances started together take turns and never fill the same batch twice), with a
 * pause between batches so that the screens' requests pass on the embedded database, which runs one statement at a
 * time. Each state row in turn (op1's and op3's rows, then op2's and op4's lines). Returns the orders filled, counted
 * once per state row; `detener()` is asked before each batch (the server closing).
 */
export async function llenarFilasMantenidas(
  db: Db,
  {
    lote = LOTE_LLENADO,
    pausaMs = 25,
    detener = () => false,
  }: { lote?: number; pausaMs?: number; detener?: () => boolean } = {},
) {
  let llenadas = 0;
  for (const { nombre, funcion, parte } of LLENADOS) {
    const porLote = Math.max(1, Math.ceil(lote / parte));
    llenadas += await llenar(db, nombre, sql.raw(funcion), porLote, pausaMs, detener);
  }
  return llenadas;
}

async function llenar(db: Db, nombre: string, funcion: SQL, lote: number, pausaMs: number, detener: () => boolean) {
  let llenadas = 0;
  while (!detener()) {
    const hechas = await db.transaction(async (tx) => {
      const [e] = filasDe(
        await tx.execute(
          sql`select avance_fecha::text as fecha, avance_fecha = 'infinity' as anuladas, avance_id as id,
              pendiente_hasta as tope, completo
            from reporte_mantenido where nombre = ${nombre} for update`,
        ),
      );
      if (!e || e.completo) return null;
      const tope = Number(e.tope);
      // The batch: the next `lote` orders up to the limit in the report's order after the last one filled, read from
      // the index of the orders not annulled (a range of keys over every order had no index and read the whole table
      // for each batch); then the annulled ones, by code (the exports never read them, so their place in the table
      // does not matter).
      const ids = filasDe(
        await tx.execute(
          e.anuladas
            ? sql`select m.codigo_movimiento as id, null::text as fecha from movimiento m
                where m.estado_anulado <> 0 and m.codigo_movimiento <= ${tope}::int and m.codigo_movimiento > ${e.id}::int
                order by m.codigo_movimiento limit ${lote}::int`
            : sql`select m.codigo_movimiento as id, m.fecha_ingreso::text as fecha from movimiento m
                where m.estado_anulado = 0 and m.codigo_movimiento <= ${tope}::int
                  and (m.fecha_ingreso, m.codigo_movimiento) > (${e.fecha}::timestamptz, ${e.id}::int)
                order by m.fecha_ingreso, m.codigo_movimiento limit ${lote}::int`,
        ),
      );
      const ultimo = ids.at(-1);
      if (ultimo) await tx.execute(sql`select ${funcion}(${`{${ids.map((x) => Number(x.id)).join(',')}}`}::int[])`);
      await tx.execute(
        ultimo && ids.length === lote
          ? sql`update reporte_mantenido set avance_fecha = ${e.anuladas ? 'infinity' : String(ultimo.fecha)}::timestamptz,
              avance_id = ${Number(ultimo.id)}::int where nombre = ${nombre}`
          : e.anuladas
            ? sql`update reporte_mantenido set completo = true where nombre = ${nombre}`
            : sql`update reporte_mantenido set avance_fecha = 'infinity', avance_id = 0 where nombre = ${nombre}`,
      );
      return ids.length;
    });
    if (hechas === null) break;
    llenadas += hechas;
    await new Promise((listo) => setTimeout(listo, pausaMs));
  }
  return llenadas;
}
