/**
 * What the benchmark scripts share: percentiles, the benchmark users, the server started as `npm start` starts
 * it (its own process, the start script's flags) and its memory read from the kernel, and the machine's load.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as esperar } from 'node:timers/promises';
import { PERMISOS_POR_ROL } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { permiso, permisoUsuario, usuario } from '../src/db/schema';
import { hashContrasenia } from '../src/platform/contrasenias';

export const SERVIDOR = resolve(import.meta.dirname, '..');
export const CONTRASENIA_BENCH = 'Bench.2026';
export const MB = (b: number) => `${(b / 1048576).toFixed(0)} MB`;

export function percentil(valores: number[], p: number) {
  const o = [...valores].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)] ?? 0;
}

export const carga = () =>
  `carga ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')} en ${cpus().length} núcleos`;

/** A benchmark user with its role's default permission tree, created once per database (its password reset). */
export async function usuarioBench(db: Db, nombre: string, rol: number, empresa: number) {
  const hash = await hashContrasenia(CONTRASENIA_BENCH);
  let [u] = await db.select().from(usuario).where(eq(usuario.nombreUsuario, nombre));
  if (u) {
    await db.update(usuario).set({ contraseniaHash: hash }).where(eq(usuario.codigoUsuario, u.codigoUsuario));
    return u;
  }
  [u] = await db
    .insert(usuario)
    .values({
      nombreUsuario: nombre,
      contraseniaHash: hash,
      nombre: 'BENCH',
      apellidoPaterno: nombre.toUpperCase(),
      codigoRol: rol,
      nivelUsuario: rol,
      codigoEmpresaUsuario: empresa,
    })
    .returning();
  if (!u) throw new Error(`no se pudo crear ${nombre}`);
  const nodos = new Map((await db.select().from(permiso)).map((n) => [n.modulo, n.codigoPermiso]));
  const filas = Object.entries(PERMISOS_POR_ROL[rol] ?? {}).flatMap(([m, p]) => {
    const codigoPermiso = nodos.get(m);
    return codigoPermiso && u ? [{ codigoUsuario: u.codigoUsuario, codigoPermiso, ...p }] : [];
  });
  await db.insert(permisoUsuario).values(filas);
  return u;
}

/** Signs a benchmark user in on an app (in process) and returns its authorization header. */
export async function entrar(app: FastifyInstance, nombre: string) {
  const r = await app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { nombreUsuario: nombre, contrasenia: CONTRASENIA_BENCH },
  });
  if (r.statusCode !== 200) throw new Error(`login ${nombre}: ${r.statusCode} ${r.body}`);
  return `Bearer ${r.json().data.token as string}`;
}

