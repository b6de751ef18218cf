import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The embedded database keeps no lock of its own on its data directory (PGlite writes no postmaster.pid), so two
 * processes opening one directory (a second `npm start`, a script beside the running server) would both write
 * its files and damage it. The first opener writes its process id into `cronos.pid` (created exclusively); a
 * later opener is refused while that process lives. A file left by a process that ended (a crash, a killed
 * server) is taken over: its process is gone, or is this same process in an earlier life (a container restarts
 * its server with the same id), or is no longer a Node.js process (the id was reused).
 */
export const ARCHIVO_BLOQUEO = 'cronos.pid';

/** Directories this process holds open, to tell its own second opening from a file of an earlier life. */
const abiertosAqui = new Set<string>();

export class DirectorioOcupado extends Error {
  constructor(
    readonly directorio: string,
    readonly pid: number,
  ) {
    super(
      `La base de datos embebida en ${directorio} ya está abierta por otro proceso (PID ${pid}). ` +
        'Detenga ese proceso antes de iniciar otro, o use otro DATA_DIR.',
    );
    this.name = 'DirectorioOcupado';
  }
}

function procesoVivo(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    // Where the system says what the process runs (Linux), an id reused by something else is not a holder.
    const linea = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node/i.test(linea);
  } catch {
    return true;
  }
}

function pidDelArchivo(ruta: string): number | null {
  try {
    const pid = Number(readFileSync(ruta, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the directory for this process, or throws DirectorioOcupado. Returns the function that releases it. */
export function bloquearDirectorio(directorio: string): () => void {
  const dir = resolve(directorio);
  const ruta = join(dir, ARCHIVO_BLOQUEO);
  if (abiertosAqui.has(dir)) throw new DirectorioOcupado(dir, process.pid);
  for (let intento = 0; ; intento++) {
    try {
      const fd = openSync(ruta, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      if (intento > 0) throw new DirectorioOcupado(dir, pidDelArchivo(ruta) ?? 0);
      const pid = pidDelArchivo(ruta);
      if (pid !== null && pid !== process.pid && procesoVivo(pid)) throw new DirectorioOcupado(dir, pid);
      unlinkSync(ruta); // left by a process that ended
    }
  }
  abiertosAqui.add(dir);
  let liberado = false;
  return () => {
    if (liberado) return;
    liberado = true;
    abiertosAqui.delete(dir);
    if (pidDelArchivo(ruta) === process.pid) {
      try {
        unlinkSync(ruta);
      } catch {
        // already gone
      }
    }
  };
}
