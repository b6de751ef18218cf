import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { catalogoUsuario, kardex, lote, reservaLote } from '../../db/schema';
import { errorCampos } from '../../platform/errores';

/**
 * Stock by lot (DOMAIN.md §5). Every function takes the caller's transaction: the order registration
 * reserves here, and the stage screens (entry verification, exit control) credit and debit here, each inside
 * their own transaction with their audit row. Balances change only through guarded updates; the table's
 * CHECKs (reserved ≤ stock, stock ≥ 0) are the last line of defence.
 */

export interface Reserva {
  codigoLote: number;
  cantidad: number;
  codigoMovimientoDetalle: number;
  codigoCatalogoUsuario: number;
  codigoEmpresaAlmacen: number;
}

/**
 * Holds `cantidad` of a lot for an exit line. The update succeeds only while the lot still has that much
 * free (stock − reserved), so two concurrent exits can never hold the same units.
 */
export async function reservarLote(tx: DbOTx, r: Reserva, campo = 'codigoProductoSaliente') {
  const cantidad = r.cantidad.toFixed(3);
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
  if (!fila) throw errorCampos({ [campo]: [M.stockInsuficiente] }, M.stockInsuficiente);
  await tx.insert(reservaLote).values({
    codigoLote: r.codigoLote,
    codigoMovimientoDetalle: r.codigoMovimientoDetalle,
    cantidad,
  });
}

/** Releases the held quantities of the given exit lines (a line or a document removed). */
export async function liberarReservas(tx: DbOTx, codigosDetalle: number[]) {
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

export interface Credito {
  codigoEmpresaAlmacen: number;
  codigoCatalogoUsuario: number;
  /** The entry document creating the lot; null for an initial-stock lot. */
  codigoMovimientoDocumento: number | null;
  numeroDocumento: string;
  cantidad: number;
  codigoMovimiento?: number | null;
  codigoMovimientoDetalle?: number | null;
  usuarioRegistro?: string | null;
  fecha?: Date;
}

/** Credits a lot (creating it on first entry of that document) and writes the kardex entry. */
export async function acreditarLote(tx: DbOTx, c: Credito) {
  const cantidad = c.cantidad.toFixed(3);
  if (c.codigoMovimientoDocumento !== null) {
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
    if (existente) {
      await escribirKardex(tx, c, existente.codigoLote, 'E', cantidad, existente.saldo);
      return existente.codigoLote;
    }
  }
  const [nuevo] = await tx
    .insert(lote)
    .values({
      codigoEmpresaAlmacen: c.codigoEmpresaAlmacen,
      codigoCatalogoUsuario: c.codigoCatalogoUsuario,
      codigoMovimientoDocumento: c.codigoMovimientoDocumento,
      numeroDocumento: c.numeroDocumento,
      cantidadIngresada: cantidad,
      cantidadStock: cantidad,
      ...(c.fecha ? { fechaIngreso: c.fecha } : {}),
    })
    .returning({ codigoLote: lote.codigoLote, saldo: lote.cantidadStock });
  if (!nuevo) throw new Error('lote');
  await escribirKardex(tx, c, nuevo.codigoLote, 'E', cantidad, nuevo.saldo);
  return nuevo.codigoLote;
}

/**
 * Turns every held reservation of a movement into a debit (exit control): stock and reserved go down
 * together, one kardex withdrawal per reservation.
 */
export async function consumirReservasMovimiento(
  tx: DbOTx,
  codigoMovimiento: number,
  usuarioRegistro: string | null,
  fecha?: Date,
) {
  const reservas = await tx.execute<{
    codigo_reserva_lote: number;
    codigo_lote: number;
    cantidad: string;
    codigo_movimiento_detalle: number;
  }>(
    sql`select r.codigo_reserva_lote, r.codigo_lote, r.cantidad, r.codigo_movimiento_detalle
        from reserva_lote r join movimiento_detalle d on d.codigo_movimiento_detalle = r.codigo_movimiento_detalle
        where d.codigo_movimiento = ${codigoMovimiento} and r.estado = 1 order by r.codigo_lote`,
  );
  const filas = (
    reservas as unknown as {
      rows: { codigo_reserva_lote: number; codigo_lote: number; cantidad: string; codigo_movimiento_detalle: number }[];
    }
  ).rows;
  for (const r of filas) {
    const [l] = await tx
      .update(lote)
      .set({
        cantidadStock: sql`${lote.cantidadStock} - ${r.cantidad}::numeric`,
        cantidadReservada: sql`${lote.cantidadReservada} - ${r.cantidad}::numeric`,
      })
      .where(and(eq(lote.codigoLote, r.codigo_lote), sql`${lote.cantidadReservada} >= ${r.cantidad}::numeric`))
      .returning();
    if (!l) throw new Error(`Reserva inconsistente en el lote ${r.codigo_lote}`);
    await tx.update(reservaLote).set({ estado: 2 }).where(eq(reservaLote.codigoReservaLote, r.codigo_reserva_lote));
    await escribirKardex(
      tx,
      {
        codigoEmpresaAlmacen: l.codigoEmpresaAlmacen,
        codigoCatalogoUsuario: l.codigoCatalogoUsuario,
        codigoMovimiento,
        codigoMovimientoDetalle: r.codigo_movimiento_detalle,
        usuarioRegistro,
        fecha,
      },
      l.codigoLote,
      'S',
      r.cantidad,
      l.cantidadStock,
    );
  }
  return filas.length;
}

async function escribirKardex(
  tx: DbOTx,
  c: Pick<
    Credito,
    | 'codigoEmpresaAlmacen'
    | 'codigoCatalogoUsuario'
    | 'codigoMovimiento'
    | 'codigoMovimientoDetalle'
    | 'usuarioRegistro'
    | 'fecha'
  >,
  codigoLote: number,
  tipo: 'E' | 'S',
  cantidad: string,
  saldoLote: string,
) {
  await tx.insert(kardex).values({
    codigoLote,
    codigoEmpresaAlmacen: c.codigoEmpresaAlmacen,
    codigoCatalogoUsuario: c.codigoCatalogoUsuario,
    codigoMovimiento: c.codigoMovimiento ?? null,
    codigoMovimientoDetalle: c.codigoMovimientoDetalle ?? null,
    tipo,
    cantidad,
    saldoLote,
    usuarioRegistro: c.usuarioRegistro ?? null,
    ...(c.fecha ? { fecha: c.fecha } : {}),
  });
}

/** Lots of a product in a warehouse with free stock, oldest first: the kardex picker's rows. */
export async function lotesDisponibles(db: DbOTx, codigoCatalogoUsuario: number, codigoEmpresaAlmacen: number) {
  const libre = sql<string>`${lote.cantidadStock} - ${lote.cantidadReservada}`;
  const filas = await db
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
  return filas.map((f) => ({ ...f, cantidadStock: Number(f.cantidadStock), cantidad: 0 }));
}

/** Free stock of products in a warehouse (stockDisponible of the product search). */
export async function stockDisponible(db: DbOTx, codigos: number[], codigoEmpresaAlmacen: number) {
  if (codigos.length === 0) return new Map<number, number>();
  const filas = await db
    .select({
      codigo: lote.codigoCatalogoUsuario,
      libre: sql<string>`sum(${lote.cantidadStock} - ${lote.cantidadReservada})`,
    })
    .from(lote)
    .where(and(inArray(lote.codigoCatalogoUsuario, codigos), eq(lote.codigoEmpresaAlmacen, codigoEmpresaAlmacen)))
    .groupBy(lote.codigoCatalogoUsuario);
  return new Map(filas.map((f) => [f.codigo, Number(f.libre)]));
}
