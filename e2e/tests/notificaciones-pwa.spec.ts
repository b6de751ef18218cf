import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';

/**
 * The offline shell. These tests run their own server (port 4850) on a private copy
 * of the built web app, because they stop it and deploy a new build into it.
 */
const PUERTO = 4850;
const BASE = `http://127.0.0.1:${PUERTO}`;
const raiz = resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'cronos-e2e-pwa-'));
const dist = join(tmp, 'dist');
let servidor: ChildProcess | null = null;

async function arrancar() {
  servidor = spawn(process.execPath, ['--enable-source-maps', join(raiz, 'apps/server/dist/main.js')], {
    cwd: raiz,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PUERTO),
      HOST: '127.0.0.1',
      DATA_DIR: join(tmp, 'datos'),
      WEB_DIST: dist,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
  });
  for (let i = 0; i < 750; i++) {
    const listo = await fetch(`${BASE}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (listo) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('el servidor no arrancó');
}

async function detener() {
  const s = servidor;
  servidor = null;
  if (!s || s.exitCode !== null) return;
  const fin = new Promise((r) => s.once('exit', r));
  s.kill('SIGTERM');
  await fin;
}

/** Opens the login page and waits until the service worker controls it (code cached). */
async function abrirConServiceWorker(browser: Browser) {
  const contexto = await browser.newContext({ baseURL: BASE, serviceWorkers: 'allow' });
  const page = await contexto.newPage();
  await page.goto('/login');
  await page.waitForFunction(
    () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
  );
  return page;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Starting a second server (migrations and demo data on a fresh database) can take over a minute on a busy machine.
  test.setTimeout(180_000);
  cpSync(process.env.E2E_WEB_DIST ?? join(raiz, 'apps/web/dist'), dist, { recursive: true });
  await arrancar();
});
test.afterAll(async () => {
  await detener();
  rmSync(tmp, { recursive: true, force: true });
});

test('con el servidor detenido, la aplicación carga desde la caché y dice que no hay conexión', async ({ browser }) => {
  const page = await abrirConServiceWorker(browser);
  await expect(page.getByTestId('banner-sin-conexion')).toBeHidden();
  await detener();
  await page.reload();
  await expect(page.getByLabel('Usuario')).toBeVisible();
  await expect(page.getByTestId('banner-sin-conexion')).toContainText('Sin conexión con el servidor');
  // An app route that was never opened also loads from the cache.
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('banner-sin-conexion')).toBeVisible();
  await arrancar();
  await page.context().close();
});

test('cuando se corta la red, lo escrito en el formulario se conserva y se avisa', async ({ browser }) => {
  const page = await abrirConServiceWorker(browser);
  await page.getByLabel('Usuario').fill('usuario');
  await page.getByLabel('Contraseña').fill('Cronos.2026');
  await page.context().setOffline(true);
  await expect(page.getByTestId('banner-sin-conexion')).toBeVisible();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Usuario')).toHaveValue('usuario');
  await expect(page.getByLabel('Contraseña')).toHaveValue('Cronos.2026');
  await page.context().setOffline(false);
  await expect(page.getByTestId('banner-sin-conexion')).toBeHidden();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/app\//);
  await page.context().close();
});

/** Deploys a "new build": a changed index.html, and a service worker whose precache lists its new revision. */
function desplegarNuevaVersion() {
  const indice = join(dist, 'index.html');
  writeFileSync(
    indice,
    readFileSync(indice, 'utf8').replace('<head>', '<head><meta name="cronos-build" content="nueva">'),
  );
  const sw = join(dist, 'sw.js');
  const codigo = readFileSync(sw, 'utf8');
  const nuevo = codigo.replace(/(url:"index\.html",revision:")[^"]+"/, `$1nueva-${Date.now()}"`);
  if (nuevo === codigo) throw new Error('sw.js sin la entrada index.html');
  writeFileSync(sw, nuevo);
  // The build's brotli and gzip copies of the old files would still be served: a deployment replaces them too.
  for (const archivo of [indice, sw]) for (const ext of ['.br', '.gz']) rmSync(archivo + ext, { force: true });
}

test('una nueva versión desplegada hace que la página abierta se recargue sola', async ({ browser }) => {
  const page: Page = await abrirConServiceWorker(browser);
  await page.evaluate(() => {
    (window as unknown as { sinRecargar: boolean }).sinRecargar = true;
  });
  desplegarNuevaVersion();
  // The page checks for updates every minute and when it becomes visible; here the check is asked now.
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  // The reload this waits for can land during a reading, which then fails ("execution context was destroyed"): read again.
  await expect
    .poll(
      () =>
        page
          .evaluate(() => document.querySelector('meta[name="cronos-build"]')?.getAttribute('content') ?? null)
          .catch(() => null),
      {
        timeout: 20_000,
      },
    )
    .toBe('nueva');
  expect(await page.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBeUndefined();
  await page.context().close();
});
