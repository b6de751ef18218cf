import { PARAMETRO, REPORTES } from '@cronos/contract';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  COLUMNAS_CONTROL_OP1,
  COLUMNAS_DOCUMENTO_OP1,
  COLUMNAS_VERIFICACION_OP1,
  cuerpo,
  OP1_VALORES,
} from './reporte.repository';
import { filaXmlSql, fuenteDe } from './xlsx-sql.repository';

/**
 * The sheet rows of op1 (one per order, `reporte_op1_fila`) and op3 (one per customs declaration,
 * `reporte_op3_fila`) kept rendered as the orders change.
 *
 * Rendering an op1 row reads the order, its two weighings, two verifications and its documents, and writes ~1 KB
 * of XML: ~58 µs of database CPU per order, a minute for a year of a million orders, which no export of the year can
 * do in 10 s on two cores (op3 sums each declaration's product lines). The rows are now rendered when the order or one
 * of those rows is saved (in the same transaction, by triggers), and the export reads them through their own indexes
 * and only puts in the sheet row number: a row is kept with U+0001 where that number goes and, in op3, U+0002 where
 * its N° goes (characters no cell can hold: the rendering drops them from every value, as XML 1.0 cannot carry
 * them). Each row carries the order's filter and sort columns under their names in `movimiento`, so the report's own
 * conditions pick them.
 *
 * The SQL of the functions and triggers is generated from the same rendering as the export's (`filaXmlSql` over
 * each report's select list), written into a migration by `scripts/sql-filas-mantenidas.ts`; a test checks that the
 * functions in the database are still that text, so a change of a report's columns cannot leave them behind.
 *
 * What renews an order's rows, both reports at once (every trigger is per statement, over its transition tables):
 * - the order inserted, or updated in a column either report shows or filters by (the columns are compared, so the
 *   dashboard's stage date and the review's fields do not re-render it);
 * - a weighing or verification (controls 2–5), a document or a product line inserted, deleted, or updated in a
 *   column the reports read;
 * - a company's name or RUC changed (its orders), a name of an operation type, order state or document type changed
 *   (the orders that show it).
 * `reporte_filas_renovar` first locks the orders (FOR NO KEY UPDATE, which inserting a control or document does not
 * wait for) and then renders them in statements of their own: two transactions changing one order at once render it
 * one after the other, the second seeing the first's change, so the last row written is never a stale one.
 *
 * Orders that existed before the tables are filled by the server after it starts (`llenarFilasMantenidas`, batches
 * of a few thousand orders in the report's order, `on conflict do nothing`: a row a trigger wrote is newer than the
 * batch's); until then `reporte_mantenido.completo` is false and the export renders the rows itself as before.
 */

const dialecto = new PgDialect();
/** The text of a fragment made of fixed text only (the report's joins and select list). */
function texto(q: SQL) {
  const { sql: t, params } = dialecto.sqlToQuery(q);
  if (params.length) throw new Error('fragmento con parámetros');
  return t;
}

/** op1's row rendered with the mark for the sheet row number, over the report's select list aliased `f`. */
const FILA = filaXmlSql(REPORTES.op1.columnas, fuenteDe('op1'), "E'\\x01'", 'null');
/** op3's row (one per customs declaration): U+0001 for the sheet row number, U+0002 for its N°. */
const FILA_OP3 = filaXmlSql(REPORTES.op3.columnas, fuenteDe('op3'), "E'\\x01'", "E'\\x02'", { numeroMarcado: true });

/**
 * op2's and op4's lines (one per product line, the same select list: cuerpo('op2')), as a kept line holds them:
 * U+0001 and the cells after the N° (filaXmlSql's `linea`).
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

/** The order columns the kept row carries besides its XML, under their names in `movimiento` (filters and order). */
export const COLUMNAS_FILTRO = [
  'fecha_ingreso',
  'codigo_empresa_usuario',
  'codigo_tipo_operacion',
  'codigo_estado_movimiento',
  'estado_anulado',
];

/** Every order's kept row as it renders now (its key, COLUMNAS_FILTRO, xml), from the orders `donde` (over `m`) picks. */
export function filasVivasSql(donde = 'true', orden = '') {
  const c = cuerpo('op1');
  return `SELECT f.codigo_movimiento, ${COLUMNAS_FILTRO.map((x) => `f.${x}`).join(', ')}, ${FILA} AS xml
  FROM (SELECT m.codigo_movimiento, ${COLUMNAS_FILTRO.map((x) => `m.${x}`).join(', ')}, ${texto(c.select)}
    FROM movimiento m ${texto(c.desde)} WHERE ${donde}${orden}) f`;
}

