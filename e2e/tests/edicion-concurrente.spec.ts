import { expect, test } from '@playwright/test';
import { CLAVE_DEMO, sesionPorApi } from '../support/sesion';

/**
 * Two people editing the same record: the screen sends the version it read; when somebody else saved in the
 * meantime, the save is refused with the message and nothing changes; after reloading it goes through.
 */
const MENSAJE = 'El registro fue modificado por otro usuario. Recargue e intente nuevamente.';

test('company profile: a save over a change made meanwhile shows the message and keeps the other change', async ({
  page,
}) => {
  await sesionPorApi(page, 'admin.andinas');
  await page.goto('/app/administration/company');
  const empresa = page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: 'Datos de la empresa' }) })
    .last();
  await expect(empresa.getByLabel('Razón social')).not.toHaveValue('');

  // Another person (a second session of the same administrator) saves the profile first.
  const login = await page.request.post('/api/Account/Login', {
    data: { nombreUsuario: 'admin.andinas', contrasenia: CLAVE_DEMO },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const actual = (await (await page.request.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario', { headers })).json())
    .data;
  const otra = await page.request.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', {
    headers,
    data: { data: { ...actual, direccion: 'Av. Del Otro Usuario 100' } },
  });
  expect(otra.status()).toBe(200);

  await empresa.getByLabel('Dirección').fill('Av. De Esta Pantalla 200');
  const respuesta = page.waitForResponse((r) => r.url().includes('/EmpresaUsuario/ActualizaEmpresaUsuario'));
  await empresa.getByRole('button', { name: 'Guardar' }).click();
  expect((await respuesta).status()).toBe(409);
  await expect(page.getByText(MENSAJE).first()).toBeVisible();
  const guardado = (await (await page.request.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario', { headers })).json())
    .data;
  expect(guardado.direccion).toBe('Av. Del Otro Usuario 100');

  // Reload and save again: now it goes through.
  await page.reload();
  await expect(empresa.getByLabel('Dirección')).toHaveValue('Av. Del Otro Usuario 100');
  await empresa.getByLabel('Dirección').fill('Av. De Esta Pantalla 200');
  const segunda = page.waitForResponse((r) => r.url().includes('/EmpresaUsuario/ActualizaEmpresaUsuario'));
  await empresa.getByRole('button', { name: 'Guardar' }).click();
  expect((await segunda).status()).toBe(200);
  await expect(page.getByText('Datos actualizados con éxito').first()).toBeVisible();
});
