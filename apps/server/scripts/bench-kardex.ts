/**
 * Benchmark of the kardex on the year data set (scripts/generar-anio.ts). Prints figures; asserts nothing.
 *
 *   npm run build   # the export is measured on the built server, started as `npm start` starts it
 *   DATA_DIR=/ruta/anio node --import tsx apps/server/scripts/bench-kardex.ts [anio=2025] [puerto=4706]
 *   DATABASE_URL=postgres://…/cronos_anio node --import tsx apps/server/scripts/bench-kardex.ts
 *   … bench-kardex.ts 2025 4706 --secciones listas   (listas, exportes: both by default)
 *
 * A data set generated before the year set wrote its ledger has lots but no kardex: the first run writes the
 * history of every lot as generar-anio.ts now does (scripts/historia-kardex.ts: bulk, one month per transaction,
 * with the balances and values of the kardex trigger) and checks the ledger's rules on it. Then:
 * - `VACUUM (ANALYZE)` of the ledger, as the server keeps it (autovacuum on PostgreSQL, the daily maintenance on
 *   the embedded database): the paging reads the ledger's key index-only;
 * - ListarKardex of the busiest product (20 rows a page), in process (app.inject: session, access, validation,
 *   service, serialization), 60 calls after 5 of warm-up, p50/p95: first, middle and last page in both orders, a
 *   month's first and last page, one lot; beside each the repository function alone (its SQL);
 * - the SUNAT 12.1 and 13.1 exports of the busiest company's year from the built server (this process's database
 *   closed first: an embedded directory is opened by one process at a time; with it, after the server's first
 *   maintenance vacuum and once it idles): time and the server's CPU for it, bytes, and the server process's
 *   resident memory at rest, at the peak of the export (kernel VmHWM, reset before) and the export's increment;
 *   what is resident (the largest anonymous block, with the embedded database PGlite's WebAssembly memory, the
 *   rest of the anonymous memory and the mapped files, from /proc/<pid>/smaps).
 * Every timed figure is printed with the CPU it took and the machine's load: on a shared machine the time
 * follows the load, the CPU is the work.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as esperar } from 'node:timers/promises';
import { inicioDiaLima } from '@cronos/contract';
import { sql } from 'drizzle-orm';
import { construirApp } from '../src/app';
import { cargarConfig } from '../src/config';
import { migrar } from '../src/db/migrar';
import { paginaKardex } from '../src/modules/kardex/kardex.repository';
import { arrancarServidor, carga, descargar, entrar, entrarHttp, MB, percentil, usuarioBench } from './bench-comun';
import { abrirDestino } from './generar-anio';
import { escribirHistoriaKardex, verificarHistoriaKardex } from './historia-kardex';

const posicionales = process.argv.slice(2).filter((a, i, t) => !a.startsWith('--') && t[i - 1] !== '--secciones');
const ANIO = Number(posicionales[0] ?? 2025);
const PUERTO = Number(posicionales[1] ?? 4706);
const iSecciones = process.argv.indexOf('--secciones');
const SECCIONES = iSecciones > 0 ? (process.argv[iSecciones + 1] ?? '').split(',') : ['listas', 'exportes'];
const USUARIO = 'bench_kardex';
const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * p50/p95 of the time of `f`, and of the CPU this process spent on it (user + system): with the embedded
 * database the whole request runs in this process, so its CPU is the work it needs whatever share of a core
 * the shared machine gives it.
 */
