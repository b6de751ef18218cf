import type { ColumnaReporte, FilaReporte } from '@cronos/contract';
import type { LineasAbiertas } from './apertura-lineas';
import { ZipFlujo } from './xlsx-flujo';

/**
 * Text that a spreadsheet could read as a formula (or a DDE payload). Every text is written as an inline string
 * cell (never a formula); these also get the Text format '@' with the quote prefix, so editing the cell in Excel
 * keeps it text.
 */
export const pareceFormula = (v: string) => /^[=+\-@\t\r]/.test(v);

/**
 * Data rows per sheet: Excel holds 1 048 576 rows in a sheet, the header is one of them. A longer report goes on
 * in the next sheet ('Reporte 2', 'Reporte 3'…), each with its own header.
 */
export const FILAS_POR_HOJA = 1_048_575;

// Cell styles (index in cellXfs of styles.xml below), also written by the database (xlsx-sql.repository.ts).
const S_ENCABEZADO = 1;
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

const ESTILOS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
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

const hojaXml = (i: number) => `xl/worksheets/sheet${i}.xml`;
const TEXTOS_XML = 'xl/sharedStrings.xml';
/** [Content_Types].xml of a workbook of `hojas` sheets (and a shared-strings table when `textos`). */
const tiposContenido = (hojas: number, textos: boolean) =>
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
const RELACIONES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
/** xl/_rels/workbook.xml.rels: the sheets are rId1…rIdN, the styles rId(N+1), the shared strings rId(N+2). */
const relacionesLibro = (hojas: number, textos: boolean) =>
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
const xml = (v: string) => {
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

/** yyyy-MM-dd → Excel serial day (1900 date system). */
const serialFecha = (v: string) => Date.parse(`${v}T00:00:00Z`) / 86_400_000 + 25_569;
/** HH:mm:ss → the fraction of a day Excel uses for a time. */
const serialHora = (v: string) => {
  const [h, m, s] = v.split(':').map(Number);
  return ((h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0)) / 86_400;
};

/**
 * A text cell; `ref` is the ` r="…"` attribute or ''. Written as a string value (`t="str"`, the text in `<v>`), as
 * ExcelJS and SheetJS write text without a shared-strings table: 14 bytes shorter per cell than an inline string
 * (`t="inlineStr"><is><t>`), a quarter of the XML of the reports of product lines, which every export reads, copies,
 * checksums and deflates. Text with a blank at either end stays an inline string, whose `<t>` keeps its blanks
 * (xml:space="preserve").
 */
const celdaTexto = (ref: string, v: string, estilo = 0) =>
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

/** A line of the parameters sheet: what it says, and its value (a number is written as a number, null as blank). */
export type ParametroLibro = [string, string | number | null];
/** The name of the parameters sheet (a report's sheets are 'Reporte', 'Reporte 2'…). */
const HOJA_PARAMETROS = 'Parámetros';

/** The parameters sheet: a header row and one row per parameter, in two wide columns. */
function hojaParametros(lineas: ParametroLibro[]) {
  const filas = lineas
    .map(([nombre, valor], i) => {
      const r = i + 2;
      const celda =
        valor === null || valor === ''
          ? ''
          : typeof valor === 'number'
            ? `<c r="B${r}" s="${S_ENTERO}"><v>${valor}</v></c>`
            : celdaTexto(` r="B${r}"`, valor, pareceFormula(valor) ? S_TEXTO_SEGURO : 0);
      return `<row r="${r}">${celdaTexto(` r="A${r}"`, nombre)}${celda}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="1" width="24" customWidth="1"/><col min="2" max="2" width="60" customWidth="1"/></cols><sheetData><row r="1" ht="20" customHeight="1">${celdaTexto(' r="A1"', 'Parámetro', S_ENCABEZADO)}${celdaTexto(' r="B1"', 'Valor', S_ENCABEZADO)}</row>${filas}</sheetData></worksheet>`;
}

/**
 * The `<row>` element of a report row as the writer puts it in the sheet (sheet row `fila`: the header is row 1).
 * xlsx-sql.repository.ts renders the same element in the database.
 *
 * A cell names its reference (`r="B7"`) only when it is the row's first column or the column before it is empty
 * (not written): a cell without one is the column after the previous cell (ECMA-376 Part 1 §18.3.1.4, the attribute
 * is optional), and readers (Excel, LibreOffice, exceljs) place it so. The reference was ~13 bytes of every cell at a
 * million rows, 22 % of op1's XML (1.22 → 0.95 GB for the year), which every export deflated and sent again.
 */
export function renderizadorFilas(columnas: ColumnaReporte[]) {
  const letras = columnas.map((_c, i) => letra(i));
  return (f: FilaReporte, fila: number) => {
    let s = `<row r="${fila}">`;
    /** Whether the previous column was written (a cell after a gap names its reference). */
    let contigua = false;
    for (let i = 0; i < columnas.length; i++) {
      const c = columnas[i] as ColumnaReporte;
      const v = f[c.clave];
      const ref = contigua ? '' : ` r="${letras[i]}${fila}"`;
      contigua = false;
      if (v === null || v === undefined || v === '') continue;
      contigua = true;
      switch (c.tipo) {
        case 'numero':
        case 'entero': {
          const n = Number(v);
          if (Number.isFinite(n)) s += `<c${ref} s="${c.tipo === 'numero' ? S_NUMERO : S_ENTERO}"><v>${n}</v></c>`;
          else contigua = false;
          break;
        }
        case 'fecha':
          s += `<c${ref} s="${S_FECHA}"><v>${serialFecha(String(v))}</v></c>`;
          break;
        case 'hora':
          s += `<c${ref} s="${S_HORA}"><v>${serialHora(String(v))}</v></c>`;
          break;
        default: {
          const t = String(v);
          s += celdaTexto(ref, t, pareceFormula(t) ? S_TEXTO_SEGURO : 0);
        }
      }
    }
    return `${s}</row>`;
  };
}

/** What the export writes into: the Node rows (agregarLote) or sheet rows rendered by the database (agregarFilasXml). */
export type Libro = ReturnType<typeof crearLibro>;

/**
 * Writes a report as an .xlsx streamed row by row (constant memory): Spanish headers, dates and times as real
 * Excel dates, numbers as numbers, frozen and filtered header row, column widths, and text that looks like a
 * formula written as text. The caller feeds batches of rows; between batches the writer waits while the client
 * has not taken what was already written. After `filasPorHoja` data rows the sheet is closed and the rows go on
 * in the next one, with its header; the workbook's parts that list the sheets are written at the end, when their
 * number is known (a ZIP is read through its central directory: the order of its entries does not matter).
 * With `parametros`, a last sheet ('Parámetros') says what the report was run with and how many rows it holds: a
 * file passed on or opened weeks later must not read as the whole movement when it holds one company's month.
 */
export function crearLibro(
  nombreHoja: string,
  columnas: ColumnaReporte[],
  { filasPorHoja = FILAS_POR_HOJA, parametros }: { filasPorHoja?: number; parametros?: ParametroLibro[] } = {},
) {
  const zip = new ZipFlujo();
  const letras = columnas.map((_c, i) => letra(i));
  const ultima = letras.at(-1) ?? 'A';
  const nombre = (i: number) => (i === 1 ? nombreHoja : `${nombreHoja} ${i}`);
  const anchos = columnas
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.ancho}" customWidth="1"/>`)
    .join('');
  const encabezado = columnas.map((c, i) => celdaTexto(` r="${letras[i]}1"`, c.titulo, S_ENCABEZADO)).join('');
  /** Sheets opened so far; the sheet row of the last row written (the header is row 1); data rows in all. */
  let hojas = 0;
  let fila = 1;
  let total = 0;
  let escribirHoja: ((texto: string | Buffer | Buffer[]) => Promise<void>) | null = null;
  let terminarHoja: (() => void) | null = null;
  let hojaLista: Promise<void> = Promise.resolve();
  let textos: (string | null)[] | null = null;

  const abrirHoja = async () => {
    hojas += 1;
    fila = 1;
    // The sheet entry stays open while batches arrive.
    await new Promise<void>((listo) => {
      hojaLista = zip.entrada(hojaXml(hojas), async (escribir) => {
        escribirHoja = escribir;
        listo();
        await new Promise<void>((fin) => {
          terminarHoja = fin;
        });
      });
    });
    await escribirHoja?.(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${anchos}</cols><sheetData><row r="1" ht="30" customHeight="1">${encabezado}</row>`,
    );
  };
  const cerrarHoja = async () => {
    await escribirHoja?.(`</sheetData><autoFilter ref="A1:${ultima}1"/></worksheet>`);
    (terminarHoja as (() => void) | null)?.();
    await hojaLista;
  };
  /** Data rows the current sheet still takes; a full sheet is closed and the next one opened first. */
  const espacio = async () => {
    await iniciado;
    if (fila - 1 >= filasPorHoja) {
      await cerrarHoja();
      await abrirHoja();
    }
    return filasPorHoja - (fila - 1);
  };
  const iniciado = (async () => {
    await zip.archivo('xl/styles.xml', ESTILOS);
    await abrirHoja();
  })();
  // A client that leaves at once fails the start before anyone awaits it: the next call sees the failure.
  iniciado.catch(() => undefined);
  const renderizar = renderizadorFilas(columnas);

  return {
    salida: zip.salida,
    filasPorHoja,
    get cancelado() {
      return zip.salida.destroyed;
    },
    /** Adds a batch and waits until the client has taken what was written (backpressure). */
    async agregarLote(lote: FilaReporte[]) {
      let trozo = '';
      let libres = await espacio();
      for (const f of lote) {
        if (libres === 0) {
          if (trozo) await escribirHoja?.(trozo);
          trozo = '';
          libres = await espacio();
        }
        fila += 1;
        total += 1;
        libres -= 1;
        trozo += renderizar(f, fila);
        if (trozo.length > 256 * 1024) {
          await escribirHoja?.(trozo);
          trozo = '';
        }
      }
      if (trozo) await escribirHoja?.(trozo);
    },
    /**
     * Adds rows already rendered as sheet XML by the database (xlsx-sql.repository.ts: one `<row>` element per
     * buffer, numbered there for the sheet they fall in), with the same backpressure as agregarLote.
     */
    async agregarFilasXml(filas: Buffer[]) {
      const n = filas.length;
      let i = 0;
      while (i < n) {
        const hasta = Math.min(n, i + (await espacio()));
        fila += hasta - i;
        total += hasta - i;
        await escribirHoja?.(filas.slice(i, hasta));
        i = hasta;
      }
    },
    /**
     * Adds sheet rows that are one buffer (`finales`: where each of the `lineas` rows ends), split only where a sheet
     * ends. The buffer may be used again once this returns.
     */
    async agregarFilasContiguas({ datos, finales, lineas }: LineasAbiertas) {
      let i = 0;
      let desde = 0;
      while (i < lineas) {
        const hasta = Math.min(lineas, i + (await espacio()));
        const fin = finales[hasta - 1] as number;
        fila += hasta - i;
        total += hasta - i;
        await escribirHoja?.(datos.subarray(desde, fin));
        desde = fin;
        i = hasta;
      }
    },
    /** Data rows written so far, in all sheets. */
    get filas() {
      return total;
    },
    /**
     * The shared-strings table the rows' `t="s"` cells name (op2's and op4's kept lines: textos-compartidos.repository.ts),
     * written when the workbook is closed.
     */
    compartir(entradas: (string | null)[]) {
      textos = entradas;
    },
    async cerrar() {
      await iniciado;
      await cerrarHoja();
      const libro = Array.from({ length: hojas }, (_x, i) => i + 1);
      const conParametros = parametros ? hojas + 1 : hojas;
      if (parametros)
        await zip.archivo(hojaXml(conParametros), hojaParametros([...parametros, ['Filas exportadas', total]]));
      const conTextos = textos !== null;
      if (textos !== null) {
        const entradas = textos;
        await zip.entrada(TEXTOS_XML, async (escribir) => {
          await escribir(
            `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="${entradas.length}">`,
          );
          // In pieces: a dictionary of many catalogues is megabytes of XML.
          for (let i = 0; i < entradas.length; i += 5000)
            await escribir(
              entradas
                .slice(i, i + 5000)
                .map(entradaTexto)
                .join(''),
            );
          await escribir('</sst>');
        });
      }
      await zip.archivo(
        'xl/workbook.xml',
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${libro
          .map((i) => `<sheet name="${xml(nombre(i))}" sheetId="${i}" r:id="rId${i}"/>`)
          .join('')}${
          parametros ? `<sheet name="${HOJA_PARAMETROS}" sheetId="${conParametros}" r:id="rId${conParametros}"/>` : ''
        }</sheets><definedNames>${libro
          .map(
            (i) =>
              `<definedName name="_xlnm._FilterDatabase" localSheetId="${i - 1}" hidden="1">'${xml(nombre(i))}'!$A$1:$${ultima}$1</definedName>`,
          )
          .join('')}</definedNames></workbook>`,
      );
      await zip.archivo('xl/_rels/workbook.xml.rels', relacionesLibro(conParametros, conTextos));
      await zip.archivo('_rels/.rels', RELACIONES);
      await zip.archivo('[Content_Types].xml', tiposContenido(conParametros, conTextos));
      await zip.cerrar();
      return total;
    },
  };
}