/** The kept rows of the orders that `donde` (over `m`) picks, written with `alConflicto`. */
function escribir(donde: string, alConflicto: string, orden = '') {
  return `INSERT INTO reporte_op1_fila (codigo_movimiento, ${COLUMNAS_FILTRO.join(', ')}, xml)
  ${filasVivasSql(donde, orden)}
  ON CONFLICT (codigo_movimiento) ${alConflicto}`;
}

/** Every declaration's kept op3 row as it renders now, from the orders `donde` (over `m`) picks. */
export function filasVivasOp3Sql(donde = 'true', orden = '') {
  const c = cuerpo('op3');
  return `SELECT f.codigo_movimiento_documento, f.codigo_movimiento, ${COLUMNAS_FILTRO.map((x) => `f.${x}`).join(', ')}, ${FILA_OP3} AS xml
  FROM (SELECT d.codigo_movimiento_documento, m.codigo_movimiento, ${COLUMNAS_FILTRO.map((x) => `m.${x}`).join(', ')}, ${texto(c.select)}
    FROM movimiento m ${texto(c.desde)} WHERE ${donde}${orden}) f`;
}

function escribirOp3(donde: string, alConflicto: string, orden = '') {
  return `INSERT INTO reporte_op3_fila (codigo_movimiento_documento, codigo_movimiento, ${COLUMNAS_FILTRO.join(', ')}, xml)
  ${filasVivasOp3Sql(donde, orden)}
  ON CONFLICT (codigo_movimiento_documento) ${alConflicto}`;
}

const ACTUALIZAR = `DO UPDATE SET ${[...COLUMNAS_FILTRO, 'xml'].map((x) => `${x} = excluded.${x}`).join(', ')}`;

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
function lineasDe(donde: string) {
  const c = cuerpo('op2');
  return `(SELECT m.codigo_movimiento, ${c.hijo} AS hijo, m.codigo_empresa_usuario AS ${EMPRESA_TEXTO}, ${texto(c.select)}
    FROM movimiento m ${texto(c.desde)} WHERE ${donde})`;
}

/**
 * The shared texts of those lines, and the companies whose lines name them, added to the dictionary where it lacks them
 * (before the lines are rendered, which looks the texts up): `reporte_filas_textos` over the distinct pairs. `verbo` is
 * the statement's verb (PERFORM in PL/pgSQL, SELECT in an SQL function).
 */
function registrarTextos(donde: string, verbo: 'PERFORM' | 'SELECT') {
  return `${verbo} reporte_filas_textos(array_agg(p.empresa), array_agg(p.texto)) FROM (
    SELECT DISTINCT f.${EMPRESA_TEXTO} AS empresa, t.texto FROM ${lineasDe(donde)} f
      CROSS JOIN LATERAL (VALUES ${EXPRESIONES_COMPARTIDAS.map((e) => `(${e})`).join(', ')}) t(texto)
    WHERE t.texto <> '') p`;
}

const COLUMNAS_LINEAS = [...COLUMNAS_FILTRO, 'lineas', 'xml_op2', 'xml_op4'];
function escribirLineas(donde: string, alConflicto: string, orden = '') {
  return `INSERT INTO reporte_lineas_fila (codigo_movimiento, ${COLUMNAS_LINEAS.join(', ')})
  ${filasVivasLineasSql(donde, orden)}
  ON CONFLICT (codigo_movimiento) ${alConflicto}`;
}
const ACTUALIZAR_LINEAS = `DO UPDATE SET ${COLUMNAS_LINEAS.map((x) => `${x} = excluded.${x}`).join(', ')}`;

/** The columns of table alias `alias` (`m.`, `d.`, `cat.`…) that a piece of a report's SQL reads. */
const columnasDe = (alias: string, ...textos: string[]) =>
  textos.flatMap((t) => [...t.matchAll(new RegExp(`\\b${alias}\\.([a-z_]+)`, 'g'))].map((x) => x[1] as string));

/** The order columns the kept reports show or filter by (op1's values, which hold op3's, and op2's and op4's). */
export function columnasDeOrden(): string[] {
  const c = cuerpo('op2');
  return [
    ...new Set([
      ...COLUMNAS_FILTRO,
      ...columnasDe('m', ...Object.values(OP1_VALORES), texto(c.select), texto(c.desde)),
    ]),
  ]
    .filter((x) => x !== 'codigo_movimiento')
    .sort();
}

