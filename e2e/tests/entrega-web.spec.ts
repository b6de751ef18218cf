import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { CLAVE_DEMO } from '../support/sesion';

const dist = process.env.E2E_WEB_DIST ?? resolve(import.meta.dirname, '../../apps/web/dist');

test.describe('delivery of the web app', () => {
  test('the login page loads no Ant Design, its files come compressed and cached, and it validates like the contract', async ({
    page,
  }) => {
    const archivos: { url: string; encoding?: string; cache?: string }[] = [];
    page.on('response', async (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/assets/')) return;
      const cabeceras = await r.allHeaders();
      archivos.push({
        url: url.pathname,
        encoding: cabeceras['content-encoding'],
        cache: cabeceras['cache-control'],
      });
    });
    const documento = await page.goto('/login');
    expect(documento?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();

    // Nothing on the login page is an Ant Design component (its size is checked by npm run bundle:budget).
    expect(await page.locator('[class*="ant-"]').count()).toBe(0);
    const propios = archivos.filter((a) => /\.(js|css)$/.test(a.url));
    expect(propios.filter((a) => a.encoding === 'br').length).toBeGreaterThan(1);
    for (const a of propios) {
      // The build leaves a brotli copy of every file over 1 KB; the few smaller ones go as they are.
      expect(a.encoding, a.url).toBe(existsSync(join(dist, `${a.url}.br`)) ? 'br' : undefined);
      expect(a.cache, a.url).toBe('public, max-age=31536000, immutable');
    }
    // An empty form: the contract's message under each field, nothing sent.
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.locator('#login-usuario-error')).toHaveText('Este es un campo requerido');
    await expect(page.locator('#login-contrasenia-error')).toHaveText('Este es un campo requerido');
    await expect(page.getByLabel('Usuario')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Usuario').fill('admin');
    await expect(page.locator('#login-usuario-error')).toHaveText('');

    await page.getByLabel('Contraseña').fill('incorrecta1');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos.');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Contraseña').fill(CLAVE_DEMO);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByText('Accesos directos')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
  });
});
