import { and, asc, eq } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { parametro, parametroSeccion } from '../../db/schema';

/** The group's estadoRegistro (1 enabled), or undefined when it does not exist. */
export async function estadoDeGrupo(db: DbOTx, codigoParametro: number) {
  const [grupo] = await db
    .select({ estado: parametro.estadoRegistro })
    .from(parametro)
    .where(eq(parametro.codigoParametro, codigoParametro))
    .limit(1);
  return grupo?.estado;
}

/** The enabled values of one lookup group, in display order: [{ codigo, descripcion }]. */
export async function valoresHabilitados(db: DbOTx, codigoParametro: number) {
  return db
    .select({ codigo: parametroSeccion.codigo, descripcion: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(and(eq(parametroSeccion.codigoParametro, codigoParametro), eq(parametroSeccion.estadoAnulado, 0)))
    .orderBy(asc(parametroSeccion.orden), asc(parametroSeccion.codigoSeccion));
}
