import { filtroReporte, REPORTES } from '@cronos/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { celdasExplicitas, entradasZip, textosDe } from '../../../test/hojas';
import { sembrarDatosReporte } from '../../../test/reportes';
import { movimiento, movimientoDocumento } from '../../db/schema';
import type { Actor } from '../../platform/contexto';
import { crearLibro } from './excel';
import { entradaTexto } from '../../platform/xlsx';
import { filasMantenidasPorLotes, textosDeLineasMantenidas } from './filas-mantenidas-exporte.repository';
import { filasDe, type FiltroSql } from './reporte.repository';
import { resolverFiltro } from './reporte.service';
import { conConexionesExporte } from './xlsx-copia.repository';
import { type ConexionXml, escribirDesdeBd } from './xlsx-lotes.repository';
import { consultasXml } from './xlsx-sql.repository';

/** The exports read from the kept rows (how the rows are kept: filas-mantenidas.repository.test.ts). */
let e: Entorno;
let datos: Awaited<ReturnType<typeof sembrarDatosReporte>>;

beforeAll(async () => {
  e = await crearEntorno();
  datos = await sembrarDatosReporte(e);
  await e.db
    .update(movimiento)
    .set({ numeroTicket: 'T-77' })
    .where(eq(movimiento.codigoMovimiento, datos.m2.codigoMovimiento));
});
afterAll(async () => e.cerrar());

