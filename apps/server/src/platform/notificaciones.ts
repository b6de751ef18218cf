import {
  CANAL_NOTIFICACIONES,
  type EventoNotificacion,
  modulosDelCambio,
  etapaPendiente,
  TIPO_NOTIFICACION,
  type TipoNotificacion,
} from '@cronos/contract';
import { sql } from 'drizzle-orm';
import type { DbOTx } from '../db/client';
import { notificacion } from '../db/schema';
import type { Actor } from './contexto';

/**
 * Publishing API of the 'notifications-cronos' channel.
 *
 * `publicarNotificacion(tx, ctx, {...})` inserts the event with the caller's transaction and issues
 * `pg_notify('notifications-cronos', <event>)` in that same transaction: PostgreSQL (and PGlite, in process)
 * delivers a NOTIFY only at commit, so a rolled-back change never notifies anybody, and every server instance
 * LISTENing on the channel hears it. Stored rows let a reconnecting client ask for what came after its last id.
 */

/** Who receives it: any of these audiences (a union). */
export interface Destino {
  /** The company the event is about. Its users receive it unless `empresaCompleta` is false. */
  codigoEmpresaUsuario?: number | null;
  /** false: only the staff below (roles / modulos) and the user, not every user of the company. */
  empresaCompleta?: boolean;
  /** Staff with one of these roles — operator users (company 1) or users of the event's company. */
  roles?: readonly number[];
  /** Staff who may list one of these screens (menu nodes), with the same company rule as roles. */
  modulos?: readonly string[];
  /** One user. */
  codigoUsuario?: number;
}

export interface NuevaNotificacion extends Destino {
  tipo: TipoNotificacion;
  titulo: string;
  mensaje: string;
  /** Web route the toast links to, e.g. /app/operations/order/register/123. */
  enlace?: string | null;
  /** Small ids the screens react to (codigoMovimiento, desde, hasta, ...). Keep it small. */
  datos?: Record<string, unknown>;
  /** Idempotency key (periodic jobs): a second publication with the same key is ignored. */
  clave?: string;
}

/** The message sent through NOTIFY: the event as clients get it plus its audience (payload limit is 8000 bytes). */
export interface AvisoCanal {
  evento: EventoNotificacion;
  destino: Required<Pick<Destino, 'empresaCompleta'>> & {
    codigoEmpresaUsuario: number | null;
    roles: number[] | null;
    modulos: string[] | null;
    codigoUsuario: number | null;
  };
}

const LIMITE_CARGA = 7_500;
const recortar = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function filaAEvento(f: typeof notificacion.$inferSelect): AvisoCanal {
  return {
    evento: {
      codigoNotificacion: f.codigoNotificacion,
      fecha: f.fecha.toISOString(),
      tipo: f.tipo,
      titulo: f.titulo,
      mensaje: f.mensaje,
      enlace: f.enlace,
      datos: f.datos ?? null,
    },
    destino: {
      codigoEmpresaUsuario: f.codigoEmpresaUsuario,
      empresaCompleta: f.empresaCompleta,
      roles: f.roles,
      modulos: f.modulos,
      codigoUsuario: f.codigoUsuario,
    },
  };
}

/**
 * Stores the notification and sends it to the listeners after the caller's transaction commits.
 * Returns the event, or null when `clave` was already published. Call it inside the transaction of the change.
 */
export async function publicarNotificacion(
  tx: DbOTx,
  ctx: { actor?: Pick<Actor, 'codigoUsuario'> | null } | null,
  n: NuevaNotificacion,
): Promise<EventoNotificacion | null> {
  const sinDestino =
    n.codigoEmpresaUsuario == null && !n.roles?.length && !n.modulos?.length && n.codigoUsuario == null;
  if (sinDestino) throw new Error('publicarNotificacion: la notificación no tiene destinatarios');
  const valores = {
    tipo: n.tipo,
    titulo: recortar(n.titulo, 150),
    mensaje: recortar(n.mensaje, 1000),
    enlace: n.enlace ?? null,
    datos: n.datos ?? null,
    codigoEmpresaUsuario: n.codigoEmpresaUsuario ?? null,
    empresaCompleta: n.empresaCompleta ?? true,
    roles: n.roles?.length ? [...n.roles] : null,
    modulos: n.modulos?.length ? [...n.modulos] : null,
    codigoUsuario: n.codigoUsuario ?? null,
    codigoUsuarioOrigen: ctx?.actor?.codigoUsuario ?? null,
    clave: n.clave ?? null,
  };
  const consulta = tx.insert(notificacion).values(valores);
  const [fila] = await (n.clave ? consulta.onConflictDoNothing() : consulta).returning();
  if (!fila) return null;
  const aviso = filaAEvento(fila);
  let carga = JSON.stringify(aviso);
  // Oversized data: listeners read the stored row instead (they get only the id).
  if (Buffer.byteLength(carga) > LIMITE_CARGA) carga = JSON.stringify({ codigoNotificacion: fila.codigoNotificacion });
  await tx.execute(sql`select pg_notify(${CANAL_NOTIFICACIONES}, ${carga})`);
  return aviso.evento;
}

