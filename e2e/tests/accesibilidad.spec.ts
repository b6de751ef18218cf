import { type ItemMenu, RUTAS_LIBRES } from '@cronos/contract';
import { expect, type Page, test } from '@playwright/test';
import { violacionesWcag } from '../support/accesibilidad';
import { navegante } from '../support/navegar';
import { conDocumento, sembrarOrden } from '../support/ordenes';
import { elegirEnMenuDeUsuario, sesionPorApi, USUARIOS } from '../support/sesion';

/**
 * Every route of the route table (spec 01 §2) as each role that opens it sees it, checked by axe-core against
 * WCAG 2.2 AA (tags wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa): no serious or critical violation. Which routes
 * a role opens is what its menu says (the permission tree its sign-in answers), plus the routes every user has
 * (dashboard, novedades, support). One sign-in per role; the screens are opened inside the running app.
 * Public pages are checked once without a session; the order screens reached from a list (edit, documents,
 * timeline, trucks) as the company user and the SuperAdministrador.
 */

test.describe.configure({ mode: 'parallel' });

/** The /app addresses a role's menu opens, in menu order, after the ones every user reaches. */
async function rutasDelRol(page: Page) {
  const permisos = await page.evaluate(() => JSON.parse(localStorage.getItem('cronos.permisos') ?? '[]') as ItemMenu[]);
  const rutas = RUTAS_LIBRES.map((m) => `/app/${m}`);
  const recorrer = (items: ItemMenu[]) => {
    for (const i of items) {
      if (i.urlLink.startsWith('/app/') && !rutas.includes(i.urlLink)) rutas.push(i.urlLink);
      recorrer(i.detalle);
    }
  };
  recorrer(permisos);
  return rutas;
}

/** Opens each address in the running app and returns every serious or critical violation found. */
async function revisarRutas(page: Page, rol: string, rutas: string[]) {
  // The app's first load (Ant Design, the layout, the first screen) is bounded more loosely than the screens
  // opened inside it: on a busy two-core machine it has taken over 10 s.
  await page.goto(rutas[0] ?? '/app/dashboard');
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toBeVisible({ timeout: 60_000 });
  const app = navegante(page);
  const violaciones: string[] = [];
  for (const ruta of rutas) {
    await app.ir(ruta);
    violaciones.push(...(await violacionesWcag(page, `${rol} ${ruta}`)));
  }
  return violaciones;
}

/**
 * The two longest menus (40 and 34 routes) are checked in two halves, each with its own sign-in, so that the suite's
 * two workers share them instead of one of them running alone at the end.
 */
const MITADES: Record<string, number> = { superadmin: 2, admin: 2 };

for (const rol of Object.values(USUARIOS)) {
  const partes = MITADES[rol] ?? 1;
  for (let parte = 0; parte < partes; parte++) {
    const cuales = partes === 1 ? '' : ` (${parte + 1} of ${partes})`;
    test(`WCAG 2.2 AA: every route of ${rol}'s menu${cuales} has no serious or critical axe-core violation`, async ({
      page,
    }) => {
      await sesionPorApi(page, rol);
      const todas = await rutasDelRol(page);
      expect(todas.length).toBeGreaterThan(RUTAS_LIBRES.length);
      const mitad = Math.ceil(todas.length / partes);
      const rutas = todas.slice(parte * mitad, (parte + 1) * mitad);
      // Time for the sign-in and the first load, then for each screen and its analysis (on a loaded machine).
      test.setTimeout(60_000 + rutas.length * 10_000);
      expect(await revisarRutas(page, rol, rutas)).toEqual([]);
    });
  }
}

test('WCAG 2.2 AA: the public pages (login, certificate and record verification, error) have no serious or critical violation', async ({
  page,
}) => {
  const violaciones: string[] = [];
  for (const [ruta, listo] of [
    ['/login', page.getByRole('button', { name: 'Ingresar' })],
    ['/verificar-certificado', page.locator('.ant-card, .ant-result').first()],
    ['/verificar-acta', page.locator('.ant-card, .ant-result').first()],
    ['/error', page.getByRole('button').first()],
  ] as const) {
    await page.goto(ruta);
    await expect(listo).toBeVisible();
    violaciones.push(...(await violacionesWcag(page, ruta)));
  }
  expect(violaciones).toEqual([]);
});

/**
 * The order screens a list opens (spec 01 §2: edit, documents, timeline, trucks; the verification images), as the
 * company user who registered the order and as the SuperAdministrador, with the dialogs users open most: a new
 * product from the order form, and the password change of the user menu.
 */
test('WCAG 2.2 AA: the order screens reached from a list and the most used dialogs have no serious or critical violation', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await sesionPorApi(page, 'usuario');
  const orden = await sembrarOrden(page);
  const rutas = [
    `/app/operations/order/register/${orden.codigoMovimiento}/${orden.codigoIngreso}`,
    `/app/operations/order/documents/${orden.codigoMovimiento}`,
    `/app/operations/order/timeline/${orden.codigoMovimiento}`,
    '/app/operations/order/trucks',
    `/app/operator/images?codigo=${orden.codigoIngreso}`,
  ];
  const violaciones = await revisarRutas(page, 'usuario', rutas);

  // The product line (and its 'Nuevo producto' button) shows once the order has a document.
  await conDocumento(page);
  await page.getByRole('button', { name: 'Nuevo producto' }).first().click();
  const producto = page.getByRole('dialog');
  await expect(producto).toBeVisible();
  violaciones.push(...(await violacionesWcag(page, 'usuario: diálogo Nuevo producto')));
  await page.keyboard.press('Escape');
  await expect(producto).toBeHidden();

  await elegirEnMenuDeUsuario(page, 'Cambiar contraseña', () =>
    expect(page.getByRole('dialog', { name: 'Cambiar contraseña' })).toBeVisible({ timeout: 2_000 }),
  );
  violaciones.push(...(await violacionesWcag(page, 'usuario: diálogo Cambiar contraseña')));

  await sesionPorApi(page, 'superadmin');
  violaciones.push(...(await revisarRutas(page, 'superadmin', rutas)));
  expect(violaciones).toEqual([]);
});
