import type { ConsultaPaginada } from '@cronos/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOTx, Tx } from '../../db/client';
import {
  almacen,
  comprobante,
  controlMovimiento,
  corridaFacturacion,
  empresaUsuario,
  lote,
  movimiento,
  movimientoDocumento,
  periodoFacturado,
} from '../../db/schema';
import { condicionBusqueda, desplazamiento } from '../../platform/paginacion';

// ---------------------------------------------------------------- facturación automática
/** Orders weighed at entry in [desde, hasta), by company: the period's weighing service. */
export function ordenesPesadas(db: DbOTx, desde: Date, hasta: Date, codigoEmpresaUsuario: number | null) {
  return db
    .select({
      codigoEmpresaUsuario: movimiento.codigoEmpresaUsuario,
      codigoIngreso: movimiento.codigoIngreso,
      fechaRegistro: controlMovimiento.fechaRegistro,
    })
    .from(controlMovimiento)
    .innerJoin(movimiento, eq(movimiento.codigoMovimiento, controlMovimiento.codigoMovimiento))
    .where(
      and(
        eq(controlMovimiento.codigoTipoControl, 2),
        gte(controlMovimiento.fechaRegistro, desde),
        lt(controlMovimiento.fechaRegistro, hasta),
        codigoEmpresaUsuario === null ? undefined : eq(movimiento.codigoEmpresaUsuario, codigoEmpresaUsuario),
      ),
    )
    .orderBy(asc(movimiento.codigoEmpresaUsuario), asc(movimiento.codigoIngreso));
}
export function empresasPorCodigo(db: DbOTx, codigos: number[]) {
  if (!codigos.length) return Promise.resolve([]);
  return db
    .select({
      codigoEmpresaUsuario: empresaUsuario.codigoEmpresaUsuario,
      ruc: empresaUsuario.ruc,
      razonSocial: empresaUsuario.razonSocial,
    })
    .from(empresaUsuario)
    .where(inArray(empresaUsuario.codigoEmpresaUsuario, codigos));
}
/** How far each company's period is billed, with the vouchers of the run that billed it last (one per currency). */
export function periodosFacturados(db: DbOTx, periodo: string) {
  return db
    .select({
      codigoEmpresaUsuario: periodoFacturado.codigoEmpresaUsuario,
      fechaCorte: sql<string>`${periodoFacturado.fechaCorte}::text`,
      codigoCorrida: periodoFacturado.codigoCorrida,
      moneda: comprobante.moneda,
      serie: comprobante.serie,
      numero: comprobante.numero,
    })
    .from(periodoFacturado)
    .leftJoin(
      comprobante,
      and(
        eq(comprobante.codigoCorrida, periodoFacturado.codigoCorrida),
        eq(comprobante.codigoEmpresaUsuario, periodoFacturado.codigoEmpresaUsuario),
      ),
    )
    .where(eq(periodoFacturado.periodo, periodo))
    .orderBy(asc(comprobante.codigoComprobante));
}
/**
 * Claims a company's period through `fechaCorte`, from the cut-off the run read (`previo`, null when never billed);
 * false when another run billed it meanwhile (the row's cut-off is no longer the one read).
 */
