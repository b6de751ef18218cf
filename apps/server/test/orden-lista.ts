import { MENSAJES } from '@cronos/contract';
import { expect } from 'vitest';

type Valor = string | number | null;
interface Respuesta {
  statusCode: number;
  body: string;
  json(): unknown;
}
interface Pagina<F> {
  data: F[];
  meta: { total: number };
}

/** Ascending as PostgreSQL sorts under the C collation of the tests' databases: nulls last. */
function comparar(a: Valor, b: Valor) {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * Checks every header sort of a paged list over the rows `url` lists (a small set made by the test): read by pages
 * of two, ascending comes in the order of its keys then the row's id, descending is exactly the reverse, and both
 * have the list's rows and total. An OrdenarPor the contract does not name is refused with its Spanish message.
 */
export async function comprobarOrdenes<F>(opciones: {
  get: (url: string) => Promise<Respuesta>;
  /** The list's URL with its filters (the test's company), without page, limit or order. */
  url: string;
  id: (fila: F) => number;
  /** Each sort the contract allows and the values of its keys in a row, as the server sorts them. */
  claves: Record<string, (fila: F) => Valor[]>;
}) {
  const sep = opciones.url.includes('?') ? '&' : '?';
  const leer = async (extra: string, limite: number) => {
    const filas: F[] = [];
    let total = -1;
    for (let n = 1; n < 50; n++) {
      const r = await opciones.get(`${opciones.url}${sep}limit=${limite}&PageNumber=${n}${extra}`);
      expect(r.statusCode, r.body).toBe(200);
      const p = r.json() as Pagina<F>;
      total = p.meta.total;
      filas.push(...p.data);
      if (filas.length >= total || p.data.length === 0) break;
    }
    return { filas, total };
  };
  const propio = await leer('', 100);
  expect(propio.total).toBeGreaterThan(2);
  const ids = (filas: F[]) => filas.map(opciones.id);
  for (const [campo, claves] of Object.entries(opciones.claves)) {
    const esperado = [...propio.filas]
      .sort((a, b) => {
        const ka = claves(a);
        const kb = claves(b);
        for (let i = 0; i < ka.length; i++) {
          const c = comparar(ka[i] ?? null, kb[i] ?? null);
          if (c) return c;
        }
        return opciones.id(a) - opciones.id(b);
      })
      .map(opciones.id);
    const asc = await leer(`&OrdenarPor=${campo}&Orden=asc`, 2);
    const desc = await leer(`&OrdenarPor=${campo}&Orden=desc`, 2);
    expect(ids(asc.filas), `${campo} asc`).toEqual(esperado);
    expect(ids(desc.filas), `${campo} desc`).toEqual([...esperado].reverse());
    expect([asc.total, desc.total], campo).toEqual([propio.total, propio.total]);
  }
  const mala = await opciones.get(`${opciones.url}${sep}OrdenarPor=codigoEmpresaUsuario`);
  expect(mala.statusCode).toBe(422);
  expect((mala.json() as { errors: Record<string, string[]> }).errors.OrdenarPor).toEqual([MENSAJES.ordenNoPermitido]);
  return ids(propio.filas);
}
