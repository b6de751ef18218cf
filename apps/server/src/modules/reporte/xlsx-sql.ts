import type { ColumnaReporte } from '@cronos/contract';
import { letra, S_ENTERO, S_FECHA, S_HORA, S_NUMERO } from './excel';

/**
 * The sheet rows of an export rendered by the database: one `<row>` element per report row, with the same cells
 * the writer of excel.ts produces from a report row (same styles, same serial dates and times, text through the
 * database function xlsx_texto with the same escaping and formula rule). A year of the zone is hundreds of
 * thousands of rows: building their XML where the rows are read means the server process only joins strings,
 * and on a PostgreSQL server that work runs on the database's core, beside the server's own.
 *
 * `fuente(clave)` gives the SQL expression of a column's value. Dates and times take an instant in epoch
 * seconds and show it on the Lima clock (UTC−5, no daylight saving: DOMAIN.md §8), as filas.ts does.
 * `rn` is the SQL expression of the report row's number (1-based); the sheet row is rn + 1 (row 1 is the header).
 * Every piece is fixed text or one of these expressions: no value is ever spliced into the statement.
 */
export function filaXmlSql(columnas: ColumnaReporte[], fuente: (clave: string) => string, rn: string): string {
  const fila = `(${rn} + 1)::text`;
  const celdas = columnas.map((c, i) => {
    const ref = `'${letra(i)}' || ${fila}`;
    const v = c.clave === 'id' ? rn : fuente(c.clave);
    const numero = (estilo: number, valor: string) =>
      `coalesce('<c r="' || ${ref} || '" s="${estilo}"><v>' || ${valor} || '</v></c>', '')`;
    switch (c.tipo) {
      case 'numero':
        return numero(S_NUMERO, `(${v})::float8::text`);
      case 'entero':
        return numero(S_ENTERO, `(${v})::bigint::text`);
      case 'fecha':
        return numero(S_FECHA, `(floor(((${v}) - 18000) / 86400)::int + 25569)::text`);
      case 'hora':
        return numero(S_HORA, `((floor((${v}) - 18000)::bigint % 86400)::float8 / 86400)::text`);
      default:
        return `xlsx_texto(${ref}, (${v})::text)`;
    }
  });
  return `'<row r="' || ${fila} || '">' || ${celdas.join(' || ')} || '</row>'`;
}
