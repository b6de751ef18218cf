import { describe, expect, it } from 'vitest';
import {
  digitoControlContenedor,
  digitoVerificadorRuc,
  EJEMPLO_CONTENEDOR,
  errorContenedor,
  formatearPartida,
  MENSAJES_CONTENEDOR,
  rucDePersona,
  rucValido,
  tipoImagenPorFirma,
} from './formatos';
import { MENSAJES_ACTA } from './api/aduanas';
import { MENSAJES_MOVIMIENTO } from './movimiento';

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

describe('container number: ISO 6346 check digit, one rule for every form', () => {
  it('accepts known-valid ISO 6346 numbers (CSQU3054383 written CSQU305438-3)', () => {
    expect(digitoControlContenedor('CSQU305438')).toBe(3);
    for (const n of ['CSQU305438-3', 'csqu305438-3', 'MSKU907032-3', 'TGHU976543-0', 'MSKU123456-5']) {
      expect(errorContenedor(n), n).toBeNull();
    }
  });
  it('refuses a wrong ISO 6346 check digit (MSKU123456-7: its digit is 5) and a wrong format', () => {
    expect(digitoControlContenedor('MSKU123456')).toBe(5);
    for (const n of ['MSKU123456-7', 'CSQU305438-4', 'MSKU907032-1', 'ABCD123456-7']) {
      expect(errorContenedor(n), n).toBe(MENSAJES_CONTENEDOR.digito);
    }
    for (const n of ['CSQU3054383', 'CSQ1305438-3', 'ABC123', '']) {
      expect(errorContenedor(n), n).toBe(MENSAJES_CONTENEDOR.formato);
    }
  });
  it('the example users are shown passes the ISO 6346 rule, and the order form and the act say the same', () => {
    expect(errorContenedor(EJEMPLO_CONTENEDOR)).toBeNull();
    const ejemplo = /Ej: (\S+)$/.exec(MENSAJES_CONTENEDOR.formato)?.[1] ?? '';
    expect(errorContenedor(ejemplo)).toBeNull();
    expect(MENSAJES_MOVIMIENTO.contenedor).toBe(MENSAJES_ACTA.contenedorFormato);
    expect(MENSAJES_MOVIMIENTO.contenedorDigito).toBe(MENSAJES_ACTA.contenedorDigito);
  });
});

describe('photo pickers check the content (magic bytes), not the name', () => {
  it('reads JPEG, PNG and TIFF signatures and refuses a text renamed .jpg', () => {
    expect(tipoImagenPorFirma(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(tipoImagenPorFirma(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe('png');
    expect(tipoImagenPorFirma(new Uint8Array([0x49, 0x49, 0x2a, 0x00]))).toBe('tif');
    expect(tipoImagenPorFirma(new Uint8Array([0x4d, 0x4d, 0x00, 0x2a]))).toBe('tif');
    expect(tipoImagenPorFirma(new TextEncoder().encode('Esto no es una foto'))).toBeNull();
    expect(tipoImagenPorFirma(new Uint8Array([]))).toBeNull();
  });
});
