import type { ConsultaImportadores } from '@cronos/contract';
import type { Ctx } from '../../platform/contexto';
import { meta } from '../../platform/paginacion';
import { empresaParaListar } from '../../platform/tenencia';
import { paginaImportadores } from './importador.repository';

/** The importers/providers of the company (operator staff: of any company, or all with -1), paged. */
export async function listarImportadores(ctx: Ctx, q: ConsultaImportadores) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
  const { filas, total } = await paginaImportadores(ctx.db, q, empresa);
  return { filas, meta: meta(q, total) };
}
