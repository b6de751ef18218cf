import { inflateRawSync } from 'node:zlib';
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

/** The entries of a ZIP, by name, read through its central directory (every entry deflated). */
export function entradasZip(zip: Buffer) {
  const fin = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let p = zip.readUInt32LE(fin + 16);
  const r = new Map<string, string>();
  for (let i = 0; i < zip.readUInt16LE(fin + 10); i++) {
    const largoNombre = zip.readUInt16LE(p + 28);
    const nombre = zip.subarray(p + 46, p + 46 + largoNombre).toString();
    const local = zip.readUInt32LE(p + 42);
    const inicio = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    r.set(nombre, inflateRawSync(zip.subarray(inicio, inicio + zip.readUInt32LE(p + 20))).toString());
    p += 46 + largoNombre + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return r;
}

const columnaDe = (ref: string) =>
  [...(/^[A-Z]+/.exec(ref)?.[0] ?? '')].reduce((n, l) => n * 26 + l.charCodeAt(0) - 64, 0);

/** A shared-strings table's entries (xl/sharedStrings.xml): each text as it is written (escaped), and whether it keeps its blanks. */
export function textosDe(sst: string) {
  return [...sst.matchAll(/<si>(?:<t\/>|<t( xml:space="preserve")?>(.*?)<\/t>)<\/si>/gs)].map(
    ([, preservar, texto]) => ({
      texto: texto ?? '',
      preservar: Boolean(preservar),
    }),
  );
}

/**
 * A sheet's XML with every cell's reference made explicit and blank cells left out: the same sheet whether its cells
 * name their reference or follow the one before, and whether an empty cell is written (`<c s="7"/>`) or not.
 * Each cell as `row:column:` and the rest of its element, in the sheet's order; the XML around the rows as it is.
 * With the workbook's shared strings (`textos`), a shared-string cell is written as the writer writes its text: a string
 * value, or an inline string when it keeps blanks, with its style.
 */
export function celdasExplicitas(xml: string, textos: ReturnType<typeof textosDe> = []) {
  const celdas: string[] = [];
  for (const [, fila, cuerpo] of xml.matchAll(/<row r="(\d+)">(.*?)<\/row>/gs)) {
    let columna = 0;
    for (const [, ref, resto] of (cuerpo ?? '').matchAll(
      /<c(?: r="([A-Z]+\d+)")?((?: [a-z]+="[^"]*")*\/>|[^>]*>.*?<\/c>)/gs,
    )) {
      columna = ref ? columnaDe(ref) : columna + 1;
      if (/^ s="\d+"\/>$/.test(resto ?? '')) continue;
      const compartida = /^ t="s"( s="\d+")?><v>(\d+)<\/v><\/c>$/.exec(resto ?? '');
      const t = compartida ? textos[Number(compartida[2])] : undefined;
      if (compartida && !t) throw new Error(`celda ${fila}:${columna} sin su texto compartido ${compartida[2]}`);
      const escrita = t
        ? t.preservar
          ? ` t="inlineStr"${compartida?.[1] ?? ''}><is><t xml:space="preserve">${t.texto}</t></is></c>`
          : ` t="str"${compartida?.[1] ?? ''}><v>${t.texto}</v></c>`
        : resto;
      celdas.push(`${fila}:${columna}:${escrita}`);
    }
  }
  return { fuera: xml.replace(/<sheetData>.*<\/sheetData>/s, ''), celdas };
}
