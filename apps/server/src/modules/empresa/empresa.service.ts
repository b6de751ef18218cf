import { ROLES_MULTIEMPRESA_FINANZAS } from '@cronos/contract';
import type { Ctx } from '../../platform/contexto';
import { actuaPorCualquierEmpresa } from '../../platform/tenencia';
import { empresasHabilitadas } from './empresa.repository';

/**
 * Companies for the company selectors: operator staff see every enabled company; anybody else sees only
 * their own (the list never reveals other tenants).
 */
export async function listarEmpresas(ctx: Ctx) {
  const todas = actuaPorCualquierEmpresa(ctx.actor, ROLES_MULTIEMPRESA_FINANZAS);
  const filas = await empresasHabilitadas(ctx.db, todas ? null : ctx.actor.codigoEmpresaUsuario);
  return filas.map((f) => ({
    ...f,
    codigoEmpresaAlmacen: f.codigoEmpresaAlmacen === null ? null : Number(f.codigoEmpresaAlmacen),
  }));
}
