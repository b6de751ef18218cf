import { filtroReporte, REPORTES, TIPOS_REPORTE, type TipoReporte } from '@cronos/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { celdasExplicitas, entradasZip as entradas, textosDe } from '../../../test/hojas';
import { sembrarDatosReporte } from '../../../test/reportes';
import { catalogoUsuario, controlMovimiento, movimiento, movimientoDetalle } from '../../db/schema';
import type { Actor } from '../../platform/contexto';
import { crearLibro } from './excel';
import { filasDe, type FiltroSql } from './reporte.repository';
import { recorrer, resolverFiltro } from './reporte.service';
import { conConexionesExporte } from './xlsx-copia.repository';
import { SalidaCerrada } from '../../platform/xlsx';
import { type ConexionXml, escribirDesdeBd } from './xlsx-lotes.repository';

let e: Entorno;
let datos: Awaited<ReturnType<typeof sembrarDatosReporte>>;

/** Text that needs every rule: blanks at both ends, the XML specials, a control character, a formula sign. */
const INCOMODO = ' TRANSPORTES "A&B" <SUR>\u0001 ';
/** A product description with blanks at both ends and XML specials (a shared string of the kept lines). */
const PRODUCTO_INCOMODO = ' PRODUCTO "A&B" <SUR> ';

beforeAll(async () => {
  e = await crearEntorno();
  datos = await sembrarDatosReporte(e);
  const [primero] = await e.db.select().from(movimiento).limit(1);
  if (!primero) throw new Error('sin órdenes');
  await e.db
    .update(movimiento)
    .set({ razonSocialTransportistaUsuario: INCOMODO, numeroDeclaracion: '-11820' })
    .where(eq(movimiento.codigoMovimiento, primero.codigoMovimiento));
  // A weighing one second after Lima midnight: the smallest time fraction, and a date that differs from UTC's.
  await e.db
    .update(controlMovimiento)
    .set({ fechaRegistro: new Date('2026-03-11T05:00:01Z') })
    .where(eq(controlMovimiento.codigoMovimiento, primero.codigoMovimiento));
  // A line whose quantity and FOB need many digits (numbers written by the database as by the writer).
  const [linea] = await e.db.select().from(movimientoDetalle).limit(1);
  if (linea) {
    await e.db
      .update(movimientoDetalle)
      .set({ cantidad: '0.00001', valorFOB: '123456.78901' })
      .where(eq(movimientoDetalle.codigoMovimientoDetalle, linea.codigoMovimientoDetalle));
    // Its product's texts are shared strings in op2's and op4's kept lines: one with blanks at both ends and XML
    // specials, one that looks like a formula.
    await e.db
      .update(catalogoUsuario)
      .set({ descripcion: PRODUCTO_INCOMODO, numeroPartida: '-118200' })
      .where(eq(catalogoUsuario.codigoCatalogoUsuario, linea.codigoCatalogoUsuario));
  }
});
afterAll(async () => e.cerrar());

/** The same number written either way (1e-05 or 0.00001) compares equal (text values are left as they are). */
const normalizar = (xml: string) =>
  xml.replace(/<v>(-?[0-9.]+(?:e[-+]?\d+)?)<\/v>/g, (_t, v: string) => `<v>${Number(v)}</v>`);

/** A workbook written to the end, as bytes. */
async function archivo(
  tipo: TipoReporte,
  llenar: (libro: ReturnType<typeof crearLibro>) => Promise<unknown>,
  filasPorHoja: number,
) {
  const libro = crearLibro('Reporte', REPORTES[tipo].columnas, { filasPorHoja });
  const trozos: Buffer[] = [];
  libro.salida.on('data', (t: Buffer) => trozos.push(t));
  const fin = new Promise((listo) => libro.salida.on('end', listo));
  await llenar(libro);
  await libro.cerrar();
  await fin;
  return Buffer.concat(trozos);
}

/** The writer's way: report rows from the database, rendered by excel.ts. */
const porElServidor = (f: FiltroSql, filasPorHoja: number) =>
  archivo(
    f.tipo,
    async (libro) => {
      for await (const lote of recorrer(e.db, f)) await libro.agregarLote(lote);
    },
    filasPorHoja,
  );

