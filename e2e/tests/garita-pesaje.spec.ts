import { expect, test } from '@playwright/test';
import { apiDe, elegir, sembrarOrden } from '../support/ordenes';
import { avanzarOrden } from '../support/etapas';
import { sesionPorApi } from '../support/sesion';
import { conBalanza } from '../support/balanza';

/**
 * Exit weighing before its capture: the gross, net and tare fields stay empty until the second weight is read
 * (the first weight alone was shown as a net of the whole truck), then show the difference.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('el pesaje de salida no muestra bruto, neto ni tara hasta capturar el segundo peso', async ({ page }) => {
  test.setTimeout(120_000);
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);
  await avanzarOrden(page, o, 'pesajeSalida');
  const bal = await apiDe(page);

  await page.goto('/app/balanza/secondScales');
  await page.getByLabel('Código de orden o N° de documento').fill(o.codigoIngreso);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Primer pesaje')).toBeVisible();
  for (const campo of ['Peso bruto', 'Peso neto', 'Peso tara']) await expect(page.getByLabel(campo)).toHaveValue('');
  await conBalanza(async () => {
    expect((await bal.post('/Balanza/SimularPeso', { tipoBalanza: 1, peso: 12_000, estable: true })).status).toBe(200);
    await elegir(page, 'Balanza', 'Balanza de camiones');
    await page.getByRole('button', { name: 'Capturar peso' }).click();
    await expect(page.getByLabel('Peso neto')).toHaveValue('18000');
  });
  await expect(page.getByLabel('Peso bruto')).toHaveValue('30000');
  await expect(page.getByLabel('Peso tara')).toHaveValue('12000');
});
