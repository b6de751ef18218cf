import type { Ctx } from '../../platform/contexto';
import { noEncontrado } from '../../platform/errores';
import { iso } from '../../platform/respuesta';
import { exigirEmpresa } from '../../platform/tenencia';
import * as repo from './inventario.repository';

/**
 * The kardex picker's rows: lots of a product with free stock in its own company's warehouse, oldest first.
 * Another company's product, or a warehouse that is not the product's company's, is a 404.
 */
export async function lotesDelKardex(ctx: Ctx, codigoCatalogoUsuario: number, codigoEmpresaAlmacen: number) {
  const empresa = await repo.empresaDeProductoEnAlmacen(ctx.db, codigoCatalogoUsuario, codigoEmpresaAlmacen);
  if (empresa === undefined) throw noEncontrado();
  exigirEmpresa(ctx.actor, empresa);
  const filas = await repo.lotesConStockLibre(ctx.db, codigoCatalogoUsuario, codigoEmpresaAlmacen);
  return filas.map((f) => ({
    ...f,
    cantidadStock: Number(f.cantidadStock),
    fechaIngreso: iso(f.fechaIngreso),
    cantidad: 0,
  }));
}
