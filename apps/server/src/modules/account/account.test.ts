import { INACTIVIDAD_MS, MENSAJES } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRASENIA, crearEntorno, type Entorno } from '../../../test/entorno';
import { usuario } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({ env: { LOGIN_INTENTOS_BLOQUEO: '5', LOGIN_BLOQUEO_MINUTOS: '15' } });
});
afterAll(() => e.cerrar());

const login = (nombreUsuario: string, contrasenia: string) =>
  e.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { nombreUsuario, contrasenia } });
const conToken = (token: string, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  e.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe('POST /api/Account/Login', () => {
  it('signs in with the session fields, the menu and an opaque token', async () => {
    const emp = await e.crearEmpresa();
    const u = await e.crearUsuario(8, emp.codigoEmpresaUsuario);
    const r = await login(u.nombreUsuario.toUpperCase(), CONTRASENIA);
    expect(r.statusCode).toBe(200);
    const { data, success } = r.json();
    expect(success).toBe(true);
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(data.usuario).toMatchObject({
      codigoUsuario: u.codigoUsuario,
      codigoRol: 8,
      codigoEmpresaUsuario: emp.codigoEmpresaUsuario,
      nivelUsuario: 8,
    });
    expect(data.usuario).not.toHaveProperty('contraseniaHash');
    const urls = data.permisos.flatMap((g: { detalle: { urlLink: string }[] }) => g.detalle.map((d) => d.urlLink));
    expect(urls).toContain('/app/operations/order/register');
    expect(urls).not.toContain('/app/administration/staff');
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const u = await e.crearUsuario(2, 1);
    const a = await login(u.nombreUsuario, 'otra-clave-1');
    const b = await login('nadie-con-este-nombre', 'otra-clave-1');
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(401);
    expect(a.json().message).toBe(MENSAJES.credencialesInvalidas);
    expect(b.json().message).toBe(a.json().message);
  });

  it('refuses a disabled user even with the right password', async () => {
    const u = await e.crearUsuario(8, 1, { estadoAnulado: 1 });
    const r = await login(u.nombreUsuario, CONTRASENIA);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MENSAJES.usuarioDeshabilitado);
  });

  it('locks a name after too many failures, even for the right password, until the lock passes', async () => {
    const u = await e.crearUsuario(8, 1);
    const estados: number[] = [];
    for (let i = 0; i < 5; i++) estados.push((await login(u.nombreUsuario, `mala-${i}-x`)).statusCode);
    expect(estados).toEqual([401, 401, 401, 401, 429]);
    const bloqueado = await login(u.nombreUsuario, CONTRASENIA);
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json().message).toMatch(/Demasiados intentos fallidos/);
    e.reloj.avanzar(16 * 60_000);
    expect((await login(u.nombreUsuario, CONTRASENIA)).statusCode).toBe(200);
  });

  it('validates the body with field messages', async () => {
    const r = await e.app.inject({ method: 'POST', url: '/api/Account/Login', payload: { nombreUsuario: '' } });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toMatchObject({ nombreUsuario: [MENSAJES.requerido], contrasenia: [MENSAJES.requerido] });
  });
});

