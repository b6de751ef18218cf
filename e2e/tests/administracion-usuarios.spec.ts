import { expect, type Page, test } from '@playwright/test';
import { CLAVE_DEMO, sesionPorApi, tokenDe } from '../support/sesion';
import { elegirOpcion, guardarHasta } from '../support/formularios';
import { ordenarPorCabecera } from '../support/orden';

/**
 * Lista de Usuarios, the sides administracion.spec.ts does not cover (spec 02 §2, §5, §6): a company
 * administrator enables, resets and disables a user and meets the form's messages; staff below level 2 see no
 * button and the server refuses each call; level 1 picks the company and every role.
 */

async function abrir(page: Page, usuario: string) {
  await sesionPorApi(page, usuario);
  await page.goto('/app/administration/users');
  await expect(page.getByText('Lista de Usuarios').first()).toBeVisible();
}
const filaDe = (page: Page, nombreUsuario: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: nombreUsuario, exact: true }) });
async function codigoDe(page: Page, nombreUsuario: string) {
  const login = await page.request.post('/api/Account/Login', {
    data: { nombreUsuario: 'superadmin', contrasenia: CLAVE_DEMO },
  });
  const token = (await login.json()).data.token;
  const r = await page.request.get(`/api/Account/ListarDatos?Columna=U.NOMBRE_USUARIO&Valor=${nombreUsuario}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await r.json()).data.find((u: { nombreUsuario: string }) => u.nombreUsuario === nombreUsuario)
    .codigoUsuario as number;
}

test('a company administrator enables a disabled user, resets its password and disables it again; form messages', async ({
  page,
}) => {
  await abrir(page, 'admin.andinas');
  const fila = filaDe(page, 'ex.empleado');
  await expect(fila).toHaveClass(/fila-anulada/);
  await expect(fila.getByRole('button')).toHaveCount(1);
  await fila.getByRole('button', { name: 'Habilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Habilitar' }).click();
  await expect(fila).not.toHaveClass(/fila-anulada/);
  await expect(fila.getByText('Activo')).toBeVisible();

  await fila.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const c = page.getByRole('dialog', { name: 'Cambiar contraseña — ex.empleado' });
  await c.getByLabel('Nueva contraseña').fill('Vuelta.2027');
  await c.getByLabel('Confirmar contraseña').fill('Otra.2027');
  await c.getByRole('button', { name: 'Guardar' }).click();
  await expect(c.getByText('Las contraseñas deben ser iguales')).toBeVisible();
  await c.getByLabel('Confirmar contraseña').fill('Vuelta.2027');
  await c.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Contraseña actualizada con éxito').first()).toBeVisible();
  const login = await page.request.post('/api/Account/Login', {
    data: { nombreUsuario: 'ex.empleado', contrasenia: 'Vuelta.2027' },
  });
  expect(login.status()).toBe(200);

  await fila.getByRole('button', { name: 'Deshabilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(fila).toHaveClass(/fila-anulada/);

  // Nuevo Usuario: the DNI search needs 8 characters; saving needs at least one module.
  await page.getByRole('button', { name: 'Agregar Usuario' }).click();
  const d = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await d.getByLabel('N° de documento').fill('41234');
  await d.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('Debe Ingresar los 8 caracteres').first()).toBeVisible();
  await d.getByLabel('N° de documento').fill('42345678');
  await d.getByRole('button', { name: 'Buscar' }).click();
  await expect(d.getByLabel('Apellido paterno')).toHaveValue('VARGAS');
  await expect(d.getByRole('textbox', { name: 'Usuario', exact: true })).toHaveValue('wvargas');
  // Names found, a wrong e-mail and no position: the message names what is wrong, not the (filled) names.
  await d.getByLabel('Correo electrónico').fill('no-es-correo');
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.locator('.ant-notification').getByText('Correo electrónico inválido')).toBeVisible();
  await expect(page.locator('.ant-notification').getByText('Debe Ingresar nombres y apellidos')).toHaveCount(0);
  await d.getByLabel('Correo electrónico').fill('wvargas@andinas.pe');
  await d.getByRole('tab', { name: 'Permisos' }).click();
  const marcadas = d.locator('.ant-tree .ant-tree-checkbox-checked');
  await expect(marcadas.first()).toBeVisible();
  while (await marcadas.count()) await marcadas.first().click();
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe seleccionar al menos un módulo').first()).toBeVisible();

  // Another company's user does not exist for this administrator.
  const ajeno = await codigoDe(page, 'admin.altiplano');
  const r = await page.request.post('/api/Account/CambiarEstadoAnulado', {
    headers: { authorization: `Bearer ${await tokenDe(page)}` },
    data: { codigoUsuario: ajeno, estado: 1 },
  });
  expect(r.status()).toBe(404);
});

test('company staff below level 2 see no Agregar Usuario and no row action; the server refuses each call', async ({
  page,
}) => {
  await abrir(page, 'usuario');
  await expect(filaDe(page, 'admin.andinas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar Usuario' })).toHaveCount(0);
  await expect(page.locator('tbody').getByRole('button')).toHaveCount(0);
  const headers = { authorization: `Bearer ${await tokenDe(page)}` };
  const objetivo = await codigoDe(page, 'admin.andinas');
  const llamadas = [
    [
      '/api/Account/Crear',
      {
        codeTipoDocumentoPeaton: '4',
        numeroDocumentoIdentidad: '1234567890',
        nombre: 'Intruso',
        apellidoPaterno: 'Nuevo',
        correoElectronico: 'intruso@andinas.pe',
        cargo: 'Nadie',
        codigoRol: 2,
        contrasenia: 'Intruso.2027',
      },
    ],
    ['/api/Account/CambiarEstadoAnulado', { codigoUsuario: objetivo, estado: 1 }],
    ['/api/Account/GuardarPermisoUsuario', { codigoUsuario: objetivo, detalle: [] }],
    [
      '/api/Account/ActualizaContrasenia',
      { codigoUsuario: objetivo, contrasenia: 'Toma.2027', checkPass: 'Toma.2027' },
    ],
  ] as const;
  for (const [ruta, data] of llamadas) {
    const r = await page.request.post(ruta, { headers, data });
    expect(r.status(), `${ruta} ${await r.text()}`).toBe(403);
  }
  // The treasurer of the operator neither resets the operator administrator's password.
  await abrir(page, 'tesorero');
  await expect(page.locator('tbody').getByRole('button')).toHaveCount(0);
  // The operator's users, sorted by user name by the server.
  await ordenarPorCabecera(page, 'Usuario', 'nombreUsuario');
  const r = await page.request.post('/api/Account/ActualizaContrasenia', {
    headers: { authorization: `Bearer ${await tokenDe(page)}` },
    data: { codigoUsuario: await codigoDe(page, 'admin'), contrasenia: 'Toma.2027', checkPass: 'Toma.2027' },
  });
  expect(r.status()).toBe(403);
  const admin = await page.request.post('/api/Account/Login', {
    data: { nombreUsuario: 'admin', contrasenia: CLAVE_DEMO },
  });
  expect(admin.status()).toBe(200);
});

test('level 1 picks the company, assigns any role and creates a user there', async ({ page }) => {
  await abrir(page, 'superadmin');
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByTitle('LICORES FINOS DE TACNA S.R.L.').click();
  await page.getByRole('button', { name: 'Agregar Usuario' }).click();
  const d = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await d.locator('#usuario_codigoRol').click();
  for (const rol of ['SuperAdministrador', 'Balanza', 'Seguridad', 'Tesorero']) {
    await expect(page.locator('.ant-select-dropdown').getByTitle(rol, { exact: true })).toBeVisible();
  }
  await page.locator('.ant-select-dropdown').getByTitle('Tesorero', { exact: true }).click();
  await expect(d.getByLabel('Empresa usuaria')).toBeVisible();
  await elegirOpcion(d.getByLabel('Tipo de documento'), 'Pasaporte', null);
  await d.getByLabel('N° de documento').fill('5566778899');
  await d.getByLabel('Nombres').fill('Teodoro');
  await d.getByLabel('Apellido paterno').fill('Licona');
  await d.getByLabel('Apellido paterno').blur();
  await expect(d.getByRole('textbox', { name: 'Usuario', exact: true })).toHaveValue('tlicona');
  await d.getByLabel('Correo electrónico').fill('teodoro@licores.pe');
  await d.getByLabel('Cargo').fill('Contador');
  // A rehearsal lost this click (all fields filled, no request in the trace): click again while the dialog stays.
  await guardarHasta(d, 'Guardar', () =>
    expect(page.getByText('Usuario creado con éxito').first()).toBeVisible({ timeout: 3_000 }),
  );
  const fila = filaDe(page, 'tlicona');
  await expect(fila.getByText('Tesorero')).toBeVisible();
  const lista = await page.request.get('/api/Account/ListarDatos?Columna=U.NOMBRE_USUARIO&Valor=tlicona', {
    headers: { authorization: `Bearer ${await tokenDe(page)}` },
  });
  expect((await lista.json()).data[0]).toMatchObject({ codigoEmpresaUsuario: 5, codigoRol: 9 });
});

test('on a phone, staff below level 2 get the list without an empty Acciones column over the user names', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await abrir(page, 'usuario');
  await expect(filaDe(page, 'admin.andinas')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Acciones' })).toHaveCount(0);
  // A company administrator still has the column and its buttons.
  await abrir(page, 'admin.andinas');
  await expect(page.getByRole('columnheader', { name: 'Acciones' })).toBeVisible();
});