export async function reclamarPeriodo(
  tx: Tx,
  codigoEmpresaUsuario: number,
  periodo: string,
  codigoCorrida: number,
  previo: string | null,
  fechaCorte: string,
) {
  if (previo === null) {
    const r = await tx
      .insert(periodoFacturado)
      .values({ codigoEmpresaUsuario, periodo, codigoComprobante: 0, codigoCorrida, fechaCorte })
      .onConflictDoNothing()
      .returning();
    return r.length > 0;
  }
  const r = await tx
    .update(periodoFacturado)
    .set({ codigoCorrida, fechaCorte })
    .where(
      and(
        eq(periodoFacturado.codigoEmpresaUsuario, codigoEmpresaUsuario),
        eq(periodoFacturado.periodo, periodo),
        eq(periodoFacturado.fechaCorte, previo),
      ),
    )
    .returning();
  return r.length > 0;
}
export async function asignarComprobantePeriodo(
  tx: Tx,
  codigoEmpresaUsuario: number,
  periodo: string,
  codigoComprobante: number,
) {
  await tx
    .update(periodoFacturado)
    .set({ codigoComprobante })
    .where(and(eq(periodoFacturado.codigoEmpresaUsuario, codigoEmpresaUsuario), eq(periodoFacturado.periodo, periodo)));
}
export async function insertarCorrida(tx: Tx, v: typeof corridaFacturacion.$inferInsert) {
  const [c] = await tx.insert(corridaFacturacion).values(v).returning();
  return c as typeof corridaFacturacion.$inferSelect;
}
export async function actualizarCorrida(
  tx: Tx,
  codigoCorrida: number,
  v: Partial<typeof corridaFacturacion.$inferInsert>,
) {
  const [c] = await tx
    .update(corridaFacturacion)
    .set(v)
    .where(eq(corridaFacturacion.codigoCorrida, codigoCorrida))
    .returning();
  return c as typeof corridaFacturacion.$inferSelect;
}
export async function listarCorridas(db: DbOTx, q: ConsultaPaginada, empresaFiltro: number | null) {
  const donde =
    empresaFiltro === null
      ? condicionBusqueda(q, { periodo: corridaFacturacion.periodo })
      : and(
          condicionBusqueda(q, { periodo: corridaFacturacion.periodo }),
          eq(corridaFacturacion.codigoEmpresaUsuario, empresaFiltro),
        );
  const [filas, [total]] = await Promise.all([
    db
      .select()
      .from(corridaFacturacion)
      .where(donde)
      .orderBy(desc(corridaFacturacion.codigoCorrida))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(corridaFacturacion).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/**
 * Lots that were in storage at some moment of [desde, hasta), by company (of the lot's warehouse): entry instant,
 * and the instant they were emptied (the lot's last kardex entry when its stock is 0; null while it holds stock).
 * Traced to the order whose document created the lot, when there is one.
 */
export function lotesEnAlmacen(db: DbOTx, desde: Date, hasta: Date, codigoEmpresaUsuario: number | null) {
  const salida = sql<Date | null>`(case when ${lote.cantidadStock} = 0 then coalesce((select k.fecha from kardex k where k.codigo_lote = ${lote.codigoLote} order by k.codigo_kardex desc limit 1), ${lote.fechaIngreso}) end)`;
  return db
    .select({
      codigoLote: lote.codigoLote,
      codigoEmpresaUsuario: almacen.codigoEmpresaUsuario,
      numeroDocumento: lote.numeroDocumento,
      codigoIngreso: movimiento.codigoIngreso,
      fechaIngreso: lote.fechaIngreso,
      fechaSalida: salida,
    })
    .from(lote)
    .innerJoin(almacen, eq(almacen.codigoEmpresaAlmacen, lote.codigoEmpresaAlmacen))
    .leftJoin(movimientoDocumento, eq(movimientoDocumento.codigoMovimientoDocumento, lote.codigoMovimientoDocumento))
    .leftJoin(movimiento, eq(movimiento.codigoMovimiento, movimientoDocumento.codigoMovimiento))
    .where(
      and(
        lt(lote.fechaIngreso, hasta),
        sql`(${lote.cantidadStock} > 0 or ${salida} >= ${desde.toISOString()})`,
        codigoEmpresaUsuario === null ? undefined : eq(almacen.codigoEmpresaUsuario, codigoEmpresaUsuario),
      ),
    )
    .orderBy(asc(almacen.codigoEmpresaUsuario), asc(lote.codigoLote));
}

/**
 * Gives back a company's period claimed by a run that found nothing left to bill for it: as it was before the run
 * (never billed: no row; billed before: its previous cut-off and run).
 */
export async function liberarPeriodo(
  tx: Tx,
  codigoEmpresaUsuario: number,
  periodo: string,
  previo: { fechaCorte: string; codigoCorrida: number } | null,
) {
  const donde = and(
    eq(periodoFacturado.codigoEmpresaUsuario, codigoEmpresaUsuario),
    eq(periodoFacturado.periodo, periodo),
  );
  if (previo === null) await tx.delete(periodoFacturado).where(donde);
  else await tx.update(periodoFacturado).set(previo).where(donde);
}
