import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { movimiento, movimientoDocumento } from './movimiento';

/** The order's columns the reports filter and sort by, under their names in `movimiento`. */
const columnasDeFiltro = () => ({
  fechaIngreso: timestamp({ withTimezone: true }).notNull(),
  codigoEmpresaUsuario: integer().notNull(),
  codigoTipoOperacion: smallint().notNull(),
  codigoEstadoMovimiento: smallint().notNull(),
  estadoAnulado: smallint().notNull(),
});
/** Those columns and the row's XML. */
const columnasDeFila = () => ({ ...columnasDeFiltro(), xml: text().notNull() });

/**
 * op1's sheet row of each order, kept rendered by triggers as the order and its stages are saved, with U+0001
 * where the sheet row number goes (modules/reporte/filas-mantenidas.repository.ts; the functions and triggers are in the
 * migration that creates it). It carries the order's columns the report filters and sorts by, under their names in
 * `movimiento`, so the export reads its rows by these indexes alone, in the report's order.
 */
export const reporteOp1Fila = pgTable(
  'reporte_op1_fila',
  {
    codigoMovimiento: integer()
      .primaryKey()
      .references(() => movimiento.codigoMovimiento, { onDelete: 'cascade' }),
    ...columnasDeFila(),
  },
  (t) => [
    index('reporte_op1_fila_fecha_idx').on(t.fechaIngreso, t.codigoMovimiento).where(sql`${t.estadoAnulado} = 0`),
    index('reporte_op1_fila_empresa_fecha_idx')
      .on(t.codigoEmpresaUsuario, t.fechaIngreso, t.codigoMovimiento)
      .where(sql`${t.estadoAnulado} = 0`),
  ],
);

/**
 * op3's sheet row of each customs declaration (documents 4, 5, 9), kept as op1's is, with U+0002 where its N° goes.
 */
export const reporteOp3Fila = pgTable(
  'reporte_op3_fila',
  {
    codigoMovimientoDocumento: integer()
      .primaryKey()
      .references(() => movimientoDocumento.codigoMovimientoDocumento, { onDelete: 'cascade' }),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento, { onDelete: 'cascade' }),
    ...columnasDeFila(),
  },
  (t) => [
    index('reporte_op3_fila_movimiento_idx').on(t.codigoMovimiento),
    index('reporte_op3_fila_fecha_idx')
      .on(t.fechaIngreso, t.codigoMovimiento, t.codigoMovimientoDocumento)
      .where(sql`${t.estadoAnulado} = 0`),
    index('reporte_op3_fila_empresa_fecha_idx')
      .on(t.codigoEmpresaUsuario, t.fechaIngreso, t.codigoMovimiento, t.codigoMovimientoDocumento)
      .where(sql`${t.estadoAnulado} = 0`),
  ],
);

/**
 * op2's and op4's sheet rows of each order (one per product line), kept as op1's are: the order's lines one after the
 * other, each as U+0001 followed by its cells after the N° (no cell names a reference: an empty one is `<c s="7"/>`; the
 * repeated texts are shared strings, reporteTexto below), so the
 * export writes each line's opening (`<row>`, the N°) itself and the database only reads. One row per order, with no
 * lines too (`lineas` 0), so a missing one shows as a difference with the orders. `lineas` is in the indexes: the
 * export's batch limits sum it in the report's order from the index alone.
 *
 * Each report in a table of its own (written together, modules/reporte/filas-lineas.repository.ts): in one row both
 * made ~5 rows a page, and an export of either read every page of both (migration 0043).
 */
const columnasDeLineas = () => ({
  codigoMovimiento: integer()
    .primaryKey()
    .references(() => movimiento.codigoMovimiento, { onDelete: 'cascade' }),
  ...columnasDeFiltro(),
  lineas: integer().notNull(),
});

/** op2's lines (reporte_lineas_fila keeps its name from when it held both reports). */
export const reporteLineasFila = pgTable(
  'reporte_lineas_fila',
  {
    ...columnasDeLineas(),
    xmlOp2: text().notNull(),
  },
  (t) => [
    index('reporte_lineas_fila_fecha_idx')
      .on(t.fechaIngreso, t.codigoMovimiento, t.lineas)
      .where(sql`${t.estadoAnulado} = 0`),
    index('reporte_lineas_fila_empresa_fecha_idx')
      .on(t.codigoEmpresaUsuario, t.fechaIngreso, t.codigoMovimiento, t.lineas)
      .where(sql`${t.estadoAnulado} = 0`),
  ],
);

/** op4's lines. */
export const reporteLineasOp4Fila = pgTable(
  'reporte_lineas_op4_fila',
  {
    ...columnasDeLineas(),
    xmlOp4: text().notNull(),
  },
  (t) => [
    index('reporte_lineas_op4_fila_fecha_idx')
      .on(t.fechaIngreso, t.codigoMovimiento, t.lineas)
      .where(sql`${t.estadoAnulado} = 0`),
    index('reporte_lineas_op4_fila_empresa_fecha_idx')
      .on(t.codigoEmpresaUsuario, t.fechaIngreso, t.codigoMovimiento, t.lineas)
      .where(sql`${t.estadoAnulado} = 0`),
  ],
);

/**
 * Which kept reports are whole: orders up to `pendienteHasta` predate the triggers and are filled in the report's
 * order after (`avanceFecha`, `avanceId`), so the rows lie in the table in the order the export reads them.
 */
export const reporteMantenido = pgTable('reporte_mantenido', {
  nombre: varchar({ length: 10 }).primaryKey(),
  avanceFecha: timestamp({ withTimezone: true }),
  avanceId: integer().notNull().default(0),
  pendienteHasta: integer().notNull(),
  completo: boolean().notNull(),
});

/**
 * The texts of op2's and op4's kept lines that repeat from line to line (the month, the company, the operation and
 * document types, the product's description, tariff heading and unit, the country and the other parameter names), each
 * once: a kept line's cell holds the text's `codigo` (`<c t="s"><v>codigo</v></c>`) and the export writes the
 * workbook's shared-strings table from this one, the text of entry `codigo` at position `codigo`
 * (modules/reporte/textos-compartidos.repository.ts). A quarter of the lines' XML was these texts, written again on
 * every line. Rows are only added (by the renewal of the kept lines, for texts not yet here), never changed or
 * removed: a kept line read in any snapshot finds its texts.
 */
export const reporteTexto = pgTable('reporte_texto', {
  codigo: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: 0, minValue: 0 }),
  texto: text().notNull().unique('reporte_texto_texto_uq'),
});

/**
 * Which companies' lines name each text: a company's export writes these entries of the table and leaves the others
 * blank, so its file holds no name, product or other text that only other companies' lines have. Added with the texts.
 */
export const reporteTextoEmpresa = pgTable(
  'reporte_texto_empresa',
  {
    codigoEmpresaUsuario: integer().notNull(),
    codigo: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.codigoEmpresaUsuario, t.codigo] })],
);
