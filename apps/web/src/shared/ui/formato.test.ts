import { describe, expect, it } from 'vitest';
import { enLima, fecha, fechaApi, fechaHora, numero } from './formato';

describe('formats (DOMAIN.md §8)', () => {
  it('shows dates dd/MM/yyyy in Lima time whatever the browser zone', () => {
    // 02:30 UTC on the 15th is still the 14th in Lima (UTC−5).
    expect(fecha('2026-03-15T02:30:00Z')).toBe('14/03/2026');
    expect(fechaHora('2026-03-15T02:30:00Z')).toBe('14/03/2026 21:30');
  });
  it('shows a calendar date (yyyy-MM-dd) as the same day, never shifted by a zone', () => {
    expect(fecha('2026-03-10')).toBe('10/03/2026');
    expect(fecha('2027-01-01')).toBe('01/01/2027');
  });
  it('sends API dates yyyy-MM-dd', () => {
    expect(fechaApi(enLima('2026-12-31T20:00:00Z'))).toBe('2026-12-31');
  });
  it('shows a dash for empty values and Peruvian number grouping', () => {
    expect(fecha(null)).toBe('—');
    expect(numero(undefined)).toBe('—');
    expect(numero(23960.5, 3)).toMatch(/^23[,.\s ]?960[.,]500$/);
  });
});
