import { boolean, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { movimiento } from './movimiento';

/**
 * op1's sheet row of each order, kept rendered by triggers as the order and its stages are saved, with U+0001
 * where the sheet row number goes (modules/reporte/filas-mantenidas.ts; the functions and triggers are in the
 * migration that creates it).
 */
export const reporteOp1Fila = pgTable('reporte_op1_fila', {
  codigoMovimiento: integer()
    .primaryKey()
    .references(() => movimiento.codigoMovimiento, { onDelete: 'cascade' }),
  xml: text().notNull(),
});

/** Which kept reports are whole: orders up to `pendienteHasta` predate the triggers and are filled after `avance`. */
export const reporteMantenido = pgTable('reporte_mantenido', {
  nombre: varchar({ length: 10 }).primaryKey(),
  avance: integer().notNull().default(0),
  pendienteHasta: integer().notNull(),
  completo: boolean().notNull(),
});
