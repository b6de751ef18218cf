import { OPERACIONES_QUE_INGRESAN } from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import type { Movimiento } from '../etapas/etapas.repository';
import { lineasConDocumento, primerAlmacen } from './inventario.repository';
import { acreditarLote, consumirReservasMovimiento } from './lotes';

/**
 * Stock moves at two stages (DOMAIN.md §5), each inside the stage's own transaction (with its audit row):
 * a finalized entry verification credits the order's lots; exit control turns the order's reservations
 * into withdrawals. Both run at most once per order because the stage itself can only happen once.
 */

async function almacenDe(tx: DbOTx, m: Movimiento) {
  if (m.codigoEmpresaAlmacen) return m.codigoEmpresaAlmacen;
  const codigo = await primerAlmacen(tx, m.codigoEmpresaUsuario);
  if (!codigo) throw new Error(`La empresa ${m.codigoEmpresaUsuario} no tiene almacén`);
  return codigo;
}

/** Entry orders (operation types 1 and 4): one lot credit and one kardex entry per product line. */
export async function acreditarIngresoVerificado(tx: DbOTx, m: Movimiento, usuarioRegistro: string, fecha: Date) {
  if (!OPERACIONES_QUE_INGRESAN.includes(m.codigoTipoOperacion)) return 0;
  const codigoEmpresaAlmacen = await almacenDe(tx, m);
  const lineas = await lineasConDocumento(tx, m.codigoMovimiento);
  for (const l of lineas) {
    await acreditarLote(tx, {
      codigoEmpresaAlmacen,
      codigoCatalogoUsuario: l.codigoCatalogoUsuario,
      codigoMovimientoDocumento: l.codigoMovimientoDocumento,
      numeroDocumento: l.numeroDocumento,
      cantidad: Number(l.cantidad),
      codigoMovimiento: m.codigoMovimiento,
      codigoMovimientoDetalle: l.codigoMovimientoDetalle,
      usuarioRegistro,
      fecha,
    });
  }
  return lineas.length;
}

/** Exit control: every held reservation of the order becomes a withdrawal. */
export function debitarReservasSalida(tx: DbOTx, m: Movimiento, usuarioRegistro: string, fecha: Date) {
  return consumirReservasMovimiento(tx, m.codigoMovimiento, usuarioRegistro, fecha);
}
