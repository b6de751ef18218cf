import { randomBytes } from 'node:crypto';
import { eq, ne } from 'drizzle-orm';
import { hashContrasenia } from '../../platform/contrasenias';
import type { Db } from '../client';
import { empresaUsuario, usuario } from '../schema';
import { darPermisosPorRol, SEMBRADORES_DEMO } from './demo';
import type { ModoDemo } from './modo-demo';
import { sembrarReferencia } from './referencia';

/** Whether the database already holds a user company besides the operator (real or demo data). */
async function tieneEmpresas(db: Db) {
  const [una] = await db
    .select({ c: empresaUsuario.codigoEmpresaUsuario })
    .from(empresaUsuario)
    .where(ne(empresaUsuario.codigoEmpresaUsuario, 1))
    .limit(1);
  return !!una;
}

/**
 * Prepares a database after its migrations: reference data always; demo data when asked. Without demo data
 * and without a SuperAdministrador, creates 'superadmin' with a one-time password printed once.
 */
export async function prepararDatos(db: Db, opciones: { demo: ModoDemo; avisar?: (m: string) => void }) {
  let demo = opciones.demo === true;
  if (opciones.demo === 'si-vacia') {
    demo = !(await tieneEmpresas(db));
    if (!demo)
      opciones.avisar?.('Base de datos existente: no se agregan datos de demostración (SEED_DEMO=true los agrega).');
  }
  // Each step says when it starts and how long it took: a first start seeds for a while.
  const pasos = [
    {
      nombre: 'datos de referencia (roles, menú, parámetros, partidas)',
      sembrar: (d: Db) => d.transaction(sembrarReferencia),
    },
    ...(demo ? SEMBRADORES_DEMO.map((s) => ({ ...s, nombre: `demostración: ${s.nombre}` })) : []),
  ];
  for (const [i, paso] of pasos.entries()) {
    const inicio = performance.now();
    opciones.avisar?.(`Preparando datos ${i + 1}/${pasos.length}: ${paso.nombre}…`);
    await paso.sembrar(db);
    opciones.avisar?.(`  listo en ${((performance.now() - inicio) / 1000).toFixed(1)} s`);
  }
  if (demo) return;
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