/** The document columns they show: op1's summary and the lines' document (type, number, party). */
function columnasDeDocumento(): string[] {
  const c = cuerpo('op2');
  return [...new Set([...COLUMNAS_DOCUMENTO_OP1, ...columnasDe('d', texto(c.select))])];
}

/** The catalogue product's columns op2 and op4 show on each of its lines (description, tariff heading, unit). */
export function columnasDeCatalogo(): string[] {
  return [...new Set(columnasDe('cat', texto(cuerpo('op2').select)))].sort();
}

const distintas = (columnas: string[], a: string, b: string) =>
  `(${columnas.map((c) => `${a}.${c}`).join(', ')}) IS DISTINCT FROM (${columnas.map((c) => `${b}.${c}`).join(', ')})`;

/**
 * A trigger function over a table whose rows name their order (`codigo_movimiento`): the orders of the rows
 * inserted or deleted, and of the rows updated in one of `columnas` (on their old and new order).
 */
function funcionHija(nombre: string, clave: string, columnas: string[], filtro = 'true') {
  const comparar = ['codigo_movimiento', ...columnas];
  return `CREATE OR REPLACE FUNCTION ${nombre}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT n.codigo_movimiento FROM nuevas n WHERE ${filtro.replaceAll('x.', 'n.')}));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM reporte_filas_renovar(array(SELECT DISTINCT o.codigo_movimiento FROM viejas o WHERE ${filtro.replaceAll('x.', 'o.')}));
  ELSE
    PERFORM reporte_filas_renovar(array(
      SELECT n.codigo_movimiento FROM nuevas n JOIN viejas o ON o.${clave} = n.${clave} WHERE ${distintas(comparar, 'n', 'o')}
      UNION SELECT o.codigo_movimiento FROM nuevas n JOIN viejas o ON o.${clave} = n.${clave} WHERE ${distintas(comparar, 'n', 'o')}));
  END IF;
  RETURN NULL;
END $$`;
}

/** The three statement triggers (insert, update, delete) of a table; transition tables allow one event each. */
function disparadores(tabla: string, funcion: string) {
  return [
    `CREATE TRIGGER ${funcion}_i AFTER INSERT ON ${tabla} REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ${funcion}()`,
    `CREATE TRIGGER ${funcion}_u AFTER UPDATE ON ${tabla} REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION ${funcion}()`,
    `CREATE TRIGGER ${funcion}_d AFTER DELETE ON ${tabla} REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION ${funcion}()`,
  ];
}

/** The order columns whose parameter names the kept reports show, and their parameter group. */
const PARAMETROS_DE_ORDEN: Record<string, number> = {
  codigo_tipo_operacion: PARAMETRO.tipoOperacion,
  codigo_estado_movimiento: PARAMETRO.estadoMovimiento,
  pais_procedencia: PARAMETRO.pais,
  codigo_tipo_mercaderia: PARAMETRO.tipoMercaderia,
  codigo_via: PARAMETRO.via,
  codigo_salida_aduana: PARAMETRO.aduanaSalida,
};

/** The orders of a filling batch: the array given (the batch is chosen through an index, see llenar). */
const LOTE_DADO = 'm.codigo_movimiento = ANY($1)';

