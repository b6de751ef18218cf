import type { DefinicionRuta } from '@cronos/contract';
import type { SorterResult } from 'antd/es/table/interface';

/**
 * Sorting a server-paged list: the server sorts the whole list (sorting in the browser would reorder only the page
 * shown). The order lives in the URL as `?o=total` (ascending) or `?o=-total` (descending).
 */
export interface OrdenLista {
  campo: string;
  descendente: boolean;
}

/** Whether the route's contract (its `ordenarPor([...])` enum) lets its list be sorted by `campo`. */
export function ordenPermitido(ruta: DefinicionRuta, campo: string): boolean {
  const forma = (ruta.query as { shape?: Record<string, { safeParse?: (v: unknown) => { success: boolean } }> })?.shape;
  return forma?.OrdenarPor?.safeParse?.(campo).success === true;
}

/** The order of a URL value; null when there is none or the route does not sort by it (a stale or edited link). */
export function ordenDeUrl(ruta: DefinicionRuta, o: string | null): OrdenLista | null {
  if (!o) return null;
  const campo = o.replace(/^-/, '');
  return ordenPermitido(ruta, campo) ? { campo, descendente: o.startsWith('-') } : null;
}

/** The URL value of an order (null: the list's own order). */
export const ordenAUrl = (orden: OrdenLista | null) => (orden ? `${orden.descendente ? '-' : ''}${orden.campo}` : null);

/** The query parameters the server takes for an order. */
export const ordenAConsulta = (orden: OrdenLista | null) =>
  orden ? { OrdenarPor: orden.campo, Orden: orden.descendente ? ('desc' as const) : ('asc' as const) } : {};

/** The order antd's Table reports when a header is clicked (its column `key`; a third click clears it). */
export function ordenDeSorter<T>(s: SorterResult<T> | SorterResult<T>[]): OrdenLista | null {
  const unico = Array.isArray(s) ? s[0] : s;
  return unico?.order && unico.columnKey !== undefined
    ? { campo: String(unico.columnKey), descendente: unico.order === 'descend' }
    : null;
}

/** The header state antd shows for a column: `sortOrder` controlled by the URL's order. */
export const ordenDeColumna = (orden: OrdenLista | null, campo: string) =>
  orden?.campo === campo ? (orden.descendente ? ('descend' as const) : ('ascend' as const)) : null;
