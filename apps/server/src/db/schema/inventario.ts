import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { catalogoUsuario } from './catalogo';
import { almacen } from './empresa';
import { movimiento, movimientoDetalle, movimientoDocumento } from './movimiento';

/**
 * A lot: stock of one product in one warehouse from one entry document (DOMAIN.md §5). The balance and the
 * reserved quantity live here and are changed only with guarded updates; CHECKs make overselling impossible
 * even if a bug tried.
 */
export const lote = pgTable(
  'lote',
  {
    codigoLote: serial().primaryKey(),
    codigoEmpresaAlmacen: integer()
      .notNull()
      .references(() => almacen.codigoEmpresaAlmacen),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    /** The entry document that created the lot; null for an initial stock lot. */
    codigoMovimientoDocumento: integer().references(() => movimientoDocumento.codigoMovimientoDocumento),
    numeroDocumento: varchar({ length: 26 }).notNull(),
    cantidadIngresada: numeric({ precision: 14, scale: 3 }).notNull(),
    cantidadStock: numeric({ precision: 14, scale: 3 }).notNull(),
    cantidadReservada: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    fechaIngreso: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('lote_stock_no_negativo', sql`${t.cantidadStock} >= 0`),
    check('lote_reserva_valida', sql`${t.cantidadReservada} >= 0 and ${t.cantidadReservada} <= ${t.cantidadStock}`),
    index('lote_producto_idx').on(t.codigoCatalogoUsuario, t.codigoEmpresaAlmacen),
    // Stock by lot: lots with stock by entry date (the lists' own order and their days-in-the-zone sort).
    index('lote_en_stock_idx').on(t.fechaIngreso, t.codigoLote).where(sql`${t.cantidadStock} > 0`),
    // Stock by lot sorted by product: a product's lots with stock, in the order of their id (the tie-breaker).
    index('lote_producto_stock_idx').on(t.codigoCatalogoUsuario, t.codigoLote).where(sql`${t.cantidadStock} > 0`),
    uniqueIndex('lote_documento_uq')
      .on(t.codigoEmpresaAlmacen, t.codigoCatalogoUsuario, t.codigoMovimientoDocumento)
      .where(sql`${t.codigoMovimientoDocumento} is not null`),
  ],
);

/** Quantity of a lot held by an exit line from registration until exit control (estado 1 held, 2 consumed, 0 released). */
export const reservaLote = pgTable(
  'reserva_lote',
  {
    codigoReservaLote: serial().primaryKey(),
    codigoLote: integer()
      .notNull()
      .references(() => lote.codigoLote),
    codigoMovimientoDetalle: integer()
      .notNull()
      .references(() => movimientoDetalle.codigoMovimientoDetalle),
    cantidad: numeric({ precision: 14, scale: 3 }).notNull(),
    estado: smallint().notNull().default(1),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reserva_cantidad_positiva', sql`${t.cantidad} > 0`),
    index('reserva_lote_lote_idx').on(t.codigoLote),
    index('reserva_lote_detalle_idx').on(t.codigoMovimientoDetalle),
  ],
);

/** The stock card: an append-only ledger of entries (E) and withdrawals (S) with running balances. */
export const kardex = pgTable(
  'kardex',
  {
    codigoKardex: bigserial({ mode: 'number' }).primaryKey(),
    codigoLote: integer()
      .notNull()
      .references(() => lote.codigoLote),
    codigoEmpresaAlmacen: integer().notNull(),
    codigoCatalogoUsuario: integer().notNull(),
    codigoMovimiento: integer().references(() => movimiento.codigoMovimiento),
    codigoMovimientoDetalle: integer(),
    tipo: varchar({ length: 1 }).notNull(),
    cantidad: numeric({ precision: 14, scale: 3 }).notNull(),
    saldoLote: numeric({ precision: 14, scale: 3 }).notNull(),
    fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioRegistro: varchar({ length: 60 }),
    // Filled by the database when the entry is written (trigger kardex_antes_de_insertar, migration
    // kardex_saldos): the product's balance after this entry, kept under the lock of its saldo_producto row.
    /** Balance of the product (all its lots) after this entry. */
    saldoProducto: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    /** SUNAT table 12: 02 compra (entry order), 01 venta (exit), 16 saldo inicial, 99 ajuste de inventario. */
    tipoOperacion: varchar({ length: 2 }),
    /** SUNAT table 10 code of the supporting document (the order's document type) and its number. */
    tipoDocumento: varchar({ length: 4 }),
    numeroDocumento: varchar({ length: 40 }),
    /** Unit FOB (USD) of an entry; the weighted average cost for an exit. */
    costoUnitario: numeric({ precision: 16, scale: 5 }),
    /** Weighted average unit cost of the product after this entry, and the valued balance. */
    costoPromedio: numeric({ precision: 16, scale: 5 }),
    saldoValor: numeric({ precision: 18, scale: 5 }),
    /** A physical count's adjustment: the count it comes from. */
    codigoConteo: integer(),
  },
  (t) => [
    check('kardex_tipo', sql`${t.tipo} in ('E', 'S')`),
    check('kardex_saldo_no_negativo', sql`${t.saldoLote} >= 0`),
    check('kardex_saldo_producto_no_negativo', sql`${t.saldoProducto} >= 0`),
    index('kardex_producto_fecha_idx').on(t.codigoCatalogoUsuario, t.codigoEmpresaAlmacen, t.fecha),
    index('kardex_producto_orden_idx').on(t.codigoCatalogoUsuario, t.codigoKardex),
    index('kardex_lote_orden_idx').on(t.codigoLote, t.codigoKardex),
    index('kardex_movimiento_idx').on(t.codigoMovimiento),
  ],
);

/**
 * The kept balance of a product (all warehouses and lots of it): quantity and value at weighted average cost.
 * Written only by the kardex trigger, under this row's lock, so two entries at once queue and the running
 * balance of the ledger is exact. It can never go negative.
 */
export const saldoProducto = pgTable(
  'saldo_producto',
  {
    codigoCatalogoUsuario: integer()
      .primaryKey()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    cantidad: numeric({ precision: 14, scale: 3 }).notNull().default('0'),
    valor: numeric({ precision: 18, scale: 5 }).notNull().default('0'),
    fechaActualizacion: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('saldo_producto_no_negativo', sql`${t.cantidad} >= 0`)],
);
