import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The start script (`npm start` of the server): it must run Node with the memory flags, and limit glibc's malloc
 * arenas on a PostgreSQL server only (docs/adr/0051-memoria-del-servidor.md). A stand-in `node` first in
 * PATH prints what it was given instead of starting the server.
 */
const servidor = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'cronos-arranque-'));
const falso = join(dir, 'node');
writeFileSync(falso, '#!/bin/sh\necho "arenas=$MALLOC_ARENA_MAX"\necho "args=$*"\n');
chmodSync(falso, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function arrancar(env: Record<string, string>) {
  const paquete = JSON.parse(readFileSync(join(servidor, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [programa = '', ...argumentos] = paquete.scripts.start.split(/\s+/);
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'MALLOC_ARENA_MAX'),
  ) as Record<string, string>;
  const r = spawnSync(programa, argumentos, {
    cwd: servidor,
    env: { ...base, PATH: `${dir}:${process.env.PATH ?? ''}`, ...env },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('the start script', () => {
  it('runs the built server with the heap limits', () => {
    expect(arrancar({})).toContain(
      'args=--max-semi-space-size=4 --max-old-space-size=512 --enable-source-maps dist/main.js',
    );
  });

  it('lets the old generation reach 128 MB before a full collection on a PostgreSQL server only', () => {
    expect(arrancar({ DATABASE_URL: 'postgres://x@127.0.0.1/y' })).toContain(
      'args=--max-semi-space-size=16 --max-old-space-size=512 --initial-old-space-size=128 --enable-source-maps dist/main.js',
    );
    expect(arrancar({ DATA_DIR: './data' })).not.toContain('initial-old-space-size');
  });

  it('limits malloc to two arenas on a PostgreSQL server, and not on the embedded database', () => {
    expect(arrancar({ DATABASE_URL: 'postgres://x@127.0.0.1/y' })).toContain('arenas=2');
    expect(arrancar({ DATA_DIR: './data' })).toMatch(/^arenas=$/m);
  });

  it('keeps an arena limit given by the environment', () => {
    expect(arrancar({ DATABASE_URL: 'postgres://x@127.0.0.1/y', MALLOC_ARENA_MAX: '4' })).toContain('arenas=4');
  });
});
