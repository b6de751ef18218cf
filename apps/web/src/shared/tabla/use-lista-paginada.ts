import type { DefinicionRuta } from '@cronos/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { llamarRuta } from '../api/ruta';
import { type OrdenLista, ordenAConsulta, ordenAUrl, ordenDeUrl } from './orden';

export interface MetaLista {
  total: number;
  current_page: number;
  per_page: number;
  /** The server counted only up to `total` rows and there are more. */
  totalAcotado?: boolean;
}

/** Query key of every page of a paged list: invalidating it refreshes the list wherever it is shown. */
export const claveLista = (ruta: DefinicionRuta) => ['lista', ruta.ruta] as const;

type Extra = Record<string, string | number | boolean | null | undefined>;

/**
 * A server-paged list whose page and search live in the URL (?p=2&c=TV.RUC&v=2060), so a list can be
 * linked, reloaded and navigated back to. `v` is sent as Valor, `c` as Columna, the page as PageNumber.
 * The list is a route of the contract (or, until its module is on the contract, its path); `clave` is the
 * query key of the feature's factory that a change invalidates.
 */
export function useListaPaginada<T>(
  /** The paged route's contract definition. */
  ruta: DefinicionRuta,
  opciones: {
    extra?: Extra;
    prefijo?: string;
    columnaPorDefecto?: string;
    minimoBusqueda?: number;
    habilitada?: boolean;
    clave?: readonly unknown[];
  } = {},
) {
  const [params, setParams] = useSearchParams();
  const pre = opciones.prefijo ?? '';
  const pagina = Math.max(1, Number(params.get(`${pre}p`) ?? 1) || 1);
  const columna = params.get(`${pre}c`) ?? opciones.columnaPorDefecto ?? '';
  const valor = params.get(`${pre}v`) ?? '';
  // Sort of the whole list, done by the server (?o=total or ?o=-total for descending); ignored unless the route's
  // contract sorts by that column.
  const orden = ordenDeUrl(ruta, params.get(`${pre}o`));
  const o = ordenAUrl(orden);
  // A search starts only when the text is empty or long enough (spec: ≥ 4 characters for carrier RUC).
  const valorEfectivo = valor.length === 0 || valor.length >= (opciones.minimoBusqueda ?? 1) ? valor : null;

  const consulta = useQuery({
    queryKey: [...(opciones.clave ?? claveLista(ruta)), pagina, columna, valorEfectivo, o, opciones.extra],
    enabled: (opciones.habilitada ?? true) && valorEfectivo !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const query = {
        PageNumber: pagina,
        ...(valorEfectivo ? { Columna: columna || undefined, Valor: valorEfectivo } : {}),
        ...ordenAConsulta(orden),
        ...opciones.extra,
      };
      const r = (await llamarRuta(ruta, { query } as never)) as { data: T[]; meta?: MetaLista };
      return {
        filas: r.data,
        meta: r.meta ?? { total: r.data.length, current_page: pagina, per_page: r.data.length || 10 },
      };
    },
  });

  const cambiar = (cambios: Record<string, string | number | null>) =>
    setParams(
      (actual) => {
        const siguiente = new URLSearchParams(actual);
        for (const [k, v] of Object.entries(cambios)) {
          if (v === null || v === '' || (k === 'p' && v === 1)) siguiente.delete(pre + k);
          else siguiente.set(pre + k, String(v));
        }
        return siguiente;
      },
      { replace: true },
    );

  return {
    ...consulta,
    filas: consulta.data?.filas ?? [],
    meta: consulta.data?.meta,
    pagina,
    columna,
    valor,
    irAPagina: (p: number) => cambiar({ p }),
    buscar: (v: string, c?: string) => cambiar({ v, ...(c !== undefined ? { c } : {}), p: 1 }),
    cambiarColumna: (c: string) => cambiar({ c, p: 1 }),
    orden,
    /** Sorts the whole list (null: the list's own order), from its first page. */
    ordenar: (nuevo: OrdenLista | null) => cambiar({ o: ordenAUrl(nuevo), p: 1 }),
  };
}
