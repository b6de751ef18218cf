import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entorno } from '../../../test/entorno';
import { entradasZip, leerLibro } from '../../../test/hojas';
import { textoDePdf } from '../../../test/pdf-texto';
import { NOMBRE_FORMULA, paginaReporte, prepararReportes, type SesionReporte } from '../../../test/reportes';

/** The report files (Excel and PDF preview); the report queries are in reporte.test.ts. */
let e: Entorno;
let datos: Awaited<ReturnType<typeof prepararReportes>>['datos'];
let operador: SesionReporte;
let usuarioA: SesionReporte;

const OP1 = '/api/Movimiento/ConsultarReporteIngresoSalidaMercancia';
const ANIO = 'DesdeFecha=2026-01-01&HastaFecha=2026-12-31';

beforeAll(async () => {
  ({ e, datos, operador, usuarioA } = await prepararReportes());
});
afterAll(async () => e.cerrar());

const filas = paginaReporte;

/** One entry of a .xlsx as text. */
const entradaZip = (zip: Buffer, nombre: string) => {
  const texto = entradasZip(zip).get(nombre);
  if (texto === undefined) throw new Error(`sin ${nombre}`);
  return texto;
};

async function libro(s: typeof operador, url: string) {
  const r = await s.get(url);
  expect(r.statusCode, r.body).toBe(200);
  const wb = await leerLibro(r.rawPayload);
  return { r, wb, hoja: wb.worksheets[0] as ExcelJS.Worksheet };
}

