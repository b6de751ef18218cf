import { describe, expect, it } from 'vitest';
import { LADO_MAXIMO, planDeCompresion, tamanioLegible } from './comprimir';

describe('planDeCompresion', () => {
  it('lowers the quality first, then the size, never below the minimum quality', () => {
    const plan = planDeCompresion(2000, 1500);
    expect(plan.slice(0, 3)).toEqual([
      { escala: 1, calidad: 0.85 },
      { escala: 1, calidad: 0.7 },
      { escala: 1, calidad: 0.55 },
    ]);
    expect(plan[3]).toEqual({ escala: 0.75, calidad: 0.6 });
    expect(plan[4]?.escala).toBeCloseTo(0.5625);
    for (const i of plan) expect(i.calidad).toBeGreaterThanOrEqual(0.5);
    for (let n = 1; n < plan.length; n++) expect(plan[n]?.escala).toBeLessThanOrEqual(plan[n - 1]?.escala ?? 1);
  });

  it('starts a very large photo at the longest side kept', () => {
    const [primero] = planDeCompresion(8000, 6000);
    expect(8000 * (primero?.escala ?? 0)).toBe(LADO_MAXIMO);
  });
});

describe('tamanioLegible', () => {
  it('reads as the user expects', () => {
    expect(tamanioLegible(8 * 1024 * 1024)).toBe('8.0 MB');
    expect(tamanioLegible(312 * 1024)).toBe('312 KB');
  });
});