describe('session tokens', () => {
  it('refuses a forged token and a missing one with 401', async () => {
    const forjado = await conToken('x'.repeat(43), '/api/Account/ConsultarSesion');
    expect(forjado.statusCode).toBe(401);
    expect(forjado.json().message).toBe(MENSAJES.sesionInvalida);
    expect((await e.app.inject({ url: '/api/Account/ConsultarSesion' })).statusCode).toBe(401);
  });

  it('expires after 40 minutes without activity, and not before', async () => {
    const u = await e.crearUsuario(8, 1);
    const token = await e.login(u.nombreUsuario);
    e.reloj.avanzar(INACTIVIDAD_MS - 60_000);
    expect((await conToken(token, '/api/Account/ConsultarSesion')).statusCode).toBe(200);
    e.reloj.avanzar(INACTIVIDAD_MS);
    expect((await conToken(token, '/api/Account/ConsultarSesion')).statusCode).toBe(401);
  });

  it('ends after 12 hours however active the user is', async () => {
    const u = await e.crearUsuario(8, 1);
    const token = await e.login(u.nombreUsuario);
    for (let h = 0; h < 23; h++) {
      e.reloj.avanzar(30 * 60_000);
      expect((await conToken(token, '/api/Account/ConsultarSesion')).statusCode).toBe(200);
    }
    e.reloj.avanzar(30 * 60_000);
    expect((await conToken(token, '/api/Account/ConsultarSesion')).statusCode).toBe(401);
  });

  it('logout revokes the token at once', async () => {
    const u = await e.crearUsuario(8, 1);
    const token = await e.login(u.nombreUsuario);
    expect((await conToken(token, '/api/Account/Logout', 'POST')).statusCode).toBe(200);
    expect((await conToken(token, '/api/Account/ConsultarSesion')).statusCode).toBe(401);
  });

  it('disabling a user ends its open sessions on the next call', async () => {
    const u = await e.crearUsuario(8, 1);
    const token = await e.login(u.nombreUsuario);
    await e.db.update(usuario).set({ estadoAnulado: 1 }).where(eq(usuario.codigoUsuario, u.codigoUsuario));
    expect((await conToken(token, '/api/Account/ConsultarSesion')).statusCode).toBe(401);
  });
});