/** Link of an order in the web app. */
export const enlaceMovimiento = (codigoMovimiento: number) => `/app/operations/order/register/${codigoMovimiento}`;

/**
 * "Order moved to a new stage": to the order's company and to the staff of the stage it left and of the
 * stage it entered (so both stage screens refresh their lists).
 */
export function publicarCambioEtapa(
  tx: DbOTx,
  ctx: { actor?: Pick<Actor, 'codigoUsuario'> | null } | null,
  m: { codigoMovimiento: number; codigoIngreso: string; codigoEmpresaUsuario: number; desde: number; hasta: number },
) {
  // Every screen whose list the order enters or leaves, from the transition table (verifications too).
  const modulos = modulosDelCambio(m.desde, m.hasta);
  // What the order waits for now, from the transition table: after entry weighing, the entry verification.
  const etapa = etapaPendiente({ codigoEstadoMovimiento: m.hasta, registradas: [], finalizadas: [] });
  return publicarNotificacion(tx, ctx, {
    tipo: TIPO_NOTIFICACION.movimientoEtapa,
    titulo: `Orden ${m.codigoIngreso}: ${etapa}`,
    mensaje: `La orden ${m.codigoIngreso} pasó a la etapa ${etapa}.`,
    enlace: enlaceMovimiento(m.codigoMovimiento),
    datos: { codigoMovimiento: m.codigoMovimiento, codigoIngreso: m.codigoIngreso, desde: m.desde, hasta: m.hasta },
    codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    modulos,
  });
}

/** "Order observed": to the order's company and to the observed-orders inbox (operator/check). */
export function publicarMovimientoObservado(
  tx: DbOTx,
  ctx: { actor?: Pick<Actor, 'codigoUsuario'> | null } | null,
  m: { codigoMovimiento: number; codigoIngreso: string; codigoEmpresaUsuario: number; observacion?: string },
) {
  return publicarNotificacion(tx, ctx, {
    tipo: TIPO_NOTIFICACION.movimientoObservado,
    titulo: `Orden ${m.codigoIngreso} observada`,
    mensaje: m.observacion ? `Observación: ${m.observacion}` : `La orden ${m.codigoIngreso} fue observada.`,
    enlace: enlaceMovimiento(m.codigoMovimiento),
    datos: { codigoMovimiento: m.codigoMovimiento, codigoIngreso: m.codigoIngreso },
    codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    modulos: ['operator/check'],
  });
}

/** "Certificate authorized / rejected": to the certificate's company. */
export function publicarCertificado(
  tx: DbOTx,
  ctx: { actor?: Pick<Actor, 'codigoUsuario'> | null } | null,
  c: { codigoCertificado: number; numero: string; codigoEmpresaUsuario: number; autorizado: boolean; enlace: string },
) {
  return publicarNotificacion(tx, ctx, {
    tipo: c.autorizado ? TIPO_NOTIFICACION.certificadoAutorizado : TIPO_NOTIFICACION.certificadoRechazado,
    titulo: c.autorizado ? `Certificado ${c.numero} autorizado` : `Certificado ${c.numero} rechazado`,
    mensaje: c.autorizado ? `El certificado ${c.numero} fue autorizado.` : `El certificado ${c.numero} fue rechazado.`,
    enlace: c.enlace,
    datos: { codigoCertificado: c.codigoCertificado, numero: c.numero },
    codigoEmpresaUsuario: c.codigoEmpresaUsuario,
  });
}

/** "New user created": to the administrators (roles 1 and 2) and to the new user's company administrators. */
export function publicarUsuarioCreado(
  tx: DbOTx,
  ctx: { actor?: Pick<Actor, 'codigoUsuario'> | null } | null,
  u: { codigoUsuario: number; nombreUsuario: string; codigoEmpresaUsuario: number },
) {
  return publicarNotificacion(tx, ctx, {
    tipo: TIPO_NOTIFICACION.usuarioCreado,
    titulo: 'Nuevo usuario creado',
    mensaje: `Se creó el usuario ${u.nombreUsuario}.`,
    enlace: '/app/administration/users',
    datos: { codigoUsuario: u.codigoUsuario },
    codigoEmpresaUsuario: u.codigoEmpresaUsuario,
    empresaCompleta: false,
    roles: [1, 2],
  });
}
