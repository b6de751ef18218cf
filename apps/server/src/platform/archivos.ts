import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { threadId } from 'node:worker_threads';
import { pipeline } from 'node:stream/promises';
import { MENSAJES, tieneCaracteresControl } from '@cronos/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { AppError } from './errores';
import { enviarDescarga } from './descarga';

/**
 * Uploads and downloads, one way for every module.
 *
 * - Files are streamed to DATA_DIR/archivos/temporal/<uuid>.subiendo, then renamed to
 *   DATA_DIR/archivos/<yyyy>/<mm>/<uuid>.<ext>; the size limit is enforced while streaming (the upload stops
 *   at limit + 1 byte, and a declared Content-Length over the route's total is refused before any byte is
 *   read), so a large file never fills memory or disk. What a crash leaves half-written in temporal/ is
 *   removed at start and periodically (`limpiarSubidasCortadas`).
 * - The stored and served name takes the extension of the detected type ('poli.html' read as JPEG is
 *   'poli.jpg').
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
/** Extensions a client name may keep for each type; any other extension is replaced by the type's own. */
const EXTENSIONES: Record<TipoArchivo, readonly string[]> = {
  pdf: ['pdf'],
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  tif: ['tif', 'tiff'],
  xlsx: ['xlsx'],
  xls: ['xls'],
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
  /**
   * Whether a refusal names the file ('foto-2.jpg: <message>') and is put on the field: for fields that take
   * several files, so the person knows which one to replace.
   */
  nombrarArchivo?: boolean;
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

/** The client's name made safe, with the extension of the type read from the content. */
export function nombreConTipo(nombre: string, tipo: TipoArchivo) {
  const seguro = nombreSeguro(nombre);
  const punto = seguro.lastIndexOf('.');
  const ext = punto > 0 ? seguro.slice(punto + 1).toLowerCase() : '';
  if (EXTENSIONES[tipo].includes(ext)) return seguro;
  return `${(punto > 0 ? seguro.slice(0, punto) : seguro).slice(0, 190)}.${tipo}`;
}

/** Folder (under the files directory) of uploads still being written. */
export const CARPETA_TEMPORAL = 'temporal';
const SUFIJO_SUBIENDO = '.subiendo';
/** Uploads this thread is writing now: never cleaned. */
const enCurso = new Set<string>();
/** '<pid>-<thread>-<uuid>.subiendo': who writes a file tells whether it may still be in progress. */
const nombreSubiendo = () => `${process.pid}-${threadId}-${randomUUID()}${SUFIJO_SUBIENDO}`;

function procesoVivo(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes uploads cut by a crash ('.subiendo' files): those of a process that no longer runs, those of this
 * very process and thread that it is not writing (a previous process with the same id crashed), and any
 * older than `edadMs` (another live process would have finished long ago). Called at start (`todo` also
 * walks the whole files directory, where older versions wrote them) and periodically. Returns how many.
 */
export async function limpiarSubidasCortadas(dirBase: string, opciones: { edadMs?: number; todo?: boolean } = {}) {
  const limite = Date.now() - (opciones.edadMs ?? 3_600_000);
  let borrados = 0;
  const cortada = async (ruta: string, nombre: string) => {
    if (enCurso.has(ruta)) return false;
    const [pid, hilo] = nombre.split('-').map(Number);
    if (pid === undefined || hilo === undefined || !Number.isInteger(pid) || !Number.isInteger(hilo)) return true;
    if (pid === process.pid && hilo === threadId) return true;
    if (pid !== process.pid && !procesoVivo(pid)) return true;
    const info = await stat(ruta).catch(() => null);
    return Boolean(info && info.mtimeMs <= limite);
  };
  const recorrer = async (carpeta: string, profundo: boolean) => {
    const entradas = await readdir(carpeta, { withFileTypes: true }).catch(() => []);
    for (const e of entradas) {
      const ruta = join(carpeta, e.name);
      if (e.isDirectory()) {
        if (profundo) await recorrer(ruta, true);
      } else if (e.name.endsWith(SUFIJO_SUBIENDO) && (await cortada(ruta, e.name))) {
        await rm(ruta, { force: true });
        borrados += 1;
      }
    }
  };
  await recorrer(opciones.todo ? resolve(dirBase) : resolve(dirBase, CARPETA_TEMPORAL), Boolean(opciones.todo));
  return borrados;
}

/** Room for the text fields and part headers of a multipart body, beyond its files. */
const HOLGURA_MULTIPART = 256 * 1024;

/**
 * Refuses a body whose declared length is over `maxBytes` before any byte of it is read. A body without a
 * declared length (chunked) is counted while it streams.
 */
export function exigirLongitudDeclarada(req: FastifyRequest, maxBytes: number, mensaje: string) {
  const declarada = Number(req.headers['content-length']);
  if (Number.isFinite(declarada) && declarada > maxBytes + HOLGURA_MULTIPART) throw new AppError(413, mensaje);
}

function rutaAbsoluta(dirBase: string, rutaArchivo: string) {
  const base = resolve(dirBase);
  const completa = resolve(base, rutaArchivo);
  if (!completa.startsWith(base + sep)) throw new AppError(404, 'El recurso solicitado no existe.');
  return completa;
}

/**
 * A text field of a multipart form under the contract's text rule (its own schema later applies the
 * single-line rule where it has one): a control character other than tab or a line break is a 422.
 */
export function textoSinControl(campo: string, valor: string) {
  if (tieneCaracteresControl(campo) || tieneCaracteresControl(valor, true)) {
    throw new AppError(422, MENSAJES.caracteresNoPermitidos, { [campo]: [MENSAJES.caracteresNoPermitidos] });
  }
  return valor;
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
class TipoRechazado extends Error {}

/** Types whose magic bytes sit in a file's first bytes: their refusal need not wait for the whole upload. */
const TIPOS_POR_CABECERA: readonly TipoArchivo[] = ['jpg', 'png', 'tif', 'pdf'];
/** How many first bytes file-type reads to decide a type. */
const BYTES_CABECERA = 4100;

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
  const temporal = `${CARPETA_TEMPORAL}/${nombreSubiendo()}`;
  const absTemporal = rutaAbsoluta(dirBase, temporal);
  await mkdir(dirname(absTemporal), { recursive: true });
  enCurso.add(absTemporal);
  const hash = createHash('sha256');
  let bytes = 0;
  // The content is checked while it streams: once the first bytes are in (or the part ends), a rule whose types
  // all show in the header refuses a file that is not one of them before the rest is read or written.
  const temprana = regla.tipos.every((t) => TIPOS_POR_CABECERA.includes(t));
  let cabecera: Buffer | null = temprana ? Buffer.alloc(0) : null;
  const revisarCabecera = async () => {
    if (!cabecera) return;
    const leida = cabecera;
    cabecera = null;
    const detectado = await fileTypeFromBuffer(leida);
    const tipo = detectado ? DETECTADO[detectado.ext] : undefined;
    if (!tipo || !regla.tipos.includes(tipo)) throw new TipoRechazado();
  };
  const contador = new Transform({
    transform(trozo: Buffer, _c, listo) {
      bytes += trozo.length;
      if (bytes > regla.maxBytes) return listo(new ExcedeLimite());
      hash.update(trozo);
      if (cabecera && cabecera.length + trozo.length < BYTES_CABECERA) {
        cabecera = Buffer.concat([cabecera, trozo]);
        return listo(null, trozo);
      }
      if (cabecera) cabecera = Buffer.concat([cabecera, trozo]);
      revisarCabecera().then(
        () => listo(null, trozo),
        (e: unknown) => listo(e as Error),
      );
    },
    flush(listo) {
      if (bytes === 0) return listo();
      revisarCabecera().then(
        () => listo(),
        (e: unknown) => listo(e as Error),
      );
    },
  });
  const rechazo = (status: 413 | 415, mensaje: string) => {
    if (!regla.nombrarArchivo) return new AppError(status, mensaje);
    const conNombre = `${nombreSeguro(nombreOriginal)}: ${mensaje}`;
    return new AppError(status, conNombre, { [campo]: [conNombre] });
  };
  const destino = createWriteStream(absTemporal, { flags: 'wx' });
  try {
    await pipeline(flujo, contador, destino);
    if ((flujo as { truncated?: boolean }).truncated) throw new ExcedeLimite();
    if (bytes === 0) throw new AppError(422, regla.mensajeTipo);
    const detectado = await fileTypeFromFile(absTemporal);
    const tipo = detectado ? DETECTADO[detectado.ext] : undefined;
    if (!tipo || !regla.tipos.includes(tipo)) throw new TipoRechazado();
    const rutaArchivo = `${carpeta}/${randomUUID()}.${tipo}`;
    const absFinal = rutaAbsoluta(dirBase, rutaArchivo);
    await mkdir(dirname(absFinal), { recursive: true });
    await rename(absTemporal, absFinal);
    enCurso.delete(absTemporal);
    return {
      campo,
      nombreArchivo: nombreConTipo(nombreOriginal, tipo),
      rutaArchivo,
      tipo,
      tipoContenido: MIME[tipo],
      tamanio: bytes,
      sha256: hash.digest('hex'),
    };
  } catch (e) {
    // A stream destroyed mid-way may still be opening its file: wait until it is closed, or the file would be
    // created after its removal and stay behind.
    if (!destino.closed) await new Promise<void>((listo) => destino.once('close', () => listo()));
    await rm(absTemporal, { force: true });
    enCurso.delete(absTemporal);
    // Drain what is left of this part so the request can end cleanly.
    (flujo as NodeJS.ReadableStream & { resume?: () => void }).resume?.();
    if (e instanceof ExcedeLimite) throw rechazo(413, regla.mensajeTamanio);
    if (e instanceof TipoRechazado) throw rechazo(415, regla.mensajeTipo);
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
  const total = Object.values(reglas).reduce((s, r) => s + r.maxBytes * (r.maxArchivos ?? 1), 0);
  exigirLongitudDeclarada(req, total, Object.values(reglas)[0]?.mensajeTamanio ?? 'El archivo excede el límite');
  const campos: Record<string, string> = {};
  const archivos: ArchivoGuardado[] = [];
  try {
    // throwFileSizeLimit: false — the limit is enforced by our own byte counter, which also cleans up.
    const opciones = { limits: { fileSize: maxBytes + 1 }, throwFileSizeLimit: false } as Parameters<
      FastifyRequest['parts']
    >[0];
    for await (const parte of req.parts(opciones)) {
      if (parte.type === 'field') {
        if (typeof parte.value === 'string') campos[parte.fieldname] = textoSinControl(parte.fieldname, parte.value);
        continue;
      }
      if (tieneCaracteresControl(parte.filename ?? '')) {
        parte.file.resume();
        throw new AppError(422, MENSAJES.caracteresNoPermitidos, {
          [parte.fieldname]: [MENSAJES.caracteresNoPermitidos],
        });
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
  const tipo = (Object.keys(MIME) as TipoArchivo[]).find((t) => MIME[t] === archivo.tipoContenido);
  const nombre = tipo ? nombreConTipo(archivo.nombreArchivo, tipo) : nombreSeguro(archivo.nombreArchivo);
  const manejador = await open(ruta, 'r');
  return enviarDescarga(
    reply,
    { tipo: archivo.tipoContenido, nombre, enLinea: opciones.enLinea, largo: info.size, guardado: true },
    manejador.createReadStream(),
  );
}
