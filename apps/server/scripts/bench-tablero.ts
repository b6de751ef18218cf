/**
 * Benchmark of the live board on the year data set (scripts/generar-anio.ts). Prints figures; asserts
 * nothing.
 *
 *   DATA_DIR=/tmp/cronos-anio node --import tsx apps/server/scripts/bench-tablero.ts [repeticiones=60]
 *   DATABASE_URL=postgres://…/cronos_anio node --import tsx apps/server/scripts/bench-tablero.ts
 *
 * The clock of the app is set to 15:00 Lima of the busiest day of the data set (most entry controls), so
 * "today's" figures read a full day. For each of the board's requests (the summary for the operator and for the
 * busiest company, the list behind each figure) it prints p50/p95 over HTTP (app.inject: session, access,
 * service, serialization) beside p50/p95 of the raw SQL of the same query (the repository function alone), each
 * with the CPU this process spent on it (with the embedded database the database runs in this process too: the
 * CPU is the request's work, the time also the machine's load).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  DESFASE_LIMA_MINUTOS,
  ETAPAS_TABLERO,
  fechaLima,
  finDiaLima,
  inicioDiaLima,
  instanteLima,
} from '@cronos/contract';
import { sql } from 'drizzle-orm';
import { construirApp } from '../src/app';
import { cargarConfig } from '../src/config';
import { migrar } from '../src/db/migrar';
import * as repo from '../src/modules/tablero/tablero.repository';
import { entrar, usuarioBench } from './bench-comun';
import { abrirDestino } from './generar-anio';

const REPETICIONES = Number(process.argv[2] ?? 60);
const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;

function percentil(valores: number[], p: number) {
  const o = [...valores].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)] ?? 0;
}

/**
 * p50/p95 of the time of `f`, and of the CPU this process spent on it (user + system). With the embedded
 * database the whole request, the database included, runs in this process, so its CPU is the work it needs
 * whatever share of a core a shared machine gives it (the time then depends on the machine's load).
 */
async function medir(f: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await f();
  const t: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < REPETICIONES; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await f();
    t.push(performance.now() - t0);
    const u = process.cpuUsage(c0);
    c.push((u.user + u.system) / 1000);
  }
  return { p50: percentil(t, 50), p95: percentil(t, 95), cpu50: percentil(c, 50), cpu95: percentil(c, 95) };
}
const texto = (m: { p50: number; p95: number; cpu50: number; cpu95: number }) =>
  `p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms (CPU p50 ${m.cpu50.toFixed(1)}, p95 ${m.cpu95.toFixed(1)} ms)`;

