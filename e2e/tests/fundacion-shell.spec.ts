import { expect, test } from '@playwright/test';
import { desconectar, iniciarSesion } from '../support/sesion';

test.describe('sidebar and layout', () => {
  test('opens on hover, closes by itself 2 s after the pointer leaves, and the pin is remembered', async ({ page }) => {
    await page.clock.install();
    await iniciarSesion(page, 'admin');
    const barra = page.getByTestId('barra-lateral');
    await expect(barra).toHaveAttribute('data-colapsado', 'true');
    // The screen-size listener attaches after the first render; hover again until the layout has it.
    await expect(async () => {
      await page.mouse.move(900, 400);
      await barra.hover();
      await expect(barra).toHaveAttribute('data-colapsado', 'false', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    // From here the page's clock moves only when the test moves it: on a busy machine the real time between
    // leaving the menu and looking at it must not count towards the 2 s.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.mouse.move(900, 400);
    await page.clock.runFor(1_500);
    await expect(barra).toHaveAttribute('data-colapsado', 'false');
    await page.clock.runFor(700);
    await expect(barra).toHaveAttribute('data-colapsado', 'true');

    await barra.hover();
    await page.getByRole('button', { name: 'Fijar menú' }).click();
    await page.mouse.move(900, 400);
    await page.clock.runFor(5_000);
    await expect(barra).toHaveAttribute('data-colapsado', 'false');
    await page.clock.resume();
    await page.reload();
    await expect(page.getByTestId('barra-lateral')).toHaveAttribute('data-colapsado', 'false');
  });

  test("a screen opened by its address is not covered by its group's flyout; the open menu shows the group unfolded", async ({
    page,
  }) => {
    await iniciarSesion(page, 'admin');
    await page.mouse.move(900, 400);
    await page.goto('/app/operations/Declarations');
    const barra = page.getByTestId('barra-lateral');
    await expect(page.getByRole('button', { name: 'Registrar declaración' })).toBeVisible();
    await expect(barra).toHaveAttribute('data-colapsado', 'true');
    // The narrow menu had opened the current group's flyout on every load, over the table's first columns.
    await expect(page.locator('.ant-menu-submenu-popup')).toBeHidden();
    await expect(page.getByRole('menuitem', { name: 'Control de Declaraciones' })).toBeHidden();
    await expect(async () => {
      await page.mouse.move(900, 400);
      await barra.hover();
      await expect(barra).toHaveAttribute('data-colapsado', 'false', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(barra.getByRole('menuitem', { name: 'Control de Declaraciones' })).toBeVisible();
    await expect(barra.locator('.ant-menu-item-selected')).toHaveText('Declaraciones');
  });

  test('on a phone the menu opens from the header and closes after choosing a screen', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await iniciarSesion(page, 'superadmin');
    const barra = page.getByTestId('barra-lateral');
    await expect(barra).toHaveAttribute('data-colapsado', 'true');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(barra).toHaveAttribute('data-colapsado', 'false');
    await barra.getByText('Configuración', { exact: true }).click();
    await barra.getByText('Partidas Arancelarias').click();
    await expect(page).toHaveURL(/\/app\/settings\/catalogs$/);
    await expect(barra).toHaveAttribute('data-colapsado', 'true');
  });

  test('cached lookups stay until logout and are cleared by it', async ({ page }) => {
    await iniciarSesion(page, 'balanza');
    // The weighing screen loads the scale types (parameter group 27) through the cached lookups.
    await page.goto('/app/balanza/firstScales');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cronos.cache.parametro.27'))).not.toBeNull();
    const llamadas: string[] = [];
    page.on('request', (r) => r.url().includes('ConsultaParametro?CodigoParametro=27') && llamadas.push(r.url()));
    await page.reload();
    await expect(page.getByText('Pesaje', { exact: false }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(llamadas).toEqual([]);
    await desconectar(page);
    // What the spec says logout clears: token, user, menu, version, flag and every cached lookup.
    const restos = await page.evaluate(() =>
      Object.keys(localStorage).filter(
        (k) =>
          k.startsWith('cronos.cache.') ||
          ['cronos.token', 'cronos.usuario', 'cronos.permisos', 'cronos.version', 'cronos.autenticado'].includes(k),
      ),
    );
    expect(restos).toEqual([]);
  });
});
