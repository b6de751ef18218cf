import { sql } from 'drizzle-orm';

/**
 * The main warehouse of the company of the current `empresa_usuario` row. Written with qualified names on
 * purpose: Drizzle renders columns unqualified, and inside a subquery an unqualified
 * `codigo_empresa_usuario` would bind to the inner table and compare the column with itself.
 */
export const ALMACEN_PRINCIPAL = sql<
  number | null
>`(select min(a.codigo_empresa_almacen) from almacen a where a.codigo_empresa_usuario = "empresa_usuario"."codigo_empresa_usuario")`;
