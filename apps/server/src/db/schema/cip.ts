import { sql } from 'drizzle-orm';
import {
  check,
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
import { catalogoUsuario } from './catalogo';
import { almacen, empresaUsuario } from './empresa';
import { lote } from './inventario';

/**
 * A version of the cuadro insumo-producto (CIP) of a company's finished product (DOMAIN.md §13): state
 * 1 borrador, 2 enviado, 3 aprobado, 4 observado. Only an approved version valid on the production date is used.
 */
export const cip = pgTable(
  'cip',
  {
    codigoCip: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    numeroVersion: integer().notNull(),
    fechaInicioVigencia: date({ mode: 'string' }).notNull(),
    fechaFinVigencia: date({ mode: 'string' }),
    codigoEstado: smallint().notNull().default(1),
    descripcion: varchar({ length: 400 }),
    observacion: text(),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioEnvio: varchar({ length: 60 }),
    fechaEnvio: timestamp({ withTimezone: true }),
    usuarioRevision: varchar({ length: 60 }),
    fechaRevision: timestamp({ withTimezone: true }),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('cip_producto_version_uq').on(t.codigoCatalogoUsuario, t.numeroVersion),
    index('cip_empresa_idx').on(t.codigoEmpresaUsuario, t.codigoEstado),
    // Lists, newest first, for the whole zone and within a company; the id breaks ties (paginacion.ts ordenLista).
    index('cip_empresa_fecha_idx').on(t.codigoEmpresaUsuario, t.fechaRegistro, t.codigoCip),
    index('cip_fecha_idx').on(t.fechaRegistro, t.codigoCip),
    check('cip_estado', sql`${t.codigoEstado} between 1 and 4`),
  ],
);

/** An input of a CIP version: quantity per unit of product in `codigoUnidadMedida`, converted by `factorConversion`. */
export const cipInsumo = pgTable(
  'cip_insumo',
  {
    codigoCipInsumo: serial().primaryKey(),
    codigoCip: integer()
      .notNull()
      .references(() => cip.codigoCip),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    cantidadPorUnidad: numeric({ precision: 18, scale: 6 }).notNull(),
    codigoUnidadMedida: varchar({ length: 10 }).notNull(),
    /** Units of the input's own unit per CIP unit, as the exact fraction of the catalogue equivalence. */
    factorNumerador: numeric({ precision: 14, scale: 3 }).notNull().default('1'),
    factorDenominador: numeric({ precision: 14, scale: 3 }).notNull().default('1'),
    porcentajeMerma: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    porcentajeResiduo: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    orden: smallint().notNull().default(0),
  },
  (t) => [
    uniqueIndex('cip_insumo_uq').on(t.codigoCip, t.codigoCatalogoUsuario),
    check('cip_insumo_cantidad', sql`${t.cantidadPorUnidad} > 0`),
  ],
);

/** A production report: quantity of a finished product made on a date under an approved CIP version. */
export const produccion = pgTable(
  'produccion',
  {
    codigoProduccion: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    codigoCip: integer()
      .notNull()
      .references(() => cip.codigoCip),
    cantidad: numeric({ precision: 14, scale: 3 }).notNull(),
    pesoNeto: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    pesoBruto: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    fechaProduccion: date({ mode: 'string' }).notNull(),
    codigoEmpresaAlmacen: integer().references(() => almacen.codigoEmpresaAlmacen),
    codigoLote: integer().references(() => lote.codigoLote),
    observacion: varchar({ length: 400 }),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Lists, newest first, for the whole zone and within a company; the id breaks ties (paginacion.ts ordenLista).
    index('produccion_empresa_idx').on(t.codigoEmpresaUsuario, t.fechaRegistro, t.codigoProduccion),
    index('produccion_fecha_idx').on(t.fechaRegistro, t.codigoProduccion),
    index('produccion_producto_idx').on(t.codigoCatalogoUsuario),
    check('produccion_cantidad', sql`${t.cantidad} > 0`),
  ],
);

/** What a production report took from one input lot: into the product (10) and as waste (13). */
export const produccionConsumo = pgTable(
  'produccion_consumo',
  {
    codigoProduccionConsumo: serial().primaryKey(),
    codigoProduccion: integer()
      .notNull()
      .references(() => produccion.codigoProduccion),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    codigoLote: integer()
      .notNull()
      .references(() => lote.codigoLote),
    cantidad: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    cantidadMerma: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
  },
  (t) => [index('produccion_consumo_produccion_idx').on(t.codigoProduccion)],
);