describe('the exports from the kept rows', () => {
  const operador = { codigoEmpresaUsuario: 1 } as Actor;
  /** Every batch's rows, by the kept rows or rendered by the statement itself. */
  async function lotes(f: FiltroSql, mantenidas: boolean) {
    const c = consultasXml(f, { tamanio: 2, filasPorHoja: 3, mantenidas });
    const limites = filasDe(await e.db.execute(c.limites));
    const filas: string[] = [];
    for (const l of limites)
      for (const r of filasDe(
        await e.db.execute(
          c.lote({
            fecha: String(l.fecha),
            id: Number(l.id),
            hijo: l.hijo === null || l.hijo === undefined ? undefined : Number(l.hijo),
            antes: Number(l.antes),
            cantidad: Number(l.cantidad),
          }),
        ),
      ))
        filas.push(String(Object.values(r)[0]));
    return filas;
  }

  it('gives the rows the export renders, numbered for their sheets, for the zone and for one company', async () => {
    // Declarations for op3 on two more orders, one with two (its rows follow each other within the order).
    for (const [m, tipo, numero] of [
      [datos.m2, '4', '118-2026-10-000101'],
      [datos.m3, '9', '118-2026-18-000102'],
      [datos.m3, '5', '118-2026-40-000103'],
    ] as const)
      await e.db.insert(movimientoDocumento).values({
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoDocumento: tipo,
        numeroDocumento: numero,
        fechaRegistro: new Date(),
      });
    for (const [tipo, q] of [
      ['op1', {}],
      ['op1', { CodigoEmpresaUsuario: datos.a.codigoEmpresaUsuario }],
      ['op3', {}],
      ['op3', { CodigoEmpresaUsuario: datos.a.codigoEmpresaUsuario }],
    ] as const) {
      const f = resolverFiltro(operador, tipo, filtroReporte.parse(q));
      const mantenidas = await lotes(f, true);
      expect(mantenidas.length, tipo).toBeGreaterThanOrEqual(q.CodigoEmpresaUsuario ? 2 : 4);
      expect(mantenidas).toEqual(await lotes(f, false));
      // The embedded database's export: keyset batches over the kept rows.
      const porLotes: string[] = [];
      for await (const filas of filasMantenidasPorLotes(e.db, f, 3, 2)) porLotes.push(...filas.map(String));
      expect(porLotes).toEqual(mantenidas);
      expect(mantenidas.map((x) => /^<row r="(\d+)">/.exec(x)?.[1])).toEqual(
        mantenidas.map((_x, i) => String((i % 3) + 2)),
      );
    }
  });

  it('op2 and op4: the embedded database batches of kept lines give the cells the export renders', async () => {
    for (const [tipo, q] of [
      ['op2', {}],
      ['op2', { CodigoEmpresaUsuario: datos.a.codigoEmpresaUsuario }],
      ['op4', {}],
      ['op4', { CodigoEmpresaUsuario: datos.b.codigoEmpresaUsuario, CodigoTipoOperacion: 1 }],
    ] as const) {
      const f = resolverFiltro(operador, tipo, filtroReporte.parse(q));
      const vivas = await lotes(f, false);
      expect(vivas.length, tipo).toBeGreaterThanOrEqual(q.CodigoEmpresaUsuario ? 1 : 4);
      // One order per batch, three rows per sheet: an order's lines cross the sheets' ends.
      const porLotes: string[] = [];
      for await (const filas of filasMantenidasPorLotes(e.db, f, 3, 1)) porLotes.push(...filas.map(String));
      const textos = textosDe(((await textosDeLineasMantenidas(e.db, f)) ?? []).map(entradaTexto).join(''));
      const hoja = (filas: string[], t: typeof textos = []) =>
        celdasExplicitas(`<sheetData>${filas.join('')}</sheetData>`, t).celdas;
      expect(hoja(porLotes, textos), `${tipo} ${JSON.stringify(q)}`).toEqual(hoja(vivas));
      expect(porLotes.map((x) => /^<row r="(\d+)"><c r="A\1" s="3"><v>(\d+)<\/v>/.exec(x)?.slice(1))).toEqual(
        porLotes.map((_x, i) => [String((i % 3) + 2), String(i + 1)]),
      );
    }
  });

  it("op2 and op4: a company's file holds its own texts only, the others' entries blank", async () => {
    const nombres = filasDe(
      await e.db.execute(sql`select codigo_empresa_usuario as id, razon_social as nombre from empresa_usuario
        where codigo_empresa_usuario in (${datos.a.codigoEmpresaUsuario}, ${datos.b.codigoEmpresaUsuario})`),
    );
    const nombre = (id: number) => String(nombres.find((r) => Number(r.id) === id)?.nombre);
    const f = resolverFiltro(
      operador,
      'op2',
      filtroReporte.parse({ CodigoEmpresaUsuario: datos.a.codigoEmpresaUsuario }),
    );
    const libro = crearLibro('Reporte', REPORTES.op2.columnas);
    const trozos: Buffer[] = [];
    libro.salida.on('data', (b: Buffer) => trozos.push(b));
    const fin = new Promise((listo) => libro.salida.on('end', listo));
    const pool = e.base.pool;
    if (pool) await conConexionesExporte(pool, 2, (c) => escribirDesdeBd(c, f, libro));
    else {
      for await (const filas of filasMantenidasPorLotes(e.db, f, libro.filasPorHoja))
        await libro.agregarFilasXml(filas);
      libro.compartir((await textosDeLineasMantenidas(e.db, f)) ?? []);
    }
    await libro.cerrar();
    await fin;
    const archivo = entradasZip(Buffer.concat(trozos));
    const tabla = archivo.get('xl/sharedStrings.xml') ?? '';
    expect(tabla).toContain(`<si><t>${nombre(datos.a.codigoEmpresaUsuario)}</t></si>`);
    expect(tabla).not.toContain(nombre(datos.b.codigoEmpresaUsuario));
    // Entries of the other company are there, blank, so the positions the lines name stay the dictionary's.
    expect(tabla).toContain('<si><t/></si>');
    // The zone's file names both.
    const zona = (await textosDeLineasMantenidas(e.db, { ...f, empresa: null })) ?? [];
    expect(zona).toEqual(
      expect.arrayContaining([nombre(datos.a.codigoEmpresaUsuario), nombre(datos.b.codigoEmpresaUsuario)]),
    );
    // The workbook reads back with the company's texts in their cells.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(trozos) as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(2).getCell(7).value).toBe(nombre(datos.a.codigoEmpresaUsuario));
  });

  it('op2 and op4 stop when the kept lines of an order are missing', async () => {
    const f = resolverFiltro(operador, 'op2', filtroReporte.parse({}));
    await e.db.execute(sql`delete from reporte_lineas_fila where codigo_movimiento = ${datos.m1.codigoMovimiento}`);
    const libro = crearLibro('Reporte', REPORTES.op2.columnas);
    libro.salida.resume();
    const conexion: ConexionXml = {
      filas: async (q) => filasDe(await e.db.execute(q)),
      xml: async () => [],
    };
    const pool = e.base.pool;
    await expect(
      pool
        ? conConexionesExporte(pool, 2, (c) => escribirDesdeBd(c, f, libro))
        : escribirDesdeBd([conexion, conexion], f, libro),
    ).rejects.toThrow(/filas mantenidas de op2: \d+ de \d+ órdenes/);
    await expect(async () => {
      for await (const _filas of filasMantenidasPorLotes(e.db, f, 3)) break;
    }).rejects.toThrow(/filas mantenidas de op2: \d+ de \d+ órdenes/);
    // The next change of the order writes them again.
    await e.db
      .update(movimiento)
      .set({ numeroBultos: 12 })
      .where(eq(movimiento.codigoMovimiento, datos.m1.codigoMovimiento));
    for await (const filas of filasMantenidasPorLotes(e.db, f, 3)) expect(filas.length).toBeGreaterThan(0);
    // op4's lines are a table of their own: one missing there stops op4 (op2's are whole).
    const f4 = resolverFiltro(operador, 'op4', filtroReporte.parse({}));
    await e.db.execute(sql`delete from reporte_lineas_op4_fila where codigo_movimiento = ${datos.m1.codigoMovimiento}`);
    await expect(async () => {
      for await (const _filas of filasMantenidasPorLotes(e.db, f4, 3)) break;
    }).rejects.toThrow(/filas mantenidas de op4: \d+ de \d+ órdenes/);
    for await (const filas of filasMantenidasPorLotes(e.db, f, 3)) expect(filas.length).toBeGreaterThan(0);
    await e.db
      .update(movimiento)
      .set({ numeroBultos: 13 })
      .where(eq(movimiento.codigoMovimiento, datos.m1.codigoMovimiento));
    for await (const filas of filasMantenidasPorLotes(e.db, f4, 3)) expect(filas.length).toBeGreaterThan(0);
  });

  it('is read from the kept rows once complete, and stops if one is missing', async () => {
    const f = resolverFiltro(operador, 'op1', filtroReporte.parse({}));
    const exportar = async () => {
      const libro = crearLibro('Reporte', REPORTES.op1.columnas);
      const trozos: Buffer[] = [];
      libro.salida.on('data', (t: Buffer) => trozos.push(t));
      const pool = e.base.pool;
      // Ordinary statements on the embedded database give NULL as a value; COPY leaves the row out.
      const conexion: ConexionXml = {
        filas: async (q) => filasDe(await e.db.execute(q)),
        xml: async (q) =>
          filasDe(await e.db.execute(q))
            .map((r) => Object.values(r)[0])
            .filter((v) => v !== null)
            .map((v) => Buffer.from(String(v), 'utf8')),
      };
      if (pool) await conConexionesExporte(pool, 2, (c) => escribirDesdeBd(c, f, libro));
      else await escribirDesdeBd([conexion, conexion], f, libro);
      await libro.cerrar();
      return Buffer.concat(trozos);
    };
    const id = datos.m2.codigoMovimiento;
    await e.db.execute(
      sql`update reporte_op1_fila set xml = replace(xml, 'T-77', 'LEÍDA') where codigo_movimiento = ${id}`,
    );
    const hoja = async () => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await exportar()) as unknown as ArrayBuffer);
      return JSON.stringify(wb.worksheets[0]?.getSheetValues());
    };
    expect(await hoja()).toContain('LEÍDA');
    await e.db.execute(sql`update reporte_mantenido set completo = false where nombre = 'filas'`);
    expect(await hoja()).not.toContain('LEÍDA');
    await e.db.execute(sql`update reporte_mantenido set completo = true where nombre = 'filas'`);
    await e.db.execute(sql`delete from reporte_op1_fila where codigo_movimiento = ${id}`);
    await expect(exportar()).rejects.toThrow(/filas mantenidas de op1: \d+ de \d+ órdenes/);
  });
});
