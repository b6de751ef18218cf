import type { Writable } from 'node:stream';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A one-sheet .xlsx of plain text and numbers, written while its rows come (the kardex's SUNAT books: tens of
 * thousands of rows). exceljs builds a row object, a cell object per value and their XML for every row; for a busy
 * company's year that and the garbage it leaves were more than half of the export's CPU. This writes each row's
 * XML straight into a deflate stream inside the zip (inline strings, no style or shared-string table), and the
 * zip's entries with data descriptors, so nothing but the current chunk is held.
 */
export interface HojaXlsx {
  /** One row: a string is text, a number a number, null or undefined an empty cell. */
  fila(valores: readonly (string | number | null | undefined)[]): void;
  /** Resolves when the compressed bytes written so far were taken by the stream (backpressure). */
  vaciar(): Promise<void>;
  /** Writes the end of the sheet and of the file. */
  cerrar(): Promise<void>;
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const TIPOS = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const RELACIONES = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const RELACIONES_LIBRO = `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const libro = (hoja: string) =>
  `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${texto(hoja)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** XML text: the escapes element text and double-quoted attributes need, and the characters XML 1.0 cannot carry dropped. */
function texto(v: string) {
  return (
    v
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 cannot carry are what it removes
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'))
  );
}

const LETRAS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
const columna = (i: number): string =>
  i < 26 ? (LETRAS[i] as string) : columna(Math.floor(i / 26) - 1) + LETRAS[i % 26];

/** Bytes of a little-endian header. */
function cabecera(campos: [number, 2 | 4][]) {
  const b = Buffer.alloc(campos.reduce((t, [, n]) => t + n, 0));
  let o = 0;
  for (const [v, n] of campos) {
    if (n === 2) b.writeUInt16LE(v, o);
    else b.writeUInt32LE(v >>> 0, o);
    o += n;
  }
  return b;
}

const FECHA_DOS = ((2026 - 1980) << 25) | (1 << 21) | (1 << 16); // 2026-01-01 00:00, a fixed stamp
const BANDERAS = 0x0808; // data descriptor after the data, UTF-8 names

export function escribirXlsx(salida: Writable, opciones: { hoja: string; anchos?: readonly number[] }): HojaXlsx {
  const central: Buffer[] = [];
  let posicion = 0;
  const emitir = (b: Buffer) => {
    posicion += b.length;
    salida.write(b);
  };
  const inicioEntrada = (nombre: Buffer) => {
    const desde = posicion;
    emitir(
      Buffer.concat([
        cabecera([
          [0x04034b50, 4],
          [20, 2],
          [BANDERAS, 2],
          [8, 2],
          [FECHA_DOS & 0xffff, 2],
          [FECHA_DOS >>> 16, 2],
          [0, 4],
          [0, 4],
          [0, 4],
          [nombre.length, 2],
          [0, 2],
        ]),
        nombre,
      ]),
    );
    return desde;
  };
  const finEntrada = (nombre: Buffer, desde: number, crc: number, comprimido: number, original: number) => {
    emitir(
      cabecera([
        [0x08074b50, 4],
        [crc, 4],
        [comprimido, 4],
        [original, 4],
      ]),
    );
    central.push(
      Buffer.concat([
        cabecera([
          [0x02014b50, 4],
          [20, 2],
          [20, 2],
          [BANDERAS, 2],
          [8, 2],
          [FECHA_DOS & 0xffff, 2],
          [FECHA_DOS >>> 16, 2],
          [crc, 4],
          [comprimido, 4],
          [original, 4],
          [nombre.length, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 4],
          [desde, 4],
        ]),
        nombre,
      ]),
    );
  };
  const entradaFija = (ruta: string, contenido: string) => {
    const nombre = Buffer.from(ruta);
    const datos = Buffer.from(contenido);
    const comprimido = deflateRawSync(datos);
    const desde = inicioEntrada(nombre);
    emitir(comprimido);
    finEntrada(nombre, desde, crc32(datos), comprimido.length, datos.length);
  };

  entradaFija('[Content_Types].xml', TIPOS);
  entradaFija('_rels/.rels', RELACIONES);
  entradaFija('xl/workbook.xml', libro(opciones.hoja));
  entradaFija('xl/_rels/workbook.xml.rels', RELACIONES_LIBRO);

  // The sheet: its XML goes through one deflate stream, chunk by chunk.
  const nombreHoja = Buffer.from('xl/worksheets/sheet1.xml');
  const desdeHoja = inicioEntrada(nombreHoja);
  const deflate = createDeflateRaw({ level: constants.Z_DEFAULT_COMPRESSION });
  let crc = 0;
  let original = 0;
  let comprimido = 0;
  deflate.on('data', (b: Buffer) => {
    comprimido += b.length;
    emitir(b);
  });
  let pendiente = '';
  let lleno = false;
  const soltar = () => {
    if (!pendiente) return;
    const b = Buffer.from(pendiente);
    pendiente = '';
    crc = crc32(b, crc);
    original += b.length;
    if (!deflate.write(b)) lleno = true;
  };
  const anchos = opciones.anchos ?? [];
  pendiente = `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${
    anchos.length
      ? `<cols>${anchos.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
      : ''
  }<sheetData>`;
  let n = 0;

  return {
    fila(valores) {
      n += 1;
      let xml = `<row r="${n}">`;
      for (let i = 0; i < valores.length; i++) {
        const v = valores[i];
        if (v === null || v === undefined || v === '') continue;
        if (typeof v === 'number') {
          if (Number.isFinite(v)) xml += `<c r="${columna(i)}${n}"><v>${v}</v></c>`;
        } else {
          const t = texto(v);
          const espacio = t !== t.trim() ? ' xml:space="preserve"' : '';
          xml += `<c r="${columna(i)}${n}" t="inlineStr"><is><t${espacio}>${t}</t></is></c>`;
        }
      }
      pendiente += `${xml}</row>`;
      if (pendiente.length > 65_536) soltar();
    },
    async vaciar() {
      soltar();
      if (lleno) await new Promise<void>((r) => deflate.once('drain', r));
      lleno = false;
    },
    async cerrar() {
      pendiente += '</sheetData></worksheet>';
      soltar();
      await new Promise<void>((r, f) => {
        deflate.once('end', r);
        deflate.once('error', f);
        deflate.end();
      });
      finEntrada(nombreHoja, desdeHoja, crc, comprimido, original);
      const directorio = Buffer.concat(central);
      const inicio = posicion;
      emitir(directorio);
      emitir(
        cabecera([
          [0x06054b50, 4],
          [0, 2],
          [0, 2],
          [central.length, 2],
          [central.length, 2],
          [directorio.length, 4],
          [inicio, 4],
          [0, 2],
        ]),
      );
      salida.end();
    },
  };
}
