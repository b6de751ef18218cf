import type { ConsultaImportadores, ORDEN_IMPORTADORES } from '@cronos/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { importador } from '../../db/schema';
import {
  condicionBusqueda,
  desplazamiento,
  type OrdenesPermitidos,
  ordenLista,
  sinAcentos,
} from '../../platform/paginacion';

/** Searchable columns (Columna keys), never SQL from the client. */
const COLUMNAS = { ruc: importador.ruc, razonSocial: sinAcentos(importador.razonSocial), 'I.RUC': importador.ruc };

/** The list's header sorts, each read from an index of the enabled importers (all or one company's). */
const ORDENES_IMPORTADORES: OrdenesPermitidos<(typeof ORDEN_IMPORTADORES)[number]> = {
  ruc: [importador.ruc],
  razonSocial: [importador.razonSocial],
};

/** One page of the enabled importers (of one company, or of all when `empresa` is null) and their total. */
export async function paginaImportadores(db: DbOTx, q: ConsultaImportadores, empresa: number | null) {
  const condiciones: (SQL | undefined)[] = [eq(importador.estadoAnulado, 0), condicionBusqueda(q, COLUMNAS)];
  if (empresa !== null) condiciones.push(eq(importador.codigoEmpresaUsuario, empresa));
  const donde = and(...condiciones);
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoImportador: importador.codigoImportador,
        codigoEmpresaUsuario: importador.codigoEmpresaUsuario,
        ruc: importador.ruc,
        razonSocial: importador.razonSocial,
        direccion: importador.direccion,
      })
      .from(importador)
      .where(donde)
      .orderBy(
        ...ordenLista(
          q,
          ORDENES_IMPORTADORES,
          [asc(importador.razonSocial), asc(importador.codigoImportador)],
          importador.codigoImportador,
        ),
      )
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(importador).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}
