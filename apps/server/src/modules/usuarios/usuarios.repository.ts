import { avisarCambioAcceso } from '../../platform/cache-acceso';
import type { ConsultaUsuarios, ORDEN_USUARIOS, Permisos } from '@cronos/contract';
import { and, asc, count, desc, eq, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import { mismaVersion } from '../../platform/version';
import type { DbOTx } from '../../db/client';
import {
  empresaUsuario,
  nombreCompletoUsuario,
  permiso,
  permisoRol,
  permisoUsuario,
  rol,
  usuario,
} from '../../db/schema';
import {
  condicionBusqueda,
  desplazamiento,
  type OrdenesPermitidos,
  ordenLista,
  sinAcentos,
} from '../../platform/paginacion';

const nombreCompleto = nombreCompletoUsuario(usuario);

/** Searchable columns (lookup group 13 keys and field names). */
export const COLUMNAS_USUARIOS = {
  'U.NOMBRE_USUARIO': usuario.nombreUsuario,
  'U.NOMBRE': sinAcentos(nombreCompleto),
  'U.CORREO': usuario.correoElectronico,
  nombreUsuario: usuario.nombreUsuario,
  nombreCompleto: sinAcentos(nombreCompleto),
  correoElectronico: usuario.correoElectronico,
  cargo: sinAcentos(usuario.cargo),
};

/** Deleted users (estadoAnulado 2) keep their row (audit, user name) but leave every list. */
export const ELIMINADO = 2;

const fila = {
  codigoUsuario: usuario.codigoUsuario,
  nombreUsuario: usuario.nombreUsuario,
  nombreCompleto,
  nombre: usuario.nombre,
  apellidoPaterno: usuario.apellidoPaterno,
  apellidoMaterno: usuario.apellidoMaterno,
  correoElectronico: usuario.correoElectronico,
  cargo: usuario.cargo,
  codigoRol: usuario.codigoRol,
  nombreRol: rol.nombre,
  nivelUsuario: usuario.nivelUsuario,
  codigoEmpresaUsuario: usuario.codigoEmpresaUsuario,
  razonSocial: empresaUsuario.razonSocial,
  codeTipoDocumentoPeaton: usuario.codeTipoDocumentoPeaton,
  numeroDocumentoIdentidad: usuario.numeroDocumentoIdentidad,
  estadoAnulado: usuario.estadoAnulado,
  fechaRegistro: usuario.fechaRegistro,
  version: usuario.version,
};

/**
 * The header sorts of both users' lists, each read from an index (schema/seguridad.ts) for the zone and within a
 * company; the state puts the active users first, by name.
 */
const ORDENES_USUARIOS: OrdenesPermitidos<(typeof ORDEN_USUARIOS)[number]> = {
  nombreCompleto: [nombreCompleto],
  nombreUsuario: [usuario.nombreUsuario],
  estadoAnulado: [usuario.estadoAnulado, nombreCompleto],
  fechaRegistro: [usuario.fechaRegistro],
};

export async function listar(
  db: DbOTx,
  q: ConsultaUsuarios,
  filtro: { empresa: number | null; soloAdministradores: boolean },
) {
  const condiciones: (SQL | undefined)[] = [
    ne(usuario.estadoAnulado, ELIMINADO),
    condicionBusqueda(q, COLUMNAS_USUARIOS),
  ];
  if (filtro.empresa !== null) condiciones.push(eq(usuario.codigoEmpresaUsuario, filtro.empresa));
  if (filtro.soloAdministradores) condiciones.push(inArray(usuario.codigoRol, [1, 2]));
  const donde = and(...condiciones);
  const [filas, [total]] = await Promise.all([
    db
      .select(fila)
      .from(usuario)
      .innerJoin(rol, eq(rol.codigoRol, usuario.codigoRol))
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, usuario.codigoEmpresaUsuario))
      .where(donde)
      .orderBy(
        ...ordenLista(
          q,
          ORDENES_USUARIOS,
          [desc(usuario.fechaRegistro), desc(usuario.codigoUsuario)],
          usuario.codigoUsuario,
        ),
      )
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(usuario).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function buscar(db: DbOTx, codigoUsuario: number) {
  const [u] = await db
    .select()
    .from(usuario)
    .where(and(eq(usuario.codigoUsuario, codigoUsuario), ne(usuario.estadoAnulado, ELIMINADO)))
    .limit(1);
  return u;
}

export async function empresaExiste(db: DbOTx, codigo: number) {
  const [e] = await db
    .select({ c: empresaUsuario.codigoEmpresaUsuario })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, codigo))
    .limit(1);
  return !!e;
}

