import { expect, type Page, test } from '@playwright/test';
import { CLAVE_DEMO, desconectar, elegirEnMenuDeUsuario, iniciarSesion, tokenDe } from '../support/sesion';

/** Opens the sidebar (it opens on hover on large screens) and returns the visible group titles. */
async function gruposDelMenu(page: Page) {
  const barra = page.getByTestId('barra-lateral');
  await barra.hover();
  await expect(barra).toHaveAttribute('data-colapsado', 'false');
  return barra.locator('.ant-menu-submenu-title').allInnerTexts();
}

const MENUS: { usuario: string; ve: string[]; noVe: string[]; inicio: RegExp }[] = [
  {
    usuario: 'superadmin',
    ve: ['Operaciones', 'Administración', 'Finanzas', 'Reportes'],
    noVe: [],
    inicio: /\/app\/dashboard$/,
  },
  {
    usuario: 'admin',
    ve: ['Operaciones', 'Administración', 'Balanza'],
    noVe: ['Finanzas'],
    inicio: /\/app\/dashboard$/,
  },
  {
    usuario: 'seguridad',
    ve: ['Seguridad'],
    noVe: ['Administración', 'Balanza', 'Finanzas'],
    inicio: /\/app\/dashboard$/,
  },
  { usuario: 'balanza', ve: ['Balanza', 'Operador'], noVe: ['Finanzas', 'Seguridad'], inicio: /\/app\/dashboard$/ },
  {
    usuario: 'moderador',
    ve: ['Operador', 'Reportes'],
    noVe: ['Administración', 'Balanza'],
    inicio: /\/app\/dashboard$/,
  },
  {
    usuario: 'supervisor',
    ve: ['Seguridad', 'Balanza', 'Operador'],
    noVe: ['Administración', 'Finanzas'],
    inicio: /\/app\/dashboard$/,
  },
  {
    usuario: 'usuario',
    ve: ['Operaciones', 'Administración', 'Inventario'],
    noVe: ['Balanza', 'Seguridad', 'Finanzas'],
    inicio: /\/app\/dashboard$/,
  },
  {
    usuario: 'tesorero',
    ve: ['Finanzas', 'Reportes'],
    noVe: ['Seguridad', 'Balanza'],
    inicio: /\/app\/finances\/invoices$/,
  },
];

test.describe('menu per role', () => {
  for (const m of MENUS) {
    test(`${m.usuario} sees its menu and lands where its role lands`, async ({ page }) => {
      await iniciarSesion(page, m.usuario);
      await expect(page).toHaveURL(m.inicio);
      const grupos = await gruposDelMenu(page);
      for (const g of m.ve) expect(grupos).toContain(g);
      for (const g of m.noVe) expect(grupos).not.toContain(g);
      const barra = page.getByTestId('barra-lateral');
      await expect(barra.getByRole('menuitem', { name: /Soporte/ })).toContainText('new');
      await expect(barra.getByRole('menuitem', { name: /Desconectar/ })).toBeVisible();
    });
  }
});

