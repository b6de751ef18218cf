import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import { errorCampos } from '../../platform/errores';
import * as repo from './inventario.repository';

/**
 * Stock by lot (DOMAIN.md §5). Every function takes the caller's transaction: the order registration
 * reserves here, and the stage screens (entry verification, exit control) credit and debit here, each inside
 * their own transaction with their audit row.
 */

export interface Reserva {
  codigoLote: number;
  cantidad: number;
  codigoMovimientoDetalle: number;
  codigoCatalogoUsuario: number;
  codigoEmpresaAlmacen: number;
}

/**
 * Holds `cantidad` of a lot for an exit line. It succeeds only while the lot still has that much free
 * (stock − reserved), so two concurrent exits can never hold the same units.
 */
export async function reservarLote(tx: DbOTx, r: Reserva, campo = 'codigoProductoSaliente') {
  if (!(await repo.reservarSiHayLibre(tx, r, r.cantidad.toFixed(3)))) {
    throw errorCampos({ [campo]: [M.stockInsuficiente] }, M.stockInsuficiente);
  }
}

/** Releases the held quantities of the given exit lines (a line or a document removed). */
export async function liberarReservas(tx: DbOTx, codigosDetalle: number[]) {
  await repo.liberarReservasDeLineas(tx, codigosDetalle);
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
    const existente = await repo.sumarALoteDeDocumento(
      tx,
      {
        codigoEmpresaAlmacen: c.codigoEmpresaAlmacen,
        codigoCatalogoUsuario: c.codigoCatalogoUsuario,
        codigoMovimientoDocumento: c.codigoMovimientoDocumento,
      },
      cantidad,
    );
    if (existente) {
      await escribirKardex(tx, c, existente.codigoLote, 'E', cantidad, existente.saldo);
      return existente.codigoLote;
    }
  }
  const nuevo = await repo.insertarLote(tx, { ...c, cantidad });
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
  const reservas = await repo.reservasRetenidasDeMovimiento(tx, codigoMovimiento);
  for (const r of reservas) {
    const l = await repo.debitarReservado(tx, r.codigoLote, r.cantidad);
    if (!l) throw new Error(`Reserva inconsistente en el lote ${r.codigoLote}`);
    await repo.marcarReservaConsumida(tx, r.codigoReservaLote);
    await escribirKardex(
      tx,
      {
        codigoEmpresaAlmacen: l.codigoEmpresaAlmacen,
        codigoCatalogoUsuario: l.codigoCatalogoUsuario,
        codigoMovimiento,
        codigoMovimientoDetalle: r.codigoMovimientoDetalle,
        usuarioRegistro,
        fecha,
      },
      l.codigoLote,
      'S',
      r.cantidad,
      l.cantidadStock,
    );
  }
  return reservas.length;
}

function escribirKardex(
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
  return repo.insertarKardex(tx, {
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

export interface Ajuste {
  codigoLote: number;
  /** Counted − theoretical: positive adds to the lot, negative takes out of its free stock. */
  diferencia: number;
  codigoConteo: number;
  usuarioRegistro: string;
  fecha?: Date;
}

/**
 * A physical count's approved difference: changes the lot and writes one adjustment entry
 * (SUNAT table 12 type 99) in the same transaction; history is never edited. False when the lot no longer
 * has the free stock to take out (nothing written).
 */
export async function ajustarLote(tx: DbOTx, a: Ajuste) {
  if (a.diferencia === 0) return true;
  const l = await repo.ajustarStockLote(tx, a.codigoLote, a.diferencia.toFixed(3));
  if (!l) return false;
  await repo.insertarKardex(tx, {
    codigoLote: l.codigoLote,
    codigoEmpresaAlmacen: l.codigoEmpresaAlmacen,
    codigoCatalogoUsuario: l.codigoCatalogoUsuario,
    tipo: a.diferencia > 0 ? 'E' : 'S',
    cantidad: Math.abs(a.diferencia).toFixed(3),
    saldoLote: l.cantidadStock,
    tipoOperacion: '99',
    numeroDocumento: `CONTEO-${a.codigoConteo}`,
    codigoConteo: a.codigoConteo,
    usuarioRegistro: a.usuarioRegistro,
    ...(a.fecha ? { fecha: a.fecha } : {}),
  });
  return true;
}
