import ExcelJS from 'exceljs';
import JSZip from 'jszip';

/** An .xlsx with one sheet: the header row and the given rows (a cell `{ formula }` writes a formula). */
export async function libroXlsx(hoja: string, encabezados: string[], filas: unknown[][]): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  const ws = libro.addWorksheet(hoja);
  ws.addRow(encabezados);
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await libro.xlsx.writeBuffer());
}

/** A real workbook plus one part that inflates to `bytes` of zeros: a zip bomb a few KB long. */
export async function bombaZip(base: Buffer, bytes = 64 * 1024 * 1024): Promise<Buffer> {
  const zip = await JSZip.loadAsync(base);
  zip.file('xl/media/relleno.bin', Buffer.alloc(bytes, 0));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** Reads a workbook answered by the server. */
export async function leerLibro(buf: Buffer) {
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(buf as unknown as ArrayBuffer);
  return libro;
}
