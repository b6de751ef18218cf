import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The external-consultation switches an administrator sets (DOMAIN.md §7), one row per provider (dni, ruc,
 * levante). A provider without a row is on; the server's CONSULTAS_EXTERNAS stays the master switch.
 */
export const consultaExterna = pgTable('consulta_externa', {
  codigo: varchar({ length: 20 }).primaryKey(),
  activo: boolean().notNull().default(true),
  usuarioModificacion: varchar({ length: 60 }),
  fechaModificacion: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A problem a user reported from the support page, with the page and browser it was sent from. */
export const reporteProblema = pgTable(
  'reporte_problema',
  {
    codigoReporteProblema: serial().primaryKey(),
    texto: text().notNull(),
    pagina: varchar({ length: 500 }).notNull().default(''),
    navegador: varchar({ length: 500 }).notNull().default(''),
    codigoUsuario: integer().notNull(),
    nombreUsuario: varchar({ length: 60 }).notNull(),
    codigoEmpresaUsuario: integer().notNull(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reporte_problema_fecha_idx').on(t.fechaRegistro, t.codigoReporteProblema)],
);
