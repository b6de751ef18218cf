import { expect, type Page, test } from '@playwright/test';
import { CLAVE_DEMO, sesionPorApi, tokenDe } from '../support/sesion';
import { ordenarPorCabecera } from '../support/orden';

/**
 * Lista de Trabajadores, enable/disable (spec 02 §1, §2; docs/adr/0044-empresa-empleo-y-trabajadores.md): a worker who
 * left (end date before today) is red but still editable; a disabled worker is red and offers only Habilitar, and the
 * server refuses to edit it; another company's worker does not exist for a user company.
 */

async function abrir(page: Page, usuario: string) {
  await sesionPorApi(page, usuario);
  await page.goto('/app/administration/workers');
  await expect(page.getByText('Lista de Trabajadores').first()).toBeVisible();
}

test('a company user disables a worker (red, only Habilitar, not editable on the server) and enables it', async ({
  page,
}) => {
  await abrir(page, 'usuario2');
  // The search box says what the chosen column takes (it said 'Buscar RUC transportista' for every column).
  const buscar = page.getByRole('textbox', { name: 'Buscar' });
  await expect(buscar).toHaveAttribute('placeholder', 'Buscar RUC transportista');
  await page.getByRole('combobox', { name: 'Columna de búsqueda' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('Nombre', { exact: true }).click();
  await expect(buscar).toHaveAttribute('placeholder', 'Buscar apellidos o nombre');
  // The demo's worker who left (end date 2026-06-30) is red but can still be edited.
  const cesado = page.locator('tr.fila-anulada').first();
  await expect(cesado).toBeVisible();
  await expect(cesado.getByRole('button', { name: 'Editar' })).toBeVisible();
  await expect(cesado.getByRole('button', { name: 'Deshabilitar' })).toBeVisible();

  const fila = page.getByRole('row').filter({ hasText: 'GONZALEZ SOTO, CAMILA' });
  await expect(fila).not.toHaveClass(/fila-anulada/);
  // Her nationality by its name, not its code ('CL').
  await expect(fila.getByRole('cell', { name: 'Chilena', exact: true })).toBeVisible();
  await fila.getByRole('button', { name: 'Deshabilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(page.getByText('Estado actualizado con éxito').first()).toBeVisible();
  await expect(fila).toHaveClass(/fila-anulada/);
  await expect(fila.getByRole('button')).toHaveCount(1);
  await expect(fila.getByRole('button', { name: 'Habilitar' })).toBeVisible();

  // Editing the disabled worker behind the hidden button is refused.
  const headers = { authorization: `Bearer ${await tokenDe(page)}` };
  const lista = await (
    await page.request.get(
      '/api/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa?Columna=COLABORADOR&Valor=CAMILA',
      { headers },
    )
  ).json();
  const codigo = lista.data[0].codigoControlColaboradorEmpresa;
  const registro = (
    await (await page.request.get(`/api/ControlColaboradorEmpresa/record/${codigo}`, { headers })).json()
  ).data;
  const editar = await page.request.post('/api/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa', {
    headers,
    data: { data: { ...registro, codigoCargo: 'Cambiado' } },
  });
  expect(editar.status()).toBe(422);
  expect((await editar.json()).message).toBe('El registro está deshabilitado; habilítelo para editarlo.');

  // A user of another company cannot touch it.
  const otra = await page.request.post('/api/Account/Login', {
    data: { nombreUsuario: 'usuario', contrasenia: CLAVE_DEMO },
  });
  const ajena = await page.request.post('/api/ControlColaboradorEmpresa/CambiarEstadoAnulado', {
    headers: { authorization: `Bearer ${(await otra.json()).data.token}` },
    data: { codigoControlColaboradorEmpresa: codigo, estado: 0 },
  });
  expect(ajena.status()).toBe(404);

  await fila.getByRole('button', { name: 'Habilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Habilitar' }).click();
  await expect(fila).not.toHaveClass(/fila-anulada/);
  await fila.getByRole('button', { name: 'Editar' }).click();
  await expect(page.getByRole('dialog', { name: /Trabajador/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Trabajador/ })).toBeHidden();
  // The company's workers, sorted by document by the server.
  await ordenarPorCabecera(page, 'Documento', 'numeroDocumentoIdentidad');
});
