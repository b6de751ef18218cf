import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import {
  almacen,
  catalogoUsuario,
  kardex,
  lote,
  movimientoDetalle,
  movimientoDocumento,
  reservaLote,
} from '../../db/schema';

/**
 * Stock by lot (DOMAIN.md §5): the queries. Balances change only through guarded updates (each returns
 * nothing when its guard does not hold); the table's CHECKs (reserved ≤ stock, stock ≥ 0) are the last line
 * of defence. Every function takes the caller's transaction.
 */

/** Holds `cantidad` (3 decimals) of a lot if it still has that much free (stock − reserved); false otherwise. */
export async function reservarSiHayLibre(
  tx: DbOTx,
  r: {
    codigoLote: number;
    codigoCatalogoUsuario: number;
    codigoEmpresaAlmacen: number;
    codigoMovimientoDetalle: number;
  },
  cantidad: string,
) {
  const [fila] = await tx
    .update(lote)
    .set({ cantidadReservada: sql`${lote.cantidadReservada} + ${cantidad}::numeric` })
    .where(
      and(
        eq(lote.codigoLote, r.codigoLote),
        eq(lote.codigoCatalogoUsuario, r.codigoCatalogoUsuario),
        eq(lote.codigoEmpresaAlmacen, r.codigoEmpresaAlmacen),
        sql`${lote.cantidadStock} - ${lote.cantidadReservada} >= ${cantidad}::numeric`,
      ),
    )
    .returning({ codigoLote: lote.codigoLote });
  if (!fila) return false;
  await tx.insert(reservaLote).values({
    codigoLote: r.codigoLote,
    codigoMovimientoDetalle: r.codigoMovimientoDetalle,
    cantidad,
  });
  return true;
}

/** Marks the held reservations of these lines released (0) and gives their quantities back to the lots. */
export async function liberarReservasDeLineas(tx: DbOTx, codigosDetalle: number[]) {
  if (codigosDetalle.length === 0) return;
  const liberadas = await tx
    .update(reservaLote)
    .set({ estado: 0 })
    .where(and(inArray(reservaLote.codigoMovimientoDetalle, codigosDetalle), eq(reservaLote.estado, 1)))
    .returning({ codigoLote: reservaLote.codigoLote, cantidad: reservaLote.cantidad });
  for (const r of liberadas) {
    await tx
      .update(lote)
      .set({ cantidadReservada: sql`${lote.cantidadReservada} - ${r.cantidad}::numeric` })
      .where(eq(lote.codigoLote, r.codigoLote));
  }
}

/** Adds to the lot of this entry document (warehouse, product, document); undefined when there is none yet. */
export async function sumarALoteDeDocumento(
  tx: DbOTx,
  c: { codigoEmpresaAlmacen: number; codigoCatalogoUsuario: number; codigoMovimientoDocumento: number },
  cantidad: string,
) {
  const [existente] = await tx
    .update(lote)
    .set({
      cantidadStock: sql`${lote.cantidadStock} + ${cantidad}::numeric`,
      cantidadIngresada: sql`${lote.cantidadIngresada} + ${cantidad}::numeric`,
    })
    .where(
      and(
        eq(lote.codigoEmpresaAlmacen, c.codigoEmpresaAlmacen),
        eq(lote.codigoCatalogoUsuario, c.codigoCatalogoUsuario),
        eq(lote.codigoMovimientoDocumento, c.codigoMovimientoDocumento),
      ),
    )
    .returning({ codigoLote: lote.codigoLote, saldo: lote.cantidadStock });
  return existente;
}

export async function insertarLote(
  tx: DbOTx,
  valores: {
    codigoEmpresaAlmacen: number;
    codigoCatalogoUsuario: number;
    codigoMovimientoDocumento: number | null;
    numeroDocumento: string;
    cantidad: string;
    fecha?: Date;
  },
) {
  const [nuevo] = await tx
    .insert(lote)
    .values({
      codigoEmpresaAlmacen: valores.codigoEmpresaAlmacen,
      codigoCatalogoUsuario: valores.codigoCatalogoUsuario,
      codigoMovimientoDocumento: valores.codigoMovimientoDocumento,
      numeroDocumento: valores.numeroDocumento,
      cantidadIngresada: valores.cantidad,
      cantidadStock: valores.cantidad,
      ...(valores.fecha ? { fechaIngreso: valores.fecha } : {}),
    })
    .returning({ codigoLote: lote.codigoLote, saldo: lote.cantidadStock });
  return nuevo;
}

/** The held reservations of a movement's lines, by lot. */
export async function reservasRetenidasDeMovimiento(tx: DbOTx, codigoMovimiento: number) {
  return tx
    .select({
      codigoReservaLote: reservaLote.codigoReservaLote,
      codigoLote: reservaLote.codigoLote,
      cantidad: reservaLote.cantidad,
      codigoMovimientoDetalle: reservaLote.codigoMovimientoDetalle,
    })
    .from(reservaLote)
    .innerJoin(movimientoDetalle, eq(movimientoDetalle.codigoMovimientoDetalle, reservaLote.codigoMovimientoDetalle))
    .where(and(eq(movimientoDetalle.codigoMovimiento, codigoMovimiento), eq(reservaLote.estado, 1)))
    .orderBy(asc(reservaLote.codigoLote));
}

