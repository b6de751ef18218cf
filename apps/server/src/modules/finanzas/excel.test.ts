import type { FilaDeuda } from '@cronos/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { excelDeuda } from './excel';

const fila = (n: number, deuda: string): FilaDeuda => ({
  codigoComprobante: n,
  fechaEmision: '2026-10-01',
  fechaVencimiento: '2026-10-31',
  diasAtraso: 37,
  serie: 'F001',
  numero: n,
  ruc: '20100070970',
  razonSocial: 'IMPORTADORA "ÑANDÚ" & CÍA S.A.C.',
  moneda: 'PEN',
  montoFactura: '1180.00',
  montoAdeudado: '1180.00',
  mora: '12.35',
  deudaTotal: deuda,
});

describe('the debt report workbook', () => {
  it('header, real dates, amounts as numbers with two decimals, through the one XLSX writer', async () => {
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load((await excelDeuda([fila(7, '1192.35'), fila(8, '1234567.5')])) as unknown as ArrayBuffer);
    const hoja = libro.getWorksheet('Deuda');
    expect(hoja?.getCell('A1').value).toBe('Fecha de emisión');
    expect(hoja?.getCell('L1').value).toBe('Deuda total');
    expect(hoja?.getCell('A1').font?.bold).toBe(true);
    expect(hoja?.getCell('A2').value).toEqual(new Date('2026-10-01T00:00:00Z'));
    expect(hoja?.getCell('B2').numFmt).toBe('dd/mm/yyyy');
    expect(hoja?.getCell('C2').value).toBe(37);
    expect(hoja?.getCell('G2').value).toBe('IMPORTADORA "ÑANDÚ" & CÍA S.A.C.');
    expect(hoja?.getCell('L2').value).toBe(1192.35);
    expect(hoja?.getCell('L3').value).toBe(1234567.5);
    expect(hoja?.getCell('L3').numFmt).toBe('#,##0.00###');
    expect(hoja?.rowCount).toBe(3);
  });
});
