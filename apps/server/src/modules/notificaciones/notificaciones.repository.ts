import { and, asc, between, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { notificacion, sesion, transportistaUsuario, usuario } from '../../db/schema';

export type FilaNotificacion = typeof notificacion.$inferSelect;

/** The newest stored notification id (0 when there is none). */
export async function ultimaNotificacion(db: DbOTx): Promise<number> {
  const [f] = await db.select({ m: max(notificacion.codigoNotificacion) }).from(notificacion);
  return Number(f?.m ?? 0);
}

/**
 * Notifications after `desde` addressed to this user, their company or (for the operator's staff) to roles and
 * screens, oldest first; the caller keeps the ones that really concern the actor.
 */
export async function notificacionesDesde(
  db: DbOTx,
  desde: number,
  destinatario: { codigoUsuario: number; codigoEmpresaUsuario: number; esOperador: boolean },
  limite: number,
) {
  return db
    .select()
    .from(notificacion)
    .where(
      and(
        gt(notificacion.codigoNotificacion, desde),
        or(
          eq(notificacion.codigoUsuario, destinatario.codigoUsuario),
          eq(notificacion.codigoEmpresaUsuario, destinatario.codigoEmpresaUsuario),
          // staff audiences (roles / screens); another company's staff never matches.
          destinatario.esOperador
            ? sql`(${notificacion.roles} is not null or ${notificacion.modulos} is not null)`
            : sql`false`,
        ),
      ),
    )
    .orderBy(asc(notificacion.codigoNotificacion))
    .limit(limite);
}

/** Every notification after `desde`, oldest first (what a lost LISTEN connection missed). */
export async function todasDesde(db: DbOTx, desde: number, limite: number) {
  return db
    .select()
    .from(notificacion)
    .where(gt(notificacion.codigoNotificacion, desde))
    .orderBy(asc(notificacion.codigoNotificacion))
    .limit(limite);
}

export async function notificacionPorCodigo(db: DbOTx, codigoNotificacion: number) {
  const [f] = await db.select().from(notificacion).where(eq(notificacion.codigoNotificacion, codigoNotificacion));
  return f;
}

/** Of these sessions, the ones still valid at `ahora`: not revoked, not expired, active since `activaDesde`, user enabled. */
export async function sesionesValidas(db: DbOTx, codigos: number[], ahora: Date, activaDesde: Date) {
  if (codigos.length === 0) return new Set<number>();
  const filas = await db
    .select({ codigoSesion: sesion.codigoSesion })
    .from(sesion)
    .innerJoin(usuario, eq(usuario.codigoUsuario, sesion.codigoUsuario))
    .where(
      and(
        inArray(sesion.codigoSesion, codigos),
        isNull(sesion.revocadaEn),
        gt(sesion.expiraEn, ahora),
        gt(sesion.ultimaActividad, activaDesde),
        eq(usuario.estadoAnulado, 0),
      ),
    );
  return new Set(filas.map((f) => f.codigoSesion));
}

/** Enabled carrier contracts ending between two dates (yyyy-MM-dd, both included), oldest first. */
export async function contratosQueVencenEntre(db: DbOTx, desde: string, hasta: string, limite: number) {
  return db
    .select()
    .from(transportistaUsuario)
    .where(and(eq(transportistaUsuario.estadoAnulado, 0), between(transportistaUsuario.fechaCese, desde, hasta)))
    .orderBy(asc(transportistaUsuario.codigoTransportistaUsuario))
    .limit(limite);
}
