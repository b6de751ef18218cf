import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Links between the repository's documents, and the documents the code cites, point to files that exist: a record
 * renamed, merged or removed must not leave a reader (or a comment) pointing at nothing.
 */

const RAIZ = resolve(import.meta.dirname, '..');
const FUERA = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'data']);
const CODIGO = /\.(ts|tsx|mjs|js|sh|sql)$/;

function archivos(dir: string, acepta: (nombre: string) => boolean, lista: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (FUERA.has(e.name)) continue;
    const ruta = join(dir, e.name);
    if (e.isDirectory()) archivos(ruta, acepta, lista);
    else if (acepta(e.name) || (e.name === 'run' && dir.endsWith('.ci'))) lista.push(ruta);
  }
  return lista;
}

/** Relative targets of a Markdown text's links and images (`[x](destino)`), without their #fragment. */
function destinosMarkdown(texto: string): string[] {
  const sinCodigo = texto.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...sinCodigo.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((d) => d !== '' && !/^([a-z]+:|#|\/)/i.test(d))
    .map((d) => decodeURIComponent(d.split('#')[0] ?? ''))
    .filter((d) => d !== '');
}

/** Paths under docs/ a source file names (in comments: `docs/adr/0011-errores-de-campo.md`). */
function documentosCitados(texto: string): string[] {
  return [...texto.matchAll(/(?<![\w/.-])(docs\/[\w./-]*\w)/g)].map((m) => m[1] ?? '');
}

/** Each link of `origen` whose target does not exist, as `origen → destino`. */
function rotos(origen: string, destinos: string[], base: string) {
  return destinos.filter((d) => !existsSync(resolve(base, d))).map((d) => `${relative(RAIZ, origen)} → ${d}`);
}

describe('enlaces de la documentación', () => {
  it('reconoce enlaces relativos y deja fuera direcciones, anclas y código', () => {
    const texto = [
      'Ver [la decisión](adr/0001-x.md#contexto), ![figura](img/a.png "título") y [inicio](#arriba).',
      '[externo](https://example.com) [raíz](/api/docs) `[no](en-codigo.md)`',
      '```',
      '[tampoco](bloque.md)',
      '```',
    ].join('\n');
    expect(destinosMarkdown(texto)).toEqual(['adr/0001-x.md', 'img/a.png']);
    expect(documentosCitados('// why: docs/adr/0011-errores-de-campo.md). See docs/benchmarks.md.')).toEqual([
      'docs/adr/0011-errores-de-campo.md',
      'docs/benchmarks.md',
    ]);
  });

  it('un enlace a un archivo que no existe se informa', () => {
    const destinos = destinosMarkdown('[nada](no-existe-en-docs.md) [sí](architecture.md)');
    expect(rotos(join(RAIZ, 'docs/prueba.md'), destinos, join(RAIZ, 'docs'))).toEqual([
      'docs/prueba.md → no-existe-en-docs.md',
    ]);
  });

  it('cada enlace de un documento Markdown del repositorio lleva a un archivo que existe', () => {
    const md = archivos(RAIZ, (n) => n.endsWith('.md'));
    expect(md.length).toBeGreaterThan(5);
    const fallas = md.flatMap((f) => rotos(f, destinosMarkdown(readFileSync(f, 'utf8')), dirname(f)));
    expect(fallas).toEqual([]);
  });

  it('cada documento de docs/ que cita el código existe', () => {
    const fuentes = archivos(RAIZ, (n) => CODIGO.test(n)).filter((f) => !f.endsWith('enlaces-docs.test.ts'));
    const fallas = fuentes.flatMap((f) => rotos(f, documentosCitados(readFileSync(f, 'utf8')), RAIZ));
    expect(fallas).toEqual([]);
  });

  it('cada cita de la especificación (spec 01 §3, DOMAIN.md §4) lleva a un documento y una sección que existen', () => {
    const requisitos = join(RAIZ, 'docs/requisitos');
    const documentos: Record<string, string> = {
      '01': 'spec/01-plataforma-y-ordenes.md',
      '02': 'spec/02-administracion.md',
      '03': 'spec/03-etapas-y-reportes.md',
      DOMAIN: 'DOMAIN.md',
    };
    const secciones = (doc: string) =>
      new Set(
        [...readFileSync(join(requisitos, doc), 'utf8').matchAll(/^#+\s+(\d+(?:\.\d+)*)[.\s]/gm)].map((m) => m[1]),
      );
    const indice = readFileSync(join(requisitos, 'README.md'), 'utf8');
    for (const doc of Object.values(documentos)) expect(indice, doc).toContain(`](${doc})`);
    const fuentes = archivos(RAIZ, (n) => CODIGO.test(n) || n.endsWith('.md')).filter(
      (f) => !f.endsWith('enlaces-docs.test.ts'),
    );
    expect(fuentes.length).toBeGreaterThan(500);
    const fallas: string[] = [];
    let citas = 0;
    for (const f of fuentes)
      for (const m of readFileSync(f, 'utf8').matchAll(/\b(?:spec (\d\d)\b|(DOMAIN)\.md)(?: §(\d+(?:\.\d+)*))?/gi)) {
        citas++;
        const doc = documentos[(m[1] ?? m[2] ?? '').toUpperCase()];
        if (!doc) fallas.push(`${relative(RAIZ, f)} → ${m[0]}: no hay tal documento`);
        else if (m[3] && !secciones(doc).has(m[3])) fallas.push(`${relative(RAIZ, f)} → ${m[0]}: no hay tal sección`);
      }
    expect(citas).toBeGreaterThan(100);
    expect(fallas).toEqual([]);
  });

  it('el índice de decisiones lista cada registro de docs/adr', () => {
    const adr = join(RAIZ, 'docs/adr');
    const indice = readFileSync(join(adr, 'README.md'), 'utf8');
    const registros = readdirSync(adr).filter((n) => /^\d{4}-.+\.md$/.test(n));
    expect(registros.length).toBeGreaterThan(0);
    expect(registros.filter((n) => !indice.includes(`](${n})`))).toEqual([]);
    for (const n of registros) {
      const texto = readFileSync(join(adr, n), 'utf8');
      expect(texto.startsWith(`# ${n.slice(0, 4)}. `), n).toBe(true);
      expect(texto, n).toMatch(/^- Status: .+$/m);
      expect(texto, n).toMatch(/^- Date: \d{4}-\d{2}-\d{2}/m);
    }
  });
});