async function principal() {
  const base = await abrirDestino();
  await migrar(base);
  const db = base.db;
  // As the server keeps them: autovacuum on PostgreSQL, platform/mantenimiento.ts on the embedded database (the
  // visibility map is what lets the board's covering indexes answer without visiting the table).
  await db.execute(sql`vacuum (analyze) movimiento`);
  await db.execute(sql`vacuum (analyze) control_movimiento`);

  const [tam] = filas<{ ordenes: number; abiertas: number; controles: number }>(
    await db.execute(sql`select (select count(*)::int from movimiento) as ordenes,
      (select count(*)::int from movimiento where codigo_estado_movimiento < 5 and estado_anulado = 0) as abiertas,
      (select count(*)::int from control_movimiento) as controles`),
  );
  const [dia] = filas<{ dia: string; n: number }>(
    await db.execute(sql`select to_char(fecha_registro + make_interval(mins => ${DESFASE_LIMA_MINUTOS}), 'YYYY-MM-DD') as dia, count(*)::int as n
      from control_movimiento where codigo_tipo_control = 1 group by 1 order by 2 desc limit 1`),
  );
  const [top] = filas<{ empresa: number; n: number }>(
    await db.execute(sql`select codigo_empresa_usuario as empresa, count(*)::int as n from movimiento
      where codigo_estado_movimiento < 5 and estado_anulado = 0 group by 1 order by 2 desc limit 1`),
  );
  if (!tam || !dia || !top) throw new Error('Sin órdenes: genere el año primero (generar-anio.ts)');
  const ahora = new Date(instanteLima(dia.dia, '15:00'));
  console.log(
    `Base ${base.tipo}: ${tam.ordenes} órdenes, ${tam.abiertas} abiertas, ${tam.controles} registros de etapa; día ${dia.dia} (${dia.n} controles de ingreso); empresa ${top.empresa} (${top.n} abiertas)`,
  );

  const config = cargarConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', LOGIN_RETARDO_MS: '0' });
  const app = await construirApp({ config, base, logger: false, ahora: () => ahora });
  await app.ready();
  // The benchmark's users (bench-comun): created once with their role's permissions, signed in on this app.
  const token = async (nombre: string, rol: number, empresa: number) => {
    await usuarioBench(db, nombre, rol, empresa);
    return { authorization: await entrar(app, nombre) };
  };
  const operador = await token('bench_tablero_op', 1, 1);
  const empresa = await token(`bench_tablero_e${top.empresa}`, 8, top.empresa);

  const inicio = inicioDiaLima(fechaLima(ahora));
  const fin = finDiaLima(fechaLima(ahora));
  const limites = new Map(ETAPAS_TABLERO.map((e) => [e.codigoTipoControl, new Date(ahora.getTime() - 60 * 60_000)]));
  const casos: [string, string, Record<string, string>, () => Promise<unknown>][] = [
    [
      'Resumen (operador, toda la zona)',
      '/api/Tablero/Resumen',
      operador,
      () =>
        Promise.all([
          repo.porEtapa(db, null, limites),
          repo.porHora(db, null, inicio, fin),
          repo.contarObservadas(db, null),
          repo.contarBloqueadas(db, null),
        ]),
    ],
    [
      `Resumen (empresa ${top.empresa})`,
      '/api/Tablero/Resumen',
      empresa,
      () =>
        Promise.all([
          repo.porEtapa(db, top.empresa, limites),
          repo.porHora(db, top.empresa, inicio, fin),
          repo.contarObservadas(db, top.empresa),
          repo.contarBloqueadas(db, top.empresa),
        ]),
    ],
    ...[1, 2, 3, 4, 5, 6].map(
      (etapa) =>
        [
          `Lista etapa ${etapa} (operador, hasta 500 filas)`,
          `/api/Tablero/Lista?Figura=etapa&Etapa=${etapa}`,
          operador,
          () => repo.ordenesEnEtapa(db, null, etapa),
        ] as [string, string, Record<string, string>, () => Promise<unknown>],
    ),
    [
      'Lista entradas del día (operador)',
      '/api/Tablero/Lista?Figura=entradas',
      operador,
      () => repo.controlesDelDia(db, null, 1, inicio, fin),
    ],
    [
      'Lista toneladas del día (operador)',
      '/api/Tablero/Lista?Figura=toneladas',
      operador,
      () => repo.controlesDelDia(db, null, 4, inicio, fin),
    ],
    [
      'Lista observadas (operador)',
      '/api/Tablero/Lista?Figura=observadas',
      operador,
      () => repo.ordenesObservadas(db, null),
    ],
    [
      `Lista etapa 2 (empresa ${top.empresa})`,
      '/api/Tablero/Lista?Figura=etapa&Etapa=2',
      empresa,
      () => repo.ordenesEnEtapa(db, top.empresa, 2),
    ],
  ];
  const carga = () =>
    `carga ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} en ${cpus().length} núcleos`;
  console.log(`Inicio: ${carga()}`);
  let peor = 0;
  let peorCpu = 0;
  for (const [nombre, url, headers, consulta] of casos) {
    const r = await app.inject({ method: 'GET', url, headers });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.body}`);
    const http = await medir(() => app.inject({ method: 'GET', url, headers }));
    const crudo = await medir(consulta);
    peor = Math.max(peor, http.p95);
    peorCpu = Math.max(peorCpu, http.cpu95);
    console.log(`${nombre}: HTTP ${texto(http)} | SQL ${texto(crudo)}`);
  }
  console.log(
    `Peor p95 HTTP: ${peor.toFixed(1)} ms (meta ≤ 50 ms), peor p95 de CPU por petición ${peorCpu.toFixed(1)} ms${base.tipo === 'postgres' ? ' (sin la del servidor PostgreSQL)' : ''}; fin: ${carga()}`,
  );
  await app.close();
  await base.cerrar();
}

principal().catch((e) => {
  console.error(e);
  process.exit(1);
});
