import { entero } from '@cronos/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { almacen, catalogoUsuario } from '../../db/schema';
import { noEncontrado } from '../../platform/errores';
import { ok } from '../../platform/respuesta';
import { exigirEmpresa } from '../../platform/tenencia';
import type { Modulo } from '../tipos';
import { lotesDisponibles } from './lotes';

const LEEN = ['operations/order/register', 'inventory/kardex', 'inventory/control'] as const;

/** Almacen/ConsultarKardexStockCodigoCatalogo: the kardex picker's lots of a product. */
const inventarioRutas: Modulo = async (app) => {
  app.get(
    '/Almacen/ConsultarKardexStockCodigoCatalogo',
    {
      config: { acceso: { modulo: LEEN, accion: 'listar' } },
      schema: {
        tags: ['Inventario'],
        querystring: z.object({
          CodigoCatalogoUsuario: entero().positive(),
          CodigoEmpresaAlmacen: entero().positive(),
        }),
      },
    },
    async (req) => {
      const ctx = req.ctx();
      const [p] = await ctx.db
        .select({ empresa: catalogoUsuario.codigoEmpresaUsuario, empresaAlmacen: almacen.codigoEmpresaUsuario })
        .from(catalogoUsuario)
        .innerJoin(
          almacen,
          and(
            eq(almacen.codigoEmpresaAlmacen, req.query.CodigoEmpresaAlmacen),
            eq(almacen.codigoEmpresaUsuario, catalogoUsuario.codigoEmpresaUsuario),
          ),
        )
        .where(eq(catalogoUsuario.codigoCatalogoUsuario, req.query.CodigoCatalogoUsuario))
        .limit(1);
      if (!p) throw noEncontrado();
      exigirEmpresa(ctx.actor, p.empresa);
      return ok(await lotesDisponibles(ctx.db, req.query.CodigoCatalogoUsuario, req.query.CodigoEmpresaAlmacen));
    },
  );
};
export default inventarioRutas;
