import { MENSAJES } from '@cronos/contract';
import { cerrarSesionLocal, obtenerSesion } from '../sesion/almacen-sesion';
import { cabeceraIdempotencia, terminarIdempotencia } from '../red/idempotencia';
import { notificar } from './notificador';

/** HTTP timeout of every call (spec 01 §7). */
export const TIEMPO_LIMITE_MS = 60_000;

export class ErrorApi extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly cuerpo?: unknown,
  ) {
    super(message);
    this.name = 'ErrorApi';
  }
}

export interface Sobre<T> {
  success: boolean | string;
  message: string;
  data: T;
  meta?: { total: number; current_page: number; per_page: number };
  errors?: Record<string, string[]>;
}

export interface OpcionesLlamada {
  /** Do not show the global error notification (the screen shows its own message). */
  silencioso?: boolean;
  /** Statuses this caller handles itself (no global notification for them). */
  manejar?: number[];
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The bearer token to send instead of the current session's (a logout sent after the local session ended). */
  token?: string;
  /** File routes: the bytes received so far, after each chunk (the screen shows a long download's progress). */
  alRecibir?: (bytes: number) => void;
}

export type Parametros = Record<string, string | number | boolean | null | undefined>;

export const conParametros = (ruta: string, params?: Parametros) => {
  if (!params) return ruta;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${ruta}?${s}` : ruta;
};

/**
 * The global reaction to an error status (spec 01 §8): 401 ends the session; 403, 404, 500 and the rest show
 * the spec's wording for 5 s. 400 and 422 carry the server's message / field errors for the form to show.
 */
export function reaccionGlobal(e: ErrorApi, opciones: OpcionesLlamada) {
  if (e.status === 401) {
    if (obtenerSesion().autenticado) {
      notificar.error(MENSAJES.sesionExpiradaGlobal);
      cerrarSesionLocal('expirada');
    }
    return;
  }
  if (opciones.silencioso || opciones.manejar?.includes(e.status)) return;
  if (e.status === 403) notificar.error(MENSAJES.sinPermisos);
  else if (e.status === 404) notificar.error(MENSAJES.noExiste);
  else if (e.status >= 500 || e.status === 0) notificar.error(MENSAJES.errorConsultaGlobal);
  else if (e.status === 422) notificar.error(e.message || MENSAJES.erroresFormulario);
  else if (e.status >= 400) notificar.error(e.message || MENSAJES.errorInesperado);
  else notificar.error(MENSAJES.errorInesperado);
}

export async function llamar<T>(
  metodo: string,
  ruta: string,
  cuerpo: BodyInit | undefined,
  cabeceras: HeadersInit,
  opciones: OpcionesLlamada = {},
): Promise<Sobre<T>> {
  const controlador = new AbortController();
  const limite = setTimeout(() => controlador.abort(), opciones.timeoutMs ?? TIEMPO_LIMITE_MS);
  opciones.signal?.addEventListener('abort', () => controlador.abort());
  const token = opciones.token ?? obtenerSesion().token;
  const { firma, cabecera } = cabeceraIdempotencia(metodo, ruta, cuerpo);
  let respuesta: Response;
  try {
    respuesta = await fetch(`/api${ruta}`, {
      method: metodo,
      body: cuerpo,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...cabecera, ...cabeceras },
      signal: controlador.signal,
    });
  } catch {
    clearTimeout(limite);
    terminarIdempotencia(firma, false);
    const e = new ErrorApi(
      0,
      opciones.signal?.aborted
        ? 'Solicitud cancelada'
        : 'No hay conexión con el servidor. Verifique su red e intente nuevamente.',
    );
    if (!opciones.signal?.aborted) reaccionGlobal(e, opciones);
    throw e;
  }
  clearTimeout(limite);
  terminarIdempotencia(firma, true);
  const tipo = respuesta.headers.get('content-type') ?? '';
  const sobre = (
    tipo.includes('application/json') ? await respuesta.json().catch(() => null) : null
  ) as Sobre<T> | null;
  if (!respuesta.ok) {
    const e = new ErrorApi(respuesta.status, sobre?.message ?? MENSAJES.errorInesperado, sobre?.errors, sobre);
    reaccionGlobal(e, opciones);
    throw e;
  }
  if (!sobre) throw new ErrorApi(respuesta.status, MENSAJES.errorInesperado);
  return sobre;
}
