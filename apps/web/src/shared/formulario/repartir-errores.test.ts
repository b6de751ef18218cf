import { describe, expect, it } from 'vitest';
import { repartirErrores } from './repartir-errores';

describe('repartirErrores: every 422 field message lands somewhere', () => {
  const registrados = [['ruc'], ['lineas', 0, 'descripcion'], ['mes']];

  it('puts a message on the field of the same name, with list positions as numbers', () => {
    const r = repartirErrores(
      { ruc: ['RUC inválido'], 'lineas.0.descripcion': ['Ingrese la descripción'] },
      registrados,
    );
    expect(r.campos).toEqual([
      { name: ['ruc'], errors: ['RUC inválido'] },
      { name: ['lineas', 0, 'descripcion'], errors: ['Ingrese la descripción'] },
    ]);
    expect(r.sueltos).toEqual([]);
  });

  it("maps the server's name to the form's, and reads a 'data.' body's field as the form's", () => {
    const r = repartirErrores(
      { anioMes: ['Ya existe un registro para este mes.'], 'data.ruc': ['RUC duplicado'] },
      registrados,
      { anioMes: 'mes' },
    );
    expect(r.campos).toEqual([
      { name: ['mes'], errors: ['Ya existe un registro para este mes.'] },
      { name: ['ruc'], errors: ['RUC duplicado'] },
    ]);
  });

  it('keeps for the notice the messages of fields the form does not have, once, and not the notice text', () => {
    const r = repartirErrores(
      {
        detalle: ['Debe seleccionar al menos un módulo'],
        archivo: ['Debe adjuntar un archivo.', 'Debe seleccionar al menos un módulo'],
        Ruc: ['Corrija los campos marcados'],
      },
      registrados,
      {},
      'Corrija los campos marcados',
    );
    expect(r.campos).toEqual([]);
    expect(r.sueltos).toEqual(['Debe seleccionar al menos un módulo', 'Debe adjuntar un archivo.']);
  });
});