/** A connection over the test's database through ordinary statements (the embedded database has no COPY). */
const conexionDb = (): ConexionXml => ({
  filas: async (q) => filasDe(await e.db.execute(q)),
  xml: async (q) => filasDe(await e.db.execute(q)).map((r) => Buffer.from(String(Object.values(r)[0]), 'utf8')),
});

/** The database's way: on a PostgreSQL server through COPY on two connections of one snapshot, as the route does. */
const porLaBase = (f: FiltroSql, filasPorHoja: number, tamanio: number) =>
  archivo(
    f.tipo,
    (libro) => {
      const pool = e.base.pool;
      if (pool) return conConexionesExporte(pool, 2, (c) => escribirDesdeBd(c, f, libro, { tamanio }));
      return escribirDesdeBd([conexionDb(), conexionDb()], f, libro, { tamanio });
    },
    filasPorHoja,
  );

const operador = { codigoEmpresaUsuario: 1 } as Actor;

describe('sheet rows rendered by the database', () => {
  it('are the rows the writer renders, for every report, batch after batch, sheet after sheet', async () => {
    const casos: [TipoReporte, Record<string, unknown>][] = [
      ...TIPOS_REPORTE.map((t): [TipoReporte, Record<string, unknown>] => [t, { CodigoEmpresaUsuario: -1 }]),
      [
        'op1',
        { CodigoEmpresaUsuario: datos.a.codigoEmpresaUsuario, DesdeFecha: '2026-01-01', HastaFecha: '2026-12-31' },
      ],
      ['op6', { CodigoEmpresaUsuario: datos.a.codigoEmpresaUsuario }],
    ];
    for (const [tipo, q] of casos) {
      const f = resolverFiltro(operador, tipo, filtroReporte.parse(q));
      // Three rows per sheet and two movements per batch: batches and sheets end anywhere in each other. op6's
      // batches are of one lot, so that a company's lots (A has two) take more than one batch.
      const tamanio = tipo === 'op6' ? 1 : 2;
      const esperado = entradas(await porElServidor(f, 3));
      const lineas = tipo === 'op2' || tipo === 'op4';
      if (lineas) {
        // op2 and op4 from their kept lines (one row per order, the openings written by the server): the same cells in
        // the same places, written without references (an empty one as a blank cell).
        // Their repeated texts are shared strings: the file has the table besides the writer's parts, which list it.
        const mantenido = entradas(await porLaBase(f, 3, tamanio));
        expect([...mantenido.keys()].sort(), tipo).toEqual([...esperado.keys(), 'xl/sharedStrings.xml'].sort());
        const textos = textosDe(mantenido.get('xl/sharedStrings.xml') ?? '');
        expect(mantenido.get('xl/worksheets/sheet1.xml'), tipo).toMatch(/<c t="s"><v>\d+<\/v><\/c>/);
        for (const [nombre, xml] of esperado) {
          const partes = (mantenido.get(nombre) ?? '')
            .replace(/<Override PartName="\/xl\/sharedStrings\.xml"[^>]*\/>/, '')
            .replace(/<Relationship Id="rId\d+" Type="[^"]*\/sharedStrings" Target="sharedStrings\.xml"\/>/, '');
          const a = celdasExplicitas(normalizar(partes), textos);
          const b = celdasExplicitas(normalizar(xml));
          expect(a, `${tipo} ${nombre} (filas mantenidas)`).toEqual(b);
        }
        // Below: the rendering at export time, used until they are filled.
        await e.db.execute(sql`update reporte_mantenido set completo = false where nombre = 'lineas'`);
      }
      const obtenido = entradas(await porLaBase(f, 3, tamanio));
      if (lineas) await e.db.execute(sql`update reporte_mantenido set completo = true where nombre = 'lineas'`);
      expect([...obtenido.keys()].sort(), tipo).toEqual([...esperado.keys()].sort());
      const hojas = [...esperado.keys()].filter((n) => n.startsWith('xl/worksheets/'));
      // The reports with a line per product fill several sheets of three rows.
      if (['op2', 'op4'].includes(tipo)) expect(hojas.length, tipo).toBeGreaterThan(1);
      for (const [nombre, xml] of esperado)
        expect(normalizar(obtenido.get(nombre) ?? ''), `${tipo} ${nombre}`).toBe(normalizar(xml));
    }
  });

  it('escape, keep blanks, drop control characters and mark formula-looking text', async () => {
    const f = resolverFiltro(operador, 'op1', filtroReporte.parse({}));
    const xml = entradas(await porLaBase(f, 1000, 5000)).get('xl/worksheets/sheet1.xml') ?? '';
    expect(xml).toMatch(
      /<c( r="[A-Z]+\d+")? t="inlineStr"><is><t xml:space="preserve"> TRANSPORTES &quot;A&amp;B&quot; &lt;SUR&gt; <\/t><\/is><\/c>/,
    );
    expect(xml).toMatch(/<c( r="L\d+")? t="str" s="6"><v>-11820<\/v><\/c>/);
    expect(xml).toMatch(
      /<c( r="O\d+")? s="4"><v>46092<\/v><\/c><c s="5"><v>(1\.1574074074074073e-0?5|0\.000011574074074074073)<\/v>/,
    );
    // op2's kept lines: the same rules for their shared strings, the text in the table and the style on the cell.
    const op2 = entradas(await porLaBase(resolverFiltro(operador, 'op2', filtroReporte.parse({})), 1000, 5000));
    const tabla = op2.get('xl/sharedStrings.xml') ?? '';
    const posicion = (entrada: string) => tabla.match(/<si>.*?<\/si>/g)?.indexOf(entrada) ?? -1;
    const producto = posicion('<si><t xml:space="preserve"> PRODUCTO &quot;A&amp;B&quot; &lt;SUR&gt; </t></si>');
    const partida = posicion('<si><t>-118200</t></si>');
    expect(producto).toBeGreaterThanOrEqual(0);
    expect(partida).toBeGreaterThanOrEqual(0);
    expect(op2.get('xl/worksheets/sheet1.xml')).toContain(
      `<c t="s" s="6"><v>${partida}</v></c><c t="s"><v>${producto}</v></c>`,
    );
  });
});

