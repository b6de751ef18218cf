import { expect, test } from '@playwright/test';
import { sesionPorApi } from '../support/sesion';

/**
 * A page opened before a new version was deployed names the previous build's files; the server no longer has them.
 * The browser tests block the service worker, as a first visit or a browser without one is.
 */
test('a screen whose file is gone reloads the page once and opens; if it stays gone, the page says what to do in Spanish', async ({
  page,
}) => {
  await sesionPorApi(page, 'admin');
  await page.goto('/app/dashboard');
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();

  // The DAM screen's file answers 404 once, as a file of an earlier build would.
  let negados = 0;
  await page.route(/\/assets\/dam-page-[^/]+\.js$/, async (ruta) => {
    if (negados === 0) {
      negados += 1;
      await ruta.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false}' });
    } else await ruta.continue();
  });
  let cargas = 0;
  page.on('load', () => {
    cargas += 1;
  });
  await page.evaluate(() => {
    window.history.pushState({}, '', '/app/operations/DAM');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Consulta de levante (DAM)' })).toBeVisible();
  expect(negados).toBe(1);
  expect(cargas).toBe(1);

  // Gone for good (or no connection): one reload was already spent within the minute, so the page does not reload
  // again; it says what happened and offers to reload, in Spanish, instead of the router's English error.
  await page.route(/\/assets\/cip-page-[^/]+\.js$/, (ruta) =>
    ruta.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false}' }),
  );
  await page.evaluate(() => {
    window.history.pushState({}, '', '/app/industry/cip');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'No se pudo cargar esta pantalla' })).toBeVisible();
  await expect(page.getByText(/nueva versión de Cronos/)).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error/)).toHaveCount(0);
  expect(cargas).toBe(1);
  await page.screenshot({ path: 'test-results/version-nueva-error.png' });
  await page.unroute(/\/assets\/cip-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Recargar' }).click();
  await expect(page.getByText('CIP (cuadro insumo-producto)')).toBeVisible();
});
