import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The shared registries list every module, table file and demo seeder. A file committed without its
 * registry line would silently be missing from the API, the migrations or the demo data.
 */
const src = join(import.meta.dirname, '..');
const leer = (f: string) => readFileSync(join(src, f), 'utf8');

describe('registries', () => {
  it('every routes file is imported by modules/index.ts', () => {
    const indice = leer('modules/index.ts');
    const rutas = readdirSync(join(src, 'modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(join(src, 'modules', d.name))
          .filter((f) => f.endsWith('.routes.ts'))
          .map((f) => `./${d.name}/${f.replace(/\.ts$/, '')}`),
      );
    expect(rutas.length).toBeGreaterThan(5);
    for (const r of rutas) expect(indice, r).toContain(`'${r}'`);
  });

  it('every schema file is exported by db/schema/index.ts', () => {
    const indice = leer('db/schema/index.ts');
    const archivos = readdirSync(join(src, 'db/schema')).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    for (const f of archivos) expect(indice, f).toContain(`'./${f.replace(/\.ts$/, '')}'`);
  });

  it('every demo seeder is listed in SEMBRADORES_DEMO', () => {
    const demo = leer('db/seed/demo.ts');
    const seeders = readdirSync(join(src, 'db/seed')).filter((f) => /^demo-.*\.ts$/.test(f) && !f.endsWith('.test.ts'));
    for (const f of seeders) expect(demo, f).toContain(`'./${f.replace(/\.ts$/, '')}'`);
  });
});