async function medir(n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await f();
  const t: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < n; i++) {
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

/**
 * What a process holds resident, from /proc/<pid>/smaps: the largest anonymous mapping (with the embedded
 * database, PGlite's WebAssembly memory: the whole PostgreSQL with its shared buffers, caches and work memory,
 * one block that grows and never shrinks), the other anonymous memory (JavaScript heap, native allocations) and
 * file-backed pages (node's binary, libraries).
 */
function residente(pid: number) {
  const mapas: { anonimo: boolean; tamanio: number; rss: number }[] = [];
  for (const linea of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const cabecera = /^[0-9a-f]+-[0-9a-f]+\s+\S+\s+\S+\s+\S+\s+(\d+)\s*(.*)$/.exec(linea);
    if (cabecera) {
      mapas.push({ anonimo: !(cabecera[2] ?? '').startsWith('/'), tamanio: 0, rss: 0 });
      continue;
    }
    const campo = /^(Size|Rss):\s+(\d+) kB/.exec(linea);
    const actual = mapas.at(-1);
    if (!campo || !actual) continue;
    if (campo[1] === 'Size') actual.tamanio = Number(campo[2]) * 1024;
    else actual.rss = Number(campo[2]) * 1024;
  }
  const anonimos = mapas.filter((m) => m.anonimo).sort((a, b) => b.rss - a.rss);
  const mayor = anonimos[0] ?? { tamanio: 0, rss: 0 };
  const resto = anonimos.slice(1).reduce((t, m) => t + m.rss, 0);
  const archivos = mapas.filter((m) => !m.anonimo).reduce((t, m) => t + m.rss, 0);
  return `mayor bloque anónimo ${MB(mayor.rss)} residentes de ${MB(mayor.tamanio)}, resto anónimo ${MB(resto)}, archivos ${MB(archivos)}`;
}

async function principal() {
  const base = await abrirDestino();
  await migrar(base);
  const db = base.db;
  console.log(`Inicio: ${carga()}`);

  const [{ n: asientos } = { n: 0 }] = filas<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from kardex`),
  );
  if (asientos === 0) {
    const t0 = performance.now();
    let t = t0;
    await escribirHistoriaKardex(db, ANIO, (mes, n) => {
      console.log(`  historia, mes ${mes}: ${n} asientos en ${((performance.now() - t) / 1000).toFixed(1)} s`);
      t = performance.now();
    });
    console.log(`Historia del kardex escrita en ${((performance.now() - t0) / 1000).toFixed(1)} s (${carga()})`);
    const t1 = performance.now();
    const v = await verificarHistoriaKardex(db);
    console.log(`Reglas del kardex (${((performance.now() - t1) / 1000).toFixed(1)} s): ${JSON.stringify(v)}`);
  }
  const tv = performance.now();
  await db.execute(sql`vacuum (analyze) kardex`);
  await db.execute(sql`vacuum (analyze) saldo_producto`);
  console.log(`vacuum (analyze) del kardex: ${((performance.now() - tv) / 1000).toFixed(1)} s`);

  const [top] = filas<{ producto: number; empresa: number; n: number }>(
    await db.execute(sql`select k.codigo_catalogo_usuario as producto, c.codigo_empresa_usuario as empresa, count(*)::int as n
      from kardex k join catalogo_usuario c on c.codigo_catalogo_usuario = k.codigo_catalogo_usuario
      group by 1, 2 order by 3 desc limit 1`),
  );
  const [empresaTop] = filas<{ empresa: number; n: number }>(
    await db.execute(sql`select c.codigo_empresa_usuario as empresa, count(*)::int as n
      from kardex k join catalogo_usuario c on c.codigo_catalogo_usuario = k.codigo_catalogo_usuario
      group by 1 order by 2 desc limit 1`),
  );
  if (!top || !empresaTop) throw new Error('Sin kardex: genere el año primero');
  const [loteTop] = filas<{ lote: number; n: number }>(
    await db.execute(sql`select codigo_lote as lote, count(*)::int as n from kardex
      where codigo_catalogo_usuario = ${top.producto} group by 1 order by 2 desc, 1 limit 1`),
  );
  const [{ n: total } = { n: 0 }] = filas<{ n: number }>(await db.execute(sql`select count(*)::int as n from kardex`));
  console.log(
    `Base ${base.tipo}: ${total} asientos; producto más movido ${top.producto} (${top.n} asientos); empresa ${empresaTop.empresa} (${empresaTop.n} asientos)`,
  );

  const config = cargarConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', LOGIN_RETARDO_MS: '0' });
  const app = await construirApp({ config, base, logger: false });
  await app.ready();
  await usuarioBench(db, USUARIO, 1, 1);
  const headers = { authorization: await entrar(app, USUARIO) };

  const por = 20;
  const paginas = Math.ceil(top.n / por);
  const mes = `${ANIO}-06`;
  const [{ n: enMes } = { n: 0 }] = filas<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from kardex where codigo_catalogo_usuario = ${top.producto}
      and fecha >= ${inicioDiaLima(`${mes}-01`).toISOString()}::timestamptz and fecha < ${inicioDiaLima(`${ANIO}-07-01`).toISOString()}::timestamptz`),
  );
  const paginasMes = Math.max(1, Math.ceil(enMes / por));
  const casos: { nombre: string; q: string; pagina: number; orden: 'asc' | 'desc'; mes?: boolean; lote?: number }[] = [
    { nombre: 'primera página', q: '', pagina: 1, orden: 'asc' },
    { nombre: `página del medio (${Math.ceil(paginas / 2)})`, q: '', pagina: Math.ceil(paginas / 2), orden: 'asc' },
    { nombre: `última página (${paginas})`, q: '', pagina: paginas, orden: 'asc' },
    { nombre: 'primera página, más recientes primero', q: '&Orden=desc', pagina: 1, orden: 'desc' },
    { nombre: `última página, más recientes primero (${paginas})`, q: '&Orden=desc', pagina: paginas, orden: 'desc' },
    {
      nombre: `junio, primera página (${enMes} asientos)`,
      q: `&DesdeFecha=${mes}-01&HastaFecha=${mes}-30`,
      pagina: 1,
      orden: 'asc',
      mes: true,
    },
    {
      nombre: `junio, última página (${paginasMes})`,
      q: `&DesdeFecha=${mes}-01&HastaFecha=${mes}-30`,
      pagina: paginasMes,
      orden: 'asc',
      mes: true,
    },
    ...(loteTop
      ? [
          {
            nombre: `un lote (${loteTop.n} asientos)`,
            q: `&CodigoLote=${loteTop.lote}`,
            pagina: 1,
            orden: 'asc' as const,
            lote: loteTop.lote,
          },
        ]
      : []),
  ];
  if (SECCIONES.includes('listas'))
    console.log(`\nListarKardex del producto ${top.producto}, ${por} filas por página (${carga()})`);
  let peor = 0;
  let peorCpu = 0;
  for (const c of SECCIONES.includes('listas') ? casos : []) {
    const url = `/api/Almacen/ListarKardex?CodigoCatalogoUsuario=${top.producto}&PageNumber=${c.pagina}&limit=${por}${c.q}`;
    const r = await app.inject({ method: 'GET', url, headers });
    if (r.statusCode !== 200) throw new Error(r.body);
    const http = await medir(60, () => app.inject({ method: 'GET', url, headers }));
    const crudo = await medir(60, () =>
      paginaKardex(db, {
        codigoCatalogoUsuario: top.producto,
        codigoLote: c.lote,
        desde: c.mes ? inicioDiaLima(`${mes}-01`) : undefined,
        hasta: c.mes ? inicioDiaLima(`${ANIO}-07-01`) : undefined,
        orden: c.orden,
        limite: por,
        desplazamiento: (c.pagina - 1) * por,
      }),
    );
    peor = Math.max(peor, http.p95);
    peorCpu = Math.max(peorCpu, http.cpu95);
    console.log(`  ${c.nombre}: HTTP ${texto(http)} | SQL ${texto(crudo)} (${r.json().data.length} filas)`);
  }
  if (SECCIONES.includes('listas')) {
    console.log(
      `Peor p95 HTTP: ${peor.toFixed(1)} ms (meta ≤ 50 ms), peor p95 de CPU por petición ${peorCpu.toFixed(1)} ms${base.tipo === 'postgres' ? ' (sin la del servidor PostgreSQL)' : ''}; ${carga()}`,
    );
  }
  await app.close();
  await base.cerrar();
  if (!SECCIONES.includes('exportes')) return;

  console.log('\nExportaciones SUNAT del año de la empresa (servidor construido, su memoria leída del kernel)');
  const servidor = await arrancarServidor(PUERTO);
  try {
    console.log(`  arranque ${(servidor.arranqueMs / 1000).toFixed(1)} s`);
    const auth = await entrarHttp(servidor.url, USUARIO);
    const pid = servidor.proceso.pid as number;
    // CPU of the server process (user + system, from /proc/<pid>/stat in clock ticks of 10 ms): unlike the
    // time, it does not depend on how much of a core the shared machine gives the process.
    const cpu = () => {
      const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(campos[11]) + Number(campos[12])) * 10;
    };
    if (base.tipo === 'pglite') {
      // The embedded server vacuums the whole database a minute after it starts (platform/mantenimiento.ts):
      // wait for it and for the server to be idle (under 5 % of a core for 3 s), so the exports are measured
      // alone and "at rest" is what a server that has run for a while holds.
      await esperar(65_000);
      for (let i = 0; i < 200; i++) {
        const c0 = cpu();
        await esperar(3000);
        if (cpu() - c0 < 150) break;
      }
    } else await esperar(3000);
    console.log(`  en reposo: ${MB(servidor.memoria().rss)} (${residente(pid)})`);
    for (const formato of ['12.1', '13.1', '12.1']) {
      const c0 = cpu();
      const d = await descargar(
        servidor,
        `/api/Almacen/ExportarKardexSunat?CodigoEmpresaUsuario=${empresaTop.empresa}&Periodo=${ANIO}&Formato=${formato}`,
        auth,
      );
      console.log(
        `  ${formato}: ${(d.ms / 1000).toFixed(2)} s (CPU del servidor ${((cpu() - c0) / 1000).toFixed(2)} s), ${MB(d.bytes)}, memoria ${MB(d.antes)} → pico ${MB(d.pico)} (+${MB(d.pico - d.antes)}), estado ${d.estado}; ${carga()}`,
      );
    }
    console.log(`  después: ${MB(servidor.memoria().rss)} (${residente(pid)})`);
  } catch (e) {
    const p = servidor.proceso;
    if (p.exitCode !== null || p.signalCode) console.error(`el servidor terminó: ${p.exitCode ?? p.signalCode}`);
    throw e;
  } finally {
    await servidor.detener();
  }

  // The rows of the export alone, without Excel (the database's share of its time).
  const cruda = await abrirDestino();
  const t0 = performance.now();
  const [{ n: crudas } = { n: 0 }] = filas<{ n: number }>(
    await cruda.db.execute(sql`select count(*)::int as n from (select k.* from kardex k join catalogo_usuario c on c.codigo_catalogo_usuario = k.codigo_catalogo_usuario
      where c.codigo_empresa_usuario = ${empresaTop.empresa} and k.fecha >= ${inicioDiaLima(`${ANIO}-01-01`).toISOString()}::timestamptz
        and k.fecha < ${inicioDiaLima(`${ANIO + 1}-01-01`).toISOString()}::timestamptz
      order by k.codigo_catalogo_usuario, k.codigo_kardex) x`),
  );
  console.log(`  SQL de las ${crudas} filas del año (sin Excel): ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  await cruda.cerrar();
}

principal().catch((e) => {
  console.error(e);
  process.exit(1);
});