/** Signs a benchmark user in on a listening server. */
export async function entrarHttp(url: string, nombre: string) {
  const r = await fetch(`${url}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nombreUsuario: nombre, contrasenia: CONTRASENIA_BENCH }),
  });
  if (!r.ok) throw new Error(`login ${nombre}: ${r.status} ${await r.text()}`);
  return `Bearer ${((await r.json()) as { data: { token: string } }).data.token}`;
}

export interface ServidorBench {
  url: string;
  proceso: ChildProcess;
  /** Milliseconds from the spawn to the first ready answer of /api/health/ready. */
  arranqueMs: number;
  /** Resident memory now (VmRSS) and the kernel's peak since the last `reiniciarPico` (VmHWM), in bytes. */
  memoria(): { rss: number; pico: number };
  reiniciarPico(): void;
  detener(): Promise<void>;
}

/**
 * The built server (`npm run build` first) started as `npm start` starts it, with the start script's flags, on
 * the database of the environment (DATABASE_URL or DATA_DIR), never adding demo data.
 */
export async function arrancarServidor(puerto: number, env: Record<string, string> = {}): Promise<ServidorBench> {
  const paquete = JSON.parse(readFileSync(join(SERVIDOR, 'package.json'), 'utf8')) as { scripts: { start: string } };
  // `sh scripts/arrancar.sh`: the script ends in `exec node …`, so the process started here is the server itself.
  const [programa = 'node', ...argumentos] = paquete.scripts.start.split(/\s+/);
  const t0 = performance.now();
  const proceso = spawn(programa === 'node' ? process.execPath : programa, argumentos, {
    cwd: SERVIDOR,
    env: {
      ...process.env,
      PORT: String(puerto),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      // Production's default level unless LOG_LEVEL says otherwise: one line per request (written to /dev/null here,
      // to a pipe in production).
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${puerto}`;
  for (let i = 0; ; i++) {
    if (proceso.exitCode !== null) throw new Error('el servidor terminó al arrancar');
    if (i > 3000) throw new Error('el servidor no respondió en 300 s');
    const listo = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (listo) break;
    await esperar(20);
  }
  const arranqueMs = performance.now() - t0;
  const kB = (campo: string, texto: string) =>
    Number(new RegExp(`${campo}:\\s+(\\d+) kB`).exec(texto)?.[1] ?? 0) * 1024;
  return {
    url,
    proceso,
    arranqueMs,
    memoria() {
      const t = readFileSync(`/proc/${proceso.pid}/status`, 'utf8');
      return { rss: kB('VmRSS', t), pico: kB('VmHWM', t) };
    },
    reiniciarPico() {
      try {
        writeFileSync(`/proc/${proceso.pid}/clear_refs`, '5');
      } catch {
        // without permission the caller's sampling still sees the peak
      }
    },
    async detener() {
      if (proceso.exitCode !== null) return;
      proceso.kill('SIGTERM');
      await once(proceso, 'exit');
    },
  };
}

/** CPU seconds a process has used so far (user + system, from /proc/<pid>/stat). */
export function cpuProceso(pid: number | undefined) {
  if (pid === undefined) return 0;
  const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields 14 and 15 of stat (utime, stime), counted from the state (field 3) after the command's name.
  return (Number(campos[11]) + Number(campos[12])) / 100;
}

/**
 * CPU seconds the whole machine has spent busy so far (every process: the server, PostgreSQL, the download, the kernel),
 * from /proc/stat: all the times but idle and I/O wait. Beside a process's own CPU it shows what the database took and
 * whether the cores were ever idle during a measurement.
 */
export function cpuMaquina() {
  const campos = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait left out.
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = campos;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** Whether curl is on the machine (the downloads then run in a process of their own, as a browser's would). */
const conCurl = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * One download with curl, the bytes discarded: the HTTP status and the bytes received. curl reads the header from
 * its standard input, so the token is not in the process list.
 */
async function descargarCurl(url: string, autorizacion: string) {
  const curl = spawn('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code} %{size_download}', '-H', '@-', url], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  curl.stdin.end(`authorization: ${autorizacion}\n`);
  let salida = '';
  curl.stdout.on('data', (d: Buffer) => {
    salida += d.toString();
  });
  await once(curl, 'exit');
  const [estado = '0', bytes = '0'] = salida.trim().split(' ');
  return { estado: Number(estado), bytes: Number(bytes) };
}

/**
 * Downloads a file from the server, discarding the bytes, with the server's peak resident memory meanwhile
 * (the kernel's VmHWM reset before, and VmRSS sampled every 10 ms) and the CPU the server used for it. The download
 * runs in curl when the machine has it: a browser downloads on another machine, and Node's fetch in this process
 * took ~1.4 s of CPU for a 180 MB file from the same two cores as the server.
 */
export async function descargar(s: ServidorBench, ruta: string, autorizacion: string) {
  const antes = s.memoria().rss;
  s.reiniciarPico();
  let pico = antes;
  const muestreo = setInterval(() => {
    pico = Math.max(pico, s.memoria().rss);
  }, 10);
  const cpuAntes = cpuProceso(s.proceso.pid);
  const maquinaAntes = cpuMaquina();
  const t = performance.now();
  let estado: number;
  let bytes = 0;
  if (conCurl) ({ estado, bytes } = await descargarCurl(`${s.url}${ruta}`, autorizacion));
  else {
    const r = await fetch(`${s.url}${ruta}`, { headers: { authorization: autorizacion } });
    if (r.body) for await (const trozo of r.body as unknown as AsyncIterable<Uint8Array>) bytes += trozo.length;
    estado = r.status;
  }
  const ms = performance.now() - t;
  clearInterval(muestreo);
  const cpu = cpuProceso(s.proceso.pid) - cpuAntes;
  const maquina = cpuMaquina() - maquinaAntes;
  pico = Math.max(pico, s.memoria().pico);
  return { ms, bytes, estado, antes, pico, cpu, maquina, cliente: conCurl ? 'curl' : 'fetch' };
}
