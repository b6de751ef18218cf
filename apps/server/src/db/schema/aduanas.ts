import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { empresaUsuario } from './empresa';
import { movimiento } from './movimiento';

/**
 * A customs declaration (DUA/DAM, DOMAIN.md §12) of a user company. `numeroDeclaracion` is the four-part number
 * with its correlative padded to 6 digits; `numeroCorto` the same without the padding, as documents often carry
 * it. Levante: 0 without, 1 granted (`fechaLevante`).
 */
export const declaracion = pgTable(
  'declaracion',
  {
    codigoDeclaracion: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    numeroDeclaracion: varchar({ length: 20 }).notNull(),
    numeroCorto: varchar({ length: 20 }).notNull(),
    codigoAduana: varchar({ length: 3 }).notNull(),
    anio: smallint().notNull(),
    codigoRegimen: varchar({ length: 2 }).notNull(),
    fechaNumeracion: date({ mode: 'string' }),
    rucImportador: varchar({ length: 11 }),
    razonImportador: varchar({ length: 200 }),
    valorFob: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    flete: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    seguro: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    cif: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    pesoBruto: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    pesoNeto: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    totalBultos: integer().notNull().default(0),
    numeroSeries: integer().notNull().default(0),
    canal: varchar({ length: 10 }),
    requiereLevante: boolean().notNull().default(true),
    estadoLevante: smallint().notNull().default(0),
    fechaLevante: timestamp({ withTimezone: true }),
    /**
     * A levante recorded by hand (the customs service off or not answering): who recorded it and the document they
     * saw. False for a levante the release query answered.
     */
    levanteManual: boolean().notNull().default(false),
    usuarioLevante: varchar({ length: 60 }),
    documentoLevante: varchar({ length: 200 }),
    /** How it was created: 'manual', 'documento' (from an order's document) or 'consulta' (release query). */
    origen: varchar({ length: 12 }).notNull().default('manual'),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechaModificacion: timestamp({ withTimezone: true }),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('declaracion_empresa_numero_uq').on(t.codigoEmpresaUsuario, t.numeroDeclaracion),
    // The list's orders, each followed by the id that breaks ties (paginacion.ts ordenLista), for every company and
    // within one: newest first (its own order), and by number (its header). The unique index above cannot serve
    // the second within a company: the id after the number is not in it.
    index('declaracion_numero_idx').on(t.numeroDeclaracion, t.codigoDeclaracion),
    index('declaracion_empresa_numero_idx').on(t.codigoEmpresaUsuario, t.numeroDeclaracion, t.codigoDeclaracion),
    index('declaracion_registro_idx').on(t.fechaRegistro, t.codigoDeclaracion),
    index('declaracion_empresa_registro_idx').on(t.codigoEmpresaUsuario, t.fechaRegistro, t.codigoDeclaracion),
    index('declaracion_numero_trgm').using('gin', sql`${t.numeroDeclaracion} gin_trgm_ops`),
    index('declaracion_corto_idx').on(t.numeroCorto),
    index('declaracion_fecha_idx').on(t.fechaNumeracion),
    index('declaracion_regimen_idx').on(t.codigoRegimen),
  ],
);

/** An order linked by hand to a declaration (orders whose document carries the same number link by themselves). */
export const declaracionMovimiento = pgTable(
  'declaracion_movimiento',
  {
    codigoDeclaracionMovimiento: serial().primaryKey(),
    codigoDeclaracion: integer()
      .notNull()
      .references(() => declaracion.codigoDeclaracion),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('declaracion_movimiento_uq').on(t.codigoDeclaracion, t.codigoMovimiento),
    index('declaracion_movimiento_mov_idx').on(t.codigoMovimiento),
  ],
);

/** Every answer of the release query (history per declaration), with the provider that gave it. */
export const declaracionConsulta = pgTable(
  'declaracion_consulta',
  {
    codigoConsulta: serial().primaryKey(),
    codigoDeclaracion: integer()
      .notNull()
      .references(() => declaracion.codigoDeclaracion),
    numeroDeclaracion: varchar({ length: 20 }).notNull(),
    proveedor: varchar({ length: 30 }).notNull(),
    levante: boolean().notNull(),
    respuesta: jsonb().notNull(),
    usuarioRegistro: varchar({ length: 60 }),
    fechaConsulta: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('declaracion_consulta_decl_idx').on(t.codigoDeclaracion, t.fechaConsulta)],
);

/** Tolerances of the reconciliation (one row, code 1). */
export const declaracionTolerancia = pgTable('declaracion_tolerancia', {
  codigo: smallint().primaryKey(),
  porcentajePeso: numeric({ precision: 6, scale: 2 }).notNull().default('2'),
  bultos: integer().notNull().default(0),
  fechaModificacion: timestamp({ withTimezone: true }),
});

/** The automatic observation of an order out of tolerance: its primary key makes it happen once per order. */
export const declaracionObservacion = pgTable('declaracion_observacion', {
  codigoMovimiento: integer()
    .primaryKey()
    .references(() => movimiento.codigoMovimiento),
  texto: text().notNull(),
  fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Container opening act (DOMAIN.md §12): order, container and type, seals found (checked against the order's
 * numeroPrecinto) and new seals, date and time, people present, observations; printed with a QR whose token
 * opens the public verification page.
 */
export const actaApertura = pgTable(
  'acta_apertura',
  {
    codigoActaApertura: serial().primaryKey(),
    numeroActa: varchar({ length: 20 }).notNull(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    numeroContenedor: varchar({ length: 12 }).notNull(),
    codigoTipoContenedor: varchar({ length: 4 }),
    precintosEncontrados: varchar({ length: 400 }).notNull(),
    precintosCoinciden: boolean().notNull(),
    precintosNuevos: varchar({ length: 400 }),
    fechaApertura: timestamp({ withTimezone: true }).notNull(),
    personas: jsonb().notNull(),
    observaciones: text(),
    tokenVerificacion: varchar({ length: 64 }).notNull(),
    usuarioRegistro: varchar({ length: 60 }),
    codigoUsuarioRegistro: integer(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('acta_apertura_numero_uq').on(t.numeroActa),
    uniqueIndex('acta_apertura_token_uq').on(t.tokenVerificacion),
    index('acta_apertura_movimiento_idx').on(t.codigoMovimiento),
    // Lists, newest first, for the whole zone and within a company; the id breaks ties (paginacion.ts ordenLista).
    index('acta_apertura_empresa_fecha_idx').on(t.codigoEmpresaUsuario, t.fechaApertura, t.codigoActaApertura),
    index('acta_apertura_fecha_idx').on(t.fechaApertura, t.codigoActaApertura),
  ],
);

/** A photo of an opening act (same upload rules as verification images). */
export const actaAperturaFoto = pgTable(
  'acta_apertura_foto',
  {
    codigoActaAperturaFoto: serial().primaryKey(),
    codigoActaApertura: integer()
      .notNull()
      .references(() => actaApertura.codigoActaApertura),
    nombreArchivo: varchar({ length: 255 }).notNull(),
    rutaArchivo: varchar({ length: 255 }).notNull(),
    tipoContenido: varchar({ length: 60 }).notNull(),
    tamanio: bigint({ mode: 'number' }).notNull(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('acta_apertura_foto_acta_idx').on(t.codigoActaApertura)],
);
