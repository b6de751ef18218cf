import { integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Dwell alarm of each board stage (control type 1–6), minutes. A missing row uses the contract's default. */
export const umbralPermanencia = pgTable('umbral_permanencia', {
  codigoTipoControl: smallint().primaryKey(),
  minutos: integer().notNull(),
  usuarioModificacion: varchar({ length: 60 }),
  fechaModificacion: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
