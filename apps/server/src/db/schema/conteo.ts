import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogoUsuario } from './catalogo';
import { empresaUsuario } from './empresa';
import { lote } from './inventario';

/**
 * A physical count (inventory/controlInventory): a snapshot of a company's theoretical stock by lot,
 * the counted quantities, the company's justification of each difference within the window, and the
 * operator's decision. States: 1 abierto (counting), 2 contado (the company justifies), 3 justificado
 * (the operator decides), 4 cerrado. The snapshot never changes once opened.
 */
export const conteo = pgTable(
  'conteo',
  {
    codigoConteo: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    estado: smallint().notNull().default(1),
    observacion: text(),
    /** Hours the company has to justify, fixed when the count is registered (parameter at that moment). */
    plazoHoras: integer().notNull().default(48),
    fechaApertura: timestamp({ withTimezone: true }).notNull(),
    usuarioApertura: varchar({ length: 60 }).notNull(),
    fechaContado: timestamp({ withTimezone: true }),
    usuarioContado: varchar({ length: 60 }),
    /** End of the justification window (fechaContado + plazoHoras). */
    fechaLimiteJustificacion: timestamp({ withTimezone: true }),
    fechaJustificado: timestamp({ withTimezone: true }),
    usuarioJustificado: varchar({ length: 60 }),
    fechaCierre: timestamp({ withTimezone: true }),
    usuarioCierre: varchar({ length: 60 }),
    version: integer().notNull().default(1),
  },
  (t) => [
    check('conteo_estado', sql`${t.estado} between 1 and 4`),
    index('conteo_empresa_idx').on(t.codigoEmpresaUsuario, t.codigoConteo),
  ],
);

/** A lot in a count: its theoretical stock at opening, the counted quantity, justification and decision. */
export const conteoDetalle = pgTable(
  'conteo_detalle',
  {
    codigoConteoDetalle: serial().primaryKey(),
    codigoConteo: integer()
      .notNull()
      .references(() => conteo.codigoConteo),
    codigoLote: integer()
      .notNull()
      .references(() => lote.codigoLote),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    cantidadTeorica: numeric({ precision: 14, scale: 3 }).notNull(),
    cantidadContada: numeric({ precision: 14, scale: 3 }),
    justificacion: text(),
    /** Decision on a difference: 0 pending, 1 approved (adjusted), 2 rejected. */
    decision: smallint().notNull().default(0),
  },
  (t) => [
    check('conteo_contada_no_negativa', sql`${t.cantidadContada} is null or ${t.cantidadContada} >= 0`),
    index('conteo_detalle_conteo_idx').on(t.codigoConteo),
  ],
);
