import { describe, expect, it } from 'vitest';
import { textoFilas, textoTotal } from './texto-total';

describe('pager total', () => {
  it('exact totals as the spec writes them; a bounded count says "Más de"', () => {
    expect(textoTotal(37)).toBe('Total 37 registros');
    expect(textoTotal(10_000, true)).toBe('Más de 10 000 registros');
    expect(textoTotal(1_250_000, true)).toBe('Más de 1 250 000 registros');
  });
});

describe("a report's length beside its title", () => {
  it('exact with thousands spaced; a bounded count says "más de"', () => {
    expect(textoFilas(1)).toBe('1 fila');
    expect(textoFilas(2_500)).toBe('2 500 filas');
    expect(textoFilas(10_000, true)).toBe('más de 10 000 filas');
  });
});
