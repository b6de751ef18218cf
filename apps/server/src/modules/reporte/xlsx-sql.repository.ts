import type { ColumnaReporte } from '@cronos/contract';
import { letra, S_ENTERO, S_FECHA, S_HORA, S_NUMERO, S_TEXTO_SEGURO } from './excel';

/**
 * The sheet rows of an export rendered by the database: one `<row>` element per report row, with the same cells
 * the writer of excel.ts produces from a report row (same styles, same serial dates and times, same escaping and
 * formula rule). A year of the zone is hundreds of thousands of rows: building their XML where the rows are
 * read means the server process only streams strings, and on a PostgreSQL server that work runs on the
 * database's cores, beside the server's own.
 *
 * `fuente(clave)` gives the SQL expression of a column's value. Dates and times take an instant in epoch
 * seconds and show it on the Lima clock (UTC−5, no daylight saving: DOMAIN.md §8), as filas.ts does.
 * The row's number is not known to the statement (batches run side by side): the rendered row carries the
 * mark FILA_XML where its sheet row goes, and the writer puts the number in (numerarFilaXml in excel.ts). The
 * mark is a control character the rendering drops from every value, so it cannot occur otherwise. A report
 * with a N° column is not rendered here. Every piece is fixed text or one of the given expressions: no value
 * is ever spliced into the statement.
 *
 * Each row and cell is one concat() call: a chain of || copies the growing string at every step, which made
 * the rendering cost several times the query itself.
 */

export function filaXmlSql(columnas: ColumnaReporte[], fuente: (clave: string) => string): string {
  const fila = `E'\\x01'`;
  const celdas = columnas.map((c, i) => {
    const col = letra(i);
    if (c.clave === 'id') throw new Error('la columna N° se numera en el servidor');
    const v = fuente(c.clave);
    const numero = (estilo: number, valor: string) =>
      `case when (${v}) is null then '' else concat('<c r="${col}', ${fila}, '" s="${estilo}"><v>', ${valor}, '</v></c>') end`;
    switch (c.tipo) {
      case 'numero':
        return numero(S_NUMERO, `(${v})::float8`);
      case 'entero':
        return numero(S_ENTERO, `(${v})::bigint`);
      case 'fecha':
        return numero(S_FECHA, `floor(((${v}) - 18000) / 86400)::int + 25569`);
      case 'hora':
        return numero(S_HORA, `(floor((${v}) - 18000)::bigint % 86400)::float8 / 86400`);
      default:
        return celdaTextoSql(col, fila, v);
    }
  });
  return `concat('<row r="', ${fila}, '">', ${celdas.join(',\n')}, '</row>')`;
}

/**
 * Characters XML 1.0 cannot hold (C0 controls but tab, LF and CR; U+FFFE, U+FFFF), dropped as excel.ts does.
 * translate() walks the whole list for every character, so it only runs on the rare text the pattern finds.
 */
const INVALIDOS_XML = `E'${[...Array(32).keys()]
  .filter((c) => c > 0 && c !== 9 && c !== 10 && c !== 13)
  .map((c) => `\\x${c.toString(16).padStart(2, '0')}`)
  .join('')}\\ufffe\\uffff'`;
const PATRON_INVALIDOS = "E'[\\\\x01-\\\\x08\\\\x0b\\\\x0c\\\\x0e-\\\\x1f\\\\ufffe\\\\uffff]'";

/**
 * An inline-string cell as excel.ts writes it: nothing for null or ''; text that a spreadsheet could read as a
 * formula gets the text style (quote prefix); blanks at either end kept with xml:space; & < > " escaped.
 */
function celdaTextoSql(col: string, fila: string, v: string) {
  const t = `(${v})::text`;
  return `case when ${t} is null or ${t} = '' then '' else concat('<c r="${col}', ${fila}, '" t="inlineStr"',
    case when left(${t}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then ' s="${S_TEXTO_SEGURO}"' end,
    '><is><t', case when ${t} <> btrim(${t}, E' \\t\\n\\r\\u00a0') then ' xml:space="preserve"' end, '>',
    replace(replace(replace(replace(case when ${t} ~ ${PATRON_INVALIDOS} then translate(${t}, ${INVALIDOS_XML}, '') else ${t} end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    '</t></is></c>') end`;
}
