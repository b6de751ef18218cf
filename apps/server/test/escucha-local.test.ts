import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abrirPglite } from '../src/db/client';
import { sembrarEmpresasYUsuarios, USUARIOS_DEMO } from '../src/db/seed/demo';

/**
 * An embedded installation holding the demo users (whose password the README publishes), started with the default
 * settings, is reachable from this machine only, and says so; HOST set to every interface is obeyed, with a warning.
 * The real entry point (src/main.ts) runs in a child process on a data directory loaded from the migrated dump (a
 * fresh initdb takes over a minute on a busy machine) with the demo users seeded. Embedded run only: it is about
 * the embedded installation's defaults, and the suite against a PostgreSQL server has no dump.
 */
const rutaVolcado = inject('volcadoPglite');
const servidor = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'cronos-escucha-'));
const datos = join(dir, 'datos');

/** An address of this machine that other machines reach it by (none in a container without a network). */
const direccionExterna = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

beforeAll(async () => {
  if (!rutaVolcado) return;
  const base = await abrirPglite({ dataDir: datos, cargar: new Blob([readFileSync(rutaVolcado)]) });
  await sembrarEmpresasYUsuarios(base.db);
  await base.cerrar();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Arranque {
  proceso: ChildProcess;
  salida: string;
  host: string;
  puerto: number;
}

/** Starts the server with the given settings (and no HOST, DATABASE_URL, SEED_DEMO or NODE_ENV of the test run). */
function arrancar(env: Record<string, string>): Promise<Arranque> {
  const heredado = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !['HOST', 'DATABASE_URL', 'SEED_DEMO', 'NODE_ENV', 'PORT'].includes(k)),
  ) as Record<string, string>;
  const proceso = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: servidor,
    env: { ...heredado, DATA_DIR: datos, PORT: '0', LOG_LEVEL: 'info', WEB_DIST: join(dir, 'sin-web'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let salida = '';
  return new Promise((ok, falla) => {
    const leer = (b: Buffer) => {
      salida += b.toString();
      const m = /Cronos escuchando en http:\/\/(\[[^\]]+\]|[^:/ ]+):(\d+)/.exec(salida);
      if (m) ok({ proceso, salida, host: (m[1] ?? '').replace(/^\[|\]$/g, ''), puerto: Number(m[2]) });
    };
    proceso.stdout?.on('data', leer);
    proceso.stderr?.on('data', leer);
    proceso.on('exit', (c) => falla(new Error(`el servidor terminó (${c}) sin escuchar:\n${salida}`)));
  });
}

function detener(p: ChildProcess) {
  return new Promise<void>((ok) => {
    if (p.exitCode !== null) return ok();
    p.on('exit', () => ok());
    p.kill('SIGTERM');
  });
}

/** 'abierto' if a TCP connection to host:port is accepted, else the error's code (ECONNREFUSED). */
function conectar(host: string, puerto: number): Promise<string> {
  return new Promise((ok) => {
    const s = connect({ host, port: puerto, timeout: 3_000 });
    s.on('connect', () => {
      s.destroy();
      ok('abierto');
    });
    s.on('timeout', () => {
      s.destroy();
      ok('sin respuesta');
    });
    s.on('error', (e: NodeJS.ErrnoException) => ok(e.code ?? e.message));
  });
}

const demo = USUARIOS_DEMO.length;

describe.runIf(rutaVolcado)('una instalación embebida con usuarios de demostración', () => {
  it('con la configuración por defecto escucha solo en este equipo y lo dice al arrancar', async () => {
    const a = await arrancar({});
    try {
      expect(a.salida).toContain(
        `Escuchando solo en 127.0.0.1 (este equipo): ${demo} usuarios de demostración conservan la contraseña publicada (Cronos.2026).`,
      );
      expect(a.host).toBe('127.0.0.1');
      expect(a.salida).toContain('(solo este equipo)');
      expect(await conectar('127.0.0.1', a.puerto)).toBe('abierto');
      if (direccionExterna) expect(await conectar(direccionExterna, a.puerto)).toBe('ECONNREFUSED');
    } finally {
      await detener(a.proceso);
    }
  });

  it('con HOST=0.0.0.0 escucha en todas las interfaces y advierte que expone los usuarios de demostración', async () => {
    const a = await arrancar({ HOST: '0.0.0.0' });
    try {
      expect(a.salida).toContain(
        `ATENCIÓN: HOST=0.0.0.0 acepta conexiones de otras máquinas y ${demo} usuarios de demostración conservan la contraseña publicada (Cronos.2026)`,
      );
      expect(a.salida).toContain('(todas las interfaces)');
      expect(await conectar('127.0.0.1', a.puerto)).toBe('abierto');
      if (direccionExterna) expect(await conectar(direccionExterna, a.puerto)).toBe('abierto');
    } finally {
      await detener(a.proceso);
    }
  });
});
