import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The demo's truck scale is one simulated indicator, as a real weighbridge is one platform: a test that puts a
 * load on it and captures must not have another test's load put on it in between. Workers run in separate
 * processes, so the platform is taken with a lock directory (mkdir is atomic) in the suite's data folder; a lock
 * older than a minute was left by a worker that died and is taken over.
 */
export async function conBalanza<T>(usar: () => Promise<T>): Promise<T> {
  const cerrojo = join(process.env.E2E_DATA_DIR ?? tmpdir(), 'balanza-simulada.lock');
  const limite = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(cerrojo);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(cerrojo).mtimeMs > 60_000) rmSync(cerrojo, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      if (Date.now() > limite)
        throw new Error('La balanza simulada sigue ocupada por otra prueba después de 2 minutos');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await usar();
  } finally {
    rmSync(cerrojo, { recursive: true, force: true });
  }
}
