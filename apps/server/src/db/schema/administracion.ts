import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { empresaUsuario } from './empresa';
import { persona } from './persona';

/** Monthly employment count of a company (spec 02 §3 Monthly employment record): one row per month. */
export const empresaUsuarioEmpleado = pgTable(
  'empresa_usuario_empleado',
  {
    codigoEmpresaUsuarioEmpleado: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    /** yyyy-MM; cannot change once registered (spec 02 §4). */
    anioMes: varchar({ length: 7 }).notNull(),
    numeroPeruana: integer().notNull(),
    numeroPeruano: integer().notNull(),
    numeroExtranjero: integer().notNull(),
    numeroEmpleadoIndirecto: integer().notNull(),
    estadoAnulado: smallint().notNull().default(0),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('empresa_empleado_mes_uq').on(t.codigoEmpresaUsuario, t.anioMes)],
);

/** An extension (prórroga, "lista blanca") of a company's operation, with its authorization PDF. */
export const empresaListaBlanca = pgTable(
  'empresa_lista_blanca',
  {
    codigoEmpresaListaBlanca: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    fechaExpiracionHasta: date().notNull(),
    documentoAutorizacion: varchar({ length: 30 }).notNull(),
    /** Generated stored name of the PDF (never the client's name). */
    rutaArchivo: varchar({ length: 255 }).notNull(),
    nombreArchivo: varchar({ length: 255 }).notNull(),
    tamanio: integer().notNull(),
    /** 1 Activo, 0 Inactivo (a newer extension of the same company deactivates the older ones). */
    estadoRegistro: smallint().notNull().default(1),
    codigoUsuario: integer().notNull(),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first, within a company and for the whole zone; the id breaks ties (paginacion.ts ordenLista).
    index('lista_blanca_empresa_idx').on(t.codigoEmpresaUsuario, t.fechaRegistro, t.codigoEmpresaListaBlanca),
    index('lista_blanca_fecha_idx').on(t.fechaRegistro, t.codigoEmpresaListaBlanca),
  ],
);

/** A worker of a company with its weekly access days (Lista de Trabajadores, spec 02 §2). */
/**
 * A worker's name as the workers list shows and sorts it, surnames first (the same expression in the query, so its
 * indexes serve the sort). The surnames are trimmed before the comma: a worker without a second surname reads
 * 'BENITES, JOSE', not 'BENITES , JOSE'.
 */
export const nombreColaborador = (t: {
  apellidoPaterno: AnyPgColumn;
  apellidoMaterno: AnyPgColumn;
  nombre: AnyPgColumn;
}) => sql<string>`(trim(${t.apellidoPaterno} || ' ' || ${t.apellidoMaterno}) || ', ' || ${t.nombre})`;

export const controlColaboradorEmpresa = pgTable(
  'control_colaborador_empresa',
  {
    codigoControlColaboradorEmpresa: serial().primaryKey(),
    codigoEmpresaUsuario: integer()
      .notNull()
      .references(() => empresaUsuario.codigoEmpresaUsuario),
    condicionLaboral: varchar({ length: 4 }).notNull(),
    codeTipoDocumentoPeaton: varchar({ length: 4 }).notNull(),
    numeroDocumentoIdentidad: varchar({ length: 12 }).notNull(),
    apellidoPaterno: varchar({ length: 20 }).notNull(),
    apellidoMaterno: varchar({ length: 20 }).notNull().default(''),
    nombre: varchar({ length: 30 }).notNull(),
    codigoPersona: integer().references(() => persona.codigoPersona),
    genero: varchar({ length: 4 }),
    nacionalidad: varchar({ length: 4 }),
    /** Position: free text (no lookup group is given for it). */
    codigoCargo: varchar({ length: 60 }).notNull(),
    /** Access card number. */
    codigoControl: varchar({ length: 20 }).notNull(),
    fechaInicioContrato: date().notNull(),
    /** End of employment: null while the worker is still working. */
    fechaVencimientoContrato: date(),
    placa: varchar({ length: 8 }),
    fechaInicioSoat: date(),
    fechaFinSoat: date(),
    lunes: smallint().notNull().default(0),
    martes: smallint().notNull().default(0),
    miercoles: smallint().notNull().default(0),
    jueves: smallint().notNull().default(0),
    viernes: smallint().notNull().default(0),
    sabado: smallint().notNull().default(0),
    domingo: smallint().notNull().default(0),
    estadoAnulado: smallint().notNull().default(0),
    usuarioRegistro: varchar({ length: 60 }),
    fechaRegistro: timestamp({ withTimezone: true }).notNull().defaultNow(),
    version: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('colaborador_empresa_documento_uq').on(
      t.codigoEmpresaUsuario,
      t.codeTipoDocumentoPeaton,
      t.numeroDocumentoIdentidad,
    ),
    // Also the workers list sorted by document (trabajador.repository.ts), for the whole zone; within a company below.
    index('colaborador_documento_idx').on(t.numeroDocumentoIdentidad, t.codigoControlColaboradorEmpresa),
    index('colaborador_empresa_documento_idx').on(
      t.codigoEmpresaUsuario,
      t.numeroDocumentoIdentidad,
      t.codigoControlColaboradorEmpresa,
    ),
    // The list sorted by name as it shows it (surnames, name), for the whole zone and within a company.
    index('colaborador_nombre_idx').on(nombreColaborador(t), t.codigoControlColaboradorEmpresa),
    index('colaborador_empresa_nombre_idx').on(
      t.codigoEmpresaUsuario,
      nombreColaborador(t),
      t.codigoControlColaboradorEmpresa,
    ),
    // Lists, newest first, for the whole zone and within a company; the id breaks ties (paginacion.ts ordenLista).
    index('colaborador_fecha_idx').on(t.fechaRegistro, t.codigoControlColaboradorEmpresa),
    index('colaborador_empresa_fecha_idx').on(
      t.codigoEmpresaUsuario,
      t.fechaRegistro,
      t.codigoControlColaboradorEmpresa,
    ),
    // The workers' search by name, accents aside (platform/paginacion.ts sinAcentos), on the name as the list shows it.
    index('colaborador_nombre_trgm').using('gin', sql`sin_acentos(${nombreColaborador(t)}) gin_trgm_ops`),
  ],
);
