import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { constants, crc32, deflateRaw } from 'node:zlib';

/**
 * The one .xlsx writer of the server (docs/adr/0140-un-escritor-xlsx.md): every export streams its workbook through
 * ZipFlujo, the reports' many-sheet workbooks (modules/reporte/excel.ts) as the kardex's one-sheet SUNAT books
 * (escribirXlsx below). Nothing but the piece being deflated is held, whatever the number of rows.
 *
 * A minimal streaming ZIP writer for an .xlsx: entries are deflated as they are written (data descriptors
 * after each entry, central directory at the end), so a sheet of any length goes out in constant memory.
 * Sizes stay below 4 GB (no ZIP64): a sheet holds at most Excel's 1 048 576 rows (about 1 GB of XML for the
 * widest report) and the whole file compresses to a small fraction of that.
 */
/** The client went away while the file was being written: the export stops (not an error of the server). */
export class SalidaCerrada extends Error {
  constructor() {
    super('el cliente cerró la descarga');
  }
}

/**
 * Waits until `salida` takes more bytes; throws SalidaCerrada once it is destroyed (a closed stream never
 * emits 'drain' or 'close' again, so waiting for them after the fact would hang the export and hold its
 * database connections).
 */
async function esperarSalida(salida: Writable) {
  if (!salida.destroyed) await Promise.race([once(salida, 'drain'), once(salida, 'close')]);
  if (salida.destroyed) throw new SalidaCerrada();
}

/** Bytes of a sheet deflated at once, and how many such pieces may be deflated at the same time. */
const PIEZA = 1 << 20;
const EN_VUELO = 2;
/**
 * What is written is copied at once into the piece being filled (a buffer of PIEZA bytes), so a writer may use its
 * buffer again as soon as its write returns (the kept lines' batches are opened into one reused buffer). The piece
 * buffers are kept and used again: allocating a new one per piece made 1 GB of short-lived buffers outside the heap
 * for op1's 1 GB of XML, and V8 runs full collections to keep up with such memory.
 */
const BUFERES_PIEZA = EN_VUELO + 1;

/**
 * Output buffer of each deflate call. zlib fills it on the thread pool and comes back to the main thread each time it
 * is full: with the default 16 kB, a piece of 1 MB (~150 kB deflated) made ten round trips, 2 s of the main thread's
 * time for op1's 1 GB at a million orders; 256 kB makes one.
 */
const SALIDA_ZLIB = 1 << 18;

/**
 * Deflate level. Node's zlib (Chromium's) deflates the report XML faster at level 2 than at level 1, and a little
 * smaller: 17 % less time and 2.7 % fewer bytes on op2's rows (1 MB pieces, alternated six times).
 */
const NIVEL = 2;

/** One piece of an entry, raw deflate at NIVEL; a piece that is not the last ends on a sync flush. */
const comprimir = (pieza: Buffer, final: boolean) =>
  new Promise<Buffer>((listo, fallo) =>
    deflateRaw(
      pieza,
      { level: NIVEL, chunkSize: SALIDA_ZLIB, finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH },
      (e, r) => (e ? fallo(e) : listo(r)),
    ),
  );

export class ZipFlujo {
  /** Where the bytes go: a stream of its own by default (the reports send it), or the caller's. */
  constructor(readonly salida: Writable = new PassThrough({ highWaterMark: 1 << 20 })) {}
  private desplazamiento = 0;
  private readonly centrales: Buffer[] = [];
  /** Piece buffers deflated and free to take the next piece (PIEZA bytes each). */
  private readonly libres: Buffer[] = [];

  private async escribir(b: Buffer) {
    if (this.salida.destroyed) throw new SalidaCerrada();
    this.desplazamiento += b.length;
    if (!this.salida.write(b)) await esperarSalida(this.salida);
  }

