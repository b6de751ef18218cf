import { ROLES_MULTIEMPRESA_FINANZAS } from '@cronos/contract';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { ALMACEN_PRINCIPAL } from '../../db/consultas-comunes';
import { empresaUsuario } from '../../db/schema';
import type { Ctx } from '../../platform/contexto';
import { actuaPorCualquierEmpresa } from '../../platform/tenencia';

/**
 * Companies for the company selectors: operator staff see every enabled company; anybody else sees only
 * their own (the list never reveals other tenants).
 */
export async function listarEmpresas(ctx: Ctx) {
  const condiciones: SQL[] = [eq(empresaUsuario.estadoAnulado, 0)];
  if (!actuaPorCualquierEmpresa(ctx.actor, ROLES_MULTIEMPRESA_FINANZAS)) {
    condiciones.push(eq(empresaUsuario.codigoEmpresaUsuario, ctx.actor.codigoEmpresaUsuario));
  }
  const filas = await ctx.db
    .select({
      codigoEmpresaUsuario: empresaUsuario.codigoEmpresaUsuario,
      razonSocial: empresaUsuario.razonSocial,
      ruc: empresaUsuario.ruc,
      codigoEmpresaAlmacen: ALMACEN_PRINCIPAL,
      indicadorRegistroEspecialExcel: empresaUsuario.indicadorRegistroEspecialExcel,
      indicadorAlmacenActivo: empresaUsuario.indicadorAlmacenActivo,
    })
    .from(empresaUsuario)
    .where(and(...condiciones))
    .orderBy(asc(empresaUsuario.razonSocial));
  return filas.map((f) => ({
    ...f,
    codigoEmpresaAlmacen: f.codigoEmpresaAlmacen === null ? null : Number(f.codigoEmpresaAlmacen),
  }));
}
