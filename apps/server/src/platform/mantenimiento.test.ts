import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, inject, it, vi } from 'vitest';
import { abrirBasePrueba } from '../../test/entorno';
import { abrirPglite } from '../db/client';
import { type Mantenimiento, mantenerBase, proximoMantenimiento, trabajoMantenimiento } from './mantenimiento';
import { Trabajos } from './trabajos';

describe('maintenance of the embedded database', () => {
  it('runs next at 03:00 Lima (08:00 UTC), later the same day or the next one', () => {
    expect(proximoMantenimiento(new Date('2026-11-22T07:59:59Z')).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(proximoMantenimiento(new Date('2026-11-22T08:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    // 23:30 in Lima is already the next UTC day: still the coming 03:00 Lima.
    expect(proximoMantenimiento(new Date('2026-11-23T04:30:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(proximoMantenimiento(new Date('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-01T08:00:00.000Z');
  });

  it('analyzes the embedded database a table at a time and vacuums the tables that need it; leaves a PostgreSQL server to autovacuum', async () => {
    const base = await abrirBasePrueba();
    try {
      await base.db.execute(sql`create table prueba_mantenimiento (n int)`);
      await base.db.execute(sql`insert into prueba_mantenimiento select generate_series(1, 5000)`);
      const fila = async <T>(q: ReturnType<typeof sql>) =>
        ((await base.db.execute(q)) as unknown as { rows: T[] }).rows[0] as T;
      const estadisticas = async () =>
        (
          await fila<{ n: number }>(
            sql`select count(*)::int as n from pg_stats where tablename = 'prueba_mantenimiento'`,
          )
        ).n;
      const visibles = () =>
        fila<{ paginas: number; visibles: number }>(
          sql`select relpages as paginas, relallvisible as visibles from pg_class where relname = 'prueba_mantenimiento'`,
        );
      expect(await estadisticas()).toBe(0);
      const primera = await mantenerBase(base);
      if (base.tipo !== 'pglite') {
        expect(primera).toBeNull();
        expect(await estadisticas()).toBe(0);
        return;
      }
      // Every table of the schema, each its own statement; the new table was never analyzed, and its pages were all
      // written: analyzed and vacuumed.
      expect(primera?.tablas).toBeGreaterThan(40);
      expect(primera?.analizadas).toContain('public.prueba_mantenimiento');
      expect(primera?.limpiadas).toContain('public.prueba_mantenimiento');
      expect(await estadisticas()).toBe(1);
      const v = await visibles();
      expect(v.paginas).toBeGreaterThan(0);
      expect(v.visibles).toBe(v.paginas);
      // After a start, only the tables that changed: nothing did, so no table is analyzed or vacuumed.
      const segunda = await mantenerBase(base, undefined, { soloCambiadas: true });
      expect(segunda?.tablas).toBe(primera?.tablas);
      expect(segunda?.analizadas).toEqual([]);
      expect(segunda?.limpiadas).toEqual([]);
      // The nightly one analyzes every table again; nothing to vacuum.
      const noche = await mantenerBase(base);
      expect(noche?.analizadas.length).toBe(primera?.tablas);
      expect(noche?.limpiadas).not.toContain('public.prueba_mantenimiento');
      // A twentieth more rows: within the size the last ANALYZE counted (a tenth either way), left alone after a start.
      await base.db.execute(sql`insert into prueba_mantenimiento select generate_series(1, 250)`);
      expect((await mantenerBase(base, undefined, { soloCambiadas: true }))?.analizadas).toEqual([]);
      // Every row updated (a new version of each): the table grew, so it is analyzed after a start too, and its pages
      // are no longer all-visible, so it is vacuumed again.
      await base.db.execute(sql`update prueba_mantenimiento set n = n + 1`);
      const tercera = await mantenerBase(base, undefined, { soloCambiadas: true });
      expect(tercera?.analizadas).toEqual(['public.prueba_mantenimiento']);
      expect(tercera?.limpiadas).toContain('public.prueba_mantenimiento');
      // Stopped (the server closing): no statement after the request to stop.
      let pedidas = 0;
      const parada = await mantenerBase(base, undefined, { detener: () => ++pedidas > 3 });
      expect(parada?.tablas).toBeLessThanOrEqual(3);
    } finally {
      await base.cerrar();
    }
  });
});

describe('the maintenance while the server runs', () => {
  it('a minute after the start takes only the tables that changed, and every table at 03:00 Lima', async () => {
    const base = await abrirBasePrueba();
    if (base.tipo !== 'pglite') return base.cerrar();
    await mantenerBase(base);
    await base.db.execute(sql`create table prueba_arranque (n int)`);
    await base.db.execute(sql`insert into prueba_arranque select generate_series(1, 2000)`);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const registros: Mantenimiento[] = [];
    const log = {
      info: (r: Mantenimiento) => registros.push(r),
      error: (e: unknown) => registros.push(e as Mantenimiento),
      warn: (e: unknown) => registros.push(e as Mantenimiento),
    } as unknown as FastifyBaseLogger;
    const trabajos = new Trabajos(base, log);
    try {
      vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
      trabajos.registrar(trabajoMantenimiento(base, log));
      trabajos.iniciar();
      for (let i = 0; i < 600 && registros.length < 1; i++) await vi.advanceTimersByTimeAsync(1_000);
      // After the start: only the new table (never analyzed).
      expect(registros[0]?.analizadas).toEqual(['public.prueba_arranque']);
      for (let i = 0; i < 48 && registros.length < 2; i++) await vi.advanceTimersByTimeAsync(3_600_000);
      // At night (08:00 UTC the next day): every table.
      expect(registros[1]?.analizadas.length).toBe(registros[1]?.tablas);
      expect(new Date().toISOString() >= '2026-11-23T08:00:00.000Z').toBe(true);
    } finally {
      await trabajos.detener();
      vi.useRealTimers();
      await base.cerrar();
    }
  });
});

// The embedded run's migrated dump (a fresh initdb takes seconds of CPU, over a minute on a busy machine). The suite
// against a PostgreSQL server has none and skips this test, which is about the embedded database only.
const rutaVolcado = inject('volcadoPglite');

describe.runIf(rutaVolcado)('embedded database buffers', () => {
  it('are 16 MB unless configured', async () => {
    const ajuste = async (b: Awaited<ReturnType<typeof abrirPglite>>) =>
      ((await b.db.execute(sql`select current_setting('shared_buffers') as s`)) as unknown as { rows: { s: string }[] })
        .rows[0]?.s;
    const volcado = () => new Blob([readFileSync(rutaVolcado)]);
    const porDefecto = await abrirPglite({ cargar: volcado() });
    const configurada = await abrirPglite({ cargar: volcado(), bufferes: '48MB' });
    try {
      expect(await ajuste(porDefecto)).toBe('16MB');
      expect(await ajuste(configurada)).toBe('48MB');
    } finally {
      await porDefecto.cerrar();
      await configurada.cerrar();
    }
  });
});
