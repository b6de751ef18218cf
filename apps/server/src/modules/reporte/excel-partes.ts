/** The workbook's fixed parts (styles, content types, relations, the parameters and shared-strings parts) and its text cells. */

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

/** A line of the parameters sheet: what it says, and its value (a number is written as a number, null as blank). */
export type ParametroLibro = [string, string | number | null];
/** The name of the parameters sheet (a report's sheets are 'Reporte', 'Reporte 2'…). */
export const HOJA_PARAMETROS = 'Parámetros';

/** The parameters sheet: a header row and one row per parameter, in two wide columns. */
export function hojaParametros(lineas: ParametroLibro[]) {
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

/** xl/sharedStrings.xml: its entries written in pieces (a dictionary of many catalogues is megabytes of XML). */
export async function escribirTextos(escribir: (texto: string) => Promise<void>, entradas: (string | null)[]) {
  await escribir(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="${entradas.length}">`,
  );
  for (let i = 0; i < entradas.length; i += 5000)
    await escribir(
      entradas
        .slice(i, i + 5000)
        .map(entradaTexto)
        .join(''),
    );
  await escribir('</sst>');
}
