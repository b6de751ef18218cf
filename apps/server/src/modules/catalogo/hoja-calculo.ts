import { inflateRawSync } from 'node:zlib';
import { LIMITE_IMPORTACION_BYTES, MENSAJES_CATALOGO } from '@cronos/contract';
import ExcelJS from 'exceljs';
import { AppError, errorCampos } from '../../platform/errores';

/**
 * Spreadsheet imports are read in two steps: first the bytes are checked as an .xlsx container by content
 * (zip magic bytes, the parts every workbook has) and every part is inflated with a hard output cap, so a
 * zip bomb or a renamed file is refused before ExcelJS sees it; then ExcelJS reads the first sheet.
 */

/** What the parts of a 2000-row workbook inflate to is well under 3 MB; 20 MB leaves room and stops bombs. */
export const LIMITE_DESCOMPRIMIDO = 20 * 1024 * 1024;
const MAX_PARTES = 300;

const formatoIncorrecto = () => new AppError(415, MENSAJES_CATALOGO.formatoIncorrecto);
const daniado = () => new AppError(422, MENSAJES_CATALOGO.archivoDaniado);
const descomprimidoGrande = () => new AppError(413, MENSAJES_CATALOGO.archivoDescomprimidoGrande);

/** Refuses anything that is not a sane .xlsx: size, magic bytes, zip structure, inflated size. */
export function verificarXlsx(buf: Buffer, limiteBytes = LIMITE_IMPORTACION_BYTES) {
  if (buf.length > limiteBytes) throw new AppError(413, MENSAJES_CATALOGO.excede1024);
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) throw formatoIncorrecto();

  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw daniado();
  const entradas = buf.readUInt16LE(eocd + 10);
  const inicioDirectorio = buf.readUInt32LE(eocd + 16);
  if (entradas === 0xffff || inicioDirectorio === 0xffffffff) throw daniado(); // zip64: never an honest 1 MB sheet
  if (entradas > MAX_PARTES) throw descomprimidoGrande();

  const nombres = new Set<string>();
  let total = 0;
  let p = inicioDirectorio;
  for (let n = 0; n < entradas; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw daniado();
    const metodo = buf.readUInt16LE(p + 10);
    const comprimido = buf.readUInt32LE(p + 20);
    const declarado = buf.readUInt32LE(p + 24);
    const largoNombre = buf.readUInt16LE(p + 28);
    const largoExtra = buf.readUInt16LE(p + 30);
    const largoComentario = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const nombre = buf.toString('utf8', p + 46, p + 46 + largoNombre);
    nombres.add(nombre);
    p += 46 + largoNombre + largoExtra + largoComentario;

    if (total + declarado > LIMITE_DESCOMPRIMIDO) throw descomprimidoGrande();
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw daniado();
    const inicioDatos = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (inicioDatos + comprimido > buf.length) throw daniado();
    const datos = buf.subarray(inicioDatos, inicioDatos + comprimido);
    // Declared sizes can lie: what counts is what the data really inflates to, capped.
    if (metodo === 0) total += comprimido;
    else if (metodo === 8) {
      const restante = LIMITE_DESCOMPRIMIDO - total;
      try {
        total += inflateRawSync(datos, { maxOutputLength: Math.max(1, restante) }).length;
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw descomprimidoGrande();
        throw daniado();
      }
    } else throw daniado();
    if (total > LIMITE_DESCOMPRIMIDO) throw descomprimidoGrande();
  }
  // A zip that is not a workbook (a renamed .docx, an archive) is not the right format.
  if (!nombres.has('[Content_Types].xml') || !nombres.has('xl/workbook.xml')) throw formatoIncorrecto();
}

export type ValorCelda = string | number | Date | boolean | null;

export interface ColumnaImportacion {
  clave: string;
  titulo: string;
}

export interface FilaLeida {
  /** The spreadsheet row number (1 is the header). */
  fila: number;
  valores: Record<string, ValorCelda>;
}

const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[*()°.]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

function valorDe(celda: ExcelJS.Cell): ValorCelda {
  const v = celda.value as unknown;
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; text?: string; error?: string; result?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (typeof o.text === 'string') return o.text;
    if (typeof o.error === 'string') return o.error;
  }
  return String(v);
}

/**
 * Reads the data rows of a verified .xlsx: the sheet called `hoja` (or the first one), headers in row 1
 * matched by name (accents, case and asterisks ignored), empty rows skipped. Formula cells refuse the
 * whole file (their cached values could be stale or crafted); more than `maxFilas` rows refuse it too.
 */
