import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../test/entorno';
import { abrirPostgres, type BaseDatos } from '../db/client';
import { esperaReintento, Trabajos } from './trabajos';

/**
 * The background jobs (platform/trabajos.ts) on the test database: schedule, one instance at a time over the lease,
 * retries with back-off, figures, shutdown. Two instances are two Trabajos, on two pools of one PostgreSQL database
 * when the tests run against it (on the embedded one, two Trabajos of one process share its lease table).
 */
const log = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
const pausa = (ms: number) => new Promise((listo) => setTimeout(listo, ms));

let base: BaseDatos;
let otra: BaseDatos;
const abiertos: Trabajos[] = [];
const nuevo = (b: BaseDatos) => {
  const t = new Trabajos(b, log);
  abiertos.push(t);
  return t;
};

beforeAll(async () => {
  base = await abrirBasePrueba();
  const url = (base.pool as (pg.Pool & { options: { connectionString?: string } }) | undefined)?.options
    .connectionString;
  otra = url ? abrirPostgres(url) : base;
});

afterAll(async () => {
  for (const t of abiertos) await t.detener();
  if (otra !== base) await otra.cerrar();
  await base?.cerrar();
});

const fila = async (nombre: string) =>
  (
    (await base.db.execute(
      sql`select ejecuciones::int, fallas::int, fallos_seguidos, ocupado_por, ultimo_exito, ultimo_error
        from trabajo where nombre = ${nombre}`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows[0];

describe('background jobs', () => {
  it('runs a job on its schedule and counts its runs', async () => {
    const t = nuevo(base);
    let veces = 0;
    t.registrar({
      nombre: 'cada-100ms',
      intervaloMs: 100,
      ejecutar: async () => {
        veces += 1;
      },
    });
    t.iniciar();
    await pausa(1_000);
    await t.detener();
    // Once at the start, then every 100 ms after the end of the last run (each run also writes its lease: slower).
    expect(veces).toBeGreaterThanOrEqual(3);
    expect(veces).toBeLessThanOrEqual(11);
    const [m] = t.metricas();
    expect(m).toMatchObject({ nombre: 'cada-100ms', ejecuciones: veces, fallas: 0, enCurso: false });
    expect(m?.ultimoExito).toBeInstanceOf(Date);
    expect(m?.ultimaDuracionMs).toBeGreaterThanOrEqual(0);
    expect(await fila('cada-100ms')).toMatchObject({ ejecuciones: veces, fallas: 0, ocupado_por: null });
    const antes = veces;
    await pausa(300);
    expect(veces).toBe(antes);
  }, 30_000);

  it('two instances never run the same job at once, and share its schedule', async () => {
    const a = nuevo(base);
    const b = nuevo(otra);
    let activos = 0;
    let maximo = 0;
    const corridas: string[] = [];
    for (const [t, quien] of [
      [a, 'a'],
      [b, 'b'],
    ] as const)
      t.registrar({
        nombre: 'exclusivo',
        intervaloMs: 30,
        ejecutar: async () => {
          activos += 1;
          maximo = Math.max(maximo, activos);
          corridas.push(quien);
          await pausa(40);
          activos -= 1;
        },
      });
    a.iniciar();
    b.iniciar();
    // Wakes from both instances at once on top of the timers (new work arriving on each).
    for (let i = 0; i < 10; i++) {
      await Promise.all([a.despertar('exclusivo'), b.despertar('exclusivo')]);
      await pausa(20);
    }
    await pausa(500);
    await Promise.all([a.detener(), b.detener()]);
    expect(maximo).toBe(1);
    expect(corridas.length).toBeGreaterThanOrEqual(10);
    const total = a.metricas()[0]?.ejecuciones ?? 0;
    expect(total + (b.metricas()[0]?.ejecuciones ?? 0)).toBe(corridas.length);
    expect(await fila('exclusivo')).toMatchObject({ ejecuciones: corridas.length, ocupado_por: null });
  }, 30_000);

  it('a held lease is not taken until it expires; an expired one (its holder died) is', async () => {
    await base.db.execute(sql`insert into trabajo (nombre, ocupado_por, ocupado_hasta)
      values ('abandonado', 'otra-instancia', now() + interval '400 milliseconds')`);
    const t = nuevo(base);
    let veces = 0;
    t.registrar({
      nombre: 'abandonado',
      intervaloMs: 60_000,
      ejecutar: async () => {
        veces += 1;
      },
    });
    // Held: the wake waits for the lease (its holder never gives it back: it expires) and then runs it.
    const inicio = performance.now();
    const espera = t.despertar('abandonado');
    await pausa(200);
    expect(veces).toBe(0);
    await espera;
    expect(veces).toBe(1);
    expect(performance.now() - inicio).toBeGreaterThanOrEqual(350);
    expect(await fila('abandonado')).toMatchObject({ ocupado_por: null, ejecuciones: 1 });
  }, 30_000);

  it('retries a failing job with back-off, and counts its failures', async () => {
    expect([1, 2, 3, 4, 10].map((n) => esperaReintento(n, 50, 300))).toEqual([50, 100, 200, 300, 300]);
    const t = nuevo(base);
    const momentos: number[] = [];
    t.registrar({
      nombre: 'falla-tres-veces',
      intervaloMs: 60_000,
      reintentoMs: 60,
      reintentoMaxMs: 1_000,
      ejecutar: async () => {
        momentos.push(performance.now());
        if (momentos.length <= 3) throw new Error(`falla ${momentos.length}`);
      },
    });
    t.iniciar();
    const limite = performance.now() + 10_000;
    while (momentos.length < 4 && performance.now() < limite) await pausa(20);
    await pausa(100);
    await t.detener();
    expect(momentos).toHaveLength(4);
    const esperas = momentos.slice(1).map((m, i) => m - (momentos[i] ?? 0));
    // 60, 120, 240 ms after each failure (plus the time to record it).
    expect(esperas[0]).toBeGreaterThanOrEqual(55);
    expect(esperas[1]).toBeGreaterThanOrEqual(115);
    expect(esperas[2]).toBeGreaterThanOrEqual(235);
    expect(t.metricas()[0]).toMatchObject({ ejecuciones: 4, fallas: 3, fallosSeguidos: 0, ultimoError: null });
    expect(await fila('falla-tres-veces')).toMatchObject({ ejecuciones: 4, fallas: 3, fallos_seguidos: 0 });
  }, 30_000);

  it('a failure recorded by one instance sets the back-off the other one follows', async () => {
    const a = nuevo(base);
    const b = nuevo(otra);
    let veces = 0;
    for (const t of [a, b])
      t.registrar({
        nombre: 'falla-compartida',
        intervaloMs: 60_000,
        reintentoMs: 5_000,
        ejecutar: async () => {
          veces += 1;
          throw new Error('sin receptor');
        },
      });
    await a.despertar('falla-compartida');
    expect(veces).toBe(1);
    a.iniciar();
    b.iniciar();
    await pausa(400);
    expect(veces).toBe(1);
    expect(await fila('falla-compartida')).toMatchObject({
      fallas: 1,
      fallos_seguidos: 1,
      ultimo_error: 'sin receptor',
    });
  }, 30_000);

  it('closing stops the timers and waits for the running job, which is told to stop', async () => {
    const t = nuevo(base);
    let terminado = false;
    let veces = 0;
    let abortado = false;
    t.registrar({
      nombre: 'largo',
      intervaloMs: 10,
      ejecutar: async (senal) => {
        veces += 1;
        await pausa(300);
        abortado = senal.aborted;
        terminado = true;
      },
    });
    t.iniciar();
    await pausa(50);
    expect(t.metricas()[0]?.enCurso).toBe(true);
    await t.detener();
    expect(terminado).toBe(true);
    expect(abortado).toBe(true);
    await pausa(100);
    expect(veces).toBe(1);
    expect(await fila('largo')).toMatchObject({ ejecuciones: 1, ocupado_por: null });
  }, 30_000);
});
