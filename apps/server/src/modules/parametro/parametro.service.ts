import type { ValorParametro } from '@cronos/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parametro, parametroSeccion } from '../../db/schema';
import { noEncontrado } from '../../platform/errores';

/** The enabled values of one lookup group, in display order: [{ codigo, descripcion }]. */
export async function consultarParametro(db: Db, codigoParametro: number): Promise<ValorParametro[]> {
  const [grupo] = await db
    .select({ estado: parametro.estadoRegistro })
    .from(parametro)
    .where(eq(parametro.codigoParametro, codigoParametro))
    .limit(1);
  if (grupo?.estado !== 1) throw noEncontrado();
  return db
    .select({ codigo: parametroSeccion.codigo, descripcion: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(and(eq(parametroSeccion.codigoParametro, codigoParametro), eq(parametroSeccion.estadoAnulado, 0)))
    .orderBy(asc(parametroSeccion.orden), asc(parametroSeccion.codigoSeccion));
}
