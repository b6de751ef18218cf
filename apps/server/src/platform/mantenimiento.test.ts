import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { abrirBasePrueba } from '../../test/entorno';
import { mantenerBase, proximoMantenimiento } from './mantenimiento';

describe('maintenance of the embedded database', () => {
  it('runs next at 03:00 Lima (08:00 UTC), later the same day or the next one', () => {
    expect(proximoMantenimiento(new Date('2026-11-22T07:59:59Z')).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(proximoMantenimiento(new Date('2026-11-22T08:00:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    // 23:30 in Lima is already the next UTC day: still the coming 03:00 Lima.
    expect(proximoMantenimiento(new Date('2026-11-23T04:30:00Z')).toISOString()).toBe('2026-11-23T08:00:00.000Z');
    expect(proximoMantenimiento(new Date('2026-12-31T20:00:00Z')).toISOString()).toBe('2027-01-01T08:00:00.000Z');
  });

  it('vacuums and analyzes the embedded database (statistics appear), and leaves a PostgreSQL server to autovacuum', async () => {
    const base = await abrirBasePrueba();
    try {
      await base.db.execute(sql`create table prueba_mantenimiento (n int)`);
      await base.db.execute(sql`insert into prueba_mantenimiento select generate_series(1, 500)`);
      const estadisticas = async () =>
        (
          (await base.db.execute(
            sql`select count(*)::int as n from pg_stats where tablename = 'prueba_mantenimiento'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n;
      expect(await estadisticas()).toBe(0);
      const hecho = await mantenerBase(base);
      expect(hecho).toBe(base.tipo === 'pglite');
      expect(await estadisticas()).toBe(base.tipo === 'pglite' ? 1 : 0);
    } finally {
      await base.cerrar();
    }
  });
});
