import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { escribirXlsx } from './xlsx-simple';

async function escribir(filas: (string | number | null)[][], anchos?: number[]) {
  const salida = new PassThrough();
  const trozos: Buffer[] = [];
  salida.on('data', (b: Buffer) => trozos.push(b));
  const fin = new Promise((r) => salida.on('end', r));
  const hoja = escribirXlsx(salida, { hoja: 'Formato 12.1 & <otro>', anchos });
  for (const [i, f] of filas.entries()) {
    hoja.fila(f);
    if (i % 500 === 0) await hoja.vaciar();
  }
  await hoja.cerrar();
  await fin;
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(Buffer.concat(trozos) as unknown as ArrayBuffer);
  return libro;
}

describe('lean one-sheet xlsx writer', () => {
  it('text, numbers and empty cells read back as written, escaped, past column Z and past one chunk', async () => {
    const ancha = Array.from({ length: 30 }, (_, i) => (i % 2 ? i : `c${i}`));
    const filas: (string | number | null)[][] = [
      ['FORMATO 12.1: REGISTRO <DEL> INVENTARIO & "UNIDADES"'],
      [],
      ['  con espacios  ', null, 0, -12.5, 'ÑANDÚ S.A.C.', 'con\u0001control'],
      ancha,
      ...Array.from({ length: 3000 }, (_, i) => [
        `01/02/2025`,
        '1',
        'F001',
        String(i).padStart(8, '0'),
        '02',
        i,
        null,
        i * 3,
      ]),
    ];
    const libro = await escribir(filas, [14, 10, 10]);
    const hoja = libro.worksheets[0];
    expect(hoja?.name).toBe('Formato 12.1 & <otro>');
    expect(hoja?.getCell('A1').value).toBe('FORMATO 12.1: REGISTRO <DEL> INVENTARIO & "UNIDADES"');
    expect(hoja?.getRow(2).cellCount).toBe(0);
    expect([1, 2, 3, 4, 5, 6].map((c) => hoja?.getRow(3).getCell(c).value)).toEqual([
      '  con espacios  ',
      null,
      0,
      -12.5,
      'ÑANDÚ S.A.C.',
      'concontrol',
    ]);
    expect(hoja?.getCell('AD4').value).toBe(29);
    expect(hoja?.getCell('AC4').value).toBe('c28');
    expect(hoja?.rowCount).toBe(3004);
    expect([1, 4, 6, 7, 8].map((c) => hoja?.getRow(3004).getCell(c).value)).toEqual([
      '01/02/2025',
      '00002999',
      2999,
      null,
      8997,
    ]);
    expect(hoja?.getColumn(1).width).toBe(14);
  });
});
