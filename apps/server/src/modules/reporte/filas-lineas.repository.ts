import { REPORTES } from '@cronos/contract';
import { cuerpo } from './reporte.repository';
import { COLUMNAS_FILTRO, texto } from './filas-mantenidas-comun.repository';
import { filaXmlSql, fuenteDe } from './xlsx-sql.repository';

/**
 * The SQL of op2's and op4's kept lines (filas-mantenidas.repository.ts): one per product line, the same select list
 * (cuerpo('op2')), as a kept line holds them: U+0001 and the cells after the N° (filaXmlSql's `linea`); their repeated
 * texts as shared strings, numbered in `reporte_texto`.
 */

/** The kept lines' text columns that are not shared strings: one value per order or document, not repeated. */
const NO_COMPARTIDAS = new Set(['codigoIngreso', 'numeroDocumento']);
/** op2's and op4's text columns written as shared strings (xlsx-sql.repository.ts, celdaCompartidaSql). */
export const COMPARTIDAS = new Set(
  [...REPORTES.op2.columnas, ...REPORTES.op4.columnas]
    .filter((c) => c.tipo === 'texto' && !NO_COMPARTIDAS.has(c.clave))
    .map((c) => c.clave),
);
/** The order's company, beside the lines' select list: whose file may show a line's texts. */
const EMPRESA_TEXTO = 'empresa_texto';
const compartidas = { claves: COMPARTIDAS };
const LINEA_OP2 = filaXmlSql(REPORTES.op2.columnas, fuenteDe('op2'), 'null', 'null', { linea: true, compartidas });
const LINEA_OP4 = filaXmlSql(REPORTES.op4.columnas, fuenteDe('op4'), 'null', 'null', { linea: true, compartidas });

/** Every shared text of op2 and op4 as its SQL expression over the lines' select list (`f`), each once. */
const EXPRESIONES_COMPARTIDAS = [
  ...new Set(
    (['op2', 'op4'] as const).flatMap((tipo) =>
      REPORTES[tipo].columnas.filter((c) => COMPARTIDAS.has(c.clave)).map((c) => `(${fuenteDe(tipo)(c.clave)})::text`),
    ),
  ),
];

/**
 * Every order's kept op2 and op4 lines as they render now (its key, COLUMNAS_FILTRO, the number of lines and both
 * reports' XML, '' for an order without lines), from the orders `donde` (over `m`) picks; in an order the lines
 * follow the report's order (the line's key).
 */
export function filasVivasLineasSql(donde = 'true', orden = '') {
  return `SELECT m.codigo_movimiento, ${COLUMNAS_FILTRO.map((x) => `m.${x}`).join(', ')}, coalesce(l.lineas, 0) AS lineas,
    coalesce(l.xml_op2, '') AS xml_op2, coalesce(l.xml_op4, '') AS xml_op4
  FROM movimiento m LEFT JOIN (
    SELECT f.codigo_movimiento, count(*)::int AS lineas, string_agg(${LINEA_OP2}, '' ORDER BY f.hijo) AS xml_op2,
      string_agg(${LINEA_OP4}, '' ORDER BY f.hijo) AS xml_op4
    FROM ${lineasDe(donde)} f
    GROUP BY f.codigo_movimiento) l ON l.codigo_movimiento = m.codigo_movimiento
  WHERE ${donde}${orden}`;
}

/** The product lines of the orders `donde` (over `m`) picks: op2's select list, the line's key and the order's company. */
export function lineasDe(donde: string) {
  const c = cuerpo('op2');
  return `(SELECT m.codigo_movimiento, ${c.hijo} AS hijo, m.codigo_empresa_usuario AS ${EMPRESA_TEXTO}, ${texto(c.select)}
    FROM movimiento m ${texto(c.desde)} WHERE ${donde})`;
}

/**
 * The shared texts of those lines, and the companies whose lines name them, added to the dictionary where it lacks them
 * (before the lines are rendered, which looks the texts up): `reporte_filas_textos` over the distinct pairs. `verbo` is
 * the statement's verb (PERFORM in PL/pgSQL, SELECT in an SQL function).
 */
export function registrarTextos(donde: string, verbo: 'PERFORM' | 'SELECT') {
  return `${verbo} reporte_filas_textos(array_agg(p.empresa), array_agg(p.texto)) FROM (
    SELECT DISTINCT f.${EMPRESA_TEXTO} AS empresa, t.texto FROM ${lineasDe(donde)} f
      CROSS JOIN LATERAL (VALUES ${EXPRESIONES_COMPARTIDAS.map((e) => `(${e})`).join(', ')}) t(texto)
    WHERE t.texto <> '') p`;
}

/** The columns of op2's and op4's tables of kept lines, after the order's key. */
const COLUMNAS_OP2 = [...COLUMNAS_FILTRO, 'lineas', 'xml_op2'];
const COLUMNAS_OP4 = [...COLUMNAS_FILTRO, 'lineas', 'xml_op4'];
const alConflicto = (columnas: string[], actualizar: boolean) =>
  actualizar ? `DO UPDATE SET ${columnas.map((x) => `${x} = excluded.${x}`).join(', ')}` : 'DO NOTHING';

/**
 * Writes the kept lines of the orders `donde` (over `m`) picks into both tables (op2's, op4's) from one rendering of
 * them; `actualizar`: a row already there is replaced (the renewal), or left (the filling, which writes in `orden`).
 */
export function escribirLineas(donde: string, actualizar: boolean, orden = '') {
  const insertar = (tabla: string, columnas: string[]) =>
    `INSERT INTO ${tabla} (codigo_movimiento, ${columnas.join(', ')})
    SELECT codigo_movimiento, ${columnas.join(', ')} FROM v
    ON CONFLICT (codigo_movimiento) ${alConflicto(columnas, actualizar)}`;
  return `WITH v AS MATERIALIZED (${filasVivasLineasSql(donde, orden)}),
  op4 AS (${insertar('reporte_lineas_op4_fila', COLUMNAS_OP4)})
  ${insertar('reporte_lineas_fila', COLUMNAS_OP2)}`;
}

/**
 * The texts (parallel arrays: a company and a text its lines name) the dictionary lacks, and the pairs. Only the
 * missing texts are inserted: an insert that finds its text there still takes a number from the sequence, and every
 * renewal would leave gaps in the table every export writes. In a fixed order, so two transactions adding the same
 * new texts wait for each other (the unique index) instead of locking each other out; the second then finds them.
 */
export const FUNCION_TEXTOS = `CREATE OR REPLACE FUNCTION reporte_filas_textos(empresas integer[], textos text[])
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reporte_texto (texto)
    SELECT DISTINCT t FROM unnest(textos) t WHERE NOT EXISTS (SELECT 1 FROM reporte_texto x WHERE x.texto = t)
    ORDER BY 1
    ON CONFLICT (texto) DO NOTHING;
  INSERT INTO reporte_texto_empresa (codigo_empresa_usuario, codigo)
    SELECT DISTINCT p.e, x.codigo FROM unnest(empresas, textos) p(e, t) JOIN reporte_texto x ON x.texto = p.t
    WHERE NOT EXISTS (SELECT 1 FROM reporte_texto_empresa y WHERE y.codigo_empresa_usuario = p.e AND y.codigo = x.codigo)
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING;
END $$`;
