import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { abrirPostgres, type BaseDatos } from '../db/client';
import { CentralNotificaciones } from '../modules/notificaciones/central';
import { Escucha } from './escucha';

/**
 * A listener stopped while its pool is still handing it a connection (the instance shuts down during a
 * reconnection) must not keep that connection: the pool's end waits for every checked-out connection, so a kept
 * one would hold the shutdown forever. The pool has one connection, held by the test, so the listener's request
 * waits; it is stopped, then the connection is freed and reaches it.
 */
const URL_PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Resolves true if `p` settles within `ms`. */
function antesDe(p: Promise<unknown>, ms: number) {
  return Promise.race([p.then(() => true), new Promise<boolean>((ok) => setTimeout(() => ok(false), ms))]);
}

async function detenidaMientrasEspera(
  iniciar: (b: BaseDatos) => { iniciar(): Promise<void>; detener(): Promise<void> },
) {
  const base = abrirPostgres(URL_PG, { max: 1 });
  const pool = base.pool;
  if (!pool) throw new Error('pool');
  const ocupada = await pool.connect();
  const oyente = iniciar(base);
  const arranque = oyente.iniciar();
  await new Promise((ok) => setTimeout(ok, 50));
  expect(pool.waitingCount).toBe(1);
  await oyente.detener();
  ocupada.release();
  await antesDe(
    arranque.catch(() => {}),
    2_000,
  );
  // Every connection is back in the pool (none kept by the stopped listener) and the pool ends.
  expect(pool.totalCount - pool.idleCount).toBe(0);
  expect(await antesDe(base.cerrar(), 2_000)).toBe(true);
}

describe('un oyente detenido mientras el pool le entrega la conexión', () => {
  it('la escucha de un canal la devuelve y el pool se cierra', async () => {
    await detenidaMientrasEspera(
      (b) =>
        new Escucha(
          b,
          'prueba_escucha',
          () => {},
          () => {},
        ),
    );
  });

  it('la central de notificaciones la devuelve y el pool se cierra', async () => {
    await detenidaMientrasEspera((b) => new CentralNotificaciones(b, () => new Date(), pino({ level: 'silent' })));
  });
});
