import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ARCHIVO_BLOQUEO, DirectorioOcupado } from './bloqueo-directorio';
import { abrirPglite } from './client';

/** Two openers of one embedded data directory would both write its files: the second is refused. */
const dirs: string[] = [];
const nuevoDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'cronos-bloqueo-'));
  dirs.push(d);
  return d;
};
/**
 * The migrated dump of the embedded run, loaded into each directory: a fresh initdb takes seconds of CPU (over a
 * minute on a busy machine). The suite against a PostgreSQL server has no dump and does not run these tests: they
 * are about the embedded database only, and the embedded run has them.
 */
const rutaVolcado = inject('volcadoPglite');
const volcado = () => new Blob([readFileSync(rutaVolcado)]);
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.runIf(rutaVolcado)('el directorio de la base embebida, un proceso a la vez', () => {
  it('una segunda apertura se rechaza con un mensaje que dice qué hacer; tras cerrar se abre de nuevo', async () => {
    const dir = nuevoDir();
    const base = await abrirPglite({ dataDir: dir, cargar: volcado() });
    await base.db.execute('create table t (n int)');
    expect(readFileSync(join(dir, ARCHIVO_BLOQUEO), 'utf8').trim()).toBe(String(process.pid));
    const segunda = abrirPglite({ dataDir: dir, cargar: volcado() });
    await expect(segunda).rejects.toBeInstanceOf(DirectorioOcupado);
    await expect(segunda).rejects.toThrow(/ya está abierta por otro proceso \(PID \d+\)\. Detenga ese proceso/);
    await base.cerrar();
    expect(existsSync(join(dir, ARCHIVO_BLOQUEO))).toBe(false);
    const otra = await abrirPglite({ dataDir: dir });
    // The first opening's data is intact.
    expect((await otra.pglite?.query('select count(*)::int as n from t'))?.rows).toEqual([{ n: 0 }]);
    await otra.cerrar();
  });

  it('se rechaza mientras otro proceso de Node lo tiene; el archivo de un proceso que terminó se retoma', async () => {
    const dir = nuevoDir();
    const otro = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir, ARCHIVO_BLOQUEO), `${otro.pid}\n`);
      await expect(abrirPglite({ dataDir: dir, cargar: volcado() })).rejects.toThrow(`(PID ${otro.pid})`);
    } finally {
      otro.kill();
      await new Promise((ok) => otro.once('exit', ok));
    }
    // Its process ended without releasing it (a crash): the next opening takes it over.
    const base = await abrirPglite({ dataDir: dir, cargar: volcado() });
    expect(readFileSync(join(dir, ARCHIVO_BLOQUEO), 'utf8').trim()).toBe(String(process.pid));
    await base.cerrar();
  });
});
