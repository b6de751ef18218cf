import type { FormInstance } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { describe, expect, it, vi } from 'vitest';
import { ErrorApi } from '../api/cliente';
import { fijarNotificador } from '../api/notificador';
import { aplicarErroresCampo } from './errores-campo';

// The API client reads the stored session when loaded; these tests run without a browser.
vi.hoisted(() => {
  const almacen = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => m.set(k, v),
      removeItem: (k: string) => m.delete(k),
    };
  };
  Object.assign(globalThis, { localStorage: almacen(), sessionStorage: almacen() });
});

function entorno(erroresBultos: string[] = []) {
  const avisos = { error: vi.fn(), success: vi.fn(), warning: vi.fn(), info: vi.fn() };
  fijarNotificador(avisos as unknown as NotificationInstance);
  const setFields = vi.fn();
  const form = {
    getFieldsError: () => [
      { name: ['CodigoIngreso'], errors: [], warnings: [] },
      { name: ['Observaciones'], errors: [], warnings: [] },
      { name: ['totalBultos'], errors: erroresBultos, warnings: [] },
    ],
    setFields,
  } as unknown as FormInstance;
  return { avisos, form, setFields };
}

describe('aplicarErroresCampo: a refused save always says why', () => {
  it('a message only on a field the form lacks, equal to the summary, is shown as a notice', () => {
    const { avisos, form, setFields } = entorno();
    const e = new ErrorApi(422, 'La orden no es de carga en contenedor', {
      CodigoMovimiento: ['La orden no es de carga en contenedor'],
    });
    expect(aplicarErroresCampo(form, e)).toBe(true);
    expect(setFields).not.toHaveBeenCalled();
    expect(avisos.error).toHaveBeenCalledTimes(1);
    expect(avisos.error.mock.calls[0]?.[0]).toMatchObject({ message: 'La orden no es de carga en contenedor' });
  });

  it('a message on a field of the form goes on the field, with no notice besides', () => {
    const { avisos, form, setFields } = entorno();
    const e = new ErrorApi(422, 'Existen errores en el formulario', { CodigoIngreso: ['No existe'] });
    expect(aplicarErroresCampo(form, e)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([{ name: ['CodigoIngreso'], errors: ['No existe'] }]);
    expect(avisos.error).not.toHaveBeenCalled();
  });

  it("a field's earlier server message goes once the server no longer refuses it", () => {
    const { form, setFields } = entorno(['Debe ser como máximo 99999']);
    const e = new ErrorApi(422, 'Existen errores en el formulario', {
      CodigoIngreso: ['RUC no encontrado o inválido'],
    });
    aplicarErroresCampo(form, e);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['totalBultos'], errors: [] },
      { name: ['CodigoIngreso'], errors: ['RUC no encontrado o inválido'] },
    ]);
  });
});
