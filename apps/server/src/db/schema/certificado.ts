import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogoUsuario } from './catalogo';
import { produccion } from './cip';
import { empresaUsuario } from './empresa';

/** Certificate numbers (CM-<year>-<6 digits>), taken only when an approver authorizes. */
export const secuenciaNumeroCertificado = pgSequence('certificado_manufactura_numero_seq', { startWith: 1 });

/**
 * A manufacture certificate request (spec 02 §3): a user company asks the operator to certify goods it made
 * in the zone. State 1 awaiting, 2 rejected, 3 authorized. On authorization it gets a number, an unguessable
 * verification token (the QR) and a snapshot of the company and approver that the generated PDF prints.
 */
export const certificadoManufactura = pgTable(
  'certificado_manufactura',
  {
    codigoCertificadoManufactura: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    fechaEmision: date({ mode: 'string' }).notNull(),
    fechaFinVigencia: date({ mode: 'string' }).notNull(),
    diasVigencia: smallint().notNull().default(180),
    codigoEstadoAutorizado: smallint().notNull().default(1),
    numeroCertificado: varchar({ length: 20 }),
    tokenVerificacion: varchar({ length: 64 }),
    observaciones: text(),
    opcionNuevaFuncionalidad: boolean().notNull().default(false),
    opcionGeneraValor: boolean().notNull().default(false),
    // Snapshot at authorization: the certificate keeps saying what was certified, whatever changes later.
    razonSocialEmision: varchar({ length: 200 }),
    rucEmision: varchar({ length: 11 }),
    direccionEmision: varchar({ length: 300 }),
    nombreAutorizador: varchar({ length: 200 }),
    codigoUsuarioAutorizacion: integer(),
    fechaAutorizacion: timestamp({ withTimezone: true }),
    estadoAnulado: smallint().notNull().default(0),
    usuarioRegistro: varchar({ length: 60 }),
    codigoUsuarioRegistro: integer(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechaModificacion: timestamp({ withTimezone: true }),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('certificado_manufactura_numero_uq')
      .on(t.numeroCertificado)
      .where(sql`${t.numeroCertificado} is not null`),
    uniqueIndex('certificado_manufactura_token_uq')
      .on(t.tokenVerificacion)
      .where(sql`${t.tokenVerificacion} is not null`),
    // Lists, newest first, for the whole zone and within a company; the id breaks ties (paginacion.ts ordenLista).
    index('certificado_manufactura_empresa_fecha_idx').on(
      t.codigoEmpresaUsuario,
      t.fechaRegistro,
      t.codigoCertificadoManufactura,
    ),
    index('certificado_manufactura_fecha_idx').on(t.fechaRegistro, t.codigoCertificadoManufactura),
    index('certificado_manufactura_estado_idx').on(t.codigoEstadoAutorizado),
    index('certificado_manufactura_numero_trgm').using('gin', sql`${t.numeroCertificado} gin_trgm_ops`),
  ],
);

/** A product line of a certificate: a catalogue product of the same company, with its description snapshot. */
export const certificadoManufacturaDetalle = pgTable(
  'certificado_manufactura_detalle',
  {
    codigoCertificadoManufacturaDetalle: serial().primaryKey(),
    codigoCertificadoManufactura: integer()
      .notNull()
      .references(() => certificadoManufactura.codigoCertificadoManufactura),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    descripcionProducto: varchar({ length: 400 }).notNull(),
    numeroPartida: varchar({ length: 10 }).notNull(),
    codigoUnidadMedida: varchar({ length: 10 }).notNull(),
    cantidad: numeric({ precision: 14, scale: 3 }).notNull(),
    cantidadBulto: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    codigoTipoBulto: varchar({ length: 4 }),
    pesoNeto: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    pesoBruto: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    orden: smallint().notNull().default(0),
    /** The production report the line was taken from, when it was. */
    codigoProduccion: integer().references(() => produccion.codigoProduccion),
  },
  (t) => [
    uniqueIndex('certificado_detalle_producto_uq').on(t.codigoCertificadoManufactura, t.codigoCatalogoUsuario),
    index('certificado_detalle_catalogo_idx').on(t.codigoCatalogoUsuario),
  ],
);

/** A supporting PDF of a certificate request (AgregarDocumentoSustentoActa). `rutaArchivo` is a generated name. */
export const certificadoManufacturaArchivo = pgTable(
  'certificado_manufactura_archivo',
  {
    codigoCertificadoManufacturaArchivo: serial().primaryKey(),
    codigoCertificadoManufactura: integer()
      .notNull()
      .references(() => certificadoManufactura.codigoCertificadoManufactura),
    nombreArchivo: varchar({ length: 255 }).notNull(),
    rutaArchivo: varchar({ length: 255 }).notNull(),
    tipoContenido: varchar({ length: 100 }).notNull(),
    tamanio: bigint({ mode: 'number' }).notNull(),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('certificado_archivo_certificado_idx').on(t.codigoCertificadoManufactura)],
);
