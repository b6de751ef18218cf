import { bigint, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per background job (platform/trabajos.ts): the lease that lets one API instance run it at a time (who holds
 * it and until when; the holder renews it while the job runs), when it is due next (shared by the instances, so a
 * job runs once per period whichever instance runs it), the failures in a row that set its back-off, and its figures.
 */
export const trabajo = pgTable('trabajo', {
  nombre: varchar({ length: 80 }).primaryKey(),
  ocupadoPor: varchar({ length: 80 }),
  ocupadoHasta: timestamp({ withTimezone: true }),
  proximaEn: timestamp({ withTimezone: true }).notNull().defaultNow(),
  fallosSeguidos: integer().notNull().default(0),
  ejecuciones: bigint({ mode: 'number' }).notNull().default(0),
  fallas: bigint({ mode: 'number' }).notNull().default(0),
  ultimaDuracionMs: integer(),
  ultimoExito: timestamp({ withTimezone: true }),
  ultimoError: text(),
});
