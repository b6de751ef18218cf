import { describe, expect, it } from 'vitest';
import {
  fechaHoraLima,
  fechaLima,
  finDiaLima,
  horaLima,
  inicioDiaLima,
  instanteLima,
  proximaHoraLima,
  relojLima,
  sumarDias,
} from './hora-lima';

describe('Lima time (UTC−5, no daylight saving)', () => {
  const t = new Date('2026-11-21T03:30:00Z'); // 22:30 of the 20th in Lima
  it('reads the Lima calendar and clock of an instant', () => {
    expect(fechaLima(t)).toBe('2026-11-20');
    expect(fechaLima(t, 1)).toBe('2026-11-21');
    expect(horaLima(t)).toBe('22:30');
    expect(fechaHoraLima(t)).toBe('20/11/2026 22:30');
    expect(relojLima(t)).toBe('2026-11-20T22:30:00.000');
  });
  it('turns a Lima date into the instants that bound it', () => {
    expect(inicioDiaLima('2026-11-20').toISOString()).toBe('2026-11-20T05:00:00.000Z');
    expect(finDiaLima('2026-11-20').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(instanteLima('2026-11-20', '15:00')).toBe('2026-11-20T15:00:00-05:00');
    expect(new Date(instanteLima('2026-06-20', '15:00')).toISOString()).toBe('2026-06-20T20:00:00.000Z');
  });
  it('adds calendar days across months and years', () => {
    expect(sumarDias('2026-12-31', 1)).toBe('2027-01-01');
    expect(sumarDias('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('finds the next Lima hour strictly after now', () => {
    expect(proximaHoraLima(t, 3).toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(proximaHoraLima(new Date('2026-11-21T08:00:00Z'), 3).toISOString()).toBe('2026-11-22T08:00:00.000Z');
  });
});

describe('one Lima clock', () => {
  it('no source file of the server or the web writes the offset itself', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const raiz = join(import.meta.dirname, '../../..');
    const archivos = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? archivos(join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|datos-prueba\.ts$/.test(e.name)
            ? [join(dir, e.name)]
            : [],
      );
    const DESFASE = /-\s*5\s*\*\s*(3_?600|60\b)|-05:00|utcOffset\(\s*-\s*300/;
    const copias = ['apps/server/src', 'apps/web/src', 'packages/contract/src']
      .flatMap((d) => archivos(join(raiz, d)))
      .filter((f) => !f.endsWith('hora-lima.ts') && DESFASE.test(readFileSync(f, 'utf8')))
      .map((f) => relative(raiz, f));
    expect(copias).toEqual([]);
  });
});