describe('POST /api/Account/ActualizaContrasenia', () => {
  it('refuses a mismatch and a weak password with the spec messages', async () => {
    const s = await e.sesion(8, 1);
    const r = await s.post('/api/Account/ActualizaContrasenia', { contrasenia: 'Nueva.2027', checkPass: 'Otra.2027' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors.checkPass).toEqual([MENSAJES.contraseniasIguales]);
    const vacia = await s.post('/api/Account/ActualizaContrasenia', { contrasenia: '', checkPass: '' });
    expect(vacia.json().errors).toMatchObject({
      contrasenia: [MENSAJES.nuevaContraseniaRequerida],
      checkPass: [MENSAJES.confirmeContrasenia],
    });
  });

  it('changes the own password: the old one stops working, other sessions end, this one stays', async () => {
    const s = await e.sesion(8, 1);
    const otra = await e.login(s.usuario.nombreUsuario);
    const r = await s.post('/api/Account/ActualizaContrasenia', {
      contraseniaActual: CONTRASENIA,
      contrasenia: 'Nueva.2027',
      checkPass: 'Nueva.2027',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ success: true, message: MENSAJES.contraseniaActualizada });
    expect((await s.get('/api/Account/ConsultarSesion')).statusCode).toBe(200);
    expect((await conToken(otra, '/api/Account/ConsultarSesion')).statusCode).toBe(401);
    expect((await login(s.usuario.nombreUsuario, CONTRASENIA)).statusCode).toBe(401);
    expect((await login(s.usuario.nombreUsuario, 'Nueva.2027')).statusCode).toBe(200);
  });

  it('needs the current password for the own change: missing or wrong changes nothing', async () => {
    const s = await e.sesion(8, 1);
    const antes = await e.contarAuditoria();
    const sin = await s.post('/api/Account/ActualizaContrasenia', {
      contrasenia: 'Nueva.2027',
      checkPass: 'Nueva.2027',
    });
    expect(sin.statusCode).toBe(422);
    expect(sin.json().errors).toEqual({ contraseniaActual: [MENSAJES.contraseniaActualRequerida] });
    const mala = await s.post('/api/Account/ActualizaContrasenia', {
      contraseniaActual: 'Otra.2026',
      contrasenia: 'Nueva.2027',
      checkPass: 'Nueva.2027',
    });
    expect(mala.statusCode).toBe(422);
    expect(mala.json().errors).toEqual({ contraseniaActual: [MENSAJES.contraseniaActualIncorrecta] });
    // Its own id in the body is still its own password.
    const propiaPorCodigo = await s.post('/api/Account/ActualizaContrasenia', {
      codigoUsuario: s.usuario.codigoUsuario,
      contrasenia: 'Nueva.2027',
      checkPass: 'Nueva.2027',
    });
    expect(propiaPorCodigo.statusCode).toBe(422);
    expect(await e.contarAuditoria()).toBe(antes);
    expect((await login(s.usuario.nombreUsuario, CONTRASENIA)).statusCode).toBe(200);
    expect((await login(s.usuario.nombreUsuario, 'Nueva.2027')).statusCode).toBe(401);
  });

  it('wrong current passwords count as sign-in failures and lock the name', async () => {
    const s = await e.sesion(8, 1);
    const intento = () =>
      s.post('/api/Account/ActualizaContrasenia', {
        contraseniaActual: 'Adivina.2026',
        contrasenia: 'Nueva.2027',
        checkPass: 'Nueva.2027',
      });
    for (let i = 0; i < 4; i++) expect((await intento()).statusCode).toBe(422);
    const quinto = await intento();
    expect(quinto.statusCode).toBe(429);
    expect(quinto.json().message).toBe(MENSAJES.cuentaBloqueada(15));
    // Locked: even the right current password waits, and so does the sign-in.
    const correcta = await s.post('/api/Account/ActualizaContrasenia', {
      contraseniaActual: CONTRASENIA,
      contrasenia: 'Nueva.2027',
      checkPass: 'Nueva.2027',
    });
    expect(correcta.statusCode).toBe(429);
    expect((await login(s.usuario.nombreUsuario, CONTRASENIA)).statusCode).toBe(429);
  });

  it('the first sign-in change asks for the temporary password too', async () => {
    const u = await e.crearUsuario(8, 1, { debeCambiarContrasenia: true });
    const token = await e.login(u.nombreUsuario);
    const sin = await conToken(token, '/api/Account/ActualizaContrasenia', 'POST', {
      contrasenia: 'Propia.2027',
      checkPass: 'Propia.2027',
    });
    expect(sin.json().errors).toEqual({ contraseniaActual: [MENSAJES.contraseniaActualRequerida] });
    const r = await conToken(token, '/api/Account/ActualizaContrasenia', 'POST', {
      contraseniaActual: CONTRASENIA,
      contrasenia: 'Propia.2027',
      checkPass: 'Propia.2027',
    });
    expect(r.statusCode).toBe(200);
    const [fila] = await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, u.codigoUsuario));
    expect(fila?.debeCambiarContrasenia).toBe(false);
  });

  it('lets an administrator reset a user of its company, never a SuperAdministrador unless it is one', async () => {
    const emp = await e.crearEmpresa();
    const otraEmp = await e.crearEmpresa();
    const admin = await e.sesion(2, emp.codigoEmpresaUsuario);
    const empleado = await e.crearUsuario(8, emp.codigoEmpresaUsuario);
    const ajeno = await e.crearUsuario(8, otraEmp.codigoEmpresaUsuario);
    const jefe = await e.crearUsuario(1, emp.codigoEmpresaUsuario);
    const cuerpo = (codigoUsuario: number) => ({ codigoUsuario, contrasenia: 'Reset.2027', checkPass: 'Reset.2027' });
    expect((await admin.post('/api/Account/ActualizaContrasenia', cuerpo(empleado.codigoUsuario))).statusCode).toBe(
      200,
    );
    expect((await admin.post('/api/Account/ActualizaContrasenia', cuerpo(ajeno.codigoUsuario))).statusCode).toBe(404);
    expect((await admin.post('/api/Account/ActualizaContrasenia', cuerpo(jefe.codigoUsuario))).statusCode).toBe(403);
    const seguridad = await e.sesion(3, emp.codigoEmpresaUsuario);
    expect((await seguridad.post('/api/Account/ActualizaContrasenia', cuerpo(empleado.codigoUsuario))).statusCode).toBe(
      403,
    );
    const [fila] = await e.db.select().from(usuario).where(eq(usuario.codigoUsuario, empleado.codigoUsuario));
    expect(fila?.debeCambiarContrasenia).toBe(true);
    // The administrator's reset needs no current password (neither the administrator's nor the user's).
    expect((await login(empleado.nombreUsuario, 'Reset.2027')).statusCode).toBe(200);
  });
});
