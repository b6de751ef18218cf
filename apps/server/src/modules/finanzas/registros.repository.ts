import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { transportistaUsuario } from '../../db/schema';

/** A carrier row, locked for its renewal. */
export async function transportistaParaRenovar(tx: Tx, codigoTransportistaUsuario: number) {
  const [t] = await tx
    .select()
    .from(transportistaUsuario)
    .where(eq(transportistaUsuario.codigoTransportistaUsuario, codigoTransportistaUsuario))
    .for('update');
  return t;
}
export async function renovarTransportista(
  tx: Tx,
  codigoTransportistaUsuario: number,
  fechaInicio: string,
  fechaCese: string,
  usuario: string,
) {
  await tx
    .update(transportistaUsuario)
    .set({ fechaInicio, fechaCese, usuarioRegistro: usuario, version: sql`${transportistaUsuario.version} + 1` })
    .where(eq(transportistaUsuario.codigoTransportistaUsuario, codigoTransportistaUsuario));
}