  /** Writes one entry whose content comes from `producir(escribir)`; `escribir` honours backpressure. */
  async entrada(
    nombre: string,
    producir: (escribir: (texto: string | Buffer | Buffer[]) => Promise<void>) => Promise<void>,
  ) {
    const nombreB = Buffer.from(nombre, 'utf8');
    const inicio = this.desplazamiento;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // data descriptor + UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt16LE(nombreB.length, 26);
    await this.escribir(Buffer.concat([local, nombreB]));

    // The entry's data is deflated in independent pieces of PIEZA bytes, up to EN_VUELO at once on the thread
    // pool (node:zlib runs each call on a thread of its own), written in order: every piece but the last ends
    // with a sync flush (an empty stored block, on a byte boundary, not final), so the pieces one after another
    // are one valid deflate stream, as pigz does. One stream would compress on one core only.
    let crc = 0;
    let tamanio = 0;
    let comprimido = 0;
    /** The piece being filled and how many of its bytes are taken. */
    let pieza: Buffer | null = null;
    let lleno = 0;
    const enVuelo: Promise<Buffer>[] = [];
    const lanzar = async (final: boolean) => {
      const propio = pieza ?? Buffer.allocUnsafe(0);
      const datos = propio.subarray(0, lleno);
      pieza = null;
      lleno = 0;
      crc = crc32(datos, crc);
      tamanio += datos.length;
      const p = comprimir(datos, final);
      // The piece's buffer is given back once deflated (see BUFERES_PIEZA).
      p.then(
        () => propio.length === PIEZA && this.libres.length < BUFERES_PIEZA && this.libres.push(propio),
        () => undefined,
      );
      enVuelo.push(p);
      while (enVuelo.length >= (final ? 1 : EN_VUELO)) {
        const z = await (enVuelo.shift() as Promise<Buffer>);
        comprimido += z.length;
        await this.escribir(z);
      }
    };
    /** Copies `b` into the pieces, launching each one that fills. */
    const copiar = async (b: Buffer) => {
      let desde = 0;
      while (desde < b.length) {
        pieza ??= this.libres.pop() ?? Buffer.allocUnsafe(PIEZA);
        const n = b.copy(pieza, lleno, desde, Math.min(b.length, desde + PIEZA - lleno));
        lleno += n;
        desde += n;
        if (lleno === PIEZA) await lanzar(false);
      }
    };
    try {
      await producir(async (texto) => {
        if (Array.isArray(texto)) for (const b of texto) await copiar(b);
        else if (typeof texto !== 'string') await copiar(texto);
        else {
          // Text goes straight into the piece when it fits (the writer's batches of rows are ~256 kB).
          pieza ??= this.libres.pop() ?? Buffer.allocUnsafe(PIEZA);
          const largo = Buffer.byteLength(texto, 'utf8');
          if (lleno + largo < PIEZA) lleno += pieza.write(texto, lleno, 'utf8');
          else await copiar(Buffer.from(texto, 'utf8'));
        }
      });
      await lanzar(true);
    } finally {
      await Promise.allSettled(enVuelo);
    }

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(comprimido >>> 0, 8);
    descriptor.writeUInt32LE(tamanio >>> 0, 12);
    await this.escribir(descriptor);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0808, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(comprimido >>> 0, 20);
    central.writeUInt32LE(tamanio >>> 0, 24);
    central.writeUInt16LE(nombreB.length, 28);
    central.writeUInt32LE(inicio >>> 0, 42);
    this.centrales.push(Buffer.concat([central, nombreB]));
  }

  async archivo(nombre: string, texto: string) {
    await this.entrada(nombre, async (escribir) => escribir(texto));
  }

  async cerrar() {
    const inicio = this.desplazamiento;
    const directorio = Buffer.concat(this.centrales);
    const fin = Buffer.alloc(22);
    fin.writeUInt32LE(0x06054b50, 0);
    fin.writeUInt16LE(this.centrales.length, 8);
    fin.writeUInt16LE(this.centrales.length, 10);
    fin.writeUInt32LE(directorio.length, 12);
    fin.writeUInt32LE(inicio >>> 0, 16);
    await this.escribir(Buffer.concat([directorio, fin]));
    this.salida.end();
  }
}

// The parts of a workbook (styles, content types, relations) and its cells, written by every export.

/**
 * Text that a spreadsheet could read as a formula (or a DDE payload). Every text is written as an inline string
 * cell (never a formula); these also get the Text format '@' with the quote prefix, so editing the cell in Excel
 * keeps it text.
 */
export const pareceFormula = (v: string) => /^[=+\-@\t\r]/.test(v);

// Cell styles (index in cellXfs of styles.xml below), also written by the database (xlsx-sql.repository.ts).
export const S_ENCABEZADO = 1;
export const S_NUMERO = 2;
export const S_ENTERO = 3;
export const S_FECHA = 4;
export const S_HORA = 5;
export const S_TEXTO_SEGURO = 6;
/**
 * An empty cell written as an element (`<c s="7"/>`, the default format) in op2's and op4's kept lines, where no cell
 * names its reference: a blank with a style is read as a blank cell by every reader (a bare `<c/>` is taken by some,
 * ExcelJS among them, for a merged cell and dropped, which moves the next cells one column left).
 */