/** The functions, each `CREATE OR REPLACE FUNCTION` statement by its name (what the drift test compares). */
export function funcionesFilasMantenidas(): Record<string, string> {
  const columnasMovimiento = columnasDeOrden();
  const p = PARAMETRO;
  const grupos = [...Object.values(PARAMETROS_DE_ORDEN), p.tipoDocumentoMovimiento];
  return {
    // First: the SQL function that fills the lines calls it, and an SQL function's body is checked when it is created.
    // The texts (parallel arrays: a company and a text its lines name) the dictionary lacks, and the pairs. Only the
    // missing texts are inserted: an insert that finds its text there still takes a number from the sequence, and every
    // renewal would leave gaps in the table every export writes. In a fixed order, so two transactions adding the same
    // new texts wait for each other (the unique index) instead of locking each other out; the second then finds them.
    reporte_filas_textos: `CREATE OR REPLACE FUNCTION reporte_filas_textos(empresas integer[], textos text[])
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
END $$`,
    reporte_filas_renovar: `CREATE OR REPLACE FUNCTION reporte_filas_renovar(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ids, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM movimiento WHERE codigo_movimiento = ANY(ids) ORDER BY codigo_movimiento FOR NO KEY UPDATE;
  ${escribir('m.codigo_movimiento = ANY(ids)', ACTUALIZAR)};
  DELETE FROM reporte_op3_fila WHERE codigo_movimiento = ANY(ids);
  ${escribirOp3('m.codigo_movimiento = ANY(ids)', ACTUALIZAR)};
  ${registrarTextos('m.codigo_movimiento = ANY(ids)', 'PERFORM')};
  ${escribirLineas('m.codigo_movimiento = ANY(ids)', ACTUALIZAR_LINEAS)};
END $$`,
    // The orders of the array, inserted in the report's order.
    reporte_filas_llenar: `CREATE OR REPLACE FUNCTION reporte_filas_llenar(integer[])
  RETURNS void LANGUAGE sql AS $$
  ${escribir(LOTE_DADO, 'DO NOTHING', ' ORDER BY m.fecha_ingreso, m.codigo_movimiento')};
  ${escribirOp3(LOTE_DADO, 'DO NOTHING', ' ORDER BY m.fecha_ingreso, m.codigo_movimiento, d.codigo_movimiento_documento')};
$$`,
    // op2's and op4's lines of the orders in the same range (their own state row, 'lineas').
    reporte_filas_llenar_lineas: `CREATE OR REPLACE FUNCTION reporte_filas_llenar_lineas(integer[])
  RETURNS void LANGUAGE sql AS $$
  ${registrarTextos(LOTE_DADO, 'SELECT')};
  ${escribirLineas(LOTE_DADO, 'DO NOTHING', ' ORDER BY m.fecha_ingreso, m.codigo_movimiento')};
$$`,
    reporte_filas_movimiento: `CREATE OR REPLACE FUNCTION reporte_filas_movimiento() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM reporte_filas_renovar(array(SELECT n.codigo_movimiento FROM nuevas n));
  ELSE
    PERFORM reporte_filas_renovar(array(SELECT n.codigo_movimiento FROM nuevas n JOIN viejas o ON o.codigo_movimiento = n.codigo_movimiento
      WHERE ${distintas(columnasMovimiento, 'n', 'o')}));
  END IF;
  RETURN NULL;
END $$`,
    reporte_filas_control: funcionHija(
      'reporte_filas_control',
      'codigo_control_movimiento',
      ['codigo_tipo_control', ...COLUMNAS_CONTROL_OP1],
      'x.codigo_tipo_control IN (2, 4)',
    ),
    reporte_filas_verificacion: funcionHija(
      'reporte_filas_verificacion',
      'codigo_verificacion_tipo_control',
      ['codigo_tipo_control', ...COLUMNAS_VERIFICACION_OP1],
      'x.codigo_tipo_control IN (3, 5)',
    ),
    reporte_filas_documento: funcionHija(
      'reporte_filas_documento',
      'codigo_movimiento_documento',
      columnasDeDocumento(),
    ),
    // op3's quantity, weight and FOB of a declaration are sums of its product lines; op2 and op4 show each line and
    // its product.
    reporte_filas_linea: funcionHija('reporte_filas_linea', 'codigo_movimiento_detalle', [
      'codigo_movimiento_documento',
      'cantidad',
      'peso',
      'valor_fob',
      'codigo_catalogo_usuario',
    ]),
    // A product's description, tariff heading or unit: the orders with lines of it.
    reporte_filas_catalogo: `CREATE OR REPLACE FUNCTION reporte_filas_catalogo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporte_filas_renovar(array(SELECT DISTINCT dt.codigo_movimiento FROM movimiento_detalle dt
    WHERE dt.codigo_catalogo_usuario IN (SELECT n.codigo_catalogo_usuario FROM nuevas n JOIN viejas o ON o.codigo_catalogo_usuario = n.codigo_catalogo_usuario
      WHERE ${distintas(columnasDeCatalogo(), 'n', 'o')})));
  RETURN NULL;
END $$`,
    reporte_filas_empresa: `CREATE OR REPLACE FUNCTION reporte_filas_empresa() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reporte_filas_renovar(array(SELECT m.codigo_movimiento FROM movimiento m
    WHERE m.codigo_empresa_usuario IN (SELECT n.codigo_empresa_usuario FROM nuevas n JOIN viejas o ON o.codigo_empresa_usuario = n.codigo_empresa_usuario
      WHERE (n.razon_social, n.ruc) IS DISTINCT FROM (o.razon_social, o.ruc))));
  RETURN NULL;
END $$`,
    // A name of an operation type, order state, country, goods type, route, customs office or document type: the
    // orders that show it, by its code (old and new).
    reporte_filas_parametro: `CREATE OR REPLACE FUNCTION reporte_filas_parametro() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cambios text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    cambios := array(SELECT n.codigo_parametro || ':' || n.codigo FROM nuevas n);
  ELSIF TG_OP = 'DELETE' THEN
    cambios := array(SELECT o.codigo_parametro || ':' || o.codigo FROM viejas o);
  ELSE
    cambios := array(SELECT unnest(array[n.codigo_parametro || ':' || n.codigo, o.codigo_parametro || ':' || o.codigo])
      FROM nuevas n JOIN viejas o ON o.codigo_seccion = n.codigo_seccion
      WHERE (n.codigo_parametro, n.codigo, n.nombre) IS DISTINCT FROM (o.codigo_parametro, o.codigo, o.nombre));
  END IF;
  cambios := array(SELECT c FROM unnest(cambios) c WHERE split_part(c, ':', 1) IN (${grupos.map((g) => `'${g}'`).join(', ')}));
  IF coalesce(array_length(cambios, 1), 0) = 0 THEN RETURN NULL; END IF;
  PERFORM reporte_filas_renovar(array(
    SELECT m.codigo_movimiento FROM movimiento m
      WHERE ${Object.entries(PARAMETROS_DE_ORDEN)
        .map(([columna, grupo]) => `'${grupo}:' || m.${columna} = ANY(cambios)`)
        .join('\n        OR ')}
    UNION SELECT d.codigo_movimiento FROM movimiento_documento d WHERE '${p.tipoDocumentoMovimiento}:' || d.codigo_tipo_documento = ANY(cambios)));
  RETURN NULL;
END $$`,
  };
}

