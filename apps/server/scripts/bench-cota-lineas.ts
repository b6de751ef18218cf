/**
 * The lower bound of a year's op2 / op4 export with every product line kept rendered: what the export
 * would still cost if those two reports kept their sheet rows as op1 and op3 do, measured before building it.
 *
 * op2 and op4 have one row per product line (~5 M at a million orders, 0.7–0.8 kB of XML each). Keeping them
 * rendered would take the database's rendering out of the export, but not the reading, numbering, checksumming and
 * deflating of 3–4 GB of XML. This script measures exactly that part with the export's own code: the rows are
 * rendered from the database's orders by the export's SQL (`filaXmlSql` with the marks a kept row holds, U+0001 for
 * the sheet row, U+0002 for the N°), repeated in report order into a table of `--filas` rows, and written by the
 * export's pipeline (two connections of one snapshot, `COPY … (format binary)`, batches numbered by `replace()` as
 * the kept op3 rows are, `crearLibro` with its sheets of 1 048 575 rows, the parallel deflate) into a sink that only
 * counts the bytes. No HTTP, no triggers: every figure of a real export would be at least these.
 * Beside it, the database alone: the same batches through COPY on the same two connections, the bytes dropped.
 * `--variante prefijo --lineas-por-fila 5` measures another way of keeping them: one table row per order holding its
 * lines without their opening (`<row r=…>` and the N° cell), which the server writes as it hands the lines on, so the
 * database only reads (no replace(), no row_number()); the CPU of the process's main thread is printed apart.
 * Prints figures; asserts nothing. The tables it makes are unlogged and dropped at the end.
 *
 *   DATABASE_URL=postgres://…/cronos_1m node --import tsx apps/server/scripts/bench-cota-lineas.ts [--filas 5000000] [--reportes op2,op4] [--veces 2] [--variante prefijo --lineas-por-fila 5] [--conservar [--reusar]]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { REPORTES, type TipoReporte } from '@cronos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { crearLibro, FILAS_POR_HOJA } from '../src/modules/reporte/excel';
import { condicionesMovimiento, cuerpo } from '../src/modules/reporte/reporte.repository';
import { conConexionesExporte } from '../src/modules/reporte/xlsx-copia.repository';
import { AperturaLineas } from '../src/modules/reporte/apertura-lineas';
import type { ConexionXml } from '../src/modules/reporte/xlsx-lotes.repository';
import { filaXmlSql, fuenteDe } from '../src/modules/reporte/xlsx-sql.repository';

const args = process.argv.slice(2);
const opcion = (nombre: string) => {
  const i = args.indexOf(`--${nombre}`);
  return i >= 0 ? (args[i + 1] ?? '') : undefined;
};
const FILAS = Number(opcion('filas') ?? 5_000_000);
const REPORTES_BENCH = (opcion('reportes') ?? 'op2,op4').split(',') as TipoReporte[];
const VECES = Number(opcion('veces') ?? 2);
/** Keeps the tables for a look at their plans (dropped by the next run). */
const CONSERVAR = args.includes('--conservar');
/** Measures the table a `--conservar` run kept (same report, variant and size), without making it again. */
const REUSAR = args.includes('--reusar');
/** Distinct rendered lines repeated to make the table (more than a deflate window's worth, ~70 MB of XML). */
const MUESTRA = 100_000;
/** Sheet rows per batch, as the export's batches of 1 000 orders of product lines (~5 000 lines). */
const LOTE = 5000;
/**
 * `--variante prefijo`: the kept row holds the line without its opening (`<row r=…>` and the N° cell) and the server
 * writes that opening itself (nothing for the database to number); `--lineas-por-fila K` keeps K lines per table row.
 */
const VARIANTE = opcion('variante') ?? 'reemplazo';
const POR_FILA = Number(opcion('lineas-por-fila') ?? 1);

const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres'))
  throw new Error('DATABASE_URL de un servidor PostgreSQL con el año (generar-anio.ts)');
