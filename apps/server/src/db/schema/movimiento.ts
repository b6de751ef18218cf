import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { almacen, empresaUsuario } from './empresa';
import { persona, transportistaUsuario } from './persona';

/**
 * Entry codes: 'OP' + 7 digits from this sequence (OP0000001 … OP9999999), 9 characters as the stage
 * searches expect (spec 03 §5.1: code max 9, e.g. OP1900006); unique even for two saves at one instant.
 */
export const secuenciaCodigoIngreso = pgSequence('movimiento_codigo_ingreso_seq', { startWith: 1 });

/** A cargo movement (order): entry or exit, vehicle (VH), pedestrian (PE) or finished product (PT). */
export const movimiento = pgTable(
  'movimiento',
  {
    codigoMovimiento: serial().primaryKey(),
    codigoIngreso: varchar({ length: 12 }).notNull(),
    numeroTicket: varchar({ length: 12 }),
    tipoTransaccion: varchar({ length: 3 }).notNull().default('MOV'),
    codigoTipoIngreso: varchar({ length: 2 }).notNull(),
    codigoTipoControl: smallint().notNull().default(7),
    codigoTipoOperacion: smallint().notNull(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    codigoEmpresaAlmacen: integer().references(() => almacen.codigoEmpresaAlmacen),
    codigoTipoMercaderia: varchar({ length: 3 }),
    paisProcedencia: varchar({ length: 2 }),
    codigoVia: varchar({ length: 4 }),
    codigoSalidaAduana: varchar({ length: 4 }).notNull().default('0'),
    fechaIngreso: timestamp({ withTimezone: true }).notNull(),
    // Driver or pedestrian (a snapshot, so later registry edits do not rewrite history).
    codigoPersona: integer().references(() => persona.codigoPersona),
    codigoTipoDocumentoIdentidad: varchar({ length: 4 }),
    numeroDocumentoIdentidad: varchar({ length: 12 }),
    nombres: varchar({ length: 30 }),
    apellidoPaterno: varchar({ length: 20 }),
    apellidoMaterno: varchar({ length: 20 }),
    // Carrier and vehicle.
    codigoTransportistaUsuario: integer().references(() => transportistaUsuario.codigoTransportistaUsuario),
    razonSocialTransportistaUsuario: varchar({ length: 200 }),
    rucTransportistaUsuario: varchar({ length: 13 }),
    codigoTipoVehiculo: varchar({ length: 4 }),
    placaUno: varchar({ length: 8 }),
    placaDos: varchar({ length: 8 }),
    numeroSoat: varchar({ length: 10 }),
    numeroPrecinto: varchar({ length: 400 }),
    codigoClaseBrevete: varchar({ length: 10 }),
    numeroBrevete: varchar({ length: 10 }),
    fechaVencimientoBrevete: date(),
    guiaTransportista: varchar({ length: 11 }),
    // Weights the driver declares in the gate's dialog (spec 03 §2.9, §5.5); the scale's are in control_movimiento.
    pesoBrutoDeclarado: numeric({ precision: 14, scale: 3 }),
    pesoTaraDeclarado: numeric({ precision: 14, scale: 3 }),
    // Cargo.
    codigoTipoCarga: smallint(),
    numeroBultos: integer(),
    codigoDestinoProcedenciaMercancia: smallint(),
    numeroContenedor: varchar({ length: 12 }),
    codigoTipoContenedor: varchar({ length: 4 }),
    lineaNaviera: varchar({ length: 4 }),
    codigoTipoImportador: varchar({ length: 4 }),
    numeroDeclaracion: varchar({ length: 6 }),
    // Life (DOMAIN.md §4): state 1..5, observation 0 pending / 1 not observed / 2 observed.
    codigoEstadoMovimiento: smallint().notNull().default(1),
    codigoEstadoObservado: smallint().notNull().default(0),
    observacion: text(),
    estadoAnulado: smallint().notNull().default(0),
    usuarioRegistro: varchar({ length: 60 }),
    codigoUsuarioRegistro: integer(),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    fechaModificacion: timestamp({ withTimezone: true }),
    version: integer().notNull().default(1),
    // The live board (modules/tablero): when the order entered the stage it waits at, and the last finalized
    // verification (3 or 5). Kept by the database's trigger on control_movimiento (custom migration).
    fechaEtapa: timestamp({ withTimezone: true }).notNull().defaultNow(),
    verificacionFinalizada: smallint().notNull().default(0),
  },
  (t) => [
    uniqueIndex('movimiento_codigo_ingreso_uq').on(t.codigoIngreso),
    index('movimiento_empresa_fecha_idx').on(t.codigoEmpresaUsuario, t.fechaRegistro, t.codigoMovimiento),
    index('movimiento_estado_idx').on(t.codigoEstadoMovimiento, t.fechaRegistro),
    index('movimiento_fecha_idx').on(t.fechaRegistro, t.codigoMovimiento),
    index('movimiento_documento_identidad_idx').on(t.numeroDocumentoIdentidad),
    index('movimiento_ticket_idx').on(t.numeroTicket),
    // The board reads only open orders (state < 5, not annulled): a few thousand among a million.
    index('movimiento_abiertas_idx')
      .on(t.codigoEstadoMovimiento, t.codigoEmpresaUsuario, t.fechaEtapa)
      .where(sql`${t.codigoEstadoMovimiento} < 5 and ${t.estadoAnulado} = 0`),
    index('movimiento_observado_idx')
      .on(t.fechaRegistro, t.codigoMovimiento)
      .where(sql`${t.codigoEstadoObservado} = 2`),
  ],
);

/** A supporting document of a movement (invoice, DUA/DAM, guide…); carries product lines. */
export const movimientoDocumento = pgTable(
  'movimiento_documento',
  {
    codigoMovimientoDocumento: serial().primaryKey(),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    codigoTipoDocumento: varchar({ length: 4 }).notNull(),
    descripcionDocumento: varchar({ length: 100 }),
    numeroDocumento: varchar({ length: 26 }).notNull(),
    ruc: varchar({ length: 13 }),
    razonSocial: varchar({ length: 200 }),
    codigoTipoImportador: varchar({ length: 4 }),
    usuarioCreacion: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('movimiento_documento_movimiento_idx').on(t.codigoMovimiento),
    index('movimiento_documento_numero_idx').on(t.numeroDocumento),
  ],
);

/** A product line of a document. One product appears once per document. */
export const movimientoDetalle = pgTable(
  'movimiento_detalle',
  {
    codigoMovimientoDetalle: serial().primaryKey(),
    codigoMovimientoDocumento: integer()
      .notNull()
      .references(() => movimientoDocumento.codigoMovimientoDocumento),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    cantidad: numeric({ precision: 14, scale: 3 }).notNull(),
    peso: numeric({ precision: 14, scale: 3 }).notNull(),
    valorFOB: numeric({ precision: 16, scale: 5 }).notNull().default('0'),
    codigoTipoBulto: varchar({ length: 4 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('movimiento_detalle_producto_uq').on(t.codigoMovimientoDocumento, t.codigoCatalogoUsuario),
    index('movimiento_detalle_movimiento_idx').on(t.codigoMovimiento),
    index('movimiento_detalle_catalogo_idx').on(t.codigoCatalogoUsuario),
  ],
);

/** A stored file of a movement. `rutaArchivo` is a generated name under DATA_DIR; never the client's name. */
export const movimientoArchivo = pgTable(
  'movimiento_archivo',
  {
    codigoMovimientoArchivo: serial().primaryKey(),
    codigoMovimiento: integer()
      .notNull()
      .references(() => movimiento.codigoMovimiento),
    categoria: varchar({ length: 20 }).notNull().default('sustento'),
    nombreArchivo: varchar({ length: 255 }).notNull(),
    rutaArchivo: varchar({ length: 255 }).notNull(),
    tipoContenido: varchar({ length: 100 }).notNull(),
    tamanio: bigint({ mode: 'number' }).notNull(),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('movimiento_archivo_movimiento_idx').on(t.codigoMovimiento)],
);
