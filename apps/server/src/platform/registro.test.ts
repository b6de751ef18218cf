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
    const eventos = lineas.map(
      (l) => JSON.parse(l) as { reqId?: string; msg?: string; metodo?: string; ruta?: string; estado?: number },
    );
    // One line per request, when it answers: its method, route and status.
    const delLogin = eventos.filter((e) => e.reqId === id);
    expect(delLogin).toHaveLength(1);
    expect(delLogin[0]).toMatchObject({
      msg: 'request completed',
      metodo: 'POST',
      ruta: '/api/Account/Login',
      estado: 200,
    });
    const todo = lineas.join('\n');
    expect(todo).not.toContain(CONTRASENIA);
    expect(todo).not.toContain(token);
  });

  it('name the route, never the values of the query string (a document number searched at the gate)', async () => {
    const antes = lineas.length;
    const r = await app.inject({
      url: '/api/ControlSeguridad/ConsultarMovimientoControl?NumeroDocumentoIdentidad=47125836&CodigoEstadoMovimiento=1',
    });
    expect(r.statusCode).toBe(401);
    const nuevas = lineas.slice(antes).join('\n');
    expect(nuevas).toContain('"ruta":"/api/ControlSeguridad/ConsultarMovimientoControl"');
    expect(nuevas).not.toContain('47125836');
    const sinRuta = await app.inject({ url: '/api/NoExiste/Nada?NumeroDocumentoIdentidad=47125836' });
    expect(sinRuta.statusCode).toBe(404);
    expect(lineas.slice(antes).join('\n')).not.toContain('47125836');
  });
});