/** User names that start with a base (to pick the next free one: jflores, jflores2, ...). */
export async function nombresParecidos(db: DbOTx, base: string) {
  const filas = await db
    .select({ n: usuario.nombreUsuario })
    .from(usuario)
    .where(like(sql`lower(${usuario.nombreUsuario})`, `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return new Set(filas.map((f) => f.n.toLowerCase()));
}

export async function nodos(db: DbOTx) {
  return db.select().from(permiso).orderBy(asc(permiso.indexLink));
}

export async function permisosDeUsuario(db: DbOTx, codigoUsuario: number) {
  const filas = await db.select().from(permisoUsuario).where(eq(permisoUsuario.codigoUsuario, codigoUsuario));
  return new Map(filas.map((f) => [f.codigoPermiso, f as Permisos]));
}

export async function permisosDeRol(db: DbOTx, codigoRol: number) {
  const filas = await db.select().from(permisoRol).where(eq(permisoRol.codigoRol, codigoRol));
  return new Map(filas.map((f) => [f.codigoPermiso, f as Permisos]));
}

/** Replaces the whole tree of a user (rows only for screens with at least listar). */
export async function reemplazarPermisos(tx: DbOTx, codigoUsuario: number, filas: Map<number, Permisos>) {
  await tx.delete(permisoUsuario).where(eq(permisoUsuario.codigoUsuario, codigoUsuario));
  const valores = [...filas.entries()]
    .filter(([, p]) => p.permiteListar)
    .map(([codigoPermiso, p]) => ({
      codigoUsuario,
      codigoPermiso,
      permiteListar: p.permiteListar,
      permiteAgregar: p.permiteAgregar,
      permiteEditar: p.permiteEditar,
      permiteEliminar: p.permiteEliminar,
    }));
  if (valores.length) await tx.insert(permisoUsuario).values(valores);
  avisarCambioAcceso(`u:${codigoUsuario}`);
}

export async function insertar(tx: DbOTx, valores: typeof usuario.$inferInsert) {
  const [u] = await tx.insert(usuario).values(valores).returning({ codigoUsuario: usuario.codigoUsuario });
  return u;
}

export async function actualizar(
  tx: DbOTx,
  codigoUsuario: number,
  cambios: Partial<typeof usuario.$inferInsert>,
  version?: number | null,
) {
  const [f] = await tx
    .update(usuario)
    .set({ ...cambios, version: sql`${usuario.version} + 1` })
    .where(and(eq(usuario.codigoUsuario, codigoUsuario), mismaVersion(usuario.version, version)))
    .returning({ codigoUsuario: usuario.codigoUsuario });
  avisarCambioAcceso(`u:${codigoUsuario}`);
  return f;
}

/** Guarded state change: only from `desde`; no row means somebody changed it first. */
export async function cambiarEstado(tx: DbOTx, codigoUsuario: number, desde: number, hasta: number) {
  const [f] = await tx
    .update(usuario)
    .set({ estadoAnulado: hasta, version: sql`${usuario.version} + 1` })
    .where(and(eq(usuario.codigoUsuario, codigoUsuario), eq(usuario.estadoAnulado, desde)))
    .returning({ codigoUsuario: usuario.codigoUsuario });
  avisarCambioAcceso(`u:${codigoUsuario}`);
  return f;
}
