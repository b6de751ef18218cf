import { and, eq, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { empresaUsuario, movimiento, parametroSeccion, transportistaUsuario } from '../../db/schema';

/** The company's debt-block flag (spec 03 §4.6), or undefined when there is no such company. */
export async function bloqueoDeEmpresa(db: DbOTx, codigoEmpresaUsuario: number) {
  const [e] = await db
    .select({ indicadorBloqueo: empresaUsuario.indicadorBloqueo })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario));
  return e;
}

/** Whether an identity document type is an enabled value of its lookup group (2). */
export async function tipoDocumentoIdentidadHabilitado(db: DbOTx, codigo: string) {
  const [t] = await db
    .select({ codigo: parametroSeccion.codigo })
    .from(parametroSeccion)
    .where(
      and(
        eq(parametroSeccion.codigoParametro, 2),
        eq(parametroSeccion.codigo, codigo),
        eq(parametroSeccion.estadoAnulado, 0),
      ),
    );
  return Boolean(t);
}

/** A carrier of the order's company (another company's carrier is not found). */
export async function transportistaDeEmpresa(
  db: DbOTx,
  codigoTransportistaUsuario: number,
  codigoEmpresaUsuario: number,
) {
  const [t] = await db
    .select({ ruc: transportistaUsuario.ruc, razonSocial: transportistaUsuario.razonSocial })
    .from(transportistaUsuario)
    .where(
      and(
        eq(transportistaUsuario.codigoTransportistaUsuario, codigoTransportistaUsuario),
        eq(transportistaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario),
      ),
    );
  return t;
}

/** Driver and carrier changes of an order still at entry control (state 1), guarded by that state. */
export async function actualizarDatosConductor(
  tx: DbOTx,
  codigoMovimiento: number,
  cambios: Partial<typeof movimiento.$inferInsert>,
  ahora: Date,
  version?: number | null,
) {
  const [hecho] = await tx
    .update(movimiento)
    .set({ ...cambios, fechaModificacion: ahora, version: sql`${movimiento.version} + 1` })
    .where(
      and(
        eq(movimiento.codigoMovimiento, codigoMovimiento),
        eq(movimiento.codigoEstadoMovimiento, 1),
        version ? eq(movimiento.version, version) : undefined,
      ),
    )
    .returning({ codigoMovimiento: movimiento.codigoMovimiento });
  return hecho;
}

/** A foreign carrier company of a user company; undefined when that RUC is already registered there. */
export async function insertarTransportista(tx: DbOTx, fila: typeof transportistaUsuario.$inferInsert) {
  const [t] = await tx.insert(transportistaUsuario).values(fila).onConflictDoNothing().returning({
    codigoTransportistaUsuario: transportistaUsuario.codigoTransportistaUsuario,
    codigoEmpresaUsuario: transportistaUsuario.codigoEmpresaUsuario,
    ruc: transportistaUsuario.ruc,
    razonSocial: transportistaUsuario.razonSocial,
    direccion: transportistaUsuario.direccion,
    extranjero: transportistaUsuario.extranjero,
  });
  return t;
}
