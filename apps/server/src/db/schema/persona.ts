import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { empresaUsuario } from './empresa';

/**
 * The local identity registry (DOMAIN.md §7): people already known (seeded, registered by hand through
 * 'Registro Usuario', or returned by a provider). DNI lookups read it before any outside provider.
 */
export const persona = pgTable(
  'persona',
  {
    codigoPersona: serial().primaryKey(),
    codigoTipoDocumentoIdentidad: varchar({ length: 4 }).notNull(),
    numeroDocumentoIdentidad: varchar({ length: 12 }).notNull(),
    apellidoPaterno: varchar({ length: 20 }).notNull(),
    apellidoMaterno: varchar({ length: 20 }).notNull().default(''),
    nombres: varchar({ length: 30 }).notNull(),
    extranjero: boolean().notNull().default(false),
    fuente: varchar({ length: 20 }).notNull().default('manual'),
    usuarioCreacion: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('persona_documento_uq').on(t.codigoTipoDocumentoIdentidad, t.numeroDocumentoIdentidad)],
);

/** The local taxpayer registry (RUC), read before any outside provider (DOMAIN.md §7). */
export const empresaRegistro = pgTable('empresa_registro', {
  ruc: varchar({ length: 13 }).primaryKey(),
  razonSocial: varchar({ length: 200 }).notNull(),
  direccion: varchar({ length: 300 }),
  estado: varchar({ length: 20 }).notNull().default('ACTIVO'),
  condicion: varchar({ length: 20 }).notNull().default('HABIDO'),
  extranjera: boolean().notNull().default(false),
  fuente: varchar({ length: 20 }).notNull().default('manual'),
  fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A carrier known to a user company, with its contract validity window (VIGENTE / VENCIDO).
 * Valid unless fechaInicio is the minimum date or fechaCese is before today (spec 01 §4).
 */
export const transportistaUsuario = pgTable(
  'transportista_usuario',
  {
    codigoTransportistaUsuario: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    ruc: varchar({ length: 13 }).notNull(),
    razonSocial: varchar({ length: 200 }).notNull(),
    direccion: varchar({ length: 300 }),
    fechaInicio: date(),
    fechaCese: date(),
    extranjero: boolean().notNull().default(false),
    estadoAnulado: smallint().notNull().default(0),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('transportista_empresa_ruc_uq').on(t.codigoEmpresaUsuario, t.ruc),
    index('transportista_ruc_trgm').using('gin', sql`${t.ruc} gin_trgm_ops`),
    // The enabled carriers by name, for the whole zone and within a company; the id breaks ties.
    index('transportista_nombre_idx').on(t.estadoAnulado, t.razonSocial, t.codigoTransportistaUsuario),
    index('transportista_empresa_nombre_idx').on(
      t.codigoEmpresaUsuario,
      t.estadoAnulado,
      t.razonSocial,
      t.codigoTransportistaUsuario,
    ),
    // The list's header sorts (transportista.repository.ts): RUC and the contract's dates, likewise.
    index('transportista_ruc_idx').on(t.estadoAnulado, t.ruc, t.codigoTransportistaUsuario),
    index('transportista_empresa_ruc_idx').on(
      t.codigoEmpresaUsuario,
      t.estadoAnulado,
      t.ruc,
      t.codigoTransportistaUsuario,
    ),
    index('transportista_inicio_idx').on(t.estadoAnulado, t.fechaInicio, t.codigoTransportistaUsuario),
    index('transportista_empresa_inicio_idx').on(
      t.codigoEmpresaUsuario,
      t.estadoAnulado,
      t.fechaInicio,
      t.codigoTransportistaUsuario,
    ),
    index('transportista_cese_idx').on(t.estadoAnulado, t.fechaCese, t.codigoTransportistaUsuario),
    index('transportista_empresa_cese_idx').on(
      t.codigoEmpresaUsuario,
      t.estadoAnulado,
      t.fechaCese,
      t.codigoTransportistaUsuario,
    ),
  ],
);
