import { AsyncLocalStorage } from 'node:async_hooks';
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

/** The cache of the instance serving the current request (set by `acompaniarSolicitudes`). */
const cacheDeLaSolicitud = new AsyncLocalStorage<CacheAcceso>();

/**
 * Sessions and permission trees kept in the API instance, so that an authenticated request costs no query
 * before its own. Kept true by the database: triggers announce every revocation and every change of a user or of
 * its permissions on the channel 'cronos_acceso' (migration 0012), every instance drops what it had for it, and a
 * change made by a request is dropped at once by its own instance (`avisarCambioAcceso`). Entries also expire
 * after a minute, and
 * a lost LISTEN connection empties the cache.
 */
export class CacheAcceso {
  private readonly sesiones = new Map<string, { s: SesionEnCache; leidaEn: number }>();
  private readonly permisos = new Map<number, { p: Map<string, Permisos>; leidaEn: number }>();

  /** Runs a request's work with this cache as the one `avisarCambioAcceso` reaches. */
  acompaniar(continuar: () => void) {
    cacheDeLaSolicitud.run(this, continuar);
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
 * A change of sessions or permissions made by the request being served: its instance drops it now (the other
 * instances hear the database's announcement when the transaction commits).
 */
export function avisarCambioAcceso(carga: string) {
  cacheDeLaSolicitud.getStore()?.invalidar(carga);
}
