import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRASENIA, crearEntorno, type Entorno } from '../../../test/entorno';
import { usuario } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

const cuerpo = (codigoUsuario: number) => ({ codigoUsuario, contrasenia: 'Reset.2027', checkPass: 'Reset.2027' });
const hashDe = async (codigoUsuario: number) =>
  (await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, codigoUsuario)))[0]?.contraseniaHash;

/** Change password from the users lists (spec 02 §2, §6): an administrator's act, seen from every side. */
describe("ActualizaContrasenia for another user's password", () => {
  it('is refused to users below level 2 even when their tree lets them edit the users screen', async () => {
    const emp = await e.crearEmpresa();
    const admin = await e.crearUsuario(2, emp.codigoEmpresaUsuario);
    const antes = await hashDe(admin.codigoUsuario);
    // Role 8 and role 9 get the users screen with the edit flag by default (PERMISOS_POR_ROL).
    const empleado = await e.sesion(8, emp.codigoEmpresaUsuario);
    expect((await empleado.post('/api/Account/ActualizaContrasenia', cuerpo(admin.codigoUsuario))).statusCode).toBe(
      403,
    );
    const tesorero = await e.sesion(9, 1);
    const adminOperador = await e.crearUsuario(2, 1);
    expect(
      (await tesorero.post('/api/Account/ActualizaContrasenia', cuerpo(adminOperador.codigoUsuario))).statusCode,
    ).toBe(403);
    expect(await hashDe(admin.codigoUsuario)).toBe(antes);
    // Their own password they still change.
    expect(
      (
        await empleado.post('/api/Account/ActualizaContrasenia', {
          contraseniaActual: CONTRASENIA,
          contrasenia: 'Mia.20277',
          checkPass: 'Mia.20277',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('SuperAdministrador rows: level 1 changes the password, level 2 is refused', async () => {
    const superA = await e.crearUsuario(1, 1);
    const antes = await hashDe(superA.codigoUsuario);
    const admin = await e.sesion(2, 1);
    expect((await admin.post('/api/Account/ActualizaContrasenia', cuerpo(superA.codigoUsuario))).statusCode).toBe(403);
    expect(await hashDe(superA.codigoUsuario)).toBe(antes);
    const jefe = await e.sesion(1, 1);
    const r = await jefe.post('/api/Account/ActualizaContrasenia', cuerpo(superA.codigoUsuario));
    expect(r.statusCode, r.body).toBe(200);
    expect(await hashDe(superA.codigoUsuario)).not.toBe(antes);
  });
});
