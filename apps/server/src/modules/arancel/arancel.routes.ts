import { consultaPaginada } from '@cronos/contract';
import { and, asc, count, like, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { arancel } from '../../db/schema';
import { condicionBusqueda, desplazamiento, meta } from '../../platform/paginacion';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';

const COLUMNAS = {
  numeroPartida: arancel.numeroPartida,
  descripcion: arancel.descripcion,
  'A.NUMERO_PARTIDA': arancel.numeroPartida,
  'A.DESCRIPCION': arancel.descripcion,
};

const campos = {
  codigoArancel: arancel.codigoArancel,
  numeroPartida: arancel.numeroPartida,
  descripcion: arancel.descripcion,
  actividadPermitida: arancel.actividadPermitida,
  state_type_id: arancel.stateTypeId,
};

/** Tariff headings: the paged list of settings/catalogs and the heading lookup of the product dialog. */
const arancelRutas: Modulo = async (app, { db }) => {
  app.get(
    '/Arancel/ListarDatos',
    {
      config: { acceso: { modulo: 'settings/catalogs', accion: 'listar' } },
      schema: { tags: ['Aranceles'], querystring: consultaPaginada },
    },
    async (req) => {
      const q = req.query;
      const donde = and(...([condicionBusqueda(q, COLUMNAS)] as (SQL | undefined)[]));
      const [filas, [total]] = await Promise.all([
        db
          .select(campos)
          .from(arancel)
          .where(donde)
          .orderBy(asc(arancel.numeroPartida))
          .limit(q.limit)
          .offset(desplazamiento(q)),
        db.select({ n: count() }).from(arancel).where(donde),
      ]);
      return okPaginado(filas, meta(q, total?.n ?? 0));
    },
  );

  app.get(
    '/Arancel/ConsultarArancel',
    {
      config: { acceso: 'sesion' },
      schema: {
        tags: ['Aranceles'],
        querystring: z.object({
          NumeroPartida: z
            .string()
            .trim()
            .regex(/^[\d.]{1,13}$/, { error: 'Número de partida inválido' }),
        }),
      },
    },
    async (req) => {
      const prefijo = req.query.NumeroPartida.replaceAll('.', '');
      const filas = await db
        .select({
          numeroPartida: arancel.numeroPartida,
          codigoArancel: arancel.codigoArancel,
          descripcion: arancel.descripcion,
          actividadPermitida: arancel.actividadPermitida,
        })
        .from(arancel)
        .where(like(arancel.numeroPartida, `${prefijo}%`))
        .orderBy(asc(arancel.numeroPartida))
        .limit(20);
      return ok(filas);
    },
  );
};
export default arancelRutas;
