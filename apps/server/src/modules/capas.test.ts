import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Layering of the server (docs/architecture.md): routes adapt, services decide, repositories query. SQL —
 * drizzle-orm's builders, the tables of db/schema, raw `sql` — appears in a module only in its
 * `*.repository.ts` files; routes and services call repositories. (Type-only imports are allowed.)
 */
const MODULOS = join(import.meta.dirname);

const archivos = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? archivos(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** Value imports (not `import type`) of drizzle-orm or of the database schema. */
const IMPORTA_SQL = /^import\s+(?!type\s)[^;]*?from\s+'(drizzle-orm[^']*|(?:\.\.\/)+db\/schema[^']*)'/gms;

describe('server layering', () => {
  it('only repositories import SQL (drizzle-orm, db/schema)', () => {
    const fuera = archivos(MODULOS)
      .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.repository.ts'))
      .flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(IMPORTA_SQL)].map((m) => `${relative(MODULOS, f)}: ${m[1]}`),
      );
    expect(fuera).toEqual([]);
  });
});
