import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** A lookup group (Parámetros Generales, spec 02 §3 Parameter). Field spellings are the spec's. */
export const parametro = pgTable(
  'parametro',
  {
    codigoParametro: integer().primaryKey(),
    nombre: varchar({ length: 100 }).notNull(),
    descripcion: varchar({ length: 300 }).notNull(),
    indicardorPermiteAgregarValor: boolean().notNull().default(true),
    indicardorPermiteModificarValor: boolean().notNull().default(true),
    estadoRegistro: smallint().notNull().default(1),
    version: integer().notNull().default(1),
  },
  // Group names are unique as the service compares them (capitals and surrounding spaces aside): the database
  // holds the line even for a save that did not take the service's lock.
  (t) => [uniqueIndex('parametro_nombre_uq').on(sql`lower(trim(${t.nombre}))`)],
);

/** A value of a lookup group (Sección). `codigo` is what other records store (e.g. 'NAC', 'PE', '1'). */
export const parametroSeccion = pgTable(
  'parametro_seccion',
  {
    codigoSeccion: serial().primaryKey(),
    codigoParametro: integer()
      .notNull()
      .references(() => parametro.codigoParametro),
    codigo: varchar({ length: 40 }).notNull(),
    nombre: varchar({ length: 200 }).notNull(),
    soloLectura: boolean().notNull().default(false),
    estadoAnulado: smallint().notNull().default(0),
    orden: integer().notNull().default(0),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('parametro_seccion_codigo_uq').on(t.codigoParametro, t.codigo),
    // A group's values in their list's order; the id breaks ties (paginacion.ts ordenLista).
    index('parametro_seccion_orden_idx').on(t.codigoParametro, t.orden, t.codigoSeccion),
  ],
);

/** Tariff headings (subpartidas nacionales, 10 digits). */
export const arancel = pgTable(
  'arancel',
  {
    codigoArancel: serial().primaryKey(),
    numeroPartida: varchar({ length: 10 }).notNull(),
    descripcion: text().notNull(),
    actividadPermitida: boolean().notNull().default(true),
    stateTypeId: smallint().notNull().default(1),
  },
  (t) => [
    uniqueIndex('arancel_partida_uq').on(t.numeroPartida),
    // The list by heading number, then the id that breaks ties (paginacion.ts ordenLista), as its pages read it.
    index('arancel_partida_orden_idx').on(t.numeroPartida, t.codigoArancel),
    // The list sorted by description: its first 200 characters (a whole text could exceed a B-tree entry).
    index('arancel_descripcion_orden_idx').on(sql`left(${t.descripcion}, 200)`, t.codigoArancel),
    index('arancel_descripcion_trgm').using('gin', sql`sin_acentos(${t.descripcion}) gin_trgm_ops`),
  ],
);