describe('Excel download and PDF preview', () => {
  it('op1 as a spreadsheet: Spanish headers, the same rows as the screen, real dates and numbers, frozen header', async () => {
    const pantalla = await filas(usuarioA, `${OP1}?${ANIO}`);
    const { r, hoja } = await libro(usuarioA, `/api/Reporte/DescargarExcel?TipoReporte=op1&${ANIO}`);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="ReporteMovimientoSalidaIngreso.xlsx"; filename*=UTF-8''ReporteMovimientoSalidaIngreso.xlsx`,
    );
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(hoja.getRow(1).getCell(1).value).toBe('Empresa usuaria');
    expect(hoja.getRow(1).getCell(17).value).toBe('Primer peso (kg)');
    expect(hoja.rowCount).toBe(1 + pantalla.meta.total);
    expect(hoja.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(hoja.getColumn(1).width).toBe(32);
    const fila = hoja.getRow(2);
    expect(fila.getCell(3).value).toBe('OP0000001');
    expect(fila.getCell(15).value).toEqual(new Date('2026-03-10T00:00:00Z'));
    expect(fila.getCell(15).numFmt).toBe('dd/mm/yyyy');
    expect(fila.getCell(16).value).toEqual(new Date('1899-12-30T09:40:10Z'));
    expect(fila.getCell(16).numFmt).toBe('hh:mm:ss');
    expect(fila.getCell(17).value).toBe(23000.5);
    expect(fila.getCell(17).type).toBe(ExcelJS.ValueType.Number);
    expect(fila.getCell(23).value).toBe(11000.5);
    // Número de declaración (column L) is the order's DUA/DAM in the file as on the screen.
    expect(hoja.getRow(1).getCell(12).value).toBe('Número de declaración');
    expect(fila.getCell(12).value).toBe('172-2026-10-004512');
    const codigos = [2, 3, 4].map((i) => hoja.getRow(i).getCell(3).value);
    expect(codigos).toEqual(pantalla.data.map((f) => f.codigoIngreso));
  });

  it('a formula-looking company name is written as text, never as a formula', async () => {
    const { r, hoja } = await libro(
      operador,
      `/api/Reporte/DescargarExcel?TipoReporte=op1&${ANIO}&CodigoEmpresaUsuario=${datos.b.codigoEmpresaUsuario}`,
    );
    const celda = hoja.getRow(2).getCell(1);
    expect(celda.type).toBe(ExcelJS.ValueType.String);
    expect(celda.value).toBe(NOMBRE_FORMULA);
    expect(celda.numFmt).toBe('@');
    const hojaXml = entradaZip(r.rawPayload, 'xl/worksheets/sheet1.xml');
    expect(hojaXml).not.toContain('<f>');
    expect(hojaXml).toContain(`<c r="A2" t="str" s="6"><v>=HYPERLINK(&quot;`);
    expect(entradaZip(r.rawPayload, 'xl/styles.xml')).toMatch(/<xf numFmtId="49"[^>]*quotePrefix="1"/);
    expect(r.statusCode).toBe(200);
    let formulas = 0;
    hoja.eachRow((f) =>
      f.eachCell((c) => {
        if (c.type === ExcelJS.ValueType.Formula) formulas += 1;
      }),
    );
    expect(formulas).toBe(0);
  });

  it('each report type downloads with its file name and its columns', async () => {
    const nombres = {
      op2: 'ReporteMovimientoSalidaIngresoMincetur',
      op3: 'ReporteDeclaraciones',
      op4: 'ReporteZonaFranca',
      op5: 'ReporteSolicitudTraslado',
      op6: 'ReporteStockActualAlmacen',
    };
    for (const [tipo, nombre] of Object.entries(nombres)) {
      const { r, hoja } = await libro(operador, `/api/Reporte/DescargarExcel?TipoReporte=${tipo}&${ANIO}`);
      expect(r.headers['content-disposition']).toContain(`${nombre}.xlsx`);
      expect(hoja.getRow(1).getCell(1).value).toBe('N°');
      expect(hoja.rowCount).toBeGreaterThan(1);
    }
    const { hoja } = await libro(operador, `/api/Reporte/DescargarExcel?TipoReporte=op4&${ANIO}`);
    expect(hoja.getRow(2).getCell(15).value).toBe(5002.469);
  });

  it('the preview is a PDF of the same report', async () => {
    const r = await usuarioA.get(`/api/Reporte/VistaPreliminar?TipoReporte=op1&${ANIO}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.headers['content-disposition']).toContain('ReporteMovimientoSalidaIngreso.pdf');
    const vacio = await usuarioA.get(
      '/api/Reporte/VistaPreliminar?TipoReporte=op1&DesdeFecha=2020-01-01&HastaFecha=2020-01-02',
    );
    expect(vacio.statusCode).toBe(200);
  });

  it('the Excel ends with a sheet of what it was run with and how many rows it holds', async () => {
    const { wb } = await libro(
      usuarioA,
      '/api/Reporte/DescargarExcel?TipoReporte=op1&CodigoTipoOperacion=1&DesdeFecha=2026-01-01&HastaFecha=2026-12-31',
    );
    expect(wb.worksheets.map((h) => h.name)).toEqual(['Reporte', 'Parámetros']);
    const datosHoja = wb.worksheets[0] as ExcelJS.Worksheet;
    const parametros = wb.worksheets[1] as ExcelJS.Worksheet;
    const valores = Object.fromEntries(
      (parametros.getSheetValues().slice(2) as unknown[][]).map((f) => [f[1], f[2]]),
    ) as Record<string, unknown>;
    expect(parametros.getRow(1).values).toEqual([undefined, 'Parámetro', 'Valor']);
    expect(valores).toMatchObject({
      Reporte: 'Ingreso / salida de mercancía',
      'Empresa usuaria': 'IMPORTADORA ANDINA S.A.C.',
      'Tipo de movimiento': 'Ingreso',
      Estado: 'Todos',
      Desde: '01/01/2026',
      Hasta: '31/12/2026',
      'Generado por': usuarioA.usuario.nombreUsuario,
    });
    expect(String(valores['Generado el'])).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // The count is the data sheet's rows (the header row aside), a number.
    expect(valores['Filas exportadas']).toBe(datosHoja.actualRowCount - 1);
    expect(datosHoja.actualRowCount - 1).toBeGreaterThan(0);
    // The operator's export of the whole zone without dates says so.
    const zona = await libro(operador, '/api/Reporte/DescargarExcel?TipoReporte=op6');
    const z = Object.fromEntries(
      ((zona.wb.worksheets[1] as ExcelJS.Worksheet).getSheetValues().slice(2) as unknown[][]).map((f) => [f[1], f[2]]),
    ) as Record<string, unknown>;
    expect(z).toMatchObject({ 'Empresa usuaria': 'Toda la zona', Desde: 'Sin límite', Hasta: 'Sin límite' });
    expect(z).not.toHaveProperty('Tipo de movimiento');
    expect(z['Filas exportadas']).toBe((zona.wb.worksheets[0] as ExcelJS.Worksheet).actualRowCount - 1);
  });

  it('the parameters sheet writes a formula-looking company name as text, as the data sheet does', async () => {
    const { r, wb } = await libro(
      operador,
      `/api/Reporte/DescargarExcel?TipoReporte=op1&${ANIO}&CodigoEmpresaUsuario=${datos.b.codigoEmpresaUsuario}`,
    );
    const celda = (wb.worksheets[1] as ExcelJS.Worksheet).getRow(3).getCell(2);
    expect((wb.worksheets[1] as ExcelJS.Worksheet).getRow(3).getCell(1).value).toBe('Empresa usuaria');
    expect(celda.type).toBe(ExcelJS.ValueType.String);
    expect(celda.value).toBe(NOMBRE_FORMULA);
    expect(celda.numFmt).toBe('@');
    expect(entradaZip(r.rawPayload, 'xl/worksheets/sheet2.xml')).not.toContain('<f>');
  });

  it('the preview says every filter its rows were taken with: movement type, status, and the dates as run', async () => {
    const r = await usuarioA.get(
      '/api/Reporte/VistaPreliminar?TipoReporte=op1&CodigoTipoOperacion=2&CodigoEstadoMovimiento=5&DesdeFecha=2026-03-10&HastaFecha=2026-03-01',
    );
    expect(r.statusCode).toBe(200);
    const texto = textoDePdf(r.rawPayload).join(' ');
    expect(texto).toMatch(/tipo de movimiento Salida/i);
    expect(texto).toMatch(/estado \S+/);
    // An end before the start was run as the start day: the line says so, not the earlier day that was typed.
    expect(texto).toContain('desde 10/03/2026, hasta 10/03/2026');
    // Without those filters the line names none of them.
    const todo = textoDePdf((await usuarioA.get(`/api/Reporte/VistaPreliminar?TipoReporte=op1&${ANIO}`)).rawPayload);
    expect(todo.join(' ')).not.toMatch(/tipo de movimiento|estado /);
  });
});
