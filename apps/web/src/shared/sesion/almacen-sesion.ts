import type { ItemMenu, UsuarioSesion } from '@cronos/contract';
import { useSyncExternalStore } from 'react';

/**
 * The session kept locally (spec 01 §4): token, user, menu, app version and the authenticated flag.
 * Ending the session, for any reason, clears all of them plus the cached lookups.
 */
const CLAVES = {
  token: 'cronos.token',
  usuario: 'cronos.usuario',
  permisos: 'cronos.permisos',
  version: 'cronos.version',
  autenticado: 'cronos.autenticado',
};
/** Cached lookups live under this prefix until logout (spec 01 §3). */
export const PREFIJO_CACHE = 'cronos.cache.';
export const VERSION_APP = '0.1.0';

export type MotivoCierre = 'logout' | 'expirada' | 'inactividad';
/** Kept in sessionStorage so the login screen still says why after a reload (e.g. a new version). */
const CLAVE_MOTIVO = 'cronos.motivoCierre';
const leerMotivo = (): MotivoCierre | null => {
  const m = sessionStorage.getItem(CLAVE_MOTIVO);
  return m === 'logout' || m === 'expirada' || m === 'inactividad' ? m : null;
};

export interface EstadoSesion {
  token: string | null;
  usuario: UsuarioSesion | null;
  permisos: ItemMenu[];
  autenticado: boolean;
  /** Why the last session ended, for the login screen's message; cleared by the next sign-in. */
  motivoCierre: MotivoCierre | null;
}

const leerJson = <T>(clave: string, defecto: T): T => {
  try {
    const v = localStorage.getItem(clave);
    return v ? (JSON.parse(v) as T) : defecto;
  } catch {
    return defecto;
  }
};

function leer(): EstadoSesion {
  const token = localStorage.getItem(CLAVES.token);
  const usuario = leerJson<UsuarioSesion | null>(CLAVES.usuario, null);
  return {
    token,
    usuario,
    permisos: leerJson<ItemMenu[]>(CLAVES.permisos, []),
    autenticado: Boolean(token && usuario && localStorage.getItem(CLAVES.autenticado) === 'true'),
    motivoCierre: leerMotivo(),
  };
}

let estado = leer();
const oyentes = new Set<() => void>();
const alCerrarOyentes = new Set<(motivo: MotivoCierre) => void>();
const emitir = () => {
  for (const o of oyentes) o();
};

export function iniciarSesionLocal(token: string, usuario: UsuarioSesion, permisos: ItemMenu[]) {
  localStorage.setItem(CLAVES.token, token);
  localStorage.setItem(CLAVES.usuario, JSON.stringify(usuario));
  localStorage.setItem(CLAVES.permisos, JSON.stringify(permisos));
  localStorage.setItem(CLAVES.version, VERSION_APP);
  localStorage.setItem(CLAVES.autenticado, 'true');
  sessionStorage.removeItem(CLAVE_MOTIVO);
  estado = { token, usuario, permisos, autenticado: true, motivoCierre: null };
  emitir();
}

export function actualizarSesionLocal(usuario: UsuarioSesion, permisos: ItemMenu[]) {
  if (!estado.token) return;
  localStorage.setItem(CLAVES.usuario, JSON.stringify(usuario));
  localStorage.setItem(CLAVES.permisos, JSON.stringify(permisos));
  estado = { ...estado, usuario, permisos };
  emitir();
}

/** Clears token, user, menu, version, flag and every cached lookup; listeners (query cache, push channel) follow. */
export function cerrarSesionLocal(motivo: MotivoCierre) {
  if (!estado.token && !estado.autenticado) return;
  for (const clave of Object.values(CLAVES)) localStorage.removeItem(clave);
  for (const clave of Object.keys(localStorage)) if (clave.startsWith(PREFIJO_CACHE)) localStorage.removeItem(clave);
  sessionStorage.setItem(CLAVE_MOTIVO, motivo);
  estado = { token: null, usuario: null, permisos: [], autenticado: false, motivoCierre: motivo };
  emitir();
  for (const o of alCerrarOyentes) o(motivo);
}

/** Registers work to do whenever a session ends (returns the unsubscribe function). */
export function alCerrarSesion(oyente: (motivo: MotivoCierre) => void) {
  alCerrarOyentes.add(oyente);
  return () => alCerrarOyentes.delete(oyente);
}

export const obtenerSesion = () => estado;

const suscribir = (o: () => void) => {
  oyentes.add(o);
  return () => oyentes.delete(o);
};

export const useSesion = () => useSyncExternalStore(suscribir, obtenerSesion);

// Another tab signing out (or in) is followed here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === CLAVES.token || e.key === CLAVES.autenticado) {
      const antes = estado.autenticado;
      estado = leer();
      if (antes && !estado.autenticado) estado.motivoCierre = 'logout';
      emitir();
    }
  });
}
