import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import { AppError } from './errores';

/**
 * Uploads and downloads, one way for every module.
 *
 * - Files are streamed to DATA_DIR/archivos/<yyyy>/<mm>/<uuid>.<ext>; the size limit is enforced while
 *   streaming (the upload stops at limit + 1 byte), so a large file never fills memory or disk.
 * - The type is decided by the content (magic bytes), never by the file name or the declared header:
 *   a renamed executable is refused.
 * - A refused, failed or cut upload leaves no file behind; the caller writes its rows after
 *   `leerMultipart` returns, and calls `descartar` if its own transaction fails (or uses `conArchivos`).
 *
 * Usage in a route:
 *   const { campos, archivos } = await leerMultipart(req, config.archivosDir, { archivo: REGLA_PDF_8MB });
 *   await conArchivos(config.archivosDir, archivos, () => servicio.guardar(ctx, campos, archivos));
 * Download: `await enviarArchivo(reply, config.archivosDir, { rutaArchivo, nombreArchivo, tipoContenido })`.
 */

export type TipoArchivo = 'pdf' | 'jpg' | 'png' | 'tif' | 'xlsx' | 'xls';

const MIME: Record<TipoArchivo, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};
/** file-type's extension for each accepted type. */
const DETECTADO: Record<string, TipoArchivo> = {
  pdf: 'pdf',
  jpg: 'jpg',
  png: 'png',
  tif: 'tif',
  xlsx: 'xlsx',
  xls: 'xls',
  cfb: 'xls',
};

export interface ReglaArchivo {
  tipos: readonly TipoArchivo[];
  maxBytes: number;
  /** The spec's message for a file over the limit, e.g. 'Error! El archivo excede los 8MB!'. */
  mensajeTamanio: string;
  /** The spec's message for a wrong type, e.g. 'El archivo en formato no admitido'. */
  mensajeTipo: string;
  /** How many files this field accepts (default 1). */
  maxArchivos?: number;
  /** Whether the field is required (default true). */
  requerido?: boolean;
}

export const MB = 1024 * 1024;

export interface ArchivoGuardado {
  campo: string;
  /** The client's name, reduced to a safe base name (for display and download only). */
  nombreArchivo: string;
  /** Generated relative path under the files directory; this is what rows store. */
  rutaArchivo: string;
  tipo: TipoArchivo;
  tipoContenido: string;
  tamanio: number;
  sha256: string;
}

/** Control characters and the characters file systems or headers choke on become '_'. */
const caracterInseguro = (c: string) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || '<>:"|?*'.includes(c);
const nombreSeguro = (nombre: string) =>
  Array.from(basename(nombre.replaceAll('\\', '/')), (c) => (caracterInseguro(c) ? '_' : c))
    .join('')
    .slice(-200) || 'archivo';

function rutaAbsoluta(dirBase: string, rutaArchivo: string) {
  const base = resolve(dirBase);
  const completa = resolve(base, rutaArchivo);
  if (!completa.startsWith(base + sep)) throw new AppError(404, 'El recurso solicitado no existe.');
  return completa;
}

export async function descartar(dirBase: string, archivos: readonly ArchivoGuardado[]) {
  await Promise.all(archivos.map((a) => rm(rutaAbsoluta(dirBase, a.rutaArchivo), { force: true })));
}

/** Runs `trabajo` (the caller's transaction); if it fails, the files it was given are removed. */
export async function conArchivos<T>(dirBase: string, archivos: readonly ArchivoGuardado[], trabajo: () => Promise<T>) {
  try {
    return await trabajo();
  } catch (e) {
    await descartar(dirBase, archivos);
    throw e;
  }
}

class ExcedeLimite extends Error {}

