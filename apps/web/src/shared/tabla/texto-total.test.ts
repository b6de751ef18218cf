import { describe, expect, it } from 'vitest';
import { textoTotal } from './texto-total';

describe('pager total', () => {
  it('exact totals as the spec writes them; a bounded count says "Más de"', () => {
    expect(textoTotal(37)).toBe('Total 37 registros');
    expect(textoTotal(10_000, true)).toBe('Más de 10 000 registros');
    expect(textoTotal(1_250_000, true)).toBe('Más de 1 250 000 registros');
  });
});
