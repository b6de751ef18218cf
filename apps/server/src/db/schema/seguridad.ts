import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  index,
  integer,
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

export const rol = pgTable('rol', {
  codigoRol: smallint().primaryKey(),
  nombre: varchar({ length: 40 }).notNull(),
});

/**
 * A user's full name as the users' lists show and sort it (the same expression in the query, so its indexes serve
 * the sort).
 */
export const nombreCompletoUsuario = (t: {
  nombre: AnyPgColumn;
  apellidoPaterno: AnyPgColumn;
  apellidoMaterno: AnyPgColumn;
}) => sql<string>`trim(${t.nombre} || ' ' || ${t.apellidoPaterno} || ' ' || ${t.apellidoMaterno})`;

export const usuario = pgTable(
  'usuario',
  {
    codigoUsuario: serial().primaryKey(),
    nombreUsuario: varchar({ length: 60 }).notNull(),
    contraseniaHash: text().notNull(),
    nombre: varchar({ length: 60 }).notNull(),
    apellidoPaterno: varchar({ length: 40 }).notNull().default(''),
    apellidoMaterno: varchar({ length: 40 }).notNull().default(''),
    correoElectronico: varchar({ length: 150 }),
    cargo: varchar({ length: 100 }),
    codigoRol: smallint()
      .notNull()
      .references(() => rol.codigoRol),
    nivelUsuario: smallint().notNull(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    codeTipoDocumentoPeaton: varchar({ length: 4 }),
    numeroDocumentoIdentidad: varchar({ length: 12 }),
    estadoAnulado: smallint().notNull().default(0),
    debeCambiarContrasenia: boolean().notNull().default(false),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usuarioRegistro: varchar({ length: 60 }),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('usuario_nombre_uq').on(sql`lower(${t.nombreUsuario})`),
    // The users' list, newest first, for the whole zone and within a company; the id breaks ties (paginacion.ts).
    index('usuario_empresa_idx').on(t.codigoEmpresaUsuario, t.fechaRegistro, t.codigoUsuario),
    index('usuario_fecha_idx').on(t.fechaRegistro, t.codigoUsuario),
    // The header sorts of the users' lists (usuarios.repository.ts ORDENES_USUARIOS): full name as the list shows it,
    // user name, and the state (active first) by name; for the whole zone and within a company.
    index('usuario_nombre_completo_idx').on(nombreCompletoUsuario(t), t.codigoUsuario),
    index('usuario_empresa_nombre_completo_idx').on(t.codigoEmpresaUsuario, nombreCompletoUsuario(t), t.codigoUsuario),
    index('usuario_nombre_usuario_idx').on(t.nombreUsuario, t.codigoUsuario),
    index('usuario_empresa_nombre_usuario_idx').on(t.codigoEmpresaUsuario, t.nombreUsuario, t.codigoUsuario),
    index('usuario_estado_nombre_idx').on(t.estadoAnulado, nombreCompletoUsuario(t), t.codigoUsuario),
    index('usuario_empresa_estado_nombre_idx').on(
      t.codigoEmpresaUsuario,
      t.estadoAnulado,
      nombreCompletoUsuario(t),
      t.codigoUsuario,
    ),
  ],
);

/** Opaque bearer sessions: only the SHA-256 of the token is stored. */
export const sesion = pgTable(
  'sesion',
  {
    codigoSesion: bigserial({ mode: 'number' }).primaryKey(),
    tokenHash: varchar({ length: 64 }).notNull(),
    codigoUsuario: integer()
      .notNull()
      .references(() => usuario.codigoUsuario),
    creadaEn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ultimaActividad: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiraEn: timestamp({ withTimezone: true }).notNull(),
    revocadaEn: timestamp({ withTimezone: true }),
    ip: varchar({ length: 64 }),
    agente: varchar({ length: 300 }),
  },
  (t) => [uniqueIndex('sesion_token_uq').on(t.tokenHash), index('sesion_usuario_idx').on(t.codigoUsuario)],
);

/** Failed logins per user name (known or not), to slow and then lock guessing. */
export const intentoLogin = pgTable('intento_login', {
  clave: varchar({ length: 60 }).primaryKey(),
  fallidos: integer().notNull().default(0),
  ultimoFallo: timestamp({ withTimezone: true }),
  bloqueadoHasta: timestamp({ withTimezone: true }),
});

/** A menu node: a group (no urlLink) or a screen of the route table. */
export const permiso = pgTable('permiso', {
  codigoPermiso: serial().primaryKey(),
  codigoPadre: integer(),
  modulo: varchar({ length: 80 }).notNull().unique(),
  link: varchar({ length: 100 }).notNull(),
  urlLink: varchar({ length: 120 }),
  iconoLink: varchar({ length: 60 }).notNull(),
  indexLink: integer().notNull(),
});

const banderas = {
  permiteListar: boolean().notNull().default(false),
  permiteAgregar: boolean().notNull().default(false),
  permiteEditar: boolean().notNull().default(false),
  permiteEliminar: boolean().notNull().default(false),
};

/** The per-user permission tree: builds the menu and authorizes the API (DOMAIN.md §3). */
export const permisoUsuario = pgTable(
  'permiso_usuario',
  {
    codigoUsuario: integer()
      .notNull()
      .references(() => usuario.codigoUsuario),
    codigoPermiso: integer()
      .notNull()
      .references(() => permiso.codigoPermiso),
    ...banderas,
  },
  (t) => [primaryKey({ columns: [t.codigoUsuario, t.codigoPermiso] })],
);

/** Default tree per role (Account/ConsultarPermisoPorRol), copied to a user when it is created. */
export const permisoRol = pgTable(
  'permiso_rol',
  {
    codigoRol: smallint()
      .notNull()
      .references(() => rol.codigoRol),
    codigoPermiso: integer()
      .notNull()
      .references(() => permiso.codigoPermiso),
    ...banderas,
  },
  (t) => [primaryKey({ columns: [t.codigoRol, t.codigoPermiso] })],
);

/** Audit log: one row per mutating call, written in the same transaction as the change. */
export const logSistema = pgTable(
  'log_sistema',
  {
    codigoLog: bigserial({ mode: 'number' }).primaryKey(),
    fecha: timestamp({ withTimezone: true }).notNull().defaultNow(),
    tipo: varchar({ length: 80 }).notNull(),
    detalle: text(),
    codigoUsuario: integer(),
    codigoEmpresaUsuario: integer(),
    idSolicitud: varchar({ length: 64 }),
    entidad: varchar({ length: 60 }),
    codigoEntidad: varchar({ length: 60 }),
    antes: text(),
    despues: text(),
  },
  (t) => [index('log_sistema_fecha_idx').on(t.fecha), index('log_sistema_usuario_idx').on(t.codigoUsuario)],
);
