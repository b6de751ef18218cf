import { hash, randomBytes } from 'node:crypto';
import { INACTIVIDAD_MS, type ItemMenu, type Permisos, VIDA_MAXIMA_SESION_MS } from '@cronos/contract';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Db, DbOTx } from '../db/client';
import { permiso, permisoUsuario, sesion, usuario } from '../db/schema';
import { avisarCambioAcceso, type CacheAcceso, type SesionEnCache } from './cache-acceso';
import type { Actor } from './contexto';

/** Every authenticated request hashes its token: the one-shot `hash` (Node ≥ 20.12) costs a third of a Hash object. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

/** Last-activity writes are spaced out: one per minute per session is enough for a 40-minute idle limit. */
const INTERVALO_ACTIVIDAD_MS = 60_000;

export async function crearSesion(
  tx: DbOTx,
  codigoUsuario: number,
  ahora: Date,
  origen: { ip?: string; agente?: string },
): Promise<{ token: string; codigoSesion: number }> {
  const token = randomBytes(32).toString('base64url');
  const [fila] = await tx
    .insert(sesion)
    .values({
      tokenHash: hashToken(token),
      codigoUsuario,
      creadaEn: ahora,
      ultimaActividad: ahora,
      expiraEn: new Date(ahora.getTime() + VIDA_MAXIMA_SESION_MS),
      ip: origen.ip?.slice(0, 64),
      agente: origen.agente?.slice(0, 300),
    })
    .returning({ codigoSesion: sesion.codigoSesion });
  if (!fila) throw new Error('No se pudo crear la sesión');
  return { token, codigoSesion: fila.codigoSesion };
}

/**
 * The actor of a bearer token, or null when the token is unknown, revoked, idle for 40 minutes, past its
 * 12 hours, or its user was disabled. With a cache (platform/cache-acceso.ts) a known session costs no query:
 * revocations and permission changes reach the cache through the database's announcements; a session that looks
 * expired in the cache is read again before it is refused (another instance may have seen it active).
 */
export async function validarToken(db: Db, token: string, ahora: Date, cache?: CacheAcceso): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const hash = hashToken(token);
  const t = ahora.getTime();
  const vigente = (s: SesionEnCache) => s.expiraEn > t && t - s.ultimaActividad < INACTIVIDAD_MS;
  let s: SesionEnCache | null | undefined = cache?.leerSesion(hash, t);
  if (!s || !vigente(s)) {
    s = await leerSesion(db, hash);
    if (!s) return null;
    cache?.guardarSesion(hash, s, t);
  }
  if (!vigente(s)) return null;
  if (t - s.ultimaActividad >= INTERVALO_ACTIVIDAD_MS) {
    await db.update(sesion).set({ ultimaActividad: ahora }).where(eq(sesion.codigoSesion, s.codigoSesion));
    s.ultimaActividad = t;
  }
  let permisos = cache?.leerPermisos(s.codigoUsuario, t);
  if (!permisos) {
    permisos = await cargarPermisos(db, s.codigoUsuario);
    cache?.guardarPermisos(s.codigoUsuario, permisos, t);
  }
  return {
    codigoSesion: s.codigoSesion,
    codigoUsuario: s.codigoUsuario,
    nombreUsuario: s.nombreUsuario,
    codigoRol: s.codigoRol,
    nivelUsuario: s.nivelUsuario,
    codigoEmpresaUsuario: s.codigoEmpresaUsuario,
    permisos,
  };
}

