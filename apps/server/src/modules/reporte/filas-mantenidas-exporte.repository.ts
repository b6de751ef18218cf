import type { TipoReporte } from '@cronos/contract';
import { sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { abrirLineas } from './apertura-lineas';
import { condicionesMovimiento, type FiltroSql, filasDe } from './reporte.repository';
import { textosCompartidos } from './textos-compartidos.repository';
import { MANTENIDAS } from './xlsx-sql.repository';

/** The kept rows read back for an export on the embedded database (filas-mantenidas.repository.ts keeps them). */

/** Whether every order has its kept rows of `tipo`'s report (op1 and op3: 'filas'; op2 and op4: 'lineas'). */
export async function filasCompletas(db: DbOTx, tipo: TipoReporte) {
  const estado = MANTENIDAS[tipo]?.estado ?? 'filas';
  return (
    filasDe(await db.execute(sql`select completo from reporte_mantenido where nombre = ${estado}`))[0]?.completo ===
    true
  );
}

/**
 * A kept report's sheet rows from the kept rows, batch after batch by keyset on the report's order, numbered for sheets
 * of `filasPorHoja` rows: the embedded database's export. It runs one statement at a time for every request of the
 * process, so the export cannot hold it in one transaction for its whole length (the gate would wait); each batch
 * starts after the last order of the one before, as the writer's batches do (an order registered meanwhile is in the
 * file if it comes after the batch being read). The orders and their kept rows are counted first (op1; op2's and
 * op4's orders of lines): one missing stops the export. op2's and op4's batches are `tamanio` orders, each line
 * given its opening here (abrirLineas) and handed on as one buffer.
 */
export async function* filasMantenidasPorLotes(db: DbOTx, f: FiltroSql, filasPorHoja: number, tamanio = 2500) {
  const kept = MANTENIDAS[f.tipo];
  if (!kept) throw new Error(`${f.tipo} no tiene filas mantenidas`);
  const op3 = kept.clave.length === 3;
  const tabla = sql.raw(kept.tabla);
  const orden = sql.raw(kept.clave.join(', '));
  const donde = condicionesMovimiento(f);
  if (!op3) {
    const [cuenta] = filasDe(
      await db.execute(sql`select (select count(*) from movimiento m where ${donde}) as ordenes,
        (select count(*) from ${tabla} m where ${donde}) as filas`),
    );
    if (Number(cuenta?.ordenes) !== Number(cuenta?.filas))
      throw new Error(`filas mantenidas de ${f.tipo}: ${cuenta?.filas} de ${cuenta?.ordenes} órdenes`);
  }
  let ultimo: { fecha: string; id: number; hijo: number } | null = null;
  let antes = 0;
  for (;;) {
    const despues = !ultimo
      ? sql``
      : op3
        ? sql`and (m.fecha_ingreso, m.codigo_movimiento, m.codigo_movimiento_documento) > (${ultimo.fecha}::timestamptz, ${ultimo.id}::int, ${ultimo.hijo}::int)`
        : sql`and (m.fecha_ingreso, m.codigo_movimiento) > (${ultimo.fecha}::timestamptz, ${ultimo.id}::int)`;
    const n = sql`(${antes}::bigint + row_number() over (order by ${orden}))`;
    const fila = sql`((${n} - 1) % ${filasPorHoja}::int + 2)::text`;
    const xml = kept.lineas
      ? sql.raw(`m.${kept.columna}`)
      : op3
        ? sql`replace(replace(m.xml, E'\\x02', ${n}::text), E'\\x01', ${fila})`
        : sql`replace(m.xml, E'\\x01', ${fila})`;
    const filas = filasDe(
      await db.execute(sql`select m.fecha_ingreso::text as fecha, m.codigo_movimiento as id, ${op3 ? sql`m.codigo_movimiento_documento` : sql`0`} as hijo,
          ${xml} as xml
        from (select m.* from ${tabla} m where ${donde} ${despues} order by ${orden} limit ${tamanio}::int) m
        order by ${orden}`),
    );
    const u = filas.at(-1);
    if (!u) return;
    const bytes = filas.map((r) => Buffer.from(String(r.xml), 'utf8'));
    if (kept.lineas) {
      const { filas: lineas } = abrirLineas(bytes, antes, filasPorHoja);
      if (lineas.length) yield lineas;
      antes += lineas.length;
    } else {
      yield bytes;
      antes += filas.length;
    }
    ultimo = { fecha: String(u.fecha), id: Number(u.id), hijo: Number(u.hijo) };
    if (filas.length < tamanio) return;
  }
}

/** The shared-strings table of op2's and op4's kept lines (read after them); null for the other reports. */
export async function textosDeLineasMantenidas(db: DbOTx, f: FiltroSql) {
  if (!MANTENIDAS[f.tipo]?.lineas) return null;
  return textosCompartidos(async (q) => filasDe(await db.execute(q)), f.empresa);
}
