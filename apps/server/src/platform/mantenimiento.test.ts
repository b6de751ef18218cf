import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { abrirBasePrueba } from '../../test/entorno';
import { abrirPglite } from '../db/client';
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

describe('embedded database buffers', () => {
  it('are 16 MB unless configured', async () => {
    const ajuste = async (b: Awaited<ReturnType<typeof abrirPglite>>) =>
      ((await b.db.execute(sql`select current_setting('shared_buffers') as s`)) as unknown as { rows: { s: string }[] })
        .rows[0]?.s;
    // From the migrated dump of the test run when there is one (a fresh initdb takes seconds on a busy machine).
    const ruta = inject('volcadoPglite');
    const volcado = () => (ruta ? new Blob([readFileSync(ruta)]) : undefined);
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
