import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIABLES_CONFIG } from '../src/config';

/*
 * Every setting the server reads is in the README's settings table (a setting nobody can find is one nobody sets on
 * purpose), and every environment variable a script the README lists reads is named in the README.
 */
const RAIZ = resolve(import.meta.dirname, '../../..');
const readme = readFileSync(join(RAIZ, 'README.md'), 'utf8');

const archivos = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? archivos(join(dir, e.name)) : /\.(ts|mjs|sh)$/.test(e.name) ? [join(dir, e.name)] : [],
  );

/** Names read as `process.env.X`, `process.env['X']` or, in a shell script, `$X` / `${X…}`. */
function variablesLeidas(texto: string, shell = false): string[] {
  const js = [...texto.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)].map(
    (m) => m[1] ?? m[2] ?? '',
  );
  const sh = shell ? [...texto.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] ?? '') : [];
  return [...new Set([...js, ...sh])];
}

/** The first column of the table under `## Configuration`: `| \`X\` | …`. */
function filasConfiguracion(): Set<string> {
  const seccion = readme.split(/^## /m).find((s) => s.startsWith('Configuration')) ?? '';
  return new Set([...seccion.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1] ?? ''));
}

describe('las variables de entorno en el README', () => {
  it('reconoce las lecturas del código y del script de arranque', () => {
    expect(variablesLeidas("const a = process.env.FIRMA_PFX_RUTA; const b = process.env['OTRA_COSA'];")).toEqual([
      'FIRMA_PFX_RUTA',
      'OTRA_COSA',
    ]);
    expect(
      variablesLeidas('if [ -n "$' + '{DATABASE_URL:-}" ]; then export MALLOC_ARENA_MAX=2; fi; echo $HOME', true),
    ).toEqual(['DATABASE_URL', 'HOME']);
  });

  it('cada variable que lee el servidor es una fila de la tabla de configuración', () => {
    const fuentes = archivos(join(RAIZ, 'apps/server/src')).filter((f) => !f.endsWith('.test.ts'));
    const leidas = new Map<string, string>();
    for (const v of VARIABLES_CONFIG) leidas.set(v, 'apps/server/src/config.ts');
    for (const f of fuentes) for (const v of variablesLeidas(readFileSync(f, 'utf8'))) leidas.set(v, relative(RAIZ, f));
    const arranque = join(RAIZ, 'apps/server/scripts/arrancar.sh');
    for (const v of variablesLeidas(readFileSync(arranque, 'utf8'), true))
      if (!['SEMI', 'INICIAL'].includes(v)) leidas.set(v, relative(RAIZ, arranque));
    expect(leidas.size).toBeGreaterThan(20);
    const filas = filasConfiguracion();
    const faltan = [...leidas].filter(([v]) => !filas.has(v)).map(([v, f]) => `${v} (${f})`);
    expect(faltan).toEqual([]);
  });

  it('cada variable que lee un script que el README lista aparece en el README', () => {
    // Named by path (`apps/server/scripts/generar-anio.ts`) or, beside one, by file name (`benchmark-reportes.ts`).
    const carpetas = ['apps/server/scripts', 'e2e/scripts'];
    const scripts = [
      ...new Set(
        [...readme.matchAll(/`((?:apps\/server\/scripts\/|e2e\/scripts\/)?[\w-]+\.ts)`/g)].flatMap((m) => {
          const nombre = m[1] ?? '';
          if (nombre.includes('/')) return [nombre];
          return carpetas.map((c) => `${c}/${nombre}`).filter((r) => existsSync(join(RAIZ, r)));
        }),
      ),
    ];
    expect(scripts.length).toBeGreaterThan(5);
    const faltan = scripts.flatMap((s) =>
      variablesLeidas(readFileSync(join(RAIZ, s), 'utf8'))
        .filter((v) => !readme.includes(`\`${v}\``))
        .map((v) => `${v} (${s})`),
    );
    expect(faltan).toEqual([]);
  });
});
