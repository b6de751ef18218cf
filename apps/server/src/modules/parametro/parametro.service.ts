import type { ValorParametro } from '@cronos/contract';
import type { Db } from '../../db/client';
import { noEncontrado } from '../../platform/errores';
import * as repo from './parametro.repository';

/** The enabled values of one lookup group, in display order; a group that is disabled or unknown is 404. */
export async function consultarParametro(db: Db, codigoParametro: number): Promise<ValorParametro[]> {
  if ((await repo.estadoDeGrupo(db, codigoParametro)) !== 1) throw noEncontrado();
  return repo.valoresHabilitados(db, codigoParametro);
}
