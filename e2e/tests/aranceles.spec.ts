import { expect, test } from '@playwright/test';
import { sesionPorApi } from '../support/sesion';

/**
 * Tariff headings (settings/catalogs). The nomenclature's descriptions run to hundreds of characters; the demo's are
 * short, so the list's answer is given one of the nomenclature's length.
 */
const LARGA =
  'Las demás máquinas y aparatos para el tratamiento de materias mediante operaciones que impliquen un cambio de ' +
  'temperatura, tales como calentamiento, cocción, torrefacción, destilación, rectificación, esterilización, ' +
  'pasteurización, baño de vapor de agua, secado, evaporación, vaporización, condensación o enfriamiento';

for (const ancho of [1440, 390]) {
  test(`a long description wraps in its column and the heading stays in the list at ${ancho} px`, async ({ page }) => {
    await page.setViewportSize({ width: ancho, height: 900 });
    await page.route('**/api/Arancel/ListarDatos**', async (ruta) => {
      const respuesta = await ruta.fetch();
      const cuerpo = await respuesta.json();
      cuerpo.data[0].descripcion = LARGA;
      await ruta.fulfill({ response: respuesta, json: cuerpo });
    });
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/settings/catalogs');
    const celda = page.getByText(LARGA);
    await expect(celda).toBeVisible();
    const contenedor = page.locator('.ant-table-content, .ant-table-body').first();
    const { total, visible } = await contenedor.evaluate((c) => ({ total: c.scrollWidth, visible: c.clientWidth }));
    // The description wraps: at 1440 px the whole list fits; on a phone it scrolls by less than a screen.
    if (ancho === 1440) expect(total).toBeLessThanOrEqual(visible);
    else expect(total).toBeLessThan(visible * 2.5);
    expect((await celda.boundingBox())?.height ?? 0).toBeGreaterThan(40);
  });
}
