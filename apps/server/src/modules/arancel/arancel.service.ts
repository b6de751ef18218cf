import type { ConsultaArancel } from '@cronos/contract';
import type { Db } from '../../db/client';
import { meta } from '../../platform/paginacion';
import * as repo from './arancel.repository';

export async function listar(db: Db, q: ConsultaArancel) {
  const { filas, total } = await repo.listar(db, q);
  return { filas, meta: meta(q, total) };
}

/** Headings by number as typed in the product dialog: the display dots (8517.13.00.00) are ignored. */
export const consultar = (db: Db, numeroPartida: string) => repo.porPrefijo(db, numeroPartida.replaceAll('.', ''));
