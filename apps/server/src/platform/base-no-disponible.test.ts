import { createServer } from 'node:net';
import { MENSAJES } from '@cronos/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../test/entorno';
import { construirApp } from '../app';
import { cargarConfig } from '../config';
import { abrirPostgres } from '../db/client';
import { esBaseNoDisponible, REINTENTAR_SEGUNDOS } from './base-no-disponible';

/** A local port nobody listens on. */
async function puertoCerrado() {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const noDisponible = (r: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expect(r.statusCode).toBe(503);
  expect(r.headers['retry-after']).toBe(String(REINTENTAR_SEGUNDOS));
  expect(r.json()).toMatchObject({ success: false, message: MENSAJES.baseDatosNoDisponible });
};

describe('database unreachable', () => {
  it('a PostgreSQL pool pointed at a closed port answers 503 with Retry-After, never 500', async () => {
    const base = abrirPostgres(`postgres://cronos:cronos@127.0.0.1:${await puertoCerrado()}/cronos`, { max: 2 });
    const config = cargarConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RETARDO_MS: '0' });
    const app = await construirApp({ config, base, logger: false });
    await app.ready();
    try {
      noDisponible(
        await app.inject({
          method: 'POST',
          url: '/api/Account/Login',
          payload: { nombreUsuario: 'admin', contrasenia: 'Prueba.2026' },
        }),
      );
      noDisponible(
        await app.inject({
          method: 'GET',
          url: '/api/Account/ConsultarSesion',
          headers: { authorization: 'Bearer x' },
        }),
      );
      const listo = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(listo.statusCode).toBe(503);
      expect(listo.headers['retry-after']).toBe(String(REINTENTAR_SEGUNDOS));
      expect(listo.json()).toMatchObject({
        status: 'error',
        database: 'postgres',
        message: MENSAJES.baseDatosNoDisponible,
      });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await base.cerrar();
    }
  });

  describe('a connection terminated while the server runs', () => {
    let e: Entorno;
    /** The error the database client throws while "down"; null = up. */
    let caida: (() => Error) | null = null;
    beforeAll(async () => {
      e = await crearEntorno();
      // Neither database can be unplugged from inside a test: while `caida` is set, the client throws what
      // node-postgres throws when the server terminates the connection (the embedded database's calls, or the
      // pool's queries and checkouts on a PostgreSQL server).
      const cortar = (objeto: object, metodos: string[]) => {
        const o = objeto as Record<string, (...a: unknown[]) => Promise<unknown>>;
        for (const metodo of metodos) {
          const original = o[metodo]?.bind(objeto);
          if (!original) continue;
          o[metodo] = (...a: unknown[]) => (caida ? Promise.reject(caida()) : original(...a));
        }
      };
      if (e.base.pglite) cortar(e.base.pglite, ['query', 'exec', 'transaction']);
      if (e.base.pool) cortar(e.base.pool, ['query', 'connect']);
    });
    afterAll(() => e.cerrar());

    const errorPg = (codigo: string, mensaje: string) => () => {
      const err = new pg.DatabaseError(mensaje, 0, 'error');
      err.code = codigo;
      return err;
    };
    const errorRed = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

    it('answers 503 during the outage and works again afterwards without a restart', async () => {
      const s = await e.sesion(8, 1);
      expect((await s.get('/api/Account/ConsultarSesion')).statusCode).toBe(200);
      for (const falla of [
        errorPg('57P01', 'terminating connection due to administrator command'),
        errorPg('08006', 'connection failure'),
        errorRed,
        () => new Error('Connection terminated unexpectedly'),
      ]) {
        caida = falla;
        noDisponible(await s.get('/api/Account/ConsultarSesion'));
        // A valid product: the request passes validation (its session is cached) and needs the database.
        noDisponible(
          await s.post('/api/CatalogoUsuario/GuardarDatos', {
            data: {
              descripcion: 'TELEVISOR LED 55',
              numeroPartida: '8528.72.00.00',
              codigoUnidadMedida: 'NIU',
              codigoExistencia: '01',
            },
          }),
        );
        noDisponible(
          await e.app.inject({
            method: 'POST',
            url: '/api/Account/Login',
            payload: { nombreUsuario: s.usuario.nombreUsuario, contrasenia: 'x' },
          }),
        );
        const listo = await e.app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(listo.statusCode).toBe(503);
        expect(listo.json().message).toBe(MENSAJES.baseDatosNoDisponible);
        caida = null;
        expect((await s.get('/api/Account/ConsultarSesion')).statusCode).toBe(200);
        expect((await e.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      }
    });

    it('a statement error is still a 500, not a 503', async () => {
      const s = await e.sesion(8, 1);
      caida = errorPg('22021', 'invalid byte sequence for encoding "UTF8": 0x00');
      const r = await s.get('/api/Account/ConsultarSesion');
      caida = null;
      expect(r.statusCode).toBe(500);
      expect(r.json().message).toBe(MENSAJES.errorInesperado);
    });
  });

  it('recognises the driver errors through the wrapping of the query builder', () => {
    const envuelto = new Error('Failed query: select 1', {
      cause: Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
    });
    expect(esBaseNoDisponible(envuelto)).toBe(true);
    expect(esBaseNoDisponible(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(
      true,
    );
    expect(esBaseNoDisponible(Object.assign(new Error('x'), { code: '08001' }))).toBe(true);
    expect(esBaseNoDisponible(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(esBaseNoDisponible(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(esBaseNoDisponible(new Error('otro error'))).toBe(false);
  });
});
