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
  },
  (t) => [
    check('kardex_tipo', sql`${t.tipo} in ('E', 'S')`),
    check('kardex_saldo_no_negativo', sql`${t.saldoLote} >= 0`),
    index('kardex_producto_fecha_idx').on(t.codigoCatalogoUsuario, t.codigoEmpresaAlmacen, t.fecha),
    index('kardex_movimiento_idx').on(t.codigoMovimiento),
  ],
);
