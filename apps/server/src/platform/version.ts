import { type AnyColumn, eq, type SQL } from 'drizzle-orm';

/**
 * Optimistic lock of an edit form (docs/adr/0012-bloqueo-optimista.md): the update applies only while the row still has
 * the version the client read; otherwise it touches no row and the service answers 409 ('El registro fue modificado por
 * otro usuario…'). A client that sends no version (an older integration) is not checked.
 */
export const mismaVersion = (columna: AnyColumn, version: number | null | undefined): SQL | undefined =>
  version ? eq(columna, version) : undefined;
