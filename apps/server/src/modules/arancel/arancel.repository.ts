import type { ConsultaArancel } from '@cronos/contract';
import { and, asc, count, like, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { arancel } from '../../db/schema';
import {
  condicionBusqueda,
  desplazamiento,
  type OrdenesPermitidos,
  ordenLista,
  sinAcentos,
} from '../../platform/paginacion';

const COLUMNAS = {
  numeroPartida: arancel.numeroPartida,
  descripcion: sinAcentos(arancel.descripcion),
  'A.NUMERO_PARTIDA': arancel.numeroPartida,
  'A.DESCRIPCION': sinAcentos(arancel.descripcion),
};

/**
 * What the tariff headings list sorts by (its header): the heading (unique index) or the description's first
 * 200 characters (arancel_descripcion_orden_idx, the same expression, written literally so the planner matches it).
 */
const ORDENES_ARANCEL: OrdenesPermitidos<'numeroPartida' | 'descripcion'> = {
  numeroPartida: [arancel.numeroPartida],
  descripcion: [sql`left(${arancel.descripcion}, 200)`],
};

/** One page of the tariff headings, by heading number unless sorted otherwise. */
export async function listar(db: DbOTx, q: ConsultaArancel) {
  const donde = and(...([condicionBusqueda(q, COLUMNAS)] as (SQL | undefined)[]));
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoArancel: arancel.codigoArancel,
        numeroPartida: arancel.numeroPartida,
        descripcion: arancel.descripcion,
        actividadPermitida: arancel.actividadPermitida,
        state_type_id: arancel.stateTypeId,
      })
      .from(arancel)
      .where(donde)
      .orderBy(
        ...ordenLista(
          q,
          ORDENES_ARANCEL,
          [asc(arancel.numeroPartida), asc(arancel.codigoArancel)],
          arancel.codigoArancel,
        ),
      )
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(arancel).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** The first 20 headings whose number starts with the digits given. */
export async function porPrefijo(db: DbOTx, prefijo: string) {
  return db
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
}
