import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import type { movimiento } from '../../db/schema';
import type { Ctx } from '../../platform/contexto';
import { noEncontrado, reglaNegocio } from '../../platform/errores';
import { exigirEmpresa } from '../../platform/tenencia';
import { leerMovimiento } from './movimiento.repository';

/** Operator staff who read any company's orders: admins, gate, scale, reviewers, supervisors. */
export const ROLES_LEEN_MOVIMIENTOS: readonly number[] = [1, 2, 3, 4, 5, 7];
/** Operator staff who edit any company's orders (the gate edits through 'Modificar Datos'). */
export const ROLES_EDITAN_MOVIMIENTOS: readonly number[] = [1, 2, 3, 4];
/** Documents panel (spec 01 §6): who deletes and uploads documents. */
export const ROLES_PANEL_DOCUMENTOS: readonly number[] = [1, 2, 8];
/** Documents panel (spec 01 §6): who sees the photo evidence (role 8 does not). */
export const ROLES_PANEL_FOTOS: readonly number[] = [1, 2, 3, 4, 7];
/** Documents panel (spec 01 §6): who adds entry/exit verification images from it (the screens use the same list). */
export { ROLES_PANEL_IMAGENES } from '@cronos/contract';

export type Movimiento = typeof movimiento.$inferSelect;

/** A movement the actor may read; another company's id is a 404. */
export async function movimientoLegible(ctx: Ctx, db: DbOTx, codigoMovimiento: number) {
  const m = await leerMovimiento(db, codigoMovimiento);
  if (!m) throw noEncontrado();
  exigirEmpresa(ctx.actor, m.codigoEmpresaUsuario, ROLES_LEEN_MOVIMIENTOS);
  return m;
}

/**
 * A movement the actor may change. Header cards change until the order is final (state 5); documents,
 * products and files only while it is registered (state 1), before any stage has counted them.
 */
export async function movimientoEditable(ctx: Ctx, db: DbOTx, codigoMovimiento: number, soloRegistrado: boolean) {
  const m = await leerMovimiento(db, codigoMovimiento);
  if (!m) throw noEncontrado();
  exigirEmpresa(ctx.actor, m.codigoEmpresaUsuario, ROLES_EDITAN_MOVIMIENTOS);
  if (m.estadoAnulado !== 0 || m.codigoEstadoMovimiento >= 5) throw reglaNegocio(M.noEditable);
  if (soloRegistrado && m.codigoEstadoMovimiento !== 1) throw reglaNegocio(M.noEditable);
  return m;
}
