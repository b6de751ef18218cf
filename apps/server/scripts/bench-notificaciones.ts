/**
 * Benchmark: delivery latency of the 'notifications-cronos' channel with 200 connected clients spread over two
 * API instances on one PostgreSQL database. Each event is published in its own transaction on one instance;
 * latency = from the start of the publishing transaction to the moment each client receives the event.
 *
 *   node --import tsx apps/server/scripts/bench-notificaciones.ts [clientes=200] [eventos=50]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (default); ports 4880-4881.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { digitoVerificadorRuc, ROL } from '@cronos/contract';
import pg from 'pg';
import { construirApp } from '../src/app';
import { cargarConfig } from '../src/config';
import { abrirPostgres, type BaseDatos } from '../src/db/client';
import { migrar } from '../src/db/migrar';
import { empresaUsuario, usuario } from '../src/db/schema';
import { sembrarReferencia } from '../src/db/seed/referencia';
import { type ClienteCanal, conectar } from '../src/modules/notificaciones/cliente-prueba';
import { publicarCambioEtapa } from '../src/platform/notificaciones';
import { crearSesion } from '../src/platform/sesiones';

const CLIENTES = Number(process.argv[2] ?? 200);
const EVENTOS = Number(process.argv[3] ?? 50);
const URL_PG = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PUERTOS = [4880, 4881];

const percentil = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] ?? NaN;

async function principal() {
  const nombre = `cronos_bench8_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: URL_PG });
  await admin.connect();
  await admin.query(`create database ${nombre}`);
  const u = new URL(URL_PG);
  u.pathname = `/${nombre}`;
  const bases: BaseDatos[] = [];
  const apps: Awaited<ReturnType<typeof construirApp>>[] = [];
  const clientes: ClienteCanal[] = [];
  try {
    const config = cargarConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    for (const [i, puerto] of PUERTOS.entries()) {
      const base = abrirPostgres(u.toString(), { max: 10 });
      bases.push(base);
      if (i === 0) {
        await migrar(base);
        await base.db.transaction((tx) => sembrarReferencia(tx));
      }
      const app = await construirApp({ config, base, logger: false });
      await app.listen({ port: puerto, host: '127.0.0.1' });
      apps.push(app);
    }
    const db = bases[0]?.db;
    if (!db) throw new Error('base');
    const [empresa] = await db
      .insert(empresaUsuario)
      .values({ ruc: `2060000901${digitoVerificadorRuc('2060000901')}`, razonSocial: 'EMPRESA BENCH S.A.C.' })
      .returning();
    if (!empresa) throw new Error('empresa');
    const usuarios = await db
      .insert(usuario)
      .values(
        Array.from({ length: CLIENTES }, (_, i) => ({
          nombreUsuario: `bench_${i}`,
          contraseniaHash: 'x',
          nombre: 'BENCH',
          codigoRol: ROL.Usuario,
          nivelUsuario: ROL.Usuario,
          codigoEmpresaUsuario: empresa.codigoEmpresaUsuario,
        })),
      )
      .returning();
    const ahora = new Date();
    const llegadas = new Map<number, number[]>();
    for (const [i, us] of usuarios.entries()) {
      const { token } = await crearSesion(db, us.codigoUsuario, ahora, {});
      const c = await conectar(`ws://127.0.0.1:${PUERTOS[i % 2]}/api/notifications-cronos`);
      c.alLlegar.push((m) => {
        if (m.tipo !== 'evento') return;
        const t = performance.now();
        const lista = llegadas.get(m.evento.codigoNotificacion) ?? [];
        lista.push(t);
        llegadas.set(m.evento.codigoNotificacion, lista);
      });
      await c.autenticar(token);
      clientes.push(c);
    }
    console.log(`${CLIENTES} clientes conectados (${PUERTOS.length} instancias); publicando ${EVENTOS} eventos…`);
    const latencias: number[] = [];
    for (let k = 0; k < EVENTOS; k++) {
      const base = bases[k % bases.length];
      if (!base) throw new Error('base');
      const t0 = performance.now();
      const ev = await base.db.transaction((tx) =>
        publicarCambioEtapa(tx, null, {
          codigoMovimiento: k + 1,
          codigoIngreso: `OP${1900000 + k}`,
          codigoEmpresaUsuario: empresa.codigoEmpresaUsuario,
          desde: 1,
          hasta: 2,
        }),
      );
      const id = ev?.codigoNotificacion ?? -1;
      await Promise.all(clientes.map((c) => c.esperarEvento((e) => e.codigoNotificacion === id, 10_000)));
      for (const t of llegadas.get(id) ?? []) latencias.push(t - t0);
    }
    latencias.sort((a, b) => a - b);
    const f = (x: number) => `${x.toFixed(1)} ms`;
    console.log(`muestras: ${latencias.length} (esperadas ${CLIENTES * EVENTOS})`);
    console.log(
      `latencia de entrega: p50 ${f(percentil(latencias, 50))}, p95 ${f(percentil(latencias, 95))}, p99 ${f(percentil(latencias, 99))}, máx ${f(latencias.at(-1) ?? NaN)}`,
    );
  } finally {
    for (const c of clientes) c.cerrar();
    for (const app of apps) await app.close();
    for (const b of bases) await b.cerrar();
    await admin.query(`drop database if exists ${nombre} with (force)`);
    await admin.end();
  }
}

principal().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
