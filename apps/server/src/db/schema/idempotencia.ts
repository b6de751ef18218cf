import { index, integer, pgTable, primaryKey, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Answers of mutations sent with an `Idempotency-Key` header, per user, kept 24 h: the same key again gets
 * the stored answer instead of running the change twice (a retry after the network came back).
 */
export const solicitudIdempotente = pgTable(
  'solicitud_idempotente',
  {
    codigoUsuario: integer().notNull(),
    clave: varchar({ length: 100 }).notNull(),
    ruta: varchar({ length: 300 }).notNull(),
    /** null while the first request is running. */
    codigoEstado: smallint(),
    cuerpo: text(),
    tipoContenido: varchar({ length: 100 }),
    fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.codigoUsuario, t.clave] }), index('solicitud_idempotente_fecha_idx').on(t.fecha)],
);
