import { type ConsultaPaginada, MENSAJES, type MetaPaginacion } from '@cronos/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { solicitudInvalida } from './errores';

/** Searchable columns of one list: the keys clients send as Columna, mapped to real columns. */
export type ColumnasPermitidas = Record<string, AnyColumn | SQL>;

const escaparLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search condition of a paged list. `Columna` must be a key of the allowlist (never SQL text: an
 * unknown key is a 400); `Valor` is always a bound parameter. Returns undefined when there is no search.
 */
export function condicionBusqueda(consulta: ConsultaPaginada, columnas: ColumnasPermitidas): SQL | undefined {
  const valor = consulta.Valor?.trim();
  if (!consulta.Columna) {
    if (valor) throw solicitudInvalida(MENSAJES.columnaNoPermitida);
    return undefined;
  }
  const columna = Object.hasOwn(columnas, consulta.Columna) ? columnas[consulta.Columna] : undefined;
  if (!columna) throw solicitudInvalida(MENSAJES.columnaNoPermitida);
  if (!valor) return undefined;
  return sql`${columna}::text ilike ${`%${escaparLike(valor)}%`}`;
}

export const desplazamiento = (c: ConsultaPaginada) => (c.PageNumber - 1) * c.limit;

export const meta = (c: ConsultaPaginada, total: number): MetaPaginacion => ({
  total,
  current_page: c.PageNumber,
  per_page: c.limit,
});
