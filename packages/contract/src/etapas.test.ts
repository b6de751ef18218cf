import { describe, expect, it } from 'vitest';
import {
  ETAPAS,
  etapasDisponibles,
  MENSAJES_ETAPAS,
  moduloTrasVerificacion,
  modulosDelCambio,
  motivoRechazoEtapa,
  puedeLevantarObservacion,
  puedeObservar,
} from './etapas';

const orden = (estado: number, extra: Partial<Parameters<typeof etapasDisponibles>[0]> = {}) => ({
  codigoEstadoMovimiento: estado,
  codigoEstadoObservado: 0,
  estadoAnulado: 0,
  registradas: [] as number[],
  finalizadas: [] as number[],
  ...extra,
});

describe('tabla de transiciones (DOMAIN.md §4)', () => {
  it('cada estado 1..4 tiene exactamente una etapa que lo mueve al siguiente; 5 es final', () => {
    for (const estado of [1, 2, 3, 4]) {
      const mueven = ETAPAS.filter((e) => e.desde === estado && e.hasta !== null);
      expect(mueven.map((e) => e.hasta)).toEqual([estado + 1]);
    }
    expect(etapasDisponibles(orden(5))).toEqual([]);
  });

  it('ofrece solo las etapas que el servidor aceptaría', () => {
    expect(etapasDisponibles(orden(1))).toEqual([1]);
    expect(etapasDisponibles(orden(3))).toEqual([3]);
    expect(etapasDisponibles(orden(3, { registradas: [1, 2, 3], finalizadas: [1, 2, 3] }))).toEqual([4]);
    expect(etapasDisponibles(orden(4, { registradas: [5], finalizadas: [5] }))).toEqual([6]);
    expect(etapasDisponibles(orden(4, { registradas: [5], finalizadas: [5], codigoEstadoObservado: 2 }))).toEqual([]);
    expect(motivoRechazoEtapa(6, orden(4))).toBe(MENSAJES_ETAPAS.requiereFinalizada('Verificación de salida'));
    expect(motivoRechazoEtapa(2, orden(2, { estadoAnulado: 1 }))).toBe(MENSAJES_ETAPAS.ordenAnulada);
  });

  it('observar solo pendiente y no final; levantar solo observada', () => {
    expect(puedeObservar(orden(3))).toBe(true);
    expect(puedeObservar(orden(5))).toBe(false);
    expect(puedeObservar(orden(3, { codigoEstadoObservado: 1 }))).toBe(false);
    expect(puedeLevantarObservacion(orden(4, { codigoEstadoObservado: 2 }))).toBe(true);
    expect(puedeLevantarObservacion(orden(4))).toBe(false);
  });
});

describe('quién oye un cambio de etapa (según la tabla)', () => {
  it('las pantallas cuya lista gana o pierde la orden, verificaciones solo al llegar', () => {
    expect(modulosDelCambio(1, 2)).toEqual(['security/income', 'balanza/firstScales']);
    expect(modulosDelCambio(2, 3)).toEqual(['balanza/firstScales', 'operator/income', 'balanza/secondScales']);
    expect(modulosDelCambio(3, 4)).toEqual(['balanza/secondScales', 'operator/exit', 'security/exit']);
    expect(modulosDelCambio(4, 5)).toEqual(['security/exit']);
  });
  it('finalizar una verificación habilita la etapa que la exige', () => {
    expect([moduloTrasVerificacion(3), moduloTrasVerificacion(5), moduloTrasVerificacion(2)]).toEqual([
      'balanza/secondScales',
      'security/exit',
      null,
    ]);
  });
});
