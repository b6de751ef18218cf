import { expect, type Page } from '@playwright/test';

/** Demo credentials (README). */
export const CLAVE_DEMO = 'Cronos.2026';
export const USUARIOS = {
  superadmin: 'superadmin',
  admin: 'admin',
  seguridad: 'seguridad',
  balanza: 'balanza',
  moderador: 'moderador',
  supervisor: 'supervisor',
  usuario: 'usuario',
  tesorero: 'tesorero',
} as const;

/** Signs in through the login screen and waits for the landing page. */
export async function iniciarSesion(page: Page, usuario: string, clave = CLAVE_DEMO) {
  await page.goto('/login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña').fill(clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/app\//);
  // The URL changes before the signed-in layout's code has loaded; wait for the layout itself (its header,
  // its inactivity timer) so that what the test does next happens inside the session's screens.
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible();
}

/** Signs in through the API and stores the session as the web app does (faster for non-login tests). */
export async function sesionPorApi(page: Page, usuario: string, clave = CLAVE_DEMO) {
  const r = await page.request.post('/api/Account/Login', { data: { nombreUsuario: usuario, contrasenia: clave } });
  expect(r.ok()).toBeTruthy();
  const { data } = await r.json();
  // The session is stored from a same-origin page that loads none of the app (the health check's JSON): the test's
  // own goto is then the app's only start, instead of the login screen's start and then the test's.
  await page.goto('/api/health/live');
  await page.evaluate((d) => {
    localStorage.setItem('cronos.token', d.token);
    localStorage.setItem('cronos.usuario', JSON.stringify(d.usuario));
    localStorage.setItem('cronos.permisos', JSON.stringify(d.permisos));
    localStorage.setItem('cronos.version', '0.1.0');
    localStorage.setItem('cronos.autenticado', 'true');
  }, data);
  return data.token as string;
}

/** The API token of the page's session (for API calls made by a test on the user's behalf). */
export const tokenDe = (page: Page) => page.evaluate(() => localStorage.getItem('cronos.token'));

/**
 * Chooses an item of the header's user menu as a user does: opens the menu and clicks the item, again until
 * `hecho` holds. On a loaded machine a click on the menu has missed (the menu was still opening or closing, the
 * page stayed where it was); a person would simply click again.
 */
export async function elegirEnMenuDeUsuario(page: Page, opcion: string, hecho: () => Promise<void>) {
  await expect(async () => {
    if (!(await page.locator('.ant-dropdown:visible').count()))
      await page.getByRole('button', { name: 'Menú de usuario' }).click({ timeout: 2_000 });
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: opcion }).click({ timeout: 2_000 });
    await hecho();
  }).toPass({ timeout: 20_000 });
}

/** Desconectar from the header's user menu; done when the login page shows. */
export const desconectar = (page: Page) =>
  elegirEnMenuDeUsuario(page, 'Desconectar', () => expect(page).toHaveURL(/\/login$/, { timeout: 2_000 }));
