import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Notifications of the 'notifications-cronos' channel, stored so a reconnecting client gets what it missed.
 * Audience (any of): the users of `codigoEmpresaUsuario` (when `empresaCompleta`); staff — operator users or
 * users of that company — whose role is in `roles` or who may list one of `modulos`; the user `codigoUsuario`.
 */
export const notificacion = pgTable(
  'notificacion',
  {
    codigoNotificacion: bigserial({ mode: 'number' }).primaryKey(),
    fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tipo: varchar({ length: 40 }).notNull(),
    titulo: varchar({ length: 150 }).notNull(),
    mensaje: varchar({ length: 1000 }).notNull(),
    enlace: varchar({ length: 300 }),
    datos: jsonb().$type<Record<string, unknown>>(),
    codigoEmpresaUsuario: integer(),
    empresaCompleta: boolean().notNull().default(true),
    roles: smallint().array(),
    modulos: varchar({ length: 80 }).array(),
    codigoUsuario: integer(),
    /** Who caused it (null for periodic jobs). */
    codigoUsuarioOrigen: integer(),
    /** Idempotency key of periodic jobs: the same warning is stored once, whatever the number of instances. */
    clave: varchar({ length: 120 }),
  },
  (t) => [
    index('notificacion_fecha_idx').on(t.fecha),
    index('notificacion_empresa_idx').on(t.codigoEmpresaUsuario, t.codigoNotificacion),
    index('notificacion_usuario_idx').on(t.codigoUsuario, t.codigoNotificacion),
    uniqueIndex('notificacion_clave_uq').on(t.clave).where(sql`${t.clave} is not null`),
  ],
);
