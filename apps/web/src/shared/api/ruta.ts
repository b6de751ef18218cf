import {
  type BodyDe,
  type DefinicionRuta,
  MENSAJES,
  type ParamsDe,
  type QueryDe,
  type RespuestaDe,
} from '@cronos/contract';
import { obtenerSesion } from '../sesion/almacen-sesion';
import { ErrorApi, llamar, type OpcionesLlamada, type Parametros, conParametros, reaccionGlobal } from './cliente';
import { leerConProgreso } from '../descarga/recibir';

/**
 * The typed client: screens call a route by its contract definition (packages/contract/src/api), never by a
 * string path. Query, body and answer types come from the definition's zod schemas.
 */
type Partes<D extends DefinicionRuta> = (QueryDe<D> extends undefined ? { query?: undefined } : { query: QueryDe<D> }) &
  (BodyDe<D> extends undefined ? { body?: undefined } : { body: BodyDe<D> }) &
  (ParamsDe<D> extends undefined ? { params?: undefined } : { params: ParamsDe<D> });

/** Arguments of a call: optional altogether when the route takes nothing. */
export type ArgumentosDe<D extends DefinicionRuta> = Partes<D> & OpcionesLlamada;

/** '/Recurso/{id}' or '/Recurso/:id' with the params filled in. */
const conRuta = (ruta: string, params?: Record<string, unknown>) =>
  params ? ruta.replace(/[:{](\w+)\}?/g, (_, k: string) => encodeURIComponent(String(params[k] ?? ''))) : ruta;

/**
 * A file route's body as a Blob. `signal` cancels it (an ErrorApi of status 0 without any notification: the user
 * asked for it); `alRecibir` is told the bytes received as they arrive.
 */
async function descargarBlob(ruta: string, opciones: OpcionesLlamada): Promise<Blob> {
  const token = obtenerSesion().token;
  const cancelada = () => new ErrorApi(0, 'Solicitud cancelada');
  let r: Response;
  try {
    r = await fetch(`/api${ruta}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: opciones.signal,
    });
  } catch (e) {
    if (opciones.signal?.aborted) throw cancelada();
    throw e;
  }
  if (!r.ok) {
    const cuerpo = (await r.json().catch(() => null)) as { message?: string } | null;
    const e = new ErrorApi(r.status, cuerpo?.message ?? MENSAJES.errorInesperado);
    reaccionGlobal(e, {});
    throw e;
  }
  try {
    return opciones.alRecibir && r.body
      ? await leerConProgreso(r.body, r.headers.get('content-type') ?? '', opciones.alRecibir)
      : await r.blob();
  } catch (e) {
    if (opciones.signal?.aborted) throw cancelada();
    throw e;
  }
}

/** Calls the route of `def`; resolves to the declared answer (the envelope, or a Blob for file routes). */
export async function llamarRuta<D extends DefinicionRuta>(
  def: D,
  ...[argumentos]: Record<never, never> extends Partes<D> ? [ArgumentosDe<D>?] : [ArgumentosDe<D>]
): Promise<RespuestaDe<D>> {
  const { query, body, params, ...opciones } = (argumentos ?? {}) as {
    query?: Parametros;
    body?: unknown;
    params?: Record<string, unknown>;
  } & OpcionesLlamada;
  const ruta = conParametros(conRuta(def.ruta, params), query);
  if (def.tipoRespuesta === 'archivo') return (await descargarBlob(ruta, opciones)) as RespuestaDe<D>;
  if (def.metodo === 'GET' || def.metodo === 'DELETE') {
    return (await llamar(def.metodo, ruta, undefined, {}, opciones)) as RespuestaDe<D>;
  }
  if (def.cuerpo === 'multipart')
    return (await llamar(def.metodo, ruta, body as FormData, {}, opciones)) as RespuestaDe<D>;
  return (await llamar(
    def.metodo,
    ruta,
    JSON.stringify(body ?? {}),
    { 'content-type': 'application/json' },
    opciones,
  )) as RespuestaDe<D>;
}
