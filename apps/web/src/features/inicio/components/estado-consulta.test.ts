import { describe, expect, it } from 'vitest';
import { estadoConsulta } from './estado-consulta';

describe('settings: the external-consultation labels say the real state', () => {
  it("a switch on here but off in the server is not labelled 'Inactiva'", () => {
    expect(estadoConsulta({ activo: true, efectivo: false }).texto).not.toBe('Inactiva');
    expect(estadoConsulta({ activo: true, efectivo: false }).texto).toContain('apagada en el servidor');
  });
  it("on here and in the server is 'Activa'; off here is 'Inactiva'", () => {
    expect(estadoConsulta({ activo: true, efectivo: true }).texto).toBe('Activa');
    expect(estadoConsulta({ activo: false, efectivo: false }).texto).toBe('Inactiva');
  });
});
