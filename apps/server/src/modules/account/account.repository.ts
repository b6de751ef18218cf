import { avisarCambioAcceso } from '../../platform/cache-acceso';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { ALMACEN_PRINCIPAL } from '../../db/consultas-comunes';
import { empresaUsuario, intentoLogin, permiso, permisoRol, rol, usuario } from '../../db/schema';

export async function buscarUsuarioPorNombre(db: DbOTx, nombreUsuario: string) {
  const [u] = await db
    .select()
    .from(usuario)
    .where(sql`lower(${usuario.nombreUsuario}) = ${nombreUsuario.toLowerCase()}`)
    .limit(1);
  return u;
}

export async function buscarUsuario(db: DbOTx, codigoUsuario: number) {
  const [u] = await db.select().from(usuario).where(eq(usuario.codigoUsuario, codigoUsuario)).limit(1);
  return u;
}

/** The session fields of spec 01 §3 for one user. */
export async function datosSesion(db: DbOTx, codigoUsuario: number) {
  const [f] = await db
    .select({
      codigoUsuario: usuario.codigoUsuario,
      nombreUsuario: usuario.nombreUsuario,
      nombre: usuario.nombre,
      apellidoPaterno: usuario.apellidoPaterno,
      apellidoMaterno: usuario.apellidoMaterno,
      codigoRol: usuario.codigoRol,
      nombreRol: rol.nombre,
      nivelUsuario: usuario.nivelUsuario,
      correoElectronico: usuario.correoElectronico,
      fechaRegistro: usuario.fechaRegistro,
      debeCambiarContrasenia: usuario.debeCambiarContrasenia,
      codigoEmpresaUsuario: empresaUsuario.codigoEmpresaUsuario,
      razonSocial: empresaUsuario.razonSocial,
      indicadorAlmacenActivo: empresaUsuario.indicadorAlmacenActivo,
      indicadorRegistroEspecialExcel: empresaUsuario.indicadorRegistroEspecialExcel,
      codigoEmpresaAlmacen: ALMACEN_PRINCIPAL,
    })
    .from(usuario)
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, usuario.codigoEmpresaUsuario))
    .innerJoin(rol, eq(rol.codigoRol, usuario.codigoRol))
    .where(eq(usuario.codigoUsuario, codigoUsuario))
    .limit(1);
  return f;
}

export async function leerIntento(db: DbOTx, clave: string) {
  const [f] = await db.select().from(intentoLogin).where(eq(intentoLogin.clave, clave)).limit(1);
  return f;
}

/** Counts a failure atomically (two guesses at once both count). */
export async function sumarFallo(db: DbOTx, clave: string, ahora: Date) {
  const [f] = await db
    .insert(intentoLogin)
    .values({ clave, fallidos: 1, ultimoFallo: ahora })
    .onConflictDoUpdate({
      target: intentoLogin.clave,
      set: { fallidos: sql`${intentoLogin.fallidos} + 1`, ultimoFallo: ahora },
    })
    .returning({ fallidos: intentoLogin.fallidos });
  return f?.fallidos ?? 1;
}

export async function bloquear(db: DbOTx, clave: string, hasta: Date) {
  await db.update(intentoLogin).set({ bloqueadoHasta: hasta, fallidos: 0 }).where(eq(intentoLogin.clave, clave));
}

export async function limpiarIntentos(db: DbOTx, clave: string) {
  await db.delete(intentoLogin).where(eq(intentoLogin.clave, clave));
}

export async function actualizarHash(db: DbOTx, codigoUsuario: number, contraseniaHash: string, debeCambiar: boolean) {
  await db
    .update(usuario)
    .set({ contraseniaHash, debeCambiarContrasenia: debeCambiar, version: sql`${usuario.version} + 1` })
    .where(eq(usuario.codigoUsuario, codigoUsuario));
  avisarCambioAcceso(`u:${codigoUsuario}`);
}

export async function nodosMenu(db: DbOTx) {
  return db.select().from(permiso).orderBy(asc(permiso.indexLink));
}

export async function permisosDeRol(db: DbOTx, codigoRol: number) {
  return db
    .select()
    .from(permisoRol)
    .where(and(eq(permisoRol.codigoRol, codigoRol)));
}
