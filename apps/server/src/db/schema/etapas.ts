import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { movimiento } from './movimiento';

/**
 * Checklist items per control type and entry type (spec 03 §7.1 ConsultaConfiguracionTipoControlDetalle):
 * configuration data, seeded and editable. codigoTipoCarga 0 = any load, 1 loose, 2 container.
 */
export const configuracionTipoControlDetalle = pgTable(
  'configuracion_tipo_control_detalle',
  {
    codigoDetalleTipoControl: serial().primaryKey(),
    codigoTipoControl: smallint().notNull(),
    codigoTipoIngreso: varchar({ length: 2 }).notNull(),
    codigoTipoCarga: smallint().notNull().default(0),
    descripcion: varchar({ length: 200 }).notNull(),
    orden: integer().notNull().default(0),
    estadoAnulado: smallint().notNull().default(0),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('configuracion_control_item_uq').on(
      t.codigoTipoControl,
      t.codigoTipoIngreso,
      t.codigoTipoCarga,
      t.descripcion,
    ),
  ],
);

/**
 * The record of one stage on one movement (DOMAIN.md §4). The unique key (movement, control type) makes a
 * stage recordable once, even when twenty inspectors press Guardar together.
 */
export const controlMovimiento = pgTable(
  'control_movimiento',
  {
    codigoControlMovimiento: serial().primaryKey(),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    codigoTipoControl: smallint().notNull(),
    estadoDesde: smallint().notNull(),
    estadoHasta: smallint(),
    observacion: text(),
    // Weighing stages (spec 03 §3.5).
    codigoTipoBalanza: smallint(),
    peso: numeric({ precision: 10, scale: 3 }),
    pesoCarreta: numeric({ precision: 10, scale: 3 }),
    pesoBruto: numeric({ precision: 10, scale: 3 }),
    pesoNeto: numeric({ precision: 10, scale: 3 }),
    pesoTara: numeric({ precision: 10, scale: 3 }),
    pesoTotalMercancia: numeric({ precision: 10, scale: 3 }),
    /** Verifications finish with 'Finalizar registro'; every other stage is final when saved. */
    finalizado: boolean().notNull().default(true),
    fechaFinalizacion: timestamp({ withTimezone: true }),
    codigoUsuarioFinalizacion: integer(),
    usuarioRegistro: varchar({ length: 60 }),
    codigoUsuarioRegistro: integer().notNull(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('control_movimiento_etapa_uq').on(t.codigoMovimiento, t.codigoTipoControl),
    index('control_movimiento_fecha_idx').on(t.fechaRegistro),
  ],
);

/** The checklist items ticked in a control record. */
export const controlMovimientoDetalle = pgTable(
  'control_movimiento_detalle',
  {
    codigoControlMovimientoDetalle: serial().primaryKey(),
    codigoControlMovimiento: integer()
      .notNull()
      .references(() => controlMovimiento.codigoControlMovimiento),
    codigoDetalleTipoControl: integer()
      .notNull()
      .references(() => configuracionTipoControlDetalle.codigoDetalleTipoControl),
    verificacion: boolean().notNull(),
  },
  (t) => [uniqueIndex('control_detalle_item_uq').on(t.codigoControlMovimiento, t.codigoDetalleTipoControl)],
);

/**
 * Every weight captured from a scale, with its raw frame, scale, protocol, time and user (DOMAIN.md §7).
 * numeroCarreta 1 = the vehicle, 2 = its trailer. A capture becomes part of a stage when the stage saves.
 */
export const pesaje = pgTable(
  'pesaje',
  {
    codigoPesaje: serial().primaryKey(),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    codigoTipoControl: smallint().notNull(),
    codigoTipoBalanza: smallint().notNull(),
    numeroCarreta: smallint().notNull().default(1),
    peso: numeric({ precision: 10, scale: 3 }).notNull(),
    protocolo: varchar({ length: 12 }),
    trama: text(),
    fechaCaptura: timestamp({ withTimezone: true }).notNull(),
    codigoUsuario: integer().notNull(),
    usuarioRegistro: varchar({ length: 60 }),
    codigoControlMovimiento: integer().references(() => controlMovimiento.codigoControlMovimiento),
  },
  (t) => [index('pesaje_movimiento_idx').on(t.codigoMovimiento, t.codigoTipoControl, t.codigoPesaje)],
);

/** Cargo verification (control types 3 and 5): load type, counted packages, container marks. */
export const verificacion = pgTable(
  'verificacion',
  {
    codigoVerificacionTipoControl: serial().primaryKey(),
    codigoControlMovimiento: integer()
      .notNull()
      .references(() => controlMovimiento.codigoControlMovimiento),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    codigoTipoControl: smallint().notNull(),
    codigoTipoCarga: smallint().notNull(),
    numeroBultosVerificado: integer().notNull().default(0),
    marcaContenedor: varchar({ length: 300 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('verificacion_etapa_uq').on(t.codigoMovimiento, t.codigoTipoControl),
    uniqueIndex('verificacion_control_uq').on(t.codigoControlMovimiento),
  ],
);

/** A photo of a verification. `rutaArchivo` is a generated name under DATA_DIR/archivos. */
export const verificacionImagen = pgTable(
  'verificacion_imagen',
  {
    codigoVerificacionImagen: serial().primaryKey(),
    codigoVerificacionTipoControl: integer()
      .notNull()
      .references(() => verificacion.codigoVerificacionTipoControl),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    codigoTipoControl: smallint().notNull(),
    nombreArchivo: varchar({ length: 255 }).notNull(),
    rutaArchivo: varchar({ length: 255 }).notNull(),
    tipoContenido: varchar({ length: 60 }).notNull(),
    tamanio: bigint({ mode: 'number' }).notNull(),
    /** The order file it was taken from (AgregarVerificacionImagenes); null for direct uploads. Not a key: the order file may be deleted, this copy stays. */
    codigoMovimientoArchivo: integer(),
    usuarioRegistro: varchar({ length: 60 }),
    codigoUsuarioRegistro: integer().notNull(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verificacion_imagen_movimiento_idx').on(t.codigoMovimiento, t.codigoTipoControl),
    uniqueIndex('verificacion_imagen_archivo_uq').on(t.codigoVerificacionTipoControl, t.codigoMovimientoArchivo),
  ],
);

/**
 * The indicator behind each scale type (configuration): protocol and TCP address of its serial-to-TCP
 * converter. host 'simulador' runs the built-in simulator (the default until a real indicator is set).
 */
export const balanza = pgTable('balanza', {
  codigoTipoBalanza: smallint().primaryKey(),
  protocolo: varchar({ length: 12 }).notNull().default('toledo'),
  host: varchar({ length: 120 }).notNull().default('simulador'),
  puerto: integer().notNull().default(0),
  activo: boolean().notNull().default(true),
  fechaModificacion: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
});
