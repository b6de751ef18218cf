import { API } from '@cronos/contract/api/todas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../test/entorno';

/**
 * Every route of the API declares its answer: a success schema and the error envelope for 4xx and 5xx, all of
 * them in /api/docs. A route registered without them (or a definition of the contract that no module
 * registers) fails here.
 */

type Operacion = { responses?: Record<string, { content?: Record<string, { schema?: object }> } | undefined> };
type Documento = { paths: Record<string, Record<string, Operacion>> };

let e: Entorno;
let doc: Documento;
beforeAll(async () => {
  e = await crearEntorno();
  doc = (await e.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Documento;
});
afterAll(() => e.cerrar());

const METODOS = ['get', 'post', 'put', 'delete', 'patch'];

const esquemaDe = (o: Operacion, estado: string) => {
  const r = o.responses?.[estado];
  return r?.content ? Object.values(r.content)[0]?.schema : undefined;
};

describe('response contract', () => {
  it('every route in /api/docs has a success schema and the error envelope for 4XX and 5XX', () => {
    const sinEsquema: string[] = [];
    let rutas = 0;
    for (const [ruta, operaciones] of Object.entries(doc.paths)) {
      for (const [metodo, o] of Object.entries(operaciones)) {
        if (!METODOS.includes(metodo)) continue;
        rutas += 1;
        const exito = Object.keys(o.responses ?? {}).find((k) => /^2\d\d$/.test(k));
        const faltan = [
          ...(exito && esquemaDe(o, exito) ? [] : ['2xx']),
          ...(esquemaDe(o, '4XX') ? [] : ['4XX']),
          ...(esquemaDe(o, '5XX') ? [] : ['5XX']),
        ];
        if (faltan.length) sinEsquema.push(`${metodo.toUpperCase()} ${ruta}: ${faltan.join(', ')}`);
      }
    }
    expect(rutas).toBeGreaterThan(100);
    expect(sinEsquema).toEqual([]);
  });

  it('every route of the server is documented (none hidden from /api/docs)', () => {
    const documentadas = new Set(
      Object.entries(doc.paths).flatMap(([ruta, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${ruta}`)),
    );
    const ocultas = e.rutasRegistradas
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((r) => !documentadas.has(r) && !r.startsWith('HEAD '));
    expect(ocultas).toEqual([]);
  });

  it('every definition of the contract is a registered route', () => {
    const registradas = new Set(e.rutasRegistradas.map((r) => `${r.method} ${r.url.toLowerCase()}`));
    const faltan = Object.entries(API).flatMap(([modulo, rutas]) =>
      Object.entries(rutas)
        .filter(([, d]) => !registradas.has(`${d.metodo} /api${d.ruta.toLowerCase()}`))
        .map(([nombre, d]) => `${modulo}.${nombre}: ${d.metodo} ${d.ruta}`),
    );
    expect(faltan).toEqual([]);
  });
});