export const S_VACIO = 7;

export const ESTILOS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0.00###"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy"/><numFmt numFmtId="166" formatCode="hh:mm:ss"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FF1F4E78"/><bgColor indexed="64"/></patternFill></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="8">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1" applyAlignment="1"><alignment vertical="center" wrapText="1"/></xf>
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>
<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/>
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

export const hojaXml = (i: number) => `xl/worksheets/sheet${i}.xml`;
export const TEXTOS_XML = 'xl/sharedStrings.xml';
/** [Content_Types].xml of a workbook of `hojas` sheets (and a shared-strings table when `textos`). */
export const tiposContenido = (hojas: number, textos: boolean) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${Array.from(
    { length: hojas },
    (_x, i) =>
      `<Override PartName="/${hojaXml(i + 1)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  ).join(
    '',
  )}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${
    textos
      ? `<Override PartName="/${TEXTOS_XML}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>`
      : ''
  }</Types>`;
export const RELACIONES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
/** xl/_rels/workbook.xml.rels: the sheets are rId1…rIdN, the styles rId(N+1), the shared strings rId(N+2). */
export const relacionesLibro = (hojas: number, textos: boolean) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${Array.from(
    { length: hojas },
    (_x, i) =>
      `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  ).join(
    '',
  )}<Relationship Id="rId${hojas + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${
    textos
      ? `<Relationship Id="rId${hojas + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`
      : ''
  }</Relationships>`;

/** Characters XML 1.0 cannot hold (C0 controls except tab, LF, CR; U+FFFE, U+FFFF): dropped. */
const invalido = (c: number) => (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff;
const REEMPLAZO: Record<number, string> = { 38: '&amp;', 60: '&lt;', 62: '&gt;', 34: '&quot;' };
/** XML text in one pass over the char codes: most values need nothing and are returned as they are. */
export const xml = (v: string) => {
  let salida = '';
  let desde = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c === 0x26 || c === 0x3c || c === 0x3e || c === 0x22) {
      salida += v.slice(desde, i) + REEMPLAZO[c];
      desde = i + 1;
    } else if (invalido(c)) {
      salida += v.slice(desde, i);
      desde = i + 1;
    }
  }
  return desde === 0 ? v : salida + v.slice(desde);
};
/** Blanks at either end (the same set as xlsx-sql.repository.ts): kept with xml:space. */
const ESPACIOS_BORDE = /^[ \t\n\r\u00a0]|[ \t\n\r\u00a0]$/;

/** The column letters of a 0-based column index (0 → A, 26 → AA). */
export const letra = (i: number): string => {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
};

/**
 * A text cell; `ref` is the ` r="…"` attribute or ''. Written as a string value (`t="str"`, the text in `<v>`), as
 * ExcelJS and SheetJS write text without a shared-strings table: 14 bytes shorter per cell than an inline string
 * (`t="inlineStr"><is><t>`), a quarter of the XML of the reports of product lines, which every export reads, copies,
 * checksums and deflates. Text with a blank at either end stays an inline string, whose `<t>` keeps its blanks
 * (xml:space="preserve").
 */
export const celdaTexto = (ref: string, v: string, estilo = 0) =>
  ESPACIOS_BORDE.test(v)
    ? `<c${ref} t="inlineStr"${estilo ? ` s="${estilo}"` : ''}><is><t xml:space="preserve">${xml(v)}</t></is></c>`
    : `<c${ref} t="str"${estilo ? ` s="${estilo}"` : ''}><v>${xml(v)}</v></c>`;

/**
 * A shared-strings entry (`<si>`): the text escaped as a cell's, its blanks kept (xml:space) when it has them at either
 * end; an entry with no text (`null`: a gap, or another company's text) is blank.
 */
export const entradaTexto = (v: string | null) =>
  v === null || v === ''
    ? '<si><t/></si>'
    : ESPACIOS_BORDE.test(v)
      ? `<si><t xml:space="preserve">${xml(v)}</t></si>`
      : `<si><t>${xml(v)}</t></si>`;

/** yyyy-MM-dd → Excel serial day (1900 date system). */
export const serialFecha = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000 + 25_569;

/** A cell of escribirXlsx: text, a number, a date (yyyy-MM-dd in a Date's UTC day), or empty. */
export type ValorCelda = string | number | Date | null | undefined;

/** One sheet written while its rows come (escribirXlsx). */
export interface HojaXlsx {
  /** One row: a string is text, a number a number, a Date a date (its UTC day), null, undefined or '' an empty cell. */
  fila(valores: readonly ValorCelda[]): void;
  /** Hands the rows added so far to the zip, and resolves once the client took what was written (backpressure). */
  vaciar(): Promise<void>;
  /** Writes the end of the sheet and of the file, and ends `salida`. */
  cerrar(): Promise<void>;
}

/** Rows are handed to the zip in batches of about this many characters (the reports' batch size). */
const LOTE_HOJA = 256 * 1024;

/**
 * A one-sheet workbook of plain text, numbers and dates written into `salida` as its rows come (the kardex's SUNAT
 * books: tens of thousands of rows), through ZipFlujo as the reports are: no row or cell objects, text cells as
 * string values, a cell's reference only after a gap, text that looks like a formula kept as text. `fila` only
 * renders; the rows go out at `vaciar` (or once a batch is full, at the next `vaciar`), which the caller awaits
 * between batches.
 */
export function escribirXlsx(
  salida: Writable,
  opciones: {
    hoja: string;
    anchos?: readonly number[];
    encabezado?: readonly string[];
    /** 0-based columns whose numbers are amounts, shown with thousands and two decimals at least. */
    importes?: readonly number[];
  },
): HojaXlsx {
  const zip = new ZipFlujo(salida);
  let escribirHoja: (texto: string) => Promise<void> = async () => undefined;
  let terminarHoja: () => void = () => undefined;
  let hojaEscrita: Promise<void> = Promise.resolve();
  const iniciado = (async () => {
    await zip.archivo('xl/styles.xml', ESTILOS);
    await new Promise<void>((lista) => {
      hojaEscrita = zip.entrada(hojaXml(1), async (escribir) => {
        escribirHoja = escribir;
        lista();
        await new Promise<void>((fin) => {
          terminarHoja = fin;
        });
      });
    });
  })();
  // A client that leaves at once fails the start before anyone awaits it: the next call sees the failure.
  iniciado.catch(() => undefined);
  const anchos = opciones.anchos ?? [];
  const encabezado = opciones.encabezado ?? [];
  // A header row (`encabezado`) is styled as the reports' and stays in view (frozen) while the rows scroll.
  let pendiente = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${
    encabezado.length
      ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
      : ''
  }${
    anchos.length
      ? `<cols>${anchos.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
      : ''
  }<sheetData>${
    encabezado.length
      ? `<row r="1">${encabezado.map((t, i) => celdaTexto(` r="${letra(i)}1"`, t, S_ENCABEZADO)).join('')}</row>`
      : ''
  }`;
  const listos: string[] = [];
  const importes = new Set(opciones.importes ?? []);
  let n = encabezado.length ? 1 : 0;
  const soltar = async () => {
    await iniciado;
    if (pendiente) listos.push(pendiente);
    pendiente = '';
    for (const t of listos.splice(0)) await escribirHoja(t);
  };

  return {
    fila(valores) {
      n += 1;
      let s = `<row r="${n}">`;
      let contigua = false;
      for (let i = 0; i < valores.length; i++) {
        const v = valores[i];
        const ref = contigua ? '' : ` r="${letra(i)}${n}"`;
        contigua = true;
        if (v === null || v === undefined || v === '') contigua = false;
        else if (typeof v === 'number') {
          if (Number.isFinite(v)) s += `<c${ref}${importes.has(i) ? ` s="${S_NUMERO}"` : ''}><v>${v}</v></c>`;
          else contigua = false;
        } else if (v instanceof Date) {
          if (Number.isFinite(v.getTime()))
            s += `<c${ref} s="${S_FECHA}"><v>${serialFecha(v.toISOString().slice(0, 10))}</v></c>`;
          else contigua = false;
        } else s += celdaTexto(ref, v, pareceFormula(v) ? S_TEXTO_SEGURO : 0);
      }
      pendiente += `${s}</row>`;
      if (pendiente.length > LOTE_HOJA) {
        listos.push(pendiente);
        pendiente = '';
      }
    },
    vaciar: soltar,
    async cerrar() {
      pendiente += '</sheetData></worksheet>';
      await soltar();
      terminarHoja();
      await hojaEscrita;
      await zip.archivo(
        'xl/workbook.xml',
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(opciones.hoja)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      );
      await zip.archivo('xl/_rels/workbook.xml.rels', relacionesLibro(1, false));
      await zip.archivo('_rels/.rels', RELACIONES);
      await zip.archivo('[Content_Types].xml', tiposContenido(1, false));
      await zip.cerrar();
    },
  };
}