const pool = new pg.Pool({ connectionString: url, max: 4 });
const dialecto = new PgDialect();
const ejecutar = async (q: SQL) => {
  const { sql: text, params } = dialecto.sqlToQuery(q);
  return (await pool.query({ text, values: params })).rows as Record<string, unknown>[];
};
/** CPU seconds (user + system) of a process, from the kernel. */
const cpuDe = (pid: number, hilo = '') => {
  const campos = (readFileSync(`/proc/${pid}${hilo}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(campos[11]) + Number(campos[12])) / 100;
};
/** CPU seconds of this process's main thread (the one that answers requests in the server). */
const cpuPrincipal = () => cpuDe(process.pid, `/task/${process.pid}`);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** The kept row of each of the first MUESTRA lines of the year, as a kept row would hold it (with its marks). */
async function prepararTabla(tipo: TipoReporte) {
  const c = cuerpo(tipo);
  const fila = filaXmlSql(REPORTES[tipo].columnas, fuenteDe(tipo), "E'\\x01'", "E'\\x02'", { numeroMarcado: true });
  const donde = condicionesMovimiento({
    tipo,
    empresa: null,
    tipoOperacion: null,
    estado: null,
    desde: null,
    hasta: null,
  });
  const tabla = sql.raw(`bench_cota_${tipo}`);
  if (REUSAR && (await ejecutar(sql`select to_regclass(${`bench_cota_${tipo}`}) as t`))[0]?.t) return tabla;
  await ejecutar(sql`drop table if exists bench_cota_muestra, ${tabla}`);
  // The prefix variant keeps what follows the N° cell, the other marks (a reference after an empty cell) as a number.
  const xml =
    VARIANTE === 'prefijo' ? `E'\\x01' || replace(substr(x, strpos(x, '</c>') + 4), E'\\x01', '654321')` : 'x';
  await ejecutar(sql`create unlogged table bench_cota_muestra as
    select row_number() over () as i, ${sql.raw(xml)} as xml from (select ${sql.raw(fila)} as x
    from (select ${c.select} from movimiento m ${c.desde} where ${donde}
      order by m.fecha_ingreso, m.codigo_movimiento, ${sql.raw(c.hijo ?? 'null')} limit ${MUESTRA}::int) f) f`);
  const [m] = await ejecutar(
    sql`select count(*)::int as n, avg(octet_length(xml))::int as bytes from bench_cota_muestra`,
  );
  const n = Number(m?.n);
  if (!n) throw new Error(`sin líneas para ${tipo}: genere el año primero`);
  const t = performance.now();
  // In report order on disk, as the server fills kept rows (a batch then reads a few hundred pages, not a page a row).
  await ejecutar(sql`create unlogged table ${tabla} (k bigint primary key, xml text)`);
  if (POR_FILA === 1)
    await ejecutar(sql`insert into ${tabla} select g, x.xml from generate_series(1, ${FILAS}::int) g
      join bench_cota_muestra x on x.i = (g - 1) % ${n}::int + 1 order by g`);
  else
    await ejecutar(sql`insert into ${tabla} select (g - 1) / ${POR_FILA}::int + 1, string_agg(x.xml, '' order by g)
      from generate_series(1, ${FILAS}::int) g join bench_cota_muestra x on x.i = (g - 1) % ${n}::int + 1
      group by 1 order by 1`);
  await ejecutar(sql`drop table bench_cota_muestra`);
  await pool.query(`vacuum analyze bench_cota_${tipo}`);
  const [t2] = await ejecutar(sql`select pg_total_relation_size(${`bench_cota_${tipo}`}::regclass) as b`);
  console.log(
    `${tipo}: ${FILAS} filas de ${n} líneas distintas, ${m?.bytes} bytes por fila, tabla ${(Number(t2?.b) / 2 ** 20).toFixed(0)} MB (${s(performance.now() - t)})`,
  );
  return tabla;
}

/** A batch as the kept op3 rows are read: LIMIT from its first key, N° and sheet row put in by replace(). */
const lote = (tabla: SQL, antes: number) => {
  if (VARIANTE === 'prefijo')
    return sql`select m.xml from ${tabla} m where m.k > ${antes}::bigint order by m.k limit ${Math.ceil(LOTE / POR_FILA)}::int`;
  const n = sql`(${antes}::bigint + row_number() over (order by m.k))`;
  const fila = sql`((${n} - 1) % ${FILAS_POR_HOJA}::int + 2)::text`;
  return sql`select replace(replace(m.xml, E'\x02', ${n}::text), E'\x01', ${fila})
    from (select m.* from ${tabla} m where m.k > ${antes}::bigint order by m.k limit ${LOTE}::int) m order by m.k`;
};

/** Every batch, up to one per connection at a time, each handed to `escribir` in order (escribirDesdeBd's loop). */
async function recorrer(conexiones: ConexionXml[], tabla: SQL, escribir: (filas: Buffer[]) => Promise<void>) {
  const limites = (
    await conexiones[0]?.filas(sql`select k - 1 as antes from (select k, row_number() over (order by k) as r from ${tabla}) x
      where (r - 1) % ${Math.ceil(LOTE / POR_FILA)}::int = 0 order by k`)
  )?.map((r) => Number(r.antes)) as number[];
  const enCurso: Promise<Buffer[]>[] = [];
  let siguiente = 0;
  const pedir = () => {
    const i = siguiente++;
    enCurso.push((conexiones[i % conexiones.length] as ConexionXml).xml(lote(tabla, limites[i] as number)));
  };
  while (siguiente < limites.length && enCurso.length < conexiones.length) pedir();
  let filas = 0;
  while (enCurso.length) {
    const b = await (enCurso.shift() as Promise<Buffer[]>);
    filas += VARIANTE === 'prefijo' ? b.length * POR_FILA : b.length;
    await escribir(b);
    if (siguiente < limites.length) pedir();
  }
  return filas;
}

async function medir(tipo: TipoReporte, tabla: SQL, escribirArchivo: boolean) {
  const t = performance.now();
  const cpu0 = process.cpuUsage();
  const principal0 = cpuPrincipal();
  let bytes = 0;
  let backends: number[] = [];
  const cpuBackends0: number[] = [];
  const filas = await conConexionesExporte(pool, 2, async (conexiones) => {
    for (const c of conexiones) {
      const [r] = await c.filas(sql`select pg_backend_pid() as pid`);
      backends.push(Number(r?.pid));
    }
    backends = backends.filter(Number.isFinite);
    for (const p of backends) cpuBackends0.push(cpuDe(p));
    if (!escribirArchivo) return recorrer(conexiones, tabla, async () => undefined);
    const libro = crearLibro('Reporte', REPORTES[tipo].columnas);
    const sumidero = new Writable({
      write(trozo: Buffer, _c, listo) {
        bytes += trozo.length;
        listo();
      },
    });
    const enviado = pipeline(libro.salida, sumidero);
    let numero = 0;
    /** The prefix variant: every line's opening written by the export's own code, its rest taken as it came. */
    const apertura = new AperturaLineas();
    const abrir = (b: Buffer[]) => {
      const lote = apertura.abrir(b, numero, FILAS_POR_HOJA);
      numero += lote.lineas;
      return libro.agregarFilasContiguas(lote);
    };
    const n = await recorrer(conexiones, tabla, (b) => (VARIANTE === 'prefijo' ? abrir(b) : libro.agregarFilasXml(b)));
    await libro.cerrar();
    await enviado;
    return n;
  });
  const cpu = process.cpuUsage(cpu0);
  const principal = cpuPrincipal() - principal0;
  const db = backends.map((p, i) => cpuDe(p) - (cpuBackends0[i] ?? 0)).reduce((a, b) => a + b, 0);
  return { ms: performance.now() - t, filas, bytes, servidor: (cpu.user + cpu.system) / 1e6, principal, db };
}

console.log(
  `carga del equipo al empezar: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
const resultados: string[] = [];
for (const tipo of REPORTES_BENCH) {
  const tabla = await prepararTabla(tipo);
  try {
    for (let v = 0; v < VECES; v++) {
      const x = await medir(tipo, tabla, true);
      const b = await medir(tipo, tabla, false);
      const linea = `${tipo} | ${x.filas} filas | exporte ${s(x.ms)} (${(x.bytes / 2 ** 20).toFixed(0)} MB; CPU proceso ${x.servidor.toFixed(2)} s (hilo principal ${x.principal.toFixed(2)} s), base ${x.db.toFixed(2)} s) | solo la base ${s(b.ms)} (CPU base ${b.db.toFixed(2)} s) | carga ${loadavg()[0]?.toFixed(2)}`;
      console.log(linea);
      resultados.push(linea);
    }
  } finally {
    if (!CONSERVAR) await ejecutar(sql`drop table if exists ${tabla}`);
  }
}
console.log(['', 'reporte | filas | exporte con filas mantenidas | solo la base | carga', ...resultados].join('\n'));
await pool.end();