describe('a client that leaves mid-download', () => {
  it('stops the export, and its connections go back to the pool', async () => {
    const f = resolverFiltro(operador, 'op4', filtroReporte.parse({}));
    const libro = crearLibro('Reporte', REPORTES.op4.columnas, { filasPorHoja: 2 });
    libro.salida.once('data', () => libro.salida.destroy());
    const pool = e.base.pool;
    // The app holds connections of its own (the notification channel's listener): count the ones in use.
    const enUso = () => (pool ? pool.totalCount - pool.idleCount : 0);
    const antes = enUso();
    const exportar = pool
      ? conConexionesExporte(pool, 2, (c) => escribirDesdeBd(c, f, libro, { tamanio: 1 }))
      : escribirDesdeBd([conexionDb(), conexionDb()], f, libro, { tamanio: 1 });
    const fin = await exportar.then(
      () => 'terminó',
      (x: unknown) => (x instanceof SalidaCerrada ? 'cancelada' : x),
    );
    expect(['terminó', 'cancelada']).toContain(fin);
    expect(libro.cancelado).toBe(true);
    expect(enUso()).toBe(antes);
  });
});

describe('a report longer than a sheet', () => {
  it('goes on in the next sheets, each with its header, the N° counting on, and reads back whole', async () => {
    const f = resolverFiltro(operador, 'op4', filtroReporte.parse({}));
    const pantalla = [];
    for await (const lote of recorrer(e.db, f)) pantalla.push(...lote);
    expect(pantalla.length).toBeGreaterThan(4);
    for (const bytes of [await porElServidor(f, 2), await porLaBase(f, 2, 3)]) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
      expect(wb.worksheets.map((h) => h.name)).toEqual(
        Array.from({ length: Math.ceil(pantalla.length / 2) }, (_x, i) => (i === 0 ? 'Reporte' : `Reporte ${i + 1}`)),
      );
      const leidas: unknown[] = [];
      for (const hoja of wb.worksheets) {
        expect(hoja.getRow(1).getCell(1).value).toBe('N°');
        expect(hoja.getRow(1).getCell(11).value).toBe('Mercancía');
        expect(hoja.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
        expect(hoja.rowCount).toBeLessThanOrEqual(3);
        for (let i = 2; i <= hoja.rowCount; i++)
          leidas.push([hoja.getRow(i).getCell(1).value, hoja.getRow(i).getCell(11).value]);
      }
      expect(leidas).toEqual(pantalla.map((fila) => [fila.id, fila.mercancia]));
    }
  });
});
