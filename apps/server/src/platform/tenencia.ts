import { EMPRESA_OPERADOR, ROLES_MULTIEMPRESA } from '@cronos/contract';
import type { Actor } from './contexto';
import { noEncontrado } from './errores';

/** Operator staff with these roles may act for any company (DOMAIN.md §3). */
export function actuaPorCualquierEmpresa(actor: Actor, roles: readonly number[] = ROLES_MULTIEMPRESA) {
  return actor.codigoEmpresaUsuario === EMPRESA_OPERADOR && roles.includes(actor.codigoRol);
}

/**
 * The company a list reads: -1 or nothing means "all" only for operator staff; everybody else reads
 * their own company, whatever the request says.
 */
export function empresaParaListar(
  actor: Actor,
  solicitada: number | undefined | null,
  roles?: readonly number[],
): number | null {
  if (actuaPorCualquierEmpresa(actor, roles)) {
    return solicitada === undefined || solicitada === null || solicitada <= 0 ? null : solicitada;
  }
  return actor.codigoEmpresaUsuario;
}

/** The company a write acts on. Another company's id from a user who may not act for it is a 404. */
export function empresaParaEscribir(actor: Actor, solicitada: number | undefined | null, roles?: readonly number[]) {
  if (solicitada === undefined || solicitada === null || solicitada <= 0) return actor.codigoEmpresaUsuario;
  if (solicitada === actor.codigoEmpresaUsuario || actuaPorCualquierEmpresa(actor, roles)) return solicitada;
  throw noEncontrado();
}

/** A loaded row belongs to a company the actor may see; otherwise it does not exist for them. */
export function exigirEmpresa(actor: Actor, codigoEmpresaDelRegistro: number, roles?: readonly number[]) {
  if (codigoEmpresaDelRegistro !== actor.codigoEmpresaUsuario && !actuaPorCualquierEmpresa(actor, roles)) {
    throw noEncontrado();
  }
}