test.describe('session', () => {
  test.describe.configure({ retries: 0 });

  test('password change: mismatch message, success, then the new password signs in', async ({ page }) => {
    await iniciarSesion(page, 'mcastillo');
    const dialogo = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await elegirEnMenuDeUsuario(page, 'Cambiar contraseña', () => expect(dialogo).toBeVisible({ timeout: 2_000 }));
    // A click during the dialog's opening animation can miss the button; saving the empty form is harmless.
    await expect(async () => {
      await dialogo.getByRole('button', { name: 'Guardar' }).click();
      await expect(dialogo.getByText('Ingrese su nueva contraseña')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(dialogo.getByText('Confirme su nueva contraseña')).toBeVisible();
    await expect(dialogo.getByText('Ingrese su contraseña actual')).toBeVisible();
    await dialogo.getByLabel('Contraseña actual').fill('Adivina.2026');
    await dialogo.getByLabel('Nueva contraseña').fill('Garita.2027');
    await dialogo.getByLabel('Confirmar contraseña').fill('Garita.2028');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialogo.getByText('Las contraseñas deben ser iguales')).toBeVisible();
    await dialogo.getByLabel('Confirmar contraseña').fill('Garita.2027');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    // The server checks the current password (OWASP ASVS V6): a wrong one changes nothing.
    await expect(dialogo.getByText('La contraseña actual no es correcta.')).toBeVisible();
    await dialogo.getByLabel('Contraseña actual').fill(CLAVE_DEMO);
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Contraseña actualizada con éxito')).toBeVisible();
    await expect(dialogo).toBeHidden();

    await desconectar(page);
    await page.getByLabel('Usuario').fill('mcastillo');
    await page.getByLabel('Contraseña').fill(CLAVE_DEMO);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByRole('alert')).toContainText('Usuario o contraseña incorrectos.');
    await iniciarSesion(page, 'mcastillo', 'Garita.2027');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test('logout clears the session: /app sends back to /login', async ({ page }) => {
    await iniciarSesion(page, 'supervisor');
    const token = await tokenDe(page);
    // The page leaves at once and tells the server afterwards: the check below waits for that call.
    const cierre = page.waitForResponse((r) => r.url().endsWith('/api/Account/Logout'));
    await desconectar(page);
    await cierre;
    expect(await tokenDe(page)).toBeNull();
    const r = await page.request.get('/api/Account/ConsultarSesion', { headers: { authorization: `Bearer ${token}` } });
    expect(r.status()).toBe(401);
    await page.goto('/app/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a token that expires mid-session lands on /login with the session message', async ({ page }) => {
    await iniciarSesion(page, 'superadmin');
    const token = await tokenDe(page);
    // The server ends the session behind the page's back (as a disabled user or an administrator reset would).
    await page.request.post('/api/Account/Logout', { headers: { authorization: `Bearer ${token}` } });
    await page.goto('/app/settings/catalogs');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sesión expirada. Por favor, inicia sesión nuevamente.').first()).toBeVisible();
  });

  test('40 minutes without activity end the session (simulated clock), 39 do not', async ({ page }) => {
    await page.clock.install();
    await iniciarSesion(page, 'moderador');
    await page.clock.fastForward('39:00');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.evaluate(() => {
      window.addEventListener('mousemove', (e) => {
        (window as unknown as { ultimoPuntero: number[] }).ultimoPuntero = [e.screenX, e.screenY];
      });
    });
    await page.mouse.move(200, 200);
    await page.clock.fastForward('39:30');
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    // The page changing under a resting pointer makes the browser repeat 'mousemove' at the same place: that
    // is not activity and must not keep the session open.
    await page.evaluate(() => {
      const [x, y] = (window as unknown as { ultimoPuntero: number[] }).ultimoPuntero;
      window.dispatchEvent(new MouseEvent('mousemove', { screenX: x, screenY: y }));
    });
    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('aviso-sesion')).toHaveText(
      'Su sesión ha expirado. Por favor, inicie sesión nuevamente.',
    );
    expect(await tokenDe(page)).toBeNull();
  });
});

test.describe('shell', () => {
  test('unknown paths show the error page, inside and outside /app', async ({ page }) => {
    await page.goto('/no-existe');
    await expect(page.getByText('Página no encontrada')).toBeVisible();
    await iniciarSesion(page, 'usuario');
    await page.goto('/app/no/existe');
    await expect(page.getByText('Página no encontrada')).toBeVisible();
    await page.goto('/error');
    await expect(page.getByText('Página no encontrada')).toBeVisible();
  });

  test('without a session every /app route goes to /login', async ({ page }) => {
    await page.goto('/app/administration/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("an address outside the role's menu says the role has no permission", async ({ page }) => {
    await iniciarSesion(page, 'seguridad');
    await page.goto('/app/settings/catalogs');
    await expect(page.getByText('No tienes permisos para acceder a esta sección.')).toBeVisible();
  });

  test('paged list: search by column, pager with total, numbering continues, page kept in the URL', async ({
    page,
  }) => {
    await iniciarSesion(page, 'superadmin');
    await page.goto('/app/settings/catalogs');
    await expect(page.getByText(/Total \d+ registros/)).toBeVisible();
    const filas = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(filas).toHaveCount(10);
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await expect(page).toHaveURL(/[?&]p=2/);
    await expect(filas.first().locator('td').first()).toHaveText('11');
    await page.reload();
    await expect(filas.first().locator('td').first()).toHaveText('11');
    await page.getByLabel('Buscar').fill('whisky');
    await expect(filas).toHaveCount(1);
    await expect(filas.first()).toContainText('2208.30.00.00');
    await expect(filas.first()).toContainText('PERMITIDA');
    await page.getByLabel('Buscar').fill('armas');
    await expect(filas.first()).toHaveClass(/fila-anulada/);
    await expect(filas.first()).toContainText('NO PERMITIDA');
  });

  test('release notes and the static notifications dropdown', async ({ page }) => {
    await iniciarSesion(page, 'usuario');
    await page.goto('/app/novedades');
    await expect(page.getByText('Nueva plataforma Cronos')).toBeVisible();
    await expect(page.getByText('09/03/2020')).toBeVisible();
    await page.getByRole('button', { name: 'Notificaciones' }).click();
    await expect(page.getByRole('menuitem', { name: 'Actualizar' })).toBeVisible();
    // The manual is a plain download link (the browser's own download, outside the app's code): its target
    // and name, and that the server answers it with the PDF.
    const enlace = page.getByRole('link', { name: 'Descargar manual de usuario' });
    await expect(enlace).toHaveAttribute('href', '/manuales/manual-de-usuario.pdf');
    await expect(enlace).toHaveAttribute('download', '');
    const manual = await page.request.get('/manuales/manual-de-usuario.pdf');
    expect(manual.headers()['content-type']).toContain('application/pdf');
    expect((await manual.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