/** Takes a held quantity out of its lot (stock and reserved together); undefined if the lot does not hold it. */
export async function debitarReservado(tx: DbOTx, codigoLote: number, cantidad: string) {
  const [l] = await tx
    .update(lote)
    .set({
      cantidadStock: sql`${lote.cantidadStock} - ${cantidad}::numeric`,
      cantidadReservada: sql`${lote.cantidadReservada} - ${cantidad}::numeric`,
    })
    .where(and(eq(lote.codigoLote, codigoLote), sql`${lote.cantidadReservada} >= ${cantidad}::numeric`))
    .returning();
  return l;
}

export async function marcarReservaConsumida(tx: DbOTx, codigoReservaLote: number) {
  await tx.update(reservaLote).set({ estado: 2 }).where(eq(reservaLote.codigoReservaLote, codigoReservaLote));
}

export async function insertarKardex(tx: DbOTx, valores: typeof kardex.$inferInsert) {
  await tx.insert(kardex).values(valores);
}

/** Lots of a product in a warehouse with free stock, oldest first (free stock as numeric text). */
export async function lotesConStockLibre(db: DbOTx, codigoCatalogoUsuario: number, codigoEmpresaAlmacen: number) {
  const libre = sql<string>`${lote.cantidadStock} - ${lote.cantidadReservada}`;
  return db
    .select({
      codigoLote: lote.codigoLote,
      producto: catalogoUsuario.descripcion,
      numeroDocumento: lote.numeroDocumento,
      cantidadStock: libre,
      fechaIngreso: lote.fechaIngreso,
    })
    .from(lote)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, lote.codigoCatalogoUsuario))
    .where(
      and(
        eq(lote.codigoCatalogoUsuario, codigoCatalogoUsuario),
        eq(lote.codigoEmpresaAlmacen, codigoEmpresaAlmacen),
        gt(sql`${lote.cantidadStock} - ${lote.cantidadReservada}`, 0),
      ),
    )
    .orderBy(asc(lote.fechaIngreso), asc(lote.codigoLote));
}

/**
 * The company of a product, when the warehouse belongs to that same company (the kardex picker reads a
 * product's lots only in its own company's warehouse); undefined otherwise.
 */
export async function empresaDeProductoEnAlmacen(
  db: DbOTx,
  codigoCatalogoUsuario: number,
  codigoEmpresaAlmacen: number,
) {
  const [p] = await db
    .select({ empresa: catalogoUsuario.codigoEmpresaUsuario })
    .from(catalogoUsuario)
    .innerJoin(
      almacen,
      and(
        eq(almacen.codigoEmpresaAlmacen, codigoEmpresaAlmacen),
        eq(almacen.codigoEmpresaUsuario, catalogoUsuario.codigoEmpresaUsuario),
      ),
    )
    .where(eq(catalogoUsuario.codigoCatalogoUsuario, codigoCatalogoUsuario))
    .limit(1);
  return p?.empresa;
}

/** The first warehouse of a company (orders saved without one credit it). */
export async function primerAlmacen(tx: DbOTx, codigoEmpresaUsuario: number) {
  const [a] = await tx
    .select({ codigo: almacen.codigoEmpresaAlmacen })
    .from(almacen)
    .where(eq(almacen.codigoEmpresaUsuario, codigoEmpresaUsuario))
    .orderBy(asc(almacen.codigoEmpresaAlmacen))
    .limit(1);
  return a?.codigo;
}

/** A movement's product lines with their document number (entry verification credits one lot per line). */
export async function lineasConDocumento(tx: DbOTx, codigoMovimiento: number) {
  return tx
    .select({
      codigoMovimientoDetalle: movimientoDetalle.codigoMovimientoDetalle,
      codigoCatalogoUsuario: movimientoDetalle.codigoCatalogoUsuario,
      codigoMovimientoDocumento: movimientoDetalle.codigoMovimientoDocumento,
      numeroDocumento: movimientoDocumento.numeroDocumento,
      cantidad: movimientoDetalle.cantidad,
    })
    .from(movimientoDetalle)
    .innerJoin(
      movimientoDocumento,
      eq(movimientoDocumento.codigoMovimientoDocumento, movimientoDetalle.codigoMovimientoDocumento),
    )
    .where(eq(movimientoDetalle.codigoMovimiento, codigoMovimiento))
    .orderBy(asc(movimientoDetalle.codigoMovimientoDetalle));
}

/**
 * A count's adjustment of a lot: adds `diferencia` (negative takes out) to its stock; taking out only what is
 * free (stock − reserved), in one guarded update. Undefined when the lot does not hold it.
 */
export async function ajustarStockLote(tx: DbOTx, codigoLote: number, diferencia: string) {
  const [l] = await tx
    .update(lote)
    .set({ cantidadStock: sql`${lote.cantidadStock} + ${diferencia}::numeric` })
    .where(
      and(
        eq(lote.codigoLote, codigoLote),
        sql`${lote.cantidadStock} - ${lote.cantidadReservada} + ${diferencia}::numeric >= 0`,
      ),
    )
    .returning();
  return l;
}
