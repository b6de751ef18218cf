import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Empresa usuaria (company 1 is the operator). Profile fields follow spec 02 §3 Company. */
export const empresaUsuario = pgTable(
  'empresa_usuario',
  {
    codigoEmpresaUsuario: serial().primaryKey(),
    ruc: varchar({ length: 11 }).notNull(),
    razonSocial: varchar({ length: 200 }).notNull(),
    nombreComercial: varchar({ length: 200 }),
    direccion: varchar({ length: 300 }),
    codigoTipoEmpresa: varchar({ length: 10 }),
    codigoTipoUsuario: varchar({ length: 10 }),
    codigoTipoActividad: varchar({ length: 10 }),
    codigoCondicion: varchar({ length: 10 }),
    numeroContrato: varchar({ length: 30 }),
    fechaContrato: date(),
    fechaInicioOperacion: date(),
    representanteLegal: varchar({ length: 150 }),
    empresaCodigoAduana: varchar({ length: 20 }),
    correoEletronico: varchar({ length: 150 }),
    numeroTelefonico: varchar({ length: 9 }),
    correoElectronicoNotificacion: text(),
    areaTotal: varchar({ length: 6 }),
    numeroLote: varchar({ length: 6 }),
    areaConstruida: varchar({ length: 6 }),
    inversionComprometida: numeric({ precision: 12, scale: 2 }),
    inversionNacional: numeric({ precision: 12, scale: 2 }),
    inversionExtranjera: numeric({ precision: 12, scale: 2 }),
    indicadorAlmacenActivo: boolean().notNull().default(false),
    indicadorRegistroEspecialExcel: boolean().notNull().default(false),
    indicadorBloqueo: boolean().notNull().default(false),
    estadoAnulado: smallint().notNull().default(0),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioRegistro: varchar({ length: 60 }),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('empresa_usuario_ruc_uq').on(t.ruc),
    index('empresa_usuario_razon_social_trgm').using('gin', sql`sin_acentos(${t.razonSocial}) gin_trgm_ops`),
  ],
);

/** A company's warehouse; stock (kardex) is kept per warehouse (DOMAIN.md §5). */
export const almacen = pgTable(
  'almacen',
  {
    codigoEmpresaAlmacen: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    nombre: varchar({ length: 120 }).notNull(),
    estadoAnulado: smallint().notNull().default(0),
  },
  (t) => [index('almacen_empresa_idx').on(t.codigoEmpresaUsuario)],
);

/** Importers / providers known to a company (Importador/ListarImportador). */
export const importador = pgTable(
  'importador',
  {
    codigoImportador: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    ruc: varchar({ length: 11 }).notNull(),
    razonSocial: varchar({ length: 200 }).notNull(),
    direccion: varchar({ length: 300 }),
    /** Yearly registration (finances/importador): in force from `fechaInicio` through `fechaCese`. */
    fechaInicio: date().notNull().default(sql`current_date`),
    fechaCese: date().notNull().default(sql`current_date + 364`),
    estadoAnulado: smallint().notNull().default(0),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('importador_empresa_ruc_uq').on(t.codigoEmpresaUsuario, t.ruc),
    // The enabled importers by name (their list) and by end of registration (finance's renewals), for the whole
    // zone and within a company; the id breaks ties (paginacion.ts ordenLista).
    index('importador_nombre_idx').on(t.estadoAnulado, t.razonSocial, t.codigoImportador),
    index('importador_empresa_nombre_idx').on(
      t.codigoEmpresaUsuario,
      t.estadoAnulado,
      t.razonSocial,
      t.codigoImportador,
    ),
    index('importador_cese_idx').on(t.estadoAnulado, t.fechaCese, t.razonSocial, t.codigoImportador),
    index('importador_empresa_cese_idx').on(
      t.codigoEmpresaUsuario,
      t.estadoAnulado,
      t.fechaCese,
      t.razonSocial,
      t.codigoImportador,
    ),
    // The importers list sorted by RUC (importador.repository.ts), likewise.
    index('importador_ruc_idx').on(t.estadoAnulado, t.ruc, t.codigoImportador),
    index('importador_empresa_ruc_idx').on(t.codigoEmpresaUsuario, t.estadoAnulado, t.ruc, t.codigoImportador),
  ],
);
