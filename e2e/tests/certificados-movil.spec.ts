import { expect, type Locator, type Page, test } from '@playwright/test';
import { sesionPorApi } from '../support/sesion';

/**
 * Manufacture certificates on a 390 px phone: the request dialog's fields take the width of the screen instead of
 * six to a row (a 54 px 'Cantidad'), its lines table scrolls inside the dialog instead of running off it, and the
 * detail's company data is not broken a letter per line. Nothing is saved.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PAGINA = '/app/operations/manufacture';

async function abrirPantalla(page: Page, usuario: string) {
  await sesionPorApi(page, usuario);
  await page.goto(PAGINA);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
}

const ancho = async (l: Locator) => (await l.boundingBox())?.width ?? 0;
const bordeDerecho = async (l: Locator) => {
  const b = await l.boundingBox();
  return b ? b.x + b.width : Number.POSITIVE_INFINITY;
};

test('the request dialog stacks its fields and keeps its lines table inside', async ({ page }) => {
  await abrirPantalla(page, 'fabricante');
  await page.getByRole('button', { name: 'Generar certificado' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitud de Certificado de Manufactura' });
  await dialogo.getByLabel('Descripción del producto').fill('POLO DE ALGODÓN');
  await dialogo.getByRole('button', { name: 'Buscar producto' }).click();
  await expect(dialogo.locator('[title*="POLO DE ALGODÓN"]').first()).toBeVisible();
  await dialogo.getByRole('spinbutton', { name: 'Cantidad' }).fill('12');
  await dialogo.getByRole('spinbutton', { name: 'Peso neto' }).fill('10');
  await dialogo.getByRole('spinbutton', { name: 'Peso bruto' }).fill('11');
  await dialogo.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialogo.locator('.ant-table-row').filter({ hasText: 'POLO DE ALGODÓN' })).toBeVisible();

  const cuerpo = dialogo.locator('.ant-modal-body');
  const limite = await bordeDerecho(cuerpo);
  for (const campo of ['Cantidad', 'Bultos', 'Peso neto', 'Peso bruto']) {
    const control = dialogo.getByRole('spinbutton', { name: campo });
    expect(await ancho(control), campo).toBeGreaterThan(140);
    expect(await bordeDerecho(control), campo).toBeLessThanOrEqual(limite);
  }
  expect(await ancho(dialogo.getByRole('textbox', { name: 'Días de vigencia' }))).toBeGreaterThan(140);
  // The lines table scrolls inside the dialog; its rows are numbered.
  expect(await bordeDerecho(dialogo.locator('.ant-table').first())).toBeLessThanOrEqual(limite);
  await expect(dialogo.locator('.ant-table-row').first().locator('td').first()).toHaveText('1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialogo).toBeHidden();
});

test("the detail shows the company's data one field per row", async ({ page }) => {
  await abrirPantalla(page, 'superadmin');
  await page.getByRole('button', { name: 'Ver detalle' }).first().click();
  const dialogo = page.getByRole('dialog');
  const razonSocial = dialogo
    .locator('.ant-descriptions-item-content')
    .filter({ hasText: /S\.A\.C\.|E\.I\.R\.L\.|S\.A\./ });
  await expect(razonSocial.first()).toBeVisible();
  expect(await ancho(razonSocial.first())).toBeGreaterThan(150);
  expect(await bordeDerecho(dialogo.locator('.ant-table').first())).toBeLessThanOrEqual(
    await bordeDerecho(dialogo.locator('.ant-modal-body')),
  );
});

test('a garbled verification link (too long a number, a control character) reads «no válido», not «intente nuevamente»', async ({
  page,
}) => {
  for (const consulta of [`numero=${'X'.repeat(60)}&codigo=abc`, 'numero=CM-2026%01&codigo=abc']) {
    await page.goto(`/verificar-certificado?${consulta}`);
    await expect(page.getByText('Certificado no válido')).toBeVisible();
    await expect(page.getByText('No se pudo verificar el certificado')).toHaveCount(0);
  }
});
