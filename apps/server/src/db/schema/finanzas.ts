import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { empresaUsuario } from './empresa';

/**
 * A billable service of the operator (DOMAIN §14): its unit, currency and tax treatment
 * (SUNAT catálogo 07: '10' gravado IGV, '20' exonerado, '30' inafecto). Prices live in `precioServicio`.
 */
export const servicioTarifa = pgTable(
  'servicio_tarifa',
  {
    codigoServicio: serial().primaryKey(),
    codigo: varchar({ length: 20 }).notNull(),
    descripcion: varchar({ length: 200 }).notNull(),
    unidad: varchar({ length: 20 }).notNull(),
    moneda: varchar({ length: 3 }).notNull(),
    afectacionIgv: varchar({ length: 2 }).notNull(),
    estadoAnulado: smallint().notNull().default(0),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioRegistro: varchar({ length: 60 }),
    /** Optimistic lock of the tariff dialog: every save (service data or price) increments it. */
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('servicio_tarifa_codigo_uq').on(t.codigo)],
);

/** Price history of a service: the price in force on a day is the latest one starting on or before it. */
export const precioServicio = pgTable(
  'precio_servicio',
  {
    codigoPrecio: serial().primaryKey(),
    codigoServicio: integer()
      .notNull()
      .references(() => servicioTarifa.codigoServicio),
    precio: numeric({ precision: 12, scale: 2 }).notNull(),
    vigenteDesde: date({ mode: 'string' }).notNull(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioRegistro: varchar({ length: 60 }),
  },
  (t) => [uniqueIndex('precio_servicio_desde_uq').on(t.codigoServicio, t.vigenteDesde)],
);

/** Last number taken per voucher series; the row lock of the increment keeps numbers consecutive. */
export const serieComprobante = pgTable(
  'serie_comprobante',
  {
    tipoComprobante: varchar({ length: 2 }).notNull(),
    serie: varchar({ length: 4 }).notNull(),
    ultimoNumero: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tipoComprobante, t.serie] })],
);

/**
 * An electronic voucher (factura 01, boleta 03, nota de crédito 07) with its signed UBL 2.1 XML exactly as
 * sent, the digest printed on the PDF, and the sending state (PENDIENTE → ACEPTADO / RECHAZADO) with the CDR.
 */
