import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const TIPO_PDF = 'application/pdf';

export interface Descarga {
  /** The file's media type (TIPO_XLSX, TIPO_PDF, a stored file's type…). */
  tipo: string;
  /** The file name the browser saves it as; any character, it is encoded here. */
  nombre: string;
  /** Shown in the browser (a PDF preview) rather than saved. */
  enLinea?: boolean;
  /** Bytes, when known before sending. */
  largo?: number;
  /** A stored file sent as it is (an upload), not an export made for this request: not timed as an export. */
  guardado?: boolean;
}

/** The requests answered with a generated file, and its type: the metrics time them as exports. */
const exportaciones = new WeakMap<FastifyRequest, string>();
export const descargaDe = (req: FastifyRequest) => exportaciones.get(req);

/**
 * Content-Disposition for `nombre`: an ASCII `filename` for old clients (other characters as '_', no quotes or
 * backslashes, which would end or escape the quoted string) and the exact name in `filename*` (RFC 6266 / 8187).
 */
export function disposicion(nombre: string, enLinea = false) {
  const ascii = nombre.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '');
  return `${enLinea ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nombre)}`;
}

/**
 * The headers of every file download (docs/adr/0141-una-descarga.md): its type and name, no content sniffing, and
 * no caching anywhere (the files hold one tenant's data and are made anew on each request). Returns the reply, for
 * the route to send its bytes or stream.
 */
export function cabecerasDescarga(reply: FastifyReply, d: Descarga) {
  reply
    .header('content-type', d.tipo)
    .header('content-disposition', disposicion(d.nombre, d.enLinea))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (d.largo !== undefined) reply.header('content-length', d.largo);
  if (!d.guardado) exportaciones.set(reply.request, d.tipo);
  return reply;
}

/** Sends a whole file (a buffer, a text, or a stream) as a download. */
export const enviarDescarga = (reply: FastifyReply, d: Descarga, contenido: Buffer | string | Readable) =>
  cabecerasDescarga(reply, d).send(contenido);
