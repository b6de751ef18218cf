import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseDatos } from '../src/db/client';
import { crearEntorno, type Entorno } from './entorno';
import { fabricaEtapas } from './fabricas-etapas';

/**
 * The gate's reads find the names they show (parameters, the company, the catalogue) through indexes on a
 * PostgreSQL server, the way the server's connections plan them (src/db/client.ts, `random_page_cost`). With
 * PostgreSQL's default costs a table of a few pages with statistics is cheaper to read whole: each parameter name
 * of an order's documents and lines was a scan of the 180 parameters, and the company a hash of every company,
 * half of the gate's database time. The statement each screen sends is taken as it runs and planned again on a
 * connection of the server's pool, with no setting of the test's own.
 */
let e: Entorno;
const enviados: { texto: string; parametros: unknown[] }[] = [];
const postgres = Boolean(process.env.TEST_DATABASE_URL);

async function plan(base: BaseDatos, texto: string, parametros: unknown[]) {
  const r = await (base.pool as NonNullable<BaseDatos['pool']>).query(`explain ${texto}`, parametros);
  return (r.rows as { 'QUERY PLAN': string }[]).map((f) => f['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  e = await crearEntorno({ observar: (texto, parametros) => enviados.push({ texto, parametros }) });
});
afterAll(async () => e.cerrar());

describe.skipIf(!postgres)('gate reads on a PostgreSQL server', () => {
  it('look up parameter names through their index once the parameters have statistics', async () => {
    const f = fabricaEtapas(e.db);
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 1 });
    const seguridad = await e.sesion(3, 1);
    // As the server's maintenance (autovacuum) leaves them: a table of a few pages with its statistics.
    await e.db.execute(sql`analyze parametro_seccion`);
    const lecturas = {
      datos: `/api/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${m.codigoMovimiento}`,
      codigo: `/api/ControlSeguridad/ConsultarMovimientoControl?CodigoIngreso=${m.codigoIngreso}&CodigoEstadoMovimiento=1`,
    };
    for (const [nombre, ruta] of Object.entries(lecturas)) {
      enviados.length = 0;
      const r = await seguridad.get(ruta);
      expect(r.statusCode, nombre).toBe(200);
      const sentencia = enviados.find((s) => s.texto.includes('"parametro_seccion"'));
      expect(sentencia, nombre).toBeDefined();
      const p = await plan(e.base, sentencia?.texto ?? '', sentencia?.parametros ?? []);
      expect(p, nombre).toContain('parametro_seccion_codigo_uq');
      expect(p, nombre).not.toMatch(/Seq Scan on parametro_seccion/);
    }
  });

  it("the server's connections carry the costs of data held in memory", async () => {
    const r = await e.db.execute(sql`select current_setting('random_page_cost') as v`);
    expect((r as unknown as { rows: { v: string }[] }).rows[0]?.v).toBe('1.1');
  });
});
