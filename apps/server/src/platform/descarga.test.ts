import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cabecerasDescarga, enviarDescarga, TIPO_PDF, TIPO_XLSX } from './descarga';

const SRC = join(import.meta.dirname, '..');
const archivos = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? archivos(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('the one download helper', () => {
  it('sends type, name (ASCII and exact), no sniffing and no caching, for a buffer, a stream and a preview', async () => {
    const app = Fastify();
    app.get('/libro', (_req, reply) =>
      enviarDescarga(reply, { tipo: TIPO_XLSX, nombre: 'Kardex "Ñandú" 2025.xlsx' }, Buffer.from('PK')),
    );
    app.get('/flujo', (_req, reply) => {
      cabecerasDescarga(reply, { tipo: TIPO_PDF, nombre: 'acta.pdf', enLinea: true, largo: 4 });
      return reply.send(Readable.from([Buffer.from('%PDF')]));
    });
    const libro = await app.inject({ url: '/libro' });
    expect(libro.headers['content-type']).toBe(TIPO_XLSX);
    expect(libro.headers['content-disposition']).toBe(
      `attachment; filename="Kardex _and_ 2025.xlsx"; filename*=UTF-8''${encodeURIComponent('Kardex "Ñandú" 2025.xlsx')}`,
    );
    expect(libro.headers['x-content-type-options']).toBe('nosniff');
    expect(libro.headers['cache-control']).toBe('private, no-store');
    const flujo = await app.inject({ url: '/flujo' });
    expect(flujo.headers['content-disposition']).toBe(`inline; filename="acta.pdf"; filename*=UTF-8''acta.pdf`);
    expect(flujo.headers['content-length']).toBe('4');
    expect(flujo.headers['cache-control']).toBe('private, no-store');
    expect(flujo.body).toBe('%PDF');
    await app.close();
  });

  it('no other server file writes the download headers itself', () => {
    const propias = archivos(SRC)
      .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('platform/descarga.ts'))
      .filter((f) => /['"`]content-disposition['"`]/i.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(
      propias,
      'These files set Content-Disposition themselves: send the file with enviarDescarga or cabecerasDescarga (platform/descarga.ts), which also sets nosniff and private, no-store.',
    ).toEqual([]);
  });
});
