import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web calls the API only by contract definitions (`llamarRuta(apiX.y, …)`, shared/api/ruta.ts): no screen
 * writes an API path ('/Recurso/Accion') or calls fetch on /api itself, so a renamed route or a changed answer
 * is a type error, not a 404 in production. The plain client (shared/api/cliente.ts) and the network probe
 * (shared/red) are the only places that touch fetch.
 */
const SRC = join(import.meta.dirname, '../..');
const archivos = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? archivos(join(dir, e.name))
      : /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );

const RUTA_API = /['"`]\/(?:api\/)?[A-Z][A-Za-z]+\/[A-Z][A-Za-z]+/;
const FETCH_API = /fetch\(\s*['"`]\/api/;
const PERMITIDOS = new Set(['shared/api/cliente.ts', 'shared/api/ruta.ts', 'shared/red/estado-red.ts']);

describe('typed client', () => {
  it('no source file of the web writes an API path or fetches /api outside the client', () => {
    const hallazgos = archivos(SRC).flatMap((f) => {
      const nombre = relative(SRC, f);
      if (PERMITIDOS.has(nombre)) return [];
      return readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((linea, i) =>
          RUTA_API.test(linea) || FETCH_API.test(linea) ? [`${nombre}:${i + 1}: ${linea.trim()}`] : [],
        );
    });
    expect(hallazgos).toEqual([]);
  });

  it('the pattern finds a string path and a direct fetch', () => {
    expect(RUTA_API.test("api.get('/Balanza/ConsultarMovimientoControl')")).toBe(true);
    expect(FETCH_API.test("fetch('/api/Verificacion/DescargarImagen')")).toBe(true);
    expect(RUTA_API.test("navegar('/app/operator/list')")).toBe(false);
  });
});