export async function leerFilas(
  buf: Buffer,
  hoja: string,
  columnas: ColumnaImportacion[],
  maxFilas: number,
): Promise<FilaLeida[]> {
  const libro = new ExcelJS.Workbook();
  try {
    await libro.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw daniado();
  }
  const ws = libro.getWorksheet(hoja) ?? libro.worksheets[0];
  if (!ws) throw new AppError(422, MENSAJES_CATALOGO.archivoSinFilas);

  const encabezados = new Map<string, number>();
  ws.getRow(1).eachCell((c, col) => {
    const v = valorDe(c);
    if (typeof v === 'string') encabezados.set(normalizar(v), col);
  });
  const posicion = new Map<string, number>();
  const faltan: string[] = [];
  for (const c of columnas) {
    const col = encabezados.get(normalizar(c.titulo));
    if (col === undefined) faltan.push(c.titulo);
    else posicion.set(c.clave, col);
  }
  if (faltan.length)
    throw errorCampos(
      { encabezados: faltan.map((f) => `Falta la columna ${f}`) },
      MENSAJES_CATALOGO.archivoNoPlantilla,
    );

  const formulas: string[] = [];
  const filas: FilaLeida[] = [];
  ws.eachRow({ includeEmpty: false }, (row, numero) => {
    if (numero === 1) return;
    row.eachCell((c) => {
      if (c.type === ExcelJS.ValueType.Formula && formulas.length < 20) formulas.push(c.address);
    });
    const valores: Record<string, ValorCelda> = {};
    let vacia = true;
    for (const c of columnas) {
      const col = posicion.get(c.clave) ?? 0;
      let v = valorDe(row.getCell(col));
      if (typeof v === 'string') v = v.trim() || null;
      if (v !== null) vacia = false;
      valores[c.clave] = v;
    }
    if (!vacia) filas.push({ fila: numero, valores });
  });
  if (formulas.length) {
    throw errorCampos({ formulas: formulas.map((d) => `Celda ${d}`) }, MENSAJES_CATALOGO.archivoConFormulas);
  }
  if (filas.length === 0) throw new AppError(422, MENSAJES_CATALOGO.archivoSinFilas);
  if (filas.length > maxFilas) throw new AppError(422, MENSAJES_CATALOGO.archivoDemasiadasFilas(maxFilas));
  return filas;
}

export interface ColumnaPlantilla {
  titulo: string;
  ancho: number;
  ejemplo: string | number;
  /** Allowed values: the column gets an in-cell drop-down (a validation list). */
  lista?: string[];
  nota?: string;
}

/**
 * A real .xlsx template: the data sheet with bold headers and drop-down validation lists, an example sheet
 * with one filled row, and a (hidden) sheet holding the lists.
 */
export async function construirPlantilla(hoja: string, columnas: ColumnaPlantilla[], filas: number): Promise<Buffer> {
  const libro = new ExcelJS.Workbook();
  libro.creator = 'Cronos';
  const datos = libro.addWorksheet(hoja, { views: [{ state: 'frozen', ySplit: 1 }] });
  const ejemplo = libro.addWorksheet('Ejemplo');
  const listas = libro.addWorksheet('Listas', { state: 'hidden' });
  datos.columns = columnas.map((c) => ({ header: c.titulo, width: c.ancho }));
  ejemplo.columns = columnas.map((c) => ({ header: c.titulo, width: c.ancho }));
  ejemplo.addRow(columnas.map((c) => c.ejemplo));
  for (const ws of [datos, ejemplo]) {
    const cab = ws.getRow(1);
    cab.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    cab.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  }
  const validaciones = (datos as unknown as { dataValidations: { add: (rango: string, v: object) => void } })
    .dataValidations;
  columnas.forEach((c, i) => {
    const letra = datos.getColumn(i + 1).letter;
    if (c.nota) datos.getCell(`${letra}1`).note = c.nota;
    if (!c.lista?.length) return;
    c.lista.forEach((v, j) => {
      listas.getCell(j + 1, i + 1).value = v;
    });
    validaciones.add(`${letra}2:${letra}${filas + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`Listas!$${letra}$1:$${letra}$${c.lista.length}`],
      showErrorMessage: true,
      errorTitle: 'Valor no permitido',
      error: 'Elija un valor de la lista.',
    });
  });
  return Buffer.from(await libro.xlsx.writeBuffer());
}
