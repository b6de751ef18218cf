import { PARAMETRO, REPORTES } from '@cronos/contract';
import {
  COLUMNAS_CONTROL_OP1,
  COLUMNAS_DOCUMENTO_OP1,
  COLUMNAS_VERIFICACION_OP1,
  cuerpo,
  OP1_VALORES,
} from './reporte.repository';
import { COLUMNAS_FILTRO, texto } from './filas-mantenidas-comun.repository';
import { escribirLineas, FUNCION_TEXTOS, registrarTextos } from './filas-lineas.repository';
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

/** op1's row rendered with the mark for the sheet row number, over the report's select list aliased `f`. */
const FILA = filaXmlSql(REPORTES.op1.columnas, fuenteDe('op1'), "E'\\x01'", 'null');
/** op3's row (one per customs declaration): U+0001 for the sheet row number, U+0002 for its N°. */
const FILA_OP3 = filaXmlSql(REPORTES.op3.columnas, fuenteDe('op3'), "E'\\x01'", "E'\\x02'", { numeroMarcado: true });

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

/**
 * A function that renders op2's and op4's lines looks each of a line's ~19 shared texts up in `reporte_texto`
 * (`(select codigo from reporte_texto where texto = …)`). The dictionary is a few pages (390 texts at a million
 * orders), which the planner's costs read faster whole than through the unique index; each lookup then compared every
 * text: 16 µs, 1.5 s of the 1.8 s a batch of 1 000 orders took to fill, and ~1.5 ms of every order's save. Through the
 * index, 0.3 s for the batch. The functions run with sequential scans discouraged (a `SET` of their own, restored on
 * return); every statement in them picks its rows by key.
 */
export const BUSQUEDA_POR_INDICE = 'SET enable_seqscan = off';

/** The orders of a filling batch: the array given (the batch is chosen through an index, see llenar). */
const LOTE_DADO = 'm.codigo_movimiento = ANY($1)';

/** The functions, each `CREATE OR REPLACE FUNCTION` statement by its name (what the drift test compares). */
export function funcionesFilasMantenidas(): Record<string, string> {
  const columnasMovimiento = columnasDeOrden();
  const p = PARAMETRO;
  const grupos = [...Object.values(PARAMETROS_DE_ORDEN), p.tipoDocumentoMovimiento];
  return {
    // First: the SQL function that fills the lines calls it, and an SQL function's body is checked when it is created.
    reporte_filas_textos: FUNCION_TEXTOS,
    // The two that render op2's and op4's lines look each shared text up by its unique index (BUSQUEDA_POR_INDICE).
    reporte_filas_renovar: `CREATE OR REPLACE FUNCTION reporte_filas_renovar(ids integer[]) RETURNS void LANGUAGE plpgsql
  ${BUSQUEDA_POR_INDICE} AS $$
BEGIN
  IF coalesce(array_length(ids, 1), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM movimiento WHERE codigo_movimiento = ANY(ids) ORDER BY codigo_movimiento FOR NO KEY UPDATE;
  ${escribir('m.codigo_movimiento = ANY(ids)', ACTUALIZAR)};
  DELETE FROM reporte_op3_fila WHERE codigo_movimiento = ANY(ids);
  ${escribirOp3('m.codigo_movimiento = ANY(ids)', ACTUALIZAR)};
  ${registrarTextos('m.codigo_movimiento = ANY(ids)', 'PERFORM')};
  ${escribirLineas('m.codigo_movimiento = ANY(ids)', true)};
END $$`,
    // The orders of the array, inserted in the report's order.
    reporte_filas_llenar: `CREATE OR REPLACE FUNCTION reporte_filas_llenar(integer[])
  RETURNS void LANGUAGE sql AS $$
  ${escribir(LOTE_DADO, 'DO NOTHING', ' ORDER BY m.fecha_ingreso, m.codigo_movimiento')};
  ${escribirOp3(LOTE_DADO, 'DO NOTHING', ' ORDER BY m.fecha_ingreso, m.codigo_movimiento, d.codigo_movimiento_documento')};
$$`,
    // op2's and op4's lines of the orders in the same range (their own state row, 'lineas').
    reporte_filas_llenar_lineas: `CREATE OR REPLACE FUNCTION reporte_filas_llenar_lineas(integer[])
  RETURNS void LANGUAGE sql ${BUSQUEDA_POR_INDICE} AS $$
  ${registrarTextos(LOTE_DADO, 'SELECT')};
  ${escribirLineas(LOTE_DADO, false, ' ORDER BY m.fecha_ingreso, m.codigo_movimiento')};
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
 * The functions alone, as db/definiciones/reporte-filas.sql holds them (written from this; its test compares them).
 * A change of the reports' columns or of their rendering also needs a migration that empties the tables for the
 * server to fill them again (a data move, as 0026 did).
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