/** Streams one part to disk, counting bytes; refuses past the limit and by content; cleans up on any failure. */
async function guardarParte(
  dirBase: string,
  campo: string,
  nombreOriginal: string,
  flujo: NodeJS.ReadableStream,
  regla: ReglaArchivo,
): Promise<ArchivoGuardado> {
  const ahora = new Date();
  const carpeta = `${ahora.getUTCFullYear()}/${String(ahora.getUTCMonth() + 1).padStart(2, '0')}`;
  const temporal = `${carpeta}/${randomUUID()}.subiendo`;
  const absTemporal = rutaAbsoluta(dirBase, temporal);
  await mkdir(dirname(absTemporal), { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const contador = new Transform({
    transform(trozo: Buffer, _c, listo) {
      bytes += trozo.length;
      if (bytes > regla.maxBytes) return listo(new ExcedeLimite());
      hash.update(trozo);
      listo(null, trozo);
    },
  });
  try {
    await pipeline(flujo, contador, createWriteStream(absTemporal, { flags: 'wx' }));
    if ((flujo as { truncated?: boolean }).truncated) throw new ExcedeLimite();
    if (bytes === 0) throw new AppError(422, regla.mensajeTipo);
    const detectado = await fileTypeFromFile(absTemporal);
    const tipo = detectado ? DETECTADO[detectado.ext] : undefined;
    if (!tipo || !regla.tipos.includes(tipo)) throw new AppError(415, regla.mensajeTipo);
    const rutaArchivo = `${carpeta}/${randomUUID()}.${tipo}`;
    await rename(absTemporal, rutaAbsoluta(dirBase, rutaArchivo));
    return {
      campo,
      nombreArchivo: nombreSeguro(nombreOriginal),
      rutaArchivo,
      tipo,
      tipoContenido: MIME[tipo],
      tamanio: bytes,
      sha256: hash.digest('hex'),
    };
  } catch (e) {
    await rm(absTemporal, { force: true });
    // Drain what is left of this part so the request can end cleanly.
    (flujo as NodeJS.ReadableStream & { resume?: () => void }).resume?.();
    if (e instanceof ExcedeLimite) throw new AppError(413, regla.mensajeTamanio);
    if (e instanceof AppError) throw e;
    throw new AppError(400, 'La carga del archivo no se completó. Intente nuevamente.');
  }
}

/**
 * Reads a multipart request: text fields into `campos`, files of the fields named in `reglas` to disk.
 * A file in a field without a rule, too many files, a missing required file, or any failure refuses the
 * whole request and removes every file already written.
 */
export async function leerMultipart(
  req: FastifyRequest,
  dirBase: string,
  reglas: Record<string, ReglaArchivo>,
): Promise<{ campos: Record<string, string>; archivos: ArchivoGuardado[] }> {
  if (!req.isMultipart()) throw new AppError(415, 'La solicitud debe enviarse como formulario con archivos.');
  const maxBytes = Math.max(...Object.values(reglas).map((r) => r.maxBytes));
  const campos: Record<string, string> = {};
  const archivos: ArchivoGuardado[] = [];
  try {
    // throwFileSizeLimit: false — the limit is enforced by our own byte counter, which also cleans up.
    const opciones = { limits: { fileSize: maxBytes + 1 }, throwFileSizeLimit: false } as Parameters<
      FastifyRequest['parts']
    >[0];
    for await (const parte of req.parts(opciones)) {
      if (parte.type === 'field') {
        if (typeof parte.value === 'string') campos[parte.fieldname] = parte.value;
        continue;
      }
      const regla = reglas[parte.fieldname];
      if (!regla) {
        parte.file.resume();
        throw new AppError(422, `El campo ${parte.fieldname} no admite archivos.`);
      }
      const cuantos = archivos.filter((a) => a.campo === parte.fieldname).length;
      if (cuantos >= (regla.maxArchivos ?? 1)) {
        parte.file.resume();
        throw new AppError(422, `Se admite como máximo ${regla.maxArchivos ?? 1} archivo(s) en ${parte.fieldname}.`);
      }
      archivos.push(await guardarParte(dirBase, parte.fieldname, parte.filename, parte.file, regla));
    }
    for (const [campo, regla] of Object.entries(reglas)) {
      if ((regla.requerido ?? true) && !archivos.some((a) => a.campo === campo)) {
        throw new AppError(422, 'Debe adjuntar un archivo.', { [campo]: ['Debe adjuntar un archivo.'] });
      }
    }
    return { campos, archivos };
  } catch (e) {
    await descartar(dirBase, archivos);
    if (e instanceof AppError) throw e;
    throw new AppError(400, 'La carga del archivo no se completó. Intente nuevamente.');
  }
}

/** Sends a stored file as a download with safe headers (type from content, attachment, no sniffing). */
export async function enviarArchivo(
  reply: FastifyReply,
  dirBase: string,
  archivo: { rutaArchivo: string; nombreArchivo: string; tipoContenido: string },
  opciones: { enLinea?: boolean } = {},
) {
  const ruta = rutaAbsoluta(dirBase, archivo.rutaArchivo);
  const info = await stat(ruta).catch(() => null);
  if (!info?.isFile()) throw new AppError(404, 'El recurso solicitado no existe.');
  const nombre = nombreSeguro(archivo.nombreArchivo);
  const ascii = nombre.replace(/[^\x20-\x7e]/g, '_').replaceAll('"', '');
  const manejador = await open(ruta, 'r');
  return reply
    .header('content-type', archivo.tipoContenido)
    .header('content-length', info.size)
    .header(
      'content-disposition',
      `${opciones.enLinea ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nombre)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(manejador.createReadStream());
}