/**
 * The functions alone, for a migration that renders the rows anew (a change of the reports' columns or of their
 * rendering: the migration also empties the tables for the server to fill them again, as 0026 does).
 */
export function sqlFuncionesFilasMantenidas(): string {
  return `${Object.values(funcionesFilasMantenidas()).join(';\n--> statement-breakpoint\n')};\n`;
}

/**
 * The migration's own part (after the two tables drizzle-kit writes from the schema): the state row, the functions
 * and the triggers.
 */
export function sqlFilasMantenidas(): string {
  const partes = [
    `INSERT INTO reporte_mantenido (nombre, avance_fecha, pendiente_hasta, completo)
  SELECT 'filas', '-infinity', coalesce(max(codigo_movimiento), 0), count(*) = 0 FROM movimiento`,
    ...Object.values(funcionesFilasMantenidas()),
    ...disparadores('movimiento', 'reporte_filas_movimiento').slice(0, 2),
    ...disparadores('control_movimiento', 'reporte_filas_control'),
    ...disparadores('verificacion', 'reporte_filas_verificacion'),
    ...disparadores('movimiento_documento', 'reporte_filas_documento'),
    ...disparadores('movimiento_detalle', 'reporte_filas_linea'),
    disparadores('empresa_usuario', 'reporte_filas_empresa')[1] as string,
    ...disparadores('parametro_seccion', 'reporte_filas_parametro'),
  ];
  return `${partes.join(';\n--> statement-breakpoint\n')};\n`;
}

/**
 * The migration that adds op2's and op4's kept lines (after the table drizzle-kit writes from the schema): their
 * state row, the XML left out of ANALYZE, the catalogue's trigger, and every function (the renewal now writes the
 * lines too); the file ends with the functions, as the drift test asks.
 */
export function sqlFilasLineas(): string {
  const funciones = funcionesFilasMantenidas();
  const partes = [
    `INSERT INTO reporte_mantenido (nombre, avance_fecha, pendiente_hasta, completo)
  SELECT 'lineas', '-infinity', coalesce(max(codigo_movimiento), 0), count(*) = 0 FROM movimiento`,
    // The filling takes its batch as an array now (chosen through an index), no longer as a range of keys.
    'DROP FUNCTION IF EXISTS reporte_filas_llenar(integer, timestamptz, integer, timestamptz, integer)',
    'ALTER TABLE reporte_lineas_fila ALTER COLUMN xml_op2 SET STATISTICS 0',
    'ALTER TABLE reporte_lineas_fila ALTER COLUMN xml_op4 SET STATISTICS 0',
    funciones.reporte_filas_catalogo as string,
    disparadores('catalogo_usuario', 'reporte_filas_catalogo')[1] as string,
  ];
  return `${partes.join(';\n--> statement-breakpoint\n')};\n--> statement-breakpoint\n${sqlFuncionesFilasMantenidas()}`;
}
