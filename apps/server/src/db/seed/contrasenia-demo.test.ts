import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../../test/entorno';
import { hashContrasenia } from '../../platform/contrasenias';
import type { BaseDatos } from '../client';
import { usuario } from '../schema';
import { usuariosConContraseniaDemo } from './contrasenia-demo';
import { CONTRASENIA_DEMO, sembrarEmpresasYUsuarios, USUARIOS_DEMO } from './demo';

let base: BaseDatos;
beforeAll(async () => {
  base = await abrirBasePrueba();
});
afterAll(async () => base.cerrar());

const nombres = USUARIOS_DEMO.map((u) => u.nombreUsuario);

describe('usuarios que conservan la contraseña de demostración', () => {
  it('cuenta los usuarios de demostración habilitados con la contraseña publicada, y ningún otro', async () => {
    expect(await usuariosConContraseniaDemo(base.db)).toBe(0);
    await sembrarEmpresasYUsuarios(base.db);
    expect(await usuariosConContraseniaDemo(base.db)).toBe(USUARIOS_DEMO.length);

    // A real user registered by an administrator, even with the same password, is not a demo user.
    await base.db.insert(usuario).values({
      nombreUsuario: 'real.uno',
      contraseniaHash: await hashContrasenia(CONTRASENIA_DEMO),
      nombre: 'ANA',
      apellidoPaterno: 'PAZ',
      codigoRol: 8,
      nivelUsuario: 8,
      codigoEmpresaUsuario: 2,
      usuarioRegistro: 'admin',
    });
    expect(await usuariosConContraseniaDemo(base.db)).toBe(USUARIOS_DEMO.length);

    // A disabled demo user cannot sign in; one whose password was changed no longer counts.
    await base.db.update(usuario).set({ estadoAnulado: 1 }).where(eq(usuario.nombreUsuario, 'supervisor'));
    await base.db
      .update(usuario)
      .set({ contraseniaHash: await hashContrasenia('Otra.Clave.2026') })
      .where(eq(usuario.nombreUsuario, 'superadmin'));
    expect(await usuariosConContraseniaDemo(base.db)).toBe(USUARIOS_DEMO.length - 2);

    const distinta = await hashContrasenia('Otra.Clave.2026');
    await base.db.update(usuario).set({ contraseniaHash: distinta }).where(inArray(usuario.nombreUsuario, nombres));
    expect(await usuariosConContraseniaDemo(base.db)).toBe(0);
  });
});
