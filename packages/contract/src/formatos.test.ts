import { describe, expect, it } from 'vitest';
import { digitoVerificadorRuc, formatearPartida, rucDePersona, rucValido } from './formatos';

describe('RUC', () => {
  it('accepts the documented valid RUC and rejects a wrong check digit', () => {
    expect(rucValido('20512333797')).toBe(true);
    expect(rucValido('20512333798')).toBe(false);
  });
  it('rejects bad prefixes and lengths', () => {
    expect(rucValido('30512333797')).toBe(false);
    expect(rucValido('2051233379')).toBe(false);
    expect(rucValido('2051233379a')).toBe(false);
  });
  it('builds a person RUC from a DNI with its check digit', () => {
    const ruc = rucDePersona('45781236');
    expect(ruc).toMatch(/^1045781236\d$/);
    expect(rucValido(ruc)).toBe(true);
    expect(digitoVerificadorRuc('2051233379')).toBe(7);
  });
});

describe('partida', () => {
  it('formats a 10-digit heading', () => {
    expect(formatearPartida('8517130000')).toBe('8517.13.00.00');
  });
});
