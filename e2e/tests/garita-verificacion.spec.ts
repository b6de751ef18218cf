import { expect, test } from '@playwright/test';
import { apiDe, sembrarOrden } from '../support/ordenes';
import { avanzarOrden } from '../support/etapas';
import { sesionPorApi } from '../support/sesion';

/**
 * Cargo verification on a phone (390 px), saved and left before its photos: when the verifier comes back to the
 * order, the screen shows what was saved (bultos, ticked items, observation, both declarations) instead of an
 * empty form, and says what is left to do.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('una verificación guardada y retomada muestra lo que se guardó', async ({ page }) => {
  test.setTimeout(120_000);
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);
  await avanzarOrden(page, o, 'verificacion');

  const buscar = async () => {
    await page.getByLabel('Código de orden o N° de documento').fill(o.codigoIngreso);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText(`Orden ${o.codigoIngreso}`, { exact: true })).toBeVisible();
  };
  await page.goto('/app/operator/income');
  await buscar();
  await page.getByLabel('Cantidad de bultos').fill('13');
  const items = page.locator('label.ant-checkbox-wrapper');
  await items.first().click();
  const primero = ((await items.first().textContent()) ?? '').trim();
  await page.getByLabel('Observaciones').fill('Dos cajas con la cinta rota');
  await page.getByText('Declaro haber verificado correctamente los datos adjuntos registrados.').click();
  await page.getByText('Soy responsable de haber cumplido con la verificación de esta mercancía.').click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Registro Exitoso')).toBeVisible();

  // The verifier leaves and comes back to the order later.
  await page.goto('/app/dashboard');
  await page.goto('/app/operator/income');
  await buscar();
  await expect(page.getByLabel('Cantidad de bultos')).toHaveValue('13');
  await expect(page.getByLabel('Cantidad de bultos')).toBeDisabled();
  await expect(page.getByLabel('Observaciones')).toHaveValue('Dos cajas con la cinta rota');
  await expect(
    page.locator('label.ant-checkbox-wrapper', { hasText: primero }).locator('.ant-checkbox-checked'),
  ).toHaveCount(1);
  await expect(page.locator('label.ant-checkbox-wrapper.ant-checkbox-wrapper-checked')).toHaveCount(3);
  await expect(
    page.getByText('Verificación guardada: cargue al menos una imagen y pulse Finalizar registro.'),
  ).toBeVisible();
  const medidas = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(medidas).toBeLessThanOrEqual(390);

  // The verified-operations images, searched by the ticket's number, say which order they belong to.
  await page.goto('/app/operator/images');
  await page.getByLabel('Código de orden o N° de ticket').fill(o.codigoIngreso.slice(2).padStart(9, '0'));
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByTestId('orden-imagenes')).toHaveText(`Orden ${o.codigoIngreso}`);
});

test('el control con ítems sin marcar lleva al guardia a Observaciones', async ({ page }) => {
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);
  await sesionPorApi(page, 'seguridad');
  await page.goto('/app/security/income');
  await page.getByLabel('Código de orden o N° de documento').fill(o.codigoIngreso);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText(`Datos de control · ${o.codigoIngreso}`)).toBeVisible();
  const observaciones = page.getByLabel('Observaciones');
  await expect(observaciones).not.toBeInViewport();
  await page.getByRole('button', { name: 'Guardar Control' }).click();
  await expect(page.getByText('Error, hay ítems de revisión sin marcar').first()).toBeVisible();
  await expect(observaciones).toBeFocused();
  await expect(observaciones).toBeInViewport();
  await page.keyboard.type('Precintos sin revisar: el camión llegó sin precintos');
  await page.getByRole('button', { name: 'Guardar Control' }).click();
  await expect(page.getByText('Registro Exitoso')).toBeVisible();
});

test('dos guardias en el diálogo de conductor: el segundo no deshace al primero y se le dice por qué', async ({
  page,
}) => {
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);
  await sesionPorApi(page, 'seguridad');
  await page.goto('/app/security/income');
  await page.getByLabel('Código de orden o N° de documento').fill(o.codigoIngreso);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('button', { name: 'Conductor y transportista' }).click();
  await page.getByLabel('Peso bruto declarado').fill('15000');

  // Meanwhile another guard saves the same order's declared weight.
  const api = await apiDe(page);
  const leida = (
    await api.get(`/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${o.codigoMovimiento}`)
  ).cuerpo.data;
  const otro = await api.post('/Movimiento/ActualizaDatosTransportistaMovimiento', {
    codigoMovimiento: o.codigoMovimiento,
    codigoTipoDocumentoIdentidad: '1',
    numeroDocumentoIdentidad: '45678912',
    version: leida.version,
    pesoBruto: 32000,
  });
  expect(otro.status, JSON.stringify(otro.cuerpo)).toBe(200);

  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(
    page.getByText('El registro fue modificado por otro usuario. Recargue e intente nuevamente.'),
  ).toBeVisible();
  await expect(page.getByText('32,000 kg')).toBeVisible();
  const ahora = (
    await api.get(`/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${o.codigoMovimiento}`)
  ).cuerpo.data;
  expect(ahora.pesoBrutoDeclarado).toBe(32000);
});
