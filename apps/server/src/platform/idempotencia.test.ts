import { ROL } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../test/entorno';
import { solicitudIdempotente } from '../db/schema';

let env: Entorno;
let empresa: number;
beforeAll(async () => {
  env = await crearEntorno();
  empresa = (await env.crearEmpresa()).codigoEmpresaUsuario;
});
afterAll(() => env.cerrar());

const enviar = (token: string, clave: string | undefined, detalle = 'guardado desde el formulario') =>
  env.app.inject({
    method: 'POST',
    url: '/api/General/GuardarLogSys',
    headers: { authorization: `Bearer ${token}`, ...(clave === undefined ? {} : { 'idempotency-key': clave }) },
    payload: { detalle },
  });

describe('Idempotency-Key: nada se ejecuta dos veces al reenviar', () => {
  it('el reenvío con la misma clave devuelve la respuesta guardada y no repite el cambio', async () => {
    const s = await env.sesion(ROL.Usuario, empresa);
    const antes = await env.contarAuditoria();
    const r1 = await enviar(s.token, 'clave-0001-aaaa');
    const r2 = await enviar(s.token, 'clave-0001-aaaa');
    expect(r1.statusCode).toBe(200);
    expect(r2.statusCode).toBe(200);
    expect(r2.json()).toEqual(r1.json());
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect(await env.contarAuditoria()).toBe(antes + 1);
  });

  it('sin clave, o con otra clave, cada envío es una operación', async () => {
    const s = await env.sesion(ROL.Usuario, empresa);
    const antes = await env.contarAuditoria();
    await enviar(s.token, undefined);
    await enviar(s.token, undefined);
    await enviar(s.token, 'clave-0002-aaaa');
    await enviar(s.token, 'clave-0002-bbbb');
    expect(await env.contarAuditoria()).toBe(antes + 4);
  });

  it('la clave es de cada usuario: otro usuario con la misma clave no recibe la respuesta ajena', async () => {
    const a = await env.sesion(ROL.Usuario, empresa);
    const b = await env.sesion(ROL.Usuario, empresa);
    const antes = await env.contarAuditoria();
    await enviar(a.token, 'clave-0003-comun');
    const rb = await enviar(b.token, 'clave-0003-comun');
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(await env.contarAuditoria()).toBe(antes + 2);
  });

  it('una respuesta de validación (422) también se repite tal cual, sin escribir nada', async () => {
    const s = await env.sesion(ROL.Usuario, empresa);
    const antes = await env.contarAuditoria();
    const r1 = await enviar(s.token, 'clave-0004-aaaa', '');
    const r2 = await enviar(s.token, 'clave-0004-aaaa', '');
    expect(r1.statusCode).toBe(422);
    expect(r2.statusCode).toBe(422);
    expect(r2.json()).toEqual(r1.json());
    expect(await env.contarAuditoria()).toBe(antes);
  });

  it('mientras la primera sigue en curso, el reenvío recibe 409; pasado el plazo, el reenvío la reemplaza', async () => {
    const s = await env.sesion(ROL.Usuario, empresa);
    await env.db.insert(solicitudIdempotente).values({
      codigoUsuario: s.usuario.codigoUsuario,
      clave: 'clave-0005-aaaa',
      ruta: '/api/General/GuardarLogSys',
      fecha: env.reloj.ahora(),
    });
    const r = await enviar(s.token, 'clave-0005-aaaa');
    expect(r.statusCode).toBe(409);
    expect(r.json().message).toBe('La solicitud anterior aún se está procesando. Intente nuevamente.');
    env.reloj.avanzar(3 * 60_000);
    const antes = await env.contarAuditoria();
    const s2 = await enviar(s.token, 'clave-0005-aaaa');
    expect(s2.statusCode).toBe(200);
    expect(await env.contarAuditoria()).toBe(antes + 1);
  });

  it.each([
    ['corta', 'abc'],
    ['con caracteres no permitidos', 'clave con espacios'],
    ['demasiado larga', 'x'.repeat(101)],
  ])('rechaza una clave %s con 400 y no ejecuta nada', async (_n, clave) => {
    const s = await env.sesion(ROL.Usuario, empresa);
    const antes = await env.contarAuditoria();
    const r = await enviar(s.token, clave);
    expect(r.statusCode).toBe(400);
    expect(await env.contarAuditoria()).toBe(antes);
  });

  it('la misma clave en otra operación es un error, no una respuesta ajena', async () => {
    const s = await env.sesion(ROL.Usuario, empresa);
    await enviar(s.token, 'clave-0006-aaaa');
    const r = await env.app.inject({
      method: 'POST',
      url: '/api/Account/Logout',
      headers: { authorization: `Bearer ${s.token}`, 'idempotency-key': 'clave-0006-aaaa' },
      payload: {},
    });
    expect(r.statusCode).toBe(422);
  });
});
