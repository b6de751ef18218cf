/**
 * Benchmark of the kardex (issue 13) on the year data set (scripts/generar-anio.ts). Prints figures; asserts nothing.
 *
 *   DATA_DIR=/tmp/cronos-anio node --import tsx apps/server/scripts/bench-kardex.ts [anio=2025] [puerto=4706]
 *   DATABASE_URL=postgres://…/cronos_anio node --import tsx apps/server/scripts/bench-kardex.ts
 *
 * The year set writes lots but no ledger: the first run writes the kardex history of every lot (its entry at the
 * lot's date and, for lots partly taken, an exit three days later), in date order, through the kardex trigger as
 * production writes it. Then:
 * - ListarKardex, first and last page of the busiest product (20 rows), 60 calls after a warm-up: p50/p95, beside
 *   the raw SQL of the same page;
 * - the 12.1 export of the busiest company's year over HTTP (this process listening, the client discarding the
 *   bytes): time, bytes, and this process's peak resident memory sampled every 10 ms (with the embedded database,
 *   the database runs inside this process too).
 */
import { performance } from 'node:perf_hooks';
import { PERMISOS_POR_ROL } from '@cronos/contract';
import { eq, sql } from 'drizzle-orm';
import { construirApp } from '../src/app';
import { cargarConfig } from '../src/config';
import { migrar } from '../src/db/migrar';
import { permiso, permisoUsuario, usuario } from '../src/db/schema';
import { hashContrasenia } from '../src/platform/contrasenias';
import { abrirDestino } from './generar-anio';

const ANIO = Number(process.argv[2] ?? 2025);
const PUERTO = Number(process.argv[3] ?? 4706);
const MB = (b: number) => `${(b / 1048576).toFixed(0)} MB`;
const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;

function percentil(valores: number[], p: number) {
  const o = [...valores].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)] ?? 0;
}

async function medir(n: number, f: () => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await f();
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await f();
    t.push(performance.now() - t0);
  }
  return `p50 ${percentil(t, 50).toFixed(1)} ms, p95 ${percentil(t, 95).toFixed(1)} ms`;
}

