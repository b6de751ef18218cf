import type { ConsultaArancel } from '@cronos/contract';
import type { Db } from '../../db/client';
import { meta } from '../../platform/paginacion';
import * as repo from './arancel.repository';

/** The heading columns a list search may name (the spec's alias too). */
const COLUMNAS_PARTIDA = new Set(['numeroPartida', 'A.NUMERO_PARTIDA']);

/**
 * One page of the headings. A heading is searched as the screen shows it (0805.10.00.00) or as stored
 * (0805100000): the dots and spaces typed are not part of the number.
 */
export async function listar(db: Db, q: ConsultaArancel) {
  const valor = q.Columna && COLUMNAS_PARTIDA.has(q.Columna) ? q.Valor?.replace(/[.\s]/g, '') : q.Valor;
  const { filas, total } = await repo.listar(db, { ...q, Valor: valor });
  return { filas, meta: meta(q, total) };
}

/** Headings by number as typed in the product dialog: the display dots (8517.13.00.00) are ignored. */
export const consultar = (db: Db, numeroPartida: string) => repo.porPrefijo(db, numeroPartida.replaceAll('.', ''));
