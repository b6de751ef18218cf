import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every screen file (features/<modulo>/pages/*-page.tsx) must be reachable: referenced by the page registry
 * or by the router. A page committed without its registry line would otherwise show 'no disponible'.
 */
const raiz = join(import.meta.dirname, '..');
const registro = ['app/paginas.ts', 'app/enrutador.tsx'].map((f) => readFileSync(join(raiz, f), 'utf8')).join('\n');

describe('page registry', () => {
  const features = readdirSync(join(raiz, 'features'), { withFileTypes: true }).filter((d) => d.isDirectory());
  const paginas = features.flatMap((d) => {
    const dir = join(raiz, 'features', d.name, 'pages');
    try {
      return readdirSync(dir)
        .filter((f) => f.endsWith('-page.tsx'))
        .map((f) => `../features/${d.name}/pages/${f.replace(/\.tsx$/, '')}`);
    } catch {
      return [];
    }
  });

  it('finds the screens', () => {
    expect(paginas.length).toBeGreaterThan(5);
  });

  it.each(paginas)('%s is registered', (pagina) => {
    expect(registro).toContain(`'${pagina}'`);
  });
});