export const comprobante = pgTable(
  'comprobante',
  {
    codigoComprobante: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    tipoComprobante: varchar({ length: 2 }).notNull(),
    serie: varchar({ length: 4 }).notNull(),
    numero: integer().notNull(),
    fechaEmision: date({ mode: 'string' }).notNull(),
    fechaVencimiento: date({ mode: 'string' }).notNull(),
    moneda: varchar({ length: 3 }).notNull(),
    /** The buyer's document number: a RUC (11 digits) or, on a boleta to a person, a DNI (8). */
    rucAdquirente: varchar({ length: 11 }).notNull(),
    razonSocialAdquirente: varchar({ length: 200 }).notNull(),
    /** SUNAT catálogo 06 of the buyer's document: '6' RUC (a company), '1' DNI (a person, boletas only). */
    tipoDocumentoAdquirente: varchar({ length: 1 }).notNull().default('6'),
    totalGravado: numeric({ precision: 14, scale: 2 }).notNull(),
    totalExonerado: numeric({ precision: 14, scale: 2 }).notNull(),
    totalInafecto: numeric({ precision: 14, scale: 2 }).notNull(),
    igv: numeric({ precision: 14, scale: 2 }).notNull(),
    total: numeric({ precision: 14, scale: 2 }).notNull(),
    montoLetras: varchar({ length: 300 }).notNull(),
    codigoComprobanteReferencia: integer(),
    motivo: varchar({ length: 250 }),
    codigoCorrida: integer(),
    xml: text().notNull(),
    hash: varchar({ length: 100 }).notNull(),
    estadoEnvio: varchar({ length: 12 }).notNull().default('PENDIENTE'),
    intentosEnvio: integer().notNull().default(0),
    fechaEnvio: timestamp({ withTimezone: true }),
    tomadoEn: timestamp({ withTimezone: true }),
    errorEnvio: text(),
    cdr: text(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioRegistro: varchar({ length: 60 }),
  },
  (t) => [
    uniqueIndex('comprobante_numero_uq').on(t.tipoComprobante, t.serie, t.numero),
    // The voucher list's orders within a company (its own, newest first, and each column its header sorts by,
    // ORDEN_COMPROBANTES), then the id that breaks ties; the debt report's by due date.
    index('comprobante_empresa_idx').on(t.codigoEmpresaUsuario, t.fechaEmision, t.codigoComprobante),
    index('comprobante_empresa_numero_idx').on(t.codigoEmpresaUsuario, t.serie, t.numero, t.codigoComprobante),
    index('comprobante_empresa_adquirente_idx').on(
      t.codigoEmpresaUsuario,
      t.razonSocialAdquirente,
      t.codigoComprobante,
    ),
    index('comprobante_empresa_total_idx').on(t.codigoEmpresaUsuario, t.total, t.codigoComprobante),
    index('comprobante_empresa_vence_idx').on(t.codigoEmpresaUsuario, t.fechaVencimiento, t.codigoComprobante),
    // The same orders for the treasurer, who lists every company's vouchers and debt.
    index('comprobante_emision_idx').on(t.fechaEmision, t.codigoComprobante),
    index('comprobante_serie_numero_idx').on(t.serie, t.numero, t.codigoComprobante),
    index('comprobante_adquirente_idx').on(t.razonSocialAdquirente, t.codigoComprobante),
    index('comprobante_total_idx').on(t.total, t.codigoComprobante),
    index('comprobante_vence_idx').on(t.fechaVencimiento, t.codigoComprobante),
    index('comprobante_envio_idx').on(t.estadoEnvio),
    // The balance subtracts the credit notes of each voucher; filtering by balance reads it for every row.
    index('comprobante_referencia_idx').on(t.codigoComprobanteReferencia),
  ],
);

/** A voucher line, traced to the orders (or registrations) it bills. */
export const comprobanteLinea = pgTable(
  'comprobante_linea',
  {
    codigoLinea: serial().primaryKey(),
    codigoComprobante: integer()
      .notNull()
      .references(() => comprobante.codigoComprobante),
    orden: smallint().notNull(),
    codigoServicio: integer(),
    descripcion: varchar({ length: 250 }).notNull(),
    unidad: varchar({ length: 20 }).notNull(),
    cantidad: numeric({ precision: 12, scale: 3 }).notNull(),
    valorUnitario: numeric({ precision: 12, scale: 2 }).notNull(),
    afectacionIgv: varchar({ length: 2 }).notNull(),
    valorVenta: numeric({ precision: 14, scale: 2 }).notNull(),
    igv: numeric({ precision: 14, scale: 2 }).notNull(),
    origen: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index('comprobante_linea_comprobante_idx').on(t.codigoComprobante)],
);

/** An automatic invoicing run: a period (yyyy-MM), one company or all, and what it billed. */
export const corridaFacturacion = pgTable('corrida_facturacion', {
  codigoCorrida: serial().primaryKey(),
  periodo: varchar({ length: 7 }).notNull(),
  codigoEmpresaUsuario: integer(),
  comprobantesEmitidos: integer().notNull().default(0),
  empresasOmitidas: integer().notNull().default(0),
  resultado: text().notNull(),
  fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  usuarioRegistro: varchar({ length: 60 }),
  /** The last day the run billed (the day before the run while its month is in course); null on runs before it. */
  fechaCorte: date({ mode: 'string' }),
});

/**
 * A company's billed period and how far it is billed: one row per (company, period), its cut-off moved forward by
 * each run that bills more of it (a run claims it by the cut-off it read, so two runs never bill the same days).
 */
export const periodoFacturado = pgTable(
  'periodo_facturado',
  {
    codigoEmpresaUsuario: integer().notNull(),
    periodo: varchar({ length: 7 }).notNull(),
    codigoComprobante: integer().notNull(),
    codigoCorrida: integer().notNull(),
    /**
     * The last Lima day of the period already billed for the company: a later run of the period bills only what
     * happened after it (the month's last day once the month is billed through its end).
     */
    fechaCorte: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.codigoEmpresaUsuario, t.periodo] })],
);

/** A payment (full or partial) against one voucher. */
export const pagoComprobante = pgTable(
  'pago_comprobante',
  {
    codigoPago: serial().primaryKey(),
    codigoComprobante: integer()
      .notNull()
      .references(() => comprobante.codigoComprobante),
    monto: numeric({ precision: 14, scale: 2 }).notNull(),
    fechaPago: date({ mode: 'string' }).notNull(),
    metodo: varchar({ length: 20 }).notNull(),
    referencia: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioRegistro: varchar({ length: 60 }),
    /** An annulled payment (a mistaken entry) stays listed, with its reason, and no longer counts in the balance. */
    estadoAnulado: boolean().notNull().default(false),
    motivoAnulacion: varchar({ length: 250 }),
    usuarioAnulacion: varchar({ length: 60 }),
    fechaAnulacion: timestamp({ withTimezone: true }),
  },
  (t) => [index('pago_comprobante_idx').on(t.codigoComprobante)],
);

/** Finance parameters (one row): credit days, days overdue that block, late fee % per day. */
export const parametroFinanzas = pgTable('parametro_finanzas', {
  codigo: smallint().primaryKey().default(1),
  diasCredito: integer().notNull().default(30),
  diasBloqueo: integer().notNull().default(15),
  tasaMoraDiaria: numeric({ precision: 6, scale: 4 }).notNull().default('0.0500'),
  /** Optimistic lock shared by both forms that edit these values (finance and Configuración general). */
  version: integer().notNull().default(1),
});

/** The demo signing key and self-signed certificate, generated at first start when none is configured. */
export const certificadoFirma = pgTable('certificado_firma', {
  codigo: smallint().primaryKey().default(1),
  clavePem: text().notNull(),
  certificadoPem: text().notNull(),
  fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
