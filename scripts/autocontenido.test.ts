import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The repository is self-contained: no test, script, source or document reads a file outside the clone (the UBL
 * schemas the voucher tests validate against are in apps/server/test/ubl-2.1, the specification in
 * docs/requisitos). A path that climbs above the repository's root, or names the folder the specification came
 * from, works on one machine and fails on a clean clone.
 */

const RAIZ = resolve(import.meta.dirname, '..');
const FUERA = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data', 'coverage']);
const CODIGO = /\.(ts|tsx|mts|cts|mjs|cjs|js|sh)$/;
const TEXTO = /\.(json|ya?ml|sql|md|html|css)$/;

function archivos(dir: string, lista: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (FUERA.has(e.name)) continue;
    const ruta = join(dir, e.name);
    if (e.isDirectory()) archivos(ruta, lista);
    else if (CODIGO.test(e.name) || TEXTO.test(e.name) || (e.name === 'run' && dir.endsWith('.ci'))) lista.push(ruta);
  }
  return lista;
}

/** Absolute paths of the machine the code was written on, and the outer folder that held the specification. */
const AJENA =
  /(?<![\w.-])(\/work\/[\w.-]+|(?:\.\.\/)*\/?shared\/(?:spec|standards|hooks|DOMAIN\.md|ARCHITECTURE\.md)\b)/g;

/**
 * Each line of `texto` (the file `ruta`, relative to the root) that names a path outside the repository: one of
 * AJENA's, or, in code, a relative path with more `../` than the file's folder is deep (resolved from the file's
 * folder, the only base a relative literal can be resolved from without running the code). Glob patterns of
 * configuration files (biome.json's import rules) are relative to the linted file, so only code counts `../`.
 */
function salidas(ruta: string, texto: string): string[] {
  const profundidad = dirname(ruta) === '.' ? 0 : dirname(ruta).split(/[\\/]/).length;
  const esCodigo = CODIGO.test(ruta) || ruta.split(sep).join('/') === '.ci/run';
  const fallas: string[] = [];
  texto.split('\n').forEach((linea, i) => {
    for (const m of linea.matchAll(AJENA)) fallas.push(`${ruta}:${i + 1} → ${m[1]}`);
    if (esCodigo)
      for (const m of linea.matchAll(/(?<![\w.])((?:\.\.\/)+)/g)) {
        const subidas = (m[1] ?? '').length / 3;
        if (subidas > profundidad) fallas.push(`${ruta}:${i + 1} → ${'../'.repeat(subidas)} (sube ${subidas} niveles)`);
      }
  });
  return fallas;
}

describe('el repositorio no depende de archivos de fuera', () => {
  it('reconoce las rutas que salen del repositorio y deja pasar las de dentro', () => {
    const fuera = "const XSD = resolve(__dirname, '../../../../../../" + "shared/standards/ubl-2.1/xsd');";
    expect(salidas('apps/server/src/modules/finanzas/x.test.ts', fuera)).toEqual([
      'apps/server/src/modules/finanzas/x.test.ts:1 → ../../../../../../' + 'shared/standards',
      'apps/server/src/modules/finanzas/x.test.ts:1 → ../../../../../../ (sube 6 niveles)',
    ]);
    expect(salidas('scripts/a.mjs', "readFileSync('/wo" + "rk/shared/DOMAIN.md')")).toEqual([
      'scripts/a.mjs:1 → /wo' + 'rk/shared',
    ]);
    expect(salidas('docs/adr/README.md', 'mejora ../../' + 'shared/ARCHITECTURE.md')).toEqual([
      'docs/adr/README.md:1 → ../../' + 'shared/ARCHITECTURE.md',
    ]);
    expect(salidas('packages/contract/src/a.test.ts', "resolve(raiz, '../" + "shared/spec')")).toEqual([
      'packages/contract/src/a.test.ts:1 → ../' + 'shared/spec',
    ]);
    // Inside the repository: imports that stay below the root, the web's own shared/ folder, biome's globs.
    expect(salidas('apps/server/src/modules/finanzas/x.test.ts', "import { e } from '../../../test/entorno';")).toEqual(
      [],
    );
    expect(salidas('apps/web/src/features/a/b.tsx', "import { Tabla } from '../../shared/tabla';")).toEqual([]);
    expect(salidas('biome.json', '"group": ["../../../../../**"]')).toEqual([]);
    expect(salidas('docs/requisitos/spec/README.md', 'see ../DOMAIN.md')).toEqual([]);
  });

  it('ningún archivo de código, configuración o documentación lee una ruta fuera del repositorio', () => {
    const lista = archivos(RAIZ).filter((f) => !f.endsWith(`scripts${sep}autocontenido.test.ts`));
    expect(lista.length).toBeGreaterThan(500);
    const fallas = lista.flatMap((f) => salidas(relative(RAIZ, f), readFileSync(f, 'utf8')));
    expect(fallas).toEqual([]);
  });
});
