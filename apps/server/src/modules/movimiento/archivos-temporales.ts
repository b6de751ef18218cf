import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import type { Db } from '../../db/client';
import { type ArchivoGuardado, CARPETA_TEMPORAL, descartar } from '../../platform/archivos';
import type { Ctx } from '../../platform/contexto';
import { errorCampos } from '../../platform/errores';
import { rutasArchivoEnUso } from './movimiento.repository';

/**
 * Supporting documents of the creation form, kept before the order exists (DOMAIN.md §6,
 * docs/adr/0028-archivos-de-la-orden.md).
 *
 * Each file is checked by content when the user chooses it (CargarArchivoTemporal) and stored at its final
 * place; a note `temporal/orden/<codigo>.json` says whose it is. Registrar operación sends the codes: they
 * are claimed (the note is renamed, so one code serves one order), the rows are written in the order's own
 * transaction, and the notes are removed after the commit. A missing or foreign code refuses the whole
 * order, naming the file. Notes older than VIGENCIA_TEMPORAL_MS, and claims a crash left behind, are
 * removed by `limpiarTemporalesOrden` together with their file, unless a row already uses the file.
 */
const CARPETA = `${CARPETA_TEMPORAL}/orden`;
export const VIGENCIA_TEMPORAL_MS = 24 * 3_600_000;
/** A claim older than this belongs to a save that never finished (crash): it is cleaned. */
const VIGENCIA_RECLAMO_MS = 3_600_000;

interface NotaTemporal {
  codigo: string;
  codigoUsuario: number;
  nombreArchivo: string;
  rutaArchivo: string;
  tipoContenido: string;
  tamanio: number;
  creado: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const nota = (dir: string, codigo: string, sufijo: 'json' | 'tomado' | 'expirado') =>
  join(resolve(dir, CARPETA), `${codigo}.${sufijo}`);

/** POST /Movimiento/CargarArchivoTemporal: notes a file already checked and stored; answers its code. */
export async function guardarTemporal(ctx: Ctx, dir: string, a: ArchivoGuardado) {
  const codigo = randomUUID();
  const n: NotaTemporal = {
    codigo,
    codigoUsuario: ctx.actor.codigoUsuario,
    nombreArchivo: a.nombreArchivo,
    rutaArchivo: a.rutaArchivo,
    tipoContenido: a.tipoContenido,
    tamanio: a.tamanio,
    creado: ctx.ahora().toISOString(),
  };
  await mkdir(resolve(dir, CARPETA), { recursive: true });
  await writeFile(nota(dir, codigo, 'json'), JSON.stringify(n), { flag: 'wx' });
  return { codigoArchivoTemporal: codigo, nombreArchivo: a.nombreArchivo, tamanio: a.tamanio };
}

async function leerNota(ruta: string): Promise<NotaTemporal | null> {
  try {
    return JSON.parse(await readFile(ruta, 'utf8')) as NotaTemporal;
  } catch {
    return null;
  }
}

export interface Reclamo {
  archivos: NotaTemporal[];
  /** The order was not saved: the files stay available for the next attempt. */
  devolver: () => Promise<void>;
  /** The order was saved with its rows: the notes go. */
  soltar: () => Promise<void>;
}

/**
 * Claims the user's temporary files for one order. Any code that is unknown, expired, already used or
 * someone else's refuses the whole claim (422, keyed `archivosTemporales.<i>`) and gives back the others.
 */
export async function tomarTemporales(ctx: Ctx, dir: string, codigos: readonly string[]): Promise<Reclamo> {
  const tomados: NotaTemporal[] = [];
  const devolver = async () => {
    await Promise.all(
      tomados.map((n) => rename(nota(dir, n.codigo, 'tomado'), nota(dir, n.codigo, 'json')).catch(() => undefined)),
    );
  };
  for (const [i, codigo] of codigos.entries()) {
    let n: NotaTemporal | null = null;
    if (UUID.test(codigo) && !tomados.some((t) => t.codigo === codigo)) {
      const ok = await rename(nota(dir, codigo, 'json'), nota(dir, codigo, 'tomado')).then(
        () => true,
        () => false,
      );
      if (ok) {
        n = await leerNota(nota(dir, codigo, 'tomado'));
        if (n?.codigoUsuario !== ctx.actor.codigoUsuario) {
          await rename(nota(dir, codigo, 'tomado'), nota(dir, codigo, 'json')).catch(() => undefined);
          n = null;
        } else tomados.push(n);
      }
    }
    if (!n) {
      await devolver();
      const mensaje = M.archivoNoDisponible(`N° ${i + 1}`);
      throw errorCampos({ [`archivosTemporales.${i}`]: [mensaje] }, mensaje);
    }
  }
  return {
    archivos: tomados,
    devolver,
    soltar: async () => {
      await Promise.all(tomados.map((n) => rm(nota(dir, n.codigo, 'tomado'), { force: true })));
    },
  };
}

/**
 * Removes expired notes and claims a crash left behind, with their file unless an order's row uses it.
 * Each note is first renamed to '.expirado', so a save claiming it at the same moment wins or loses whole.
 */
export async function limpiarTemporalesOrden(db: Db, dir: string, ahora = Date.now()) {
  const carpeta = resolve(dir, CARPETA);
  const nombres = await readdir(carpeta).catch(() => [] as string[]);
  const vencidas: { ruta: string; n: NotaTemporal | null }[] = [];
  for (const nombre of nombres) {
    const [codigo, sufijo] = nombre.split('.');
    if (!codigo || !UUID.test(codigo)) continue;
    const ruta = join(carpeta, nombre);
    const info = await stat(ruta).catch(() => null);
    if (!info) continue;
    const edad = ahora - info.mtimeMs;
    const vence =
      (sufijo === 'json' && edad > VIGENCIA_TEMPORAL_MS) ||
      (sufijo === 'tomado' && edad > VIGENCIA_RECLAMO_MS) ||
      sufijo === 'expirado';
    if (!vence) continue;
    const expirado = nota(dir, codigo, 'expirado');
    if (
      sufijo !== 'expirado' &&
      !(await rename(ruta, expirado).then(
        () => true,
        () => false,
      ))
    )
      continue;
    vencidas.push({ ruta: expirado, n: await leerNota(expirado) });
  }
  if (vencidas.length === 0) return 0;
  const rutas = vencidas.flatMap((v) => (v.n ? [v.n.rutaArchivo] : []));
  const usadas = await rutasArchivoEnUso(db, rutas);
  for (const v of vencidas) {
    if (v.n && !usadas.has(v.n.rutaArchivo)) {
      await descartar(dir, [{ ...v.n, campo: '', tipo: 'pdf', sha256: '' }]).catch(() => undefined);
    }
    await rm(v.ruta, { force: true });
  }
  return vencidas.length;
}
