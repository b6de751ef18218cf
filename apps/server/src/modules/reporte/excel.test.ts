import type { ColumnaReporte, FilaReporte } from '@cronos/contract';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { crearLibro, renderizadorFilas } from './excel';

const col = (clave: string, tipo: ColumnaReporte['tipo']): ColumnaReporte => ({
  clave,
  titulo: clave,
  tipo,
  ancho: 10,
});
const COLUMNAS = [
  col('a', 'texto'),
  col('b', 'numero'),
  col('c', 'entero'),
  col('d', 'fecha'),
  col('e', 'hora'),
  col('f', 'texto'),
];

/** Rows with gaps everywhere: at the start, in the middle, two in a row, at the end, a number that is not one. */
const FILAS: FilaReporte[] = [
  { a: 'uno', b: 1.5, c: 2, d: '2026-03-10', e: '08:30:00', f: 'fin' },
  { a: null, b: null, c: 7, d: null, e: '00:00:01', f: '' },
  { a: '', b: 'x', c: null, d: '2026-01-01', e: null, f: '=1+1' },
  { a: 'solo', b: null, c: null, d: null, e: null, f: null },
  { a: null, b: null, c: null, d: null, e: null, f: 'último' },
];

describe('the report writer', () => {
  it('names a cell reference only on the first column and after an empty one', () => {
    const r = renderizadorFilas(COLUMNAS);
    expect(r(FILAS[0] as FilaReporte, 2)).toBe(
      '<row r="2"><c r="A2" t="str"><v>uno</v></c><c s="2"><v>1.5</v></c><c s="3"><v>2</v></c>' +
        '<c s="4"><v>46091</v></c><c s="5"><v>0.3541666666666667</v></c><c t="str"><v>fin</v></c></row>',
    );
    expect(r(FILAS[1] as FilaReporte, 3)).toBe(
      '<row r="3"><c r="C3" s="3"><v>7</v></c><c r="E3" s="5"><v>0.000011574074074074073</v></c></row>',
    );
    // 'x' is not a number: not written, so the date after it names its reference.
    expect(r(FILAS[2] as FilaReporte, 4)).toBe(
      '<row r="4"><c r="D4" s="4"><v>46023</v></c><c r="F4" t="str" s="6"><v>=1+1</v></c></row>',
    );
  });

  it('rows whose cells name no reference are read in their columns (exceljs)', async () => {
    const libro = crearLibro('Reporte', COLUMNAS);
    const trozos: Buffer[] = [];
    libro.salida.on('data', (t: Buffer) => trozos.push(t));
    const fin = new Promise((listo) => libro.salida.on('end', listo));
    await libro.agregarLote(FILAS);
    await libro.cerrar();
    await fin;
    const archivo = Buffer.concat(trozos);
    // The sheet holds cells without a reference (the case this test is about).
    const hoja = await (await JSZip.loadAsync(archivo)).file('xl/worksheets/sheet1.xml')?.async('string');
    expect(hoja).toContain('<c s="2"><v>1.5</v></c>');

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(archivo as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    const leida = (n: number) =>
      Array.from({ length: COLUMNAS.length }, (_x, i) => {
        const v = ws.getRow(n).getCell(i + 1).value;
        return v instanceof Date ? v.toISOString().slice(0, 19) : v;
      });
    expect(leida(1)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(leida(2)).toEqual(['uno', 1.5, 2, '2026-03-10T00:00:00', '1899-12-30T08:30:00', 'fin']);
    expect(leida(3)).toEqual([null, null, 7, null, '1899-12-30T00:00:01', null]);
    expect(leida(4)).toEqual([null, null, null, '2026-01-01T00:00:00', null, '=1+1']);
    expect(leida(5)).toEqual(['solo', null, null, null, null, null]);
    expect(leida(6)).toEqual([null, null, null, null, null, 'último']);
  });

  it('rows given as one buffer (and where each ends) are counted as rows and never split across sheets', async () => {
    const libro = crearLibro('Reporte', COLUMNAS, { filasPorHoja: 2 });
    const trozos: Buffer[] = [];
    libro.salida.on('data', (t: Buffer) => trozos.push(t));
    const fin = new Promise((listo) => libro.salida.on('end', listo));
    const filas = [2, 3, 2].map((r, i) =>
      Buffer.from(`<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>fila ${i + 1}</t></is></c></row>`),
    );
    const finales = Int32Array.from(filas.map((_f, i) => filas.slice(0, i + 1).reduce((t, f) => t + f.length, 0)));
    // Given with room after the rows, as a reused buffer is: only the rows are written.
    const datos = Buffer.concat([...filas, Buffer.from('<row r="9">resto de otro lote</row>')]);
    await libro.agregarFilasContiguas({ datos, finales, lineas: 3 });
    expect(libro.filas).toBe(3);
    await libro.cerrar();
    await fin;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(trozos) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.getColumn(1).values.filter(Boolean))).toEqual([
      ['a', 'fila 1', 'fila 2'],
      ['a', 'fila 3'],
    ]);
  });
});
