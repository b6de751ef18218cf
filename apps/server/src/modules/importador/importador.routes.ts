import { consultaPaginada } from '@cronos/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { importador } from '../../db/schema';
import { condicionBusqueda, desplazamiento, meta } from '../../platform/paginacion';
import { okPaginado } from '../../platform/respuesta';
import { empresaParaListar } from '../../platform/tenencia';
import type { Modulo } from '../tipos';

const COLUMNAS = { ruc: importador.ruc, razonSocial: importador.razonSocial, 'I.RUC': importador.ruc };

/** GET /Importador/ListarImportador: the importers/providers of the company, paged and searchable. */
const importadorRutas: Modulo = async (app) => {
  app.get(
    '/Importador/ListarImportador',
    { config: { acceso: 'sesion' }, schema: { tags: ['Empresas'], querystring: consultaPaginada } },
    async (req) => {
      const ctx = req.ctx();
      const q = req.query;
      const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
      const condiciones: (SQL | undefined)[] = [eq(importador.estadoAnulado, 0), condicionBusqueda(q, COLUMNAS)];
      if (empresa !== null) condiciones.push(eq(importador.codigoEmpresaUsuario, empresa));
      const donde = and(...condiciones);
      const [filas, [total]] = await Promise.all([
        ctx.db
          .select({
            codigoImportador: importador.codigoImportador,
            codigoEmpresaUsuario: importador.codigoEmpresaUsuario,
            ruc: importador.ruc,
            razonSocial: importador.razonSocial,
            direccion: importador.direccion,
          })
          .from(importador)
          .where(donde)
          .orderBy(asc(importador.razonSocial), asc(importador.codigoImportador))
          .limit(q.limit)
          .offset(desplazamiento(q)),
        ctx.db.select({ n: count() }).from(importador).where(donde),
      ]);
      return okPaginado(filas, meta(q, total?.n ?? 0));
    },
  );
};
export default importadorRutas;
