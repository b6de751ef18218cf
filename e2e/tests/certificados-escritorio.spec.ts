import { expect, test } from '@playwright/test';
import { sesionPorApi } from '../support/sesion';

/**
 * The certificates list on a 1440 px screen: every column fits beside the fixed actions, so the issued
 * certificate's PDF button is in view instead of half under the 'Acciones' column (seen as 'PD').
 */
test.use({ viewport: { width: 1440, height: 900 } });

for (const usuario of ['fabricante', 'superadmin']) {
  test(`the list fits at 1440 px and shows the PDF button whole (${usuario})`, async ({ page }) => {
    await sesionPorApi(page, usuario);
    await page.goto('/app/operations/manufacture');
    const pdf = page.getByRole('button', { name: /^Descargar certificado / }).first();
    await expect(pdf).toBeVisible();
    const contenedor = page.locator('.ant-table-content, .ant-table-body').first();
    const { ancho, visible } = await contenedor.evaluate((c) => ({ ancho: c.scrollWidth, visible: c.clientWidth }));
    expect(ancho).toBeLessThanOrEqual(visible);
    const boton = await pdf.boundingBox();
    const acciones = await page.locator('.ant-table-thead th', { hasText: 'Acciones' }).boundingBox();
    expect((boton?.x ?? 0) + (boton?.width ?? 0)).toBeLessThanOrEqual(acciones?.x ?? 0);
  });
}

test('the detail of a rejected request names who rejected it, not «Autorizado por»', async ({ page }) => {
  await sesionPorApi(page, 'fabricante');
  await page.goto('/app/operations/manufacture');
  const fila = page.locator('.ant-table-row').filter({ hasText: 'RECHAZADO' }).first();
  await fila.getByRole('button', { name: 'Ver detalle' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Detalle - registro de certificado' });
  await expect(dialogo.getByText('Rechazado por')).toBeVisible();
  await expect(dialogo.getByText('Autorizado por')).toHaveCount(0);
});
