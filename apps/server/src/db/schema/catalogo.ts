import { sql } from 'drizzle-orm';
import {
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
import { empresaUsuario } from './empresa';

/** A company's product catalogue (catalogoUsuario). Shared by orders, administration and certificates. */
export const catalogoUsuario = pgTable(
  'catalogo_usuario',
  {
    codigoCatalogoUsuario: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    codigoInterno: varchar({ length: 9 }),
    descripcion: varchar({ length: 400 }).notNull(),
    numeroPartida: varchar({ length: 10 }).notNull(),
    codigoUnidadMedida: varchar({ length: 10 }).notNull(),
    codigoExistencia: varchar({ length: 4 }).notNull(),
    estadoAnulado: smallint().notNull().default(0),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    index('catalogo_empresa_idx').on(t.codigoEmpresaUsuario, t.estadoAnulado),
    // The catalogue list's order (newest first), for the whole zone and for one company.
    index('catalogo_fecha_idx').on(t.fechaRegistro, t.codigoCatalogoUsuario),
    index('catalogo_empresa_fecha_idx').on(t.codigoEmpresaUsuario, t.fechaRegistro, t.codigoCatalogoUsuario),
    uniqueIndex('catalogo_empresa_codigo_interno_uq')
      .on(t.codigoEmpresaUsuario, t.codigoInterno)
      .where(sql`${t.codigoInterno} is not null`),
    // Stock by lot sorted by product, within a company and for the whole zone (each product's lots with stock
    // follow through lote_producto_stock_idx, ordered among themselves).
    index('catalogo_empresa_descripcion_idx').on(t.codigoEmpresaUsuario, t.descripcion, t.codigoCatalogoUsuario),
    index('catalogo_descripcion_idx').on(t.descripcion, t.codigoCatalogoUsuario),
    // Catálogo de Productos sorted by internal code and by tariff heading, for the whole zone and within a company
    // (by description and by date: the indexes above).
    index('catalogo_codigo_interno_idx').on(t.codigoInterno, t.codigoCatalogoUsuario),
    index('catalogo_empresa_codigo_interno_idx').on(t.codigoEmpresaUsuario, t.codigoInterno, t.codigoCatalogoUsuario),
    index('catalogo_partida_idx').on(t.numeroPartida, t.codigoCatalogoUsuario),
    index('catalogo_empresa_partida_idx').on(t.codigoEmpresaUsuario, t.numeroPartida, t.codigoCatalogoUsuario),
    index('catalogo_descripcion_trgm').using('gin', sql`sin_acentos(${t.descripcion}) gin_trgm_ops`),
  ],
);

/** Unit equivalences of a product ('Esta equivalencia ya existe.' when the four values repeat). */
export const equivalenciaCatalogo = pgTable(
  'equivalencia_catalogo',
  {
    codigoEquivalenciaCatalogo: serial().primaryKey(),
    codigoCatalogoUsuario: integer()
      .notNull()
      .references(() => catalogoUsuario.codigoCatalogoUsuario),
    cantidadBase: numeric({ precision: 14, scale: 3 }).notNull(),
    codigoUnidadMedidaBase: varchar({ length: 10 }).notNull(),
    cantidadEquivalente: numeric({ precision: 14, scale: 3 }).notNull(),
    codigoUnidadMedidaEquivalencia: varchar({ length: 10 }).notNull(),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('equivalencia_uq').on(
      t.codigoCatalogoUsuario,
      t.cantidadBase,
      t.codigoUnidadMedidaBase,
      t.cantidadEquivalente,
      t.codigoUnidadMedidaEquivalencia,
    ),
  ],
);
