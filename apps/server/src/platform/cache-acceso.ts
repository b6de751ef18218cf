import type { Permisos } from '@cronos/contract';

/** What a request needs of its session, as the database last said it. */
export interface SesionEnCache {
  codigoSesion: number;
  codigoUsuario: number;
  nombreUsuario: string;
  codigoRol: number;
  nivelUsuario: number;
  codigoEmpresaUsuario: number;
  /** Epoch ms. */
  expiraEn: number;
  /** Epoch ms of the last activity written to the database. */
  ultimaActividad: number;
}

/** Entries are read again from the database after this long, even if no change was announced. */
const VIDA_ENTRADA_MS = 60_000;
const MAXIMO_SESIONES = 20_000;

/**
 * The caches of the app instances of this process (one in production; tests build several). A change made by a
 * request is dropped from all of them at once: for an app of another database it only costs a re-read.
 */
const cachesDelProceso = new Set<CacheAcceso>();

/**
 * Sessions and permission trees kept in the API instance, so that an authenticated request costs no query
 * before its own. Kept true by the database: triggers announce every revocation and every change of a user or of
 * its permissions on the channel 'cronos_acceso' (migration 0012), every instance drops what it had for it, and a
 * change made by a request is dropped at once by its own process (`avisarCambioAcceso`). Entries also expire
 * after a minute, and
 * a lost LISTEN connection empties the cache.
 */
export class CacheAcceso {
  private readonly sesiones = new Map<string, { s: SesionEnCache; leidaEn: number }>();
  private readonly permisos = new Map<number, { p: Map<string, Permisos>; leidaEn: number }>();

  constructor() {
    cachesDelProceso.add(this);
  }

  /** The app closes: this cache no longer hears `avisarCambioAcceso`. */
  cerrar() {
    this.vaciar();
    cachesDelProceso.delete(this);
  }

  leerSesion(hash: string, ahora: number): SesionEnCache | undefined {
    const e = this.sesiones.get(hash);
    if (!e) return undefined;
    if (ahora - e.leidaEn >= VIDA_ENTRADA_MS) {
      this.sesiones.delete(hash);
      return undefined;
    }
    return e.s;
  }

  guardarSesion(hash: string, s: SesionEnCache, ahora: number) {
    if (this.sesiones.size >= MAXIMO_SESIONES) {
      const primera = this.sesiones.keys().next().value;
      if (primera !== undefined) this.sesiones.delete(primera);
    }
    this.sesiones.set(hash, { s, leidaEn: ahora });
  }

  leerPermisos(codigoUsuario: number, ahora: number): Map<string, Permisos> | undefined {
    const e = this.permisos.get(codigoUsuario);
    if (!e) return undefined;
    if (ahora - e.leidaEn >= VIDA_ENTRADA_MS) {
      this.permisos.delete(codigoUsuario);
      return undefined;
    }
    return e.p;
  }

  guardarPermisos(codigoUsuario: number, p: Map<string, Permisos>, ahora: number) {
    this.permisos.set(codigoUsuario, { p, leidaEn: ahora });
  }

  /** Applies an announcement: 's:<sesión>', 'u:<usuario>' or '*'. */
  invalidar(carga: string) {
    const [tipo, valor] = carga.split(':');
    const codigo = Number(valor);
    if (tipo === 's' && Number.isInteger(codigo)) {
      for (const [hash, e] of this.sesiones) if (e.s.codigoSesion === codigo) this.sesiones.delete(hash);
    } else if (tipo === 'u' && Number.isInteger(codigo)) {
      for (const [hash, e] of this.sesiones) if (e.s.codigoUsuario === codigo) this.sesiones.delete(hash);
      this.permisos.delete(codigo);
    } else {
      this.vaciar();
    }
  }

  vaciar() {
    this.sesiones.clear();
    this.permisos.clear();
  }
}

/**
 * A change of sessions or permissions made by the request being served: this process drops it now (the other
 * instances hear the database's announcement when the transaction commits). Not scoped to the request with an
 * AsyncLocalStorage: on Node 20 one enables promise hooks for the whole process, which cost the gate's reads a
 * sixth of their CPU.
 */
export function avisarCambioAcceso(carga: string) {
  for (const cache of cachesDelProceso) cache.invalidar(carga);
}
