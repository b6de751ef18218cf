import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno } from '../../test/entorno';

/**
 * Delivery of the built web app: a dist folder laid out as `vite build` leaves it, compressed by the same
 * script the build runs, served by the API server.
 */
const COMPRIMIR = resolve(import.meta.dirname, '../../../web/scripts/comprimir.mjs');
const JS = `export const pantalla = ${JSON.stringify('x'.repeat(200))};\n`.repeat(200);
const HTML = `<!doctype html><html lang="es"><head><title>Cronos</title>${'<meta name="x" content="y">'.repeat(100)}</head><body><div id="root"></div></body></html>`;
const SW = `self.addEventListener('install', () => self.skipWaiting());\n`.repeat(60);

let dist: string;
let entorno: Awaited<ReturnType<typeof crearEntorno>>;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'cronos-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'login-page-AbC123xy.js'), JS);
  writeFileSync(join(dist, 'assets', 'diminuto-Zz9.js'), 'export{};');
  writeFileSync(join(dist, 'index.html'), HTML);
  writeFileSync(join(dist, 'sw.js'), SW);
  execFileSync(process.execPath, [COMPRIMIR, dist]);
  entorno = await crearEntorno({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await entorno?.cerrar();
  rmSync(dist, { recursive: true, force: true });
});

const pedir = (url: string, acepta?: string) =>
  entorno.app.inject({ method: 'GET', url, headers: acepta === undefined ? {} : { 'accept-encoding': acepta } });

describe('entrega de la aplicación web', () => {
  it('la compilación deja una copia brotli y una gzip de cada archivo de texto, salvo los diminutos', () => {
    for (const f of ['assets/login-page-AbC123xy.js', 'index.html', 'sw.js']) {
      expect(existsSync(join(dist, `${f}.br`)), f).toBe(true);
      expect(existsSync(join(dist, `${f}.gz`)), f).toBe(true);
    }
    expect(existsSync(join(dist, 'assets/diminuto-Zz9.js.br'))).toBe(false);
  });

  it('un archivo con hash se envía en brotli, guardado en caché un año sin revalidar', async () => {
    const r = await pedir('/assets/login-page-AbC123xy.js', 'gzip, deflate, br, zstd');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['content-type']).toMatch(/javascript/);
    expect(r.rawPayload.length).toBeLessThan(JS.length / 10);
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(JS);
  });

  it('a un navegador que solo acepta gzip se le envía la copia gzip', async () => {
    const r = await pedir('/assets/login-page-AbC123xy.js', 'gzip');
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(r.rawPayload).toString()).toBe(JS);
  });

  it('sin compresión aceptada (o sin copia comprimida) se envía el original', async () => {
    const r = await pedir('/assets/login-page-AbC123xy.js');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toBe(JS);
    const diminuto = await pedir('/assets/diminuto-Zz9.js', 'br, gzip');
    expect(diminuto.statusCode).toBe(200);
    expect(diminuto.headers['content-encoding']).toBeUndefined();
    expect(diminuto.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html (también por una ruta del cliente) y el service worker nunca se guardan sin revalidar', async () => {
    for (const url of ['/login', '/app/dashboard', '/index.html']) {
      const r = await pedir(url, 'br, gzip');
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-cache');
      expect(r.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(r.rawPayload).toString(), url).toBe(HTML);
    }
    const sw = await pedir('/sw.js', 'gzip');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(sw.rawPayload).toString()).toBe(SW);
  });

  it('un archivo de la aplicación que no existe (de una versión anterior) es un 404, no la página', async () => {
    const r = await pedir('/assets/dam-page-Vieja123.js', 'br');
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).not.toMatch(/html/);
    expect(r.body).not.toContain('<div id="root">');
    // A client-side route still gets the app.
    const pagina = await pedir('/app/operations/DAM', 'identity');
    expect(pagina.statusCode).toBe(200);
    expect(pagina.body).toContain('<div id="root">');
  });

  it('las rutas de la API no se responden con la aplicación', async () => {
    const r = await pedir('/api/no-existe', 'br');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ success: false });
  });

  it('la página, sus archivos y la API llevan las cabeceras de seguridad (CSP, nosniff, marcos, referer)', async () => {
    for (const url of ['/login', '/assets/login-page-AbC123xy.js', '/api/health/live', '/api/no-existe']) {
      const r = await pedir(url, 'br');
      const csp = String(r.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(r.headers['x-content-type-options'], url).toBe('nosniff');
      expect(r.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(r.headers['referrer-policy'], url).toBe('no-referrer');
      expect(r.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(r.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
