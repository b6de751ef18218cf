import { type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from './client';

/**
 * The rows of a query received as ONE json array value instead of one result row each.
 *
 * The embedded database (PGlite) hands every result row to JavaScript as its own protocol message, and that
 * costs tens of microseconds a row however small the row is (measured on the 300 000-order year, a loaded
 * 2-core machine: 500 one-integer rows 39 ms, 5 000 rows of 7 columns 226 ms; the same 5 000 rows as one
 * `json_agg` value 50 ms). Lists of hundreds of rows and export batches of thousands therefore ask for one
 * value. On a PostgreSQL server it is neutral (the server builds the JSON, node-postgres parses it).
 *
 * The query's ORDER BY is kept: the aggregate reads the subquery's rows in the order it returns them. Values
 * come as JSON does: numbers as numbers (numeric included), instants as ISO text, null as null, so callers map
 * with `Number(…)` and `new Date(…)` as they do for ordinary rows.
 */
export async function filasJson<T>(db: DbOTx, consulta: SQL): Promise<T[]> {
  const r = await db.execute(sql`select coalesce(json_agg(x), '[]'::json) as filas from (${consulta}) x`);
  const valor = (r as unknown as { rows: { filas: T[] | string }[] }).rows[0]?.filas ?? [];
  return typeof valor === 'string' ? (JSON.parse(valor) as T[]) : valor;
}
