import type { DefinicionRuta } from '@cronos/contract/api/definicion';
import { API } from '@cronos/contract/api/todas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { crearEntorno, type Entorno } from '../../test/entorno';
import { permiso } from '../db/schema';

/**
 * Field errors of `{ data: {...} }` bodies are keyed by the form's own names ('placaUno'), never 'data.placaUno'
 * (docs/adr/0011-errores-de-campo.md): the same keys as the services' rule errors, the keys the screens put their
 * messages under. Every route of the contract whose body carries `data` is sent an empty form and a form of the wrong
 * type by a user allowed everywhere; no 422 may key a field with 'data.'.
 */

/** The object a body schema validates first: `z.object({ data })`, or the input side of a pipe/transform. */
function objetoDe(esquema: z.ZodType | undefined): z.ZodObject | undefined {
  if (esquema instanceof z.ZodObject) return esquema;
  if (esquema instanceof z.ZodPipe) return objetoDe(esquema.in as z.ZodType);
  return undefined;
}

const conData = Object.entries(API).flatMap(([modulo, rutas]) =>
  Object.entries(rutas as Record<string, DefinicionRuta>)
    .filter(([, d]) => d.cuerpo !== 'multipart' && objetoDe(d.body)?.shape.data !== undefined)
    .map(([nombre, d]) => ({ nombre: `${modulo}.${nombre}`, metodo: d.metodo, url: `/api${d.ruta}` })),
);

let e: Entorno;
let token: string;
beforeAll(async () => {
  e = await crearEntorno();
  const empresa = await e.crearEmpresa();
  const todo = { permiteListar: true, permiteAgregar: true, permiteEditar: true, permiteEliminar: true };
  const nodos = await e.db.select({ modulo: permiso.modulo }).from(permiso);
  const u = await e.crearUsuario(1, empresa.codigoEmpresaUsuario, {
    permisos: Object.fromEntries(nodos.map((n) => [n.modulo, todo])),
  });
  token = await e.login(u.nombreUsuario);
});
afterAll(() => e.cerrar());

describe('field errors of { data } bodies', () => {
  it('the contract has { data } body routes to check', () => {
    expect(conData.length).toBeGreaterThan(30);
  });

  it('no route keys a field error with "data."', async () => {
    const conPrefijo: string[] = [];
    let rechazos = 0;
    for (const r of conData) {
      for (const data of [{}, { codigo: 'x', nombre: 7, activo: 'si', version: 'x' }, [{ x: 1 }]]) {
        const res = await e.app.inject({
          method: r.metodo,
          url: r.url.replace(/\{\w+\}|:\w+/g, '1'),
          headers: { authorization: `Bearer ${token}` },
          payload: { data },
        });
        const errores =
          res.statusCode === 422 ? (res.json().errors as Record<string, string[]> | undefined) : undefined;
        if (!errores) continue;
        rechazos += 1;
        const malas = Object.keys(errores).filter((k) => k.startsWith('data.'));
        if (malas.length) conPrefijo.push(`${r.nombre} ${JSON.stringify(data)}: ${malas.join(', ')}`);
      }
    }
    // Most of these routes refuse an empty form with field errors: the check did reach their validation.
    expect(rechazos).toBeGreaterThan(conData.length);
    expect(conPrefijo).toEqual([]);
  });
});