/** The session of a token hash as the database says it, or null when revoked or its user is disabled. */
async function leerSesion(db: Db, hash: string): Promise<SesionEnCache | null> {
  const [fila] = await db
    .select({
      codigoSesion: sesion.codigoSesion,
      expiraEn: sesion.expiraEn,
      ultimaActividad: sesion.ultimaActividad,
      revocadaEn: sesion.revocadaEn,
      codigoUsuario: usuario.codigoUsuario,
      nombreUsuario: usuario.nombreUsuario,
      codigoRol: usuario.codigoRol,
      nivelUsuario: usuario.nivelUsuario,
      codigoEmpresaUsuario: usuario.codigoEmpresaUsuario,
      estadoAnulado: usuario.estadoAnulado,
    })
    .from(sesion)
    .innerJoin(usuario, eq(usuario.codigoUsuario, sesion.codigoUsuario))
    .where(eq(sesion.tokenHash, hash))
    .limit(1);
  if (!fila || fila.revocadaEn || fila.estadoAnulado !== 0) return null;
  return {
    codigoSesion: fila.codigoSesion,
    codigoUsuario: fila.codigoUsuario,
    nombreUsuario: fila.nombreUsuario,
    codigoRol: fila.codigoRol,
    nivelUsuario: fila.nivelUsuario,
    codigoEmpresaUsuario: fila.codigoEmpresaUsuario,
    expiraEn: fila.expiraEn.getTime(),
    ultimaActividad: fila.ultimaActividad.getTime(),
  };
}

export async function cargarPermisos(db: DbOTx, codigoUsuario: number): Promise<Map<string, Permisos>> {
  const filas = await db
    .select({
      modulo: permiso.modulo,
      permiteListar: permisoUsuario.permiteListar,
      permiteAgregar: permisoUsuario.permiteAgregar,
      permiteEditar: permisoUsuario.permiteEditar,
      permiteEliminar: permisoUsuario.permiteEliminar,
    })
    .from(permisoUsuario)
    .innerJoin(permiso, eq(permiso.codigoPermiso, permisoUsuario.codigoPermiso))
    .where(eq(permisoUsuario.codigoUsuario, codigoUsuario));
  return new Map(filas.map(({ modulo, ...p }) => [modulo, p]));
}

export async function revocarSesion(tx: DbOTx, codigoSesion: number, ahora: Date) {
  await tx
    .update(sesion)
    .set({ revocadaEn: ahora })
    .where(and(eq(sesion.codigoSesion, codigoSesion), isNull(sesion.revocadaEn)));
  avisarCambioAcceso(`s:${codigoSesion}`);
}

/** Ends every open session of a user (disabled user, password set by an administrator). */
export async function revocarSesionesDeUsuario(tx: DbOTx, codigoUsuario: number, ahora: Date, excepto?: number) {
  const condiciones = [eq(sesion.codigoUsuario, codigoUsuario), isNull(sesion.revocadaEn)];
  if (excepto !== undefined) condiciones.push(ne(sesion.codigoSesion, excepto));
  await tx
    .update(sesion)
    .set({ revocadaEn: ahora })
    .where(and(...condiciones));
  avisarCambioAcceso(`u:${codigoUsuario}`);
}

/** The sidebar of spec 01 §3: groups with the screens the user may list, in menu order. */
export async function construirMenu(db: DbOTx, permisos: Map<string, Permisos>): Promise<ItemMenu[]> {
  const nodos = await db.select().from(permiso).orderBy(asc(permiso.indexLink));
  const grupos = nodos.filter((n) => n.codigoPadre === null);
  const menu: ItemMenu[] = [];
  for (const g of grupos) {
    const hijos = nodos
      .filter((n) => n.codigoPadre === g.codigoPermiso && permisos.get(n.modulo)?.permiteListar)
      .map((n) => aItem(n, permisos.get(n.modulo), []));
    if (hijos.length > 0) menu.push(aItem(g, undefined, hijos));
  }
  return menu;
}

function aItem(n: typeof permiso.$inferSelect, p: Permisos | undefined, detalle: ItemMenu[]): ItemMenu {
  return {
    codigoPermiso: n.codigoPermiso,
    link: n.link,
    urlLink: n.urlLink ?? '',
    iconoLink: n.iconoLink,
    indexLink: n.indexLink,
    permiteListar: p?.permiteListar ?? detalle.length > 0,
    permiteAgregar: p?.permiteAgregar ?? false,
    permiteEditar: p?.permiteEditar ?? false,
    permiteEliminar: p?.permiteEliminar ?? false,
    detalle,
  };
}
