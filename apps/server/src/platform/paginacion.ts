import { type ConsultaPaginada, MENSAJES, type MetaPaginacion } from '@cronos/contract';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import { errorCampos, solicitudInvalida } from './errores';

/** Searchable columns of one list: the keys clients send as Columna, mapped to real columns. */
export type ColumnasPermitidas = Record<string, AnyColumn | SQL>;

const escaparLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
/** The LIKE pattern of text that contains `valor` anywhere (its % and _ taken literally). */
export const patronContiene = (valor: string) => `%${escaparLike(valor)}%`;

/** The expressions made by sinAcentos: condicionBusqueda folds the searched value too. */
const PLEGADAS = new WeakSet<SQL>();
/**
 * A text searched without regard to accents: `sin_acentos(x)` (migration 0038: á, é, í, ó, ú, ü and the other accented
 * vowels as their plain letter, in both cases; ñ stays ñ), so 'raul' finds 'RAÚL' and 'perú' finds 'PERU'. The
 * trigram indexes of the large lists' names are on this same expression, which the planner only uses when the
 * query writes it the same way.
 */
export function sinAcentos(texto: AnyColumn | SQL): SQL {
  const s = sql`sin_acentos(${texto})`;
  PLEGADAS.add(s);
  return s;
}
/** `texto` contains `valor`, case and accents aside. */
export const contieneSinAcentos = (texto: AnyColumn | SQL, valor: string) =>
  sql`${sinAcentos(texto)} ilike sin_acentos(${patronContiene(valor)})`;

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
  if (PLEGADAS.has(columna as SQL)) return sql`${columna} ilike sin_acentos(${patronContiene(valor)})`;
  return sql`${columna}::text ilike ${patronContiene(valor)}`;
}

/** One key of a sort: a column (or expression) in the direction asked, or `{ inversa }` in the opposite one. */
type ClaveOrden = AnyColumn | SQL | { inversa: AnyColumn | SQL };

/**
 * How a list sorts by each column its contract allows (`ordenarPor([...])`): the keys of the ORDER BY, which an
 * index of the list's filter (company + keys + row id) must serve, so a page costs the same at any table size.
 */
export type OrdenesPermitidos<K extends string> = Record<K, readonly ClaveOrden[]>;

/**
 * The ORDER BY of a paged list: the sort asked for (already checked by the contract's enum; a key missing from the
 * map is a 422 too, never SQL text), then `desempate`, the row's unique id in the direction of the last key, so
 * pages never repeat or skip rows; without OrdenarPor, the list's own order.
 */
export function ordenLista<K extends string>(
  consulta: { OrdenarPor?: K; Orden?: 'asc' | 'desc' },
  permitidos: OrdenesPermitidos<K>,
  porDefecto: SQL[],
  desempate: AnyColumn | SQL,
): SQL[] {
  if (!consulta.OrdenarPor) return porDefecto;
  const claves = Object.hasOwn(permitidos, consulta.OrdenarPor) ? permitidos[consulta.OrdenarPor] : undefined;
  if (!claves) throw errorCampos({ OrdenarPor: [MENSAJES.ordenNoPermitido] });
  const descendente = consulta.Orden === 'desc';
  let ultima = descendente;
  const orden = claves.map((c) => {
    const inversa = 'inversa' in c;
    ultima = inversa ? !descendente : descendente;
    const columna = 'inversa' in c ? c.inversa : c;
    return ultima ? desc(columna) : asc(columna);
  });
  return [...orden, ultima ? desc(desempate) : asc(desempate)];
}

export const desplazamiento = (c: ConsultaPaginada) => (c.PageNumber - 1) * c.limit;

export const meta = (c: ConsultaPaginada, total: number): MetaPaginacion => ({
  total,
  current_page: c.PageNumber,
  per_page: c.limit,
});

/**
 * Lists over tables that grow with the orders (a million rows) count their total only up to this many rows:
 * the count stops there (`select count(*) from (select 1 … limit LIMITE_CONTEO + 1)`), the pager shows
 * 'Más de 10 000 registros' and still pages through the first 10 000; filters narrow the rest.
 */
export const LIMITE_CONTEO = 10_000;

/** The paging meta of a bounded count (`contado` ≤ LIMITE_CONTEO + 1): `totalAcotado` when it reached the bound. */
export const metaAcotada = (c: ConsultaPaginada, contado: number): MetaPaginacion =>
  contado > LIMITE_CONTEO ? { ...meta(c, LIMITE_CONTEO), totalAcotado: true } : meta(c, contado);
