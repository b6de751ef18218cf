import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashContrasenia } from '../../platform/contrasenias';
import type { Db } from '../client';
import { usuario } from '../schema';
import { darPermisosPorRol, SEMBRADORES_DEMO } from './demo';
import { sembrarReferencia } from './referencia';

/**
 * Prepares a database after its migrations: reference data always; demo data when asked. Without demo data
 * and without a SuperAdministrador, creates 'superadmin' with a one-time password printed once.
 */
export async function prepararDatos(db: Db, opciones: { demo: boolean; avisar?: (m: string) => void }) {
  await db.transaction((tx) => sembrarReferencia(tx));
  if (opciones.demo) {
    for (const s of SEMBRADORES_DEMO) await s.sembrar(db);
    return;
  }
  const [hay] = await db.select({ c: usuario.codigoUsuario }).from(usuario).where(eq(usuario.codigoRol, 1)).limit(1);
  if (hay) return;
  const clave = `${randomBytes(12).toString('base64url')}7a`;
  await db.transaction(async (tx) => {
    await tx.insert(usuario).values({
      nombreUsuario: 'superadmin',
      contraseniaHash: await hashContrasenia(clave),
      nombre: 'SUPER',
      apellidoPaterno: 'ADMINISTRADOR',
      codigoRol: 1,
      nivelUsuario: 1,
      codigoEmpresaUsuario: 1,
      debeCambiarContrasenia: true,
      usuarioRegistro: 'sistema',
    });
    await darPermisosPorRol(tx);
  });
  opciones.avisar?.(
    `\n  Primer SuperAdministrador creado.\n  Usuario: superadmin\n  Contraseña de un solo uso: ${clave}\n  (no se volverá a mostrar; cámbiela al ingresar)\n`,
  );
}