async function principal() {
  const base = await abrirDestino();
  await migrar(base);
  const db = base.db;

  const [{ n: asientos } = { n: 0 }] = filas<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from kardex`),
  );
  if (asientos === 0) {
    const t0 = performance.now();
    // One transaction a week, in date order: each entry updates its product's kept balance row, and a row
    // updated thousands of times inside one transaction keeps every version until it commits (quadratic).
    const inicio = Date.UTC(ANIO, 0, 1);
    for (let semana = 0; semana < 54; semana++) {
      const desde = new Date(inicio + semana * 7 * 86_400_000).toISOString();
      const hasta = new Date(inicio + (semana + 1) * 7 * 86_400_000).toISOString();
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`
          insert into kardex (codigo_lote, codigo_empresa_almacen, codigo_catalogo_usuario, codigo_movimiento, codigo_movimiento_detalle,
            tipo, cantidad, saldo_lote, fecha, usuario_registro)
          select codigo_lote, codigo_empresa_almacen, codigo_catalogo_usuario, codigo_movimiento, codigo_movimiento_detalle, tipo, cantidad, saldo, fecha, 'generador'
          from (
            select l.codigo_lote, l.codigo_empresa_almacen, l.codigo_catalogo_usuario, d.codigo_movimiento, dt.codigo_movimiento_detalle,
              'E' as tipo, l.cantidad_ingresada as cantidad, l.cantidad_ingresada as saldo, l.fecha_ingreso as fecha
            from lote l join movimiento_documento d on d.codigo_movimiento_documento = l.codigo_movimiento_documento
            join movimiento_detalle dt on dt.codigo_movimiento_documento = l.codigo_movimiento_documento and dt.codigo_catalogo_usuario = l.codigo_catalogo_usuario
            union all
            select l.codigo_lote, l.codigo_empresa_almacen, l.codigo_catalogo_usuario, null, null,
              'S', l.cantidad_ingresada - l.cantidad_stock, l.cantidad_stock, l.fecha_ingreso + interval '3 days'
            from lote l where l.cantidad_stock < l.cantidad_ingresada
          ) x where fecha >= ${desde}::timestamptz and fecha < ${hasta}::timestamptz
          order by fecha, codigo_lote, tipo`);
      });
    }
    await db.execute(sql`analyze kardex`);
    const [{ n } = { n: 0 }] = filas<{ n: number }>(await db.execute(sql`select count(*)::int as n from kardex`));
    console.log(`Historia del kardex: ${n} asientos escritos en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

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
  console.log(
    `Base ${base.tipo}: producto más movido ${top.producto} (${top.n} asientos); empresa ${empresaTop.empresa} (${empresaTop.n} asientos)`,
  );

  const config = cargarConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    LOGIN_RETARDO_MS: '0',
    PORT: String(PUERTO),
  });
  const app = await construirApp({ config, base, logger: false });
  await app.ready();
  const nombre = 'bench_kardex';
  const hash = await hashContrasenia('Bench.2026');
  let [u] = await db.select().from(usuario).where(eq(usuario.nombreUsuario, nombre));
  if (!u) {
    [u] = await db
      .insert(usuario)
      .values({
        nombreUsuario: nombre,
        contraseniaHash: hash,
        nombre: 'BENCH',
        apellidoPaterno: 'KARDEX',
        codigoRol: 1,
        nivelUsuario: 1,
        codigoEmpresaUsuario: 1,
      })
      .returning();
    const nodos = new Map((await db.select().from(permiso)).map((x) => [x.modulo, x.codigoPermiso]));
    await db.insert(permisoUsuario).values(
      Object.entries(PERMISOS_POR_ROL[1] ?? {}).flatMap(([m, p]) => {
        const codigoPermiso = nodos.get(m);
        return codigoPermiso && u ? [{ codigoUsuario: u.codigoUsuario, codigoPermiso, ...p }] : [];
      }),
    );
  } else await db.update(usuario).set({ contraseniaHash: hash }).where(eq(usuario.codigoUsuario, u.codigoUsuario));
  const login = await app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { nombreUsuario: nombre, contrasenia: 'Bench.2026' },
  });
  const token = login.json().data.token as string;
  const headers = { authorization: `Bearer ${token}` };

  const paginas = Math.ceil(top.n / 20);
  for (const [etiqueta, pagina] of [
    ['primera', 1],
    ['última', paginas],
  ] as const) {
    const url = `/api/Almacen/ListarKardex?CodigoCatalogoUsuario=${top.producto}&PageNumber=${pagina}&limit=20`;
    const r = await app.inject({ method: 'GET', url, headers });
    if (r.statusCode !== 200) throw new Error(r.body);
    console.log(
      `ListarKardex, ${etiqueta} página (${pagina}): ${await medir(60, () => app.inject({ method: 'GET', url, headers }))}`,
    );
    console.log(
      `  SQL de la misma página: ${await medir(60, () =>
        db.execute(sql`select k.*, m.codigo_ingreso from kardex k join lote l on l.codigo_lote = k.codigo_lote
          left join movimiento m on m.codigo_movimiento = k.codigo_movimiento
          where k.codigo_catalogo_usuario = ${top.producto} order by k.codigo_kardex limit 20 offset ${(pagina - 1) * 20}`),
      )}`,
    );
  }

  await app.listen({ port: PUERTO, host: '127.0.0.1' });
  for (const formato of ['12.1', '13.1']) {
    let pico = process.memoryUsage().rss;
    const muestreo = setInterval(() => {
      pico = Math.max(pico, process.memoryUsage().rss);
    }, 10);
    const antes = process.memoryUsage().rss;
    const t0 = performance.now();
    const r = await fetch(
      `http://127.0.0.1:${PUERTO}/api/Almacen/ExportarKardexSunat?CodigoEmpresaUsuario=${empresaTop.empresa}&Periodo=${ANIO}&Formato=${formato}`,
      { headers },
    );
    let bytes = 0;
    for await (const trozo of r.body as unknown as AsyncIterable<Uint8Array>) bytes += trozo.length;
    const t = performance.now() - t0;
    clearInterval(muestreo);
    console.log(
      `Exportación ${formato} del año de la empresa ${empresaTop.empresa}: ${(t / 1000).toFixed(2)} s, ${MB(bytes)}, memoria del proceso ${MB(antes)} → pico ${MB(pico)} (estado ${r.status})`,
    );
  }
  const t0 = performance.now();
  const [{ n: crudas } = { n: 0 }] = filas<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select k.* from kardex k join catalogo_usuario c on c.codigo_catalogo_usuario = k.codigo_catalogo_usuario
      where c.codigo_empresa_usuario = ${empresaTop.empresa} and k.fecha >= ${`${ANIO}-01-01`}::timestamptz and k.fecha < ${`${ANIO + 1}-01-01`}::timestamptz
      order by k.codigo_catalogo_usuario, k.codigo_kardex) x`),
  );
  console.log(`  SQL de las ${crudas} filas del año (sin Excel): ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  await app.close();
  await base.cerrar();
}

principal().catch((e) => {
  console.error(e);
  process.exit(1);
});
