import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/** What the SQL of the kept rows (filas-mantenidas.repository.ts) and of the kept lines (filas-lineas.repository.ts) share. */

const dialecto = new PgDialect();
/** The text of a fragment made of fixed text only (the report's joins and select list). */
export function texto(q: SQL) {
  const { sql: t, params } = dialecto.sqlToQuery(q);
  if (params.length) throw new Error('fragmento con parámetros');
  return t;
}

/** The order columns the kept row carries besides its XML, under their names in `movimiento` (filters and order). */
export const COLUMNAS_FILTRO = [
  'fecha_ingreso',
  'codigo_empresa_usuario',
  'codigo_tipo_operacion',
  'codigo_estado_movimiento',
  'estado_anulado',
];
