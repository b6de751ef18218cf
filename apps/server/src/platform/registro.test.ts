import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba, CONTRASENIA, crearReloj } from '../../test/entorno';
import { construirApp } from '../app';
import { cargarConfig } from '../config';
import type { BaseDatos } from '../db/client';
import { usuario } from '../db/schema';
import { hashContrasenia } from './contrasenias';

/** Structured logs: one JSON line per event, with the request id, and never a password or a token. */
const lineas: string[] = [];
let base: BaseDatos;
let app: Awaited<ReturnType<typeof construirApp>>;

beforeAll(async () => {
  base = await abrirBasePrueba();
  const destino = new Writable({
    write(trozo, _c, listo) {
      lineas.push(...trozo.toString().split('\n').filter(Boolean));
      listo();
    },
  });
  app = await construirApp({
    config: cargarConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', LOGIN_RETARDO_MS: '0' }),
    base,
    ahora: crearReloj().ahora,
    logger: {
      level: 'info',
      stream: destino,
      redact: ['req.headers.authorization', '*.contrasenia', '*.checkPass', '*.token'],
    },
  });
  await base.db.insert(usuario).values({
    nombreUsuario: 'registro',
    contraseniaHash: await hashContrasenia(CONTRASENIA),
    nombre: 'REGISTRO',
    codigoRol: 8,
    nivelUsuario: 8,
    codigoEmpresaUsuario: 1,
  });
});
afterAll(async () => {
  await app.close();
  await base.cerrar();
});

describe('logs', () => {
  it('carry the request id, echo it to the client, and hold no password or token', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      payload: { nombreUsuario: 'registro', contrasenia: CONTRASENIA },
    });
    expect(r.statusCode).toBe(200);
    const token = r.json().data.token as string;
    await app.inject({ url: '/api/Account/ConsultarSesion', headers: { authorization: `Bearer ${token}` } });
    const id = r.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const eventos = lineas.map((l) => JSON.parse(l) as { reqId?: string; msg?: string });
    expect(eventos.some((e) => e.reqId === id && e.msg === 'request completed')).toBe(true);
    const todo = lineas.join('\n');
    expect(todo).not.toContain(CONTRASENIA);
    expect(todo).not.toContain(token);
  });
});
