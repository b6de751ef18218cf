import type { FilaDeuda } from '@cronos/contract';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';

const COLUMNAS: { titulo: string; clave: keyof FilaDeuda; ancho: number; numero?: boolean }[] = [
  { titulo: 'Fecha de emisión', clave: 'fechaEmision', ancho: 14 },
  { titulo: 'Fecha de vencimiento', clave: 'fechaVencimiento', ancho: 14 },
  { titulo: 'Días de atraso', clave: 'diasAtraso', ancho: 10, numero: true },
  { titulo: 'Serie', clave: 'serie', ancho: 8 },
  { titulo: 'Número', clave: 'numero', ancho: 10, numero: true },
  { titulo: 'RUC', clave: 'ruc', ancho: 14 },
  { titulo: 'Razón social', clave: 'razonSocial', ancho: 40 },
  { titulo: 'Moneda', clave: 'moneda', ancho: 8 },
  { titulo: 'Monto factura', clave: 'montoFactura', ancho: 14, numero: true },
  { titulo: 'Monto adeudado', clave: 'montoAdeudado', ancho: 14, numero: true },
  { titulo: 'Mora', clave: 'mora', ancho: 12, numero: true },
  { titulo: 'Deuda total', clave: 'deudaTotal', ancho: 14, numero: true },
];

/** The debt report as .xlsx, written with exceljs' streaming writer (spec 03 §3.12 debt columns). */
export async function excelDeuda(filas: FilaDeuda[]): Promise<Buffer> {
  const salida = new PassThrough();
  const trozos: Buffer[] = [];
  salida.on('data', (t: Buffer) => trozos.push(t));
  const fin = new Promise<void>((ok, mal) => {
    salida.on('end', ok);
    salida.on('error', mal);
  });
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true });
  const hoja = libro.addWorksheet('Deuda', { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = COLUMNAS.map((c) => ({ header: c.titulo, key: c.clave, width: c.ancho }));
  hoja.getRow(1).font = { bold: true };
  hoja.getRow(1).commit();
  for (const f of filas) {
    const fila: Record<string, string | number | Date> = {};
    for (const c of COLUMNAS) {
      const v = f[c.clave];
      if (c.clave === 'fechaEmision' || c.clave === 'fechaVencimiento') fila[c.clave] = new Date(`${v}T00:00:00Z`);
      else fila[c.clave] = c.numero ? Number(v) : String(v);
    }
    const r = hoja.addRow(fila);
    r.getCell('fechaEmision').numFmt = 'dd/mm/yyyy';
    r.getCell('fechaVencimiento').numFmt = 'dd/mm/yyyy';
    for (const k of ['montoFactura', 'montoAdeudado', 'mora', 'deudaTotal']) r.getCell(k).numFmt = '#,##0.00';
    r.commit();
  }
  hoja.commit();
  await libro.commit();
  await fin;
  return Buffer.concat(trozos);
}
