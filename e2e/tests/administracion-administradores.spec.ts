import { expect, type Page, test } from '@playwright/test';
import { CLAVE_DEMO, sesionPorApi, tokenDe } from '../support/sesion';
import { ordenarPorCabecera } from '../support/orden';

/**
 * Lista de Administradores (spec 02 §2, §6): company selector for level 1; edit, permissions, disable,
 * delete and change password; SuperAdministrador rows only have the password changed; level 2 sees no action
 * on them and the server refuses each hidden one.
 */

const sufijo = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const cabecera = async (page: Page) => ({ authorization: `Bearer ${await tokenDe(page)}` });

/** Creates a user through the API as the page's user; returns its user name. */
async function crearUsuario(page: Page, datos: { codigoRol: number; codigoEmpresaUsuario: number }) {
  const nombreUsuario = `e2e.${sufijo()}`;
  const r = await page.request.post('/api/Account/Crear', {
    headers: await cabecera(page),
    data: {
      codeTipoDocumentoPeaton: '4',
      numeroDocumentoIdentidad: String(Date.now()).slice(-11),
      nombre: 'Prueba',
      apellidoPaterno: 'Administradora',
      apellidoMaterno: 'Quispe',
      correoElectronico: `${nombreUsuario}@zofratacna.demo`,
      cargo: 'Jefa de prueba',
      contrasenia: CLAVE_DEMO,
      nombreUsuario,
      ...datos,
    },
  });
  expect(r.status(), await r.text()).toBe(200);
  return { nombreUsuario, codigoUsuario: (await r.json()).data as number };
}

async function abrirAdministradores(page: Page, usuario: string) {
  await sesionPorApi(page, usuario);
  await page.goto('/app/administration/staff');
  await expect(page.getByText('Lista de Administradores').first()).toBeVisible();
}

async function elegirEmpresa(page: Page, nombre: string) {
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByTitle(nombre).click();
}

test('level 1 picks the company and edits, sets permissions, changes the password, disables, enables and deletes an administrator', async ({
  page,
}) => {
  await abrirAdministradores(page, 'superadmin');
  const { nombreUsuario } = await crearUsuario(page, { codigoRol: 2, codigoEmpresaUsuario: 6 });
  await elegirEmpresa(page, 'INDUSTRIAS TEXTILES CAPLINA S.A.C.');
  const fila = page.getByRole('row').filter({ hasText: nombreUsuario });
  await expect(fila).toBeVisible();
  // Only administrators are listed.
  await expect(page.getByRole('cell', { name: 'Usuario', exact: true })).toHaveCount(0);

  await fila.getByRole('button', { name: 'Editar' }).click();
  const d = page.getByRole('dialog', { name: `Editar Usuario — ${nombreUsuario}` });
  await expect(d.getByRole('tab', { name: 'Datos de Usuario' })).toBeVisible();
  await expect(d.getByRole('tab', { name: 'Permisos' })).toHaveCount(0);
  await expect(d.locator('#usuario_contrasenia')).toHaveCount(0);
  await expect(d.getByLabel('Nombres')).toHaveValue('PRUEBA');
  await d.getByLabel('Cargo').fill('Gerenta de planta');
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario editado con éxito').first()).toBeVisible();
  await expect(fila.getByRole('cell', { name: 'Gerenta de planta' })).toBeVisible();

  await fila.getByRole('button', { name: 'Permisos' }).click();
  const p = page.getByRole('dialog', { name: `Editar Usuario — ${nombreUsuario}` });
  await expect(p.getByRole('tab', { name: 'Permisos' })).toBeVisible();
  await expect(p.locator('.ant-tree')).toBeVisible();
  await p.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Permisos actualizados con éxito').first()).toBeVisible();

  await fila.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const c = page.getByRole('dialog', { name: `Cambiar contraseña — ${nombreUsuario}` });
  await c.getByLabel('Nueva contraseña').fill('Planta.2027');
  await c.getByLabel('Confirmar contraseña').fill('Planta.2027');
  await c.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Contraseña actualizada con éxito').first()).toBeVisible();
  const login = await page.request.post('/api/Account/Login', {
    data: { nombreUsuario, contrasenia: 'Planta.2027' },
  });
  expect(login.status()).toBe(200);

  await fila.getByRole('button', { name: 'Deshabilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(fila).toHaveClass(/fila-anulada/);
  // A disabled row offers only Habilitar.
  await expect(fila.getByRole('button')).toHaveCount(1);
  await fila.getByRole('button', { name: 'Habilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Habilitar' }).click();
  await expect(fila).not.toHaveClass(/fila-anulada/);

  await fila.getByRole('button', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Usuario eliminado con éxito').first()).toBeVisible();
  await expect(fila).toHaveCount(0);
});

test('a SuperAdministrador row can have the password changed but not be disabled or deleted (server too)', async ({
  page,
}) => {
  await abrirAdministradores(page, 'superadmin');
  const jefe = await crearUsuario(page, { codigoRol: 1, codigoEmpresaUsuario: 1 });
  await page.reload();
  // The operator's own company is selected at first.
  const fila = page.getByRole('row').filter({ hasText: jefe.nombreUsuario });
  await expect(fila.getByText('SuperAdministrador')).toBeVisible();
  await expect(fila.getByRole('button', { name: 'Cambiar contraseña' })).toBeVisible();
  await expect(fila.getByRole('button', { name: 'Deshabilitar' })).toHaveCount(0);
  await expect(fila.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);

  const headers = await cabecera(page);
  const deshabilitar = await page.request.post('/api/Account/CambiarEstadoAnulado', {
    headers,
    data: { codigoUsuario: jefe.codigoUsuario, estado: 1 },
  });
  expect(deshabilitar.status()).toBe(422);
  expect((await deshabilitar.json()).message).toBe('Un SuperAdministrador no puede deshabilitarse ni eliminarse.');
  const eliminar = await page.request.post('/api/Account/EliminarRegistro', {
    headers,
    data: { codigoUsuario: jefe.codigoUsuario },
  });
  expect(eliminar.status()).toBe(422);

  await fila.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const c = page.getByRole('dialog', { name: `Cambiar contraseña — ${jefe.nombreUsuario}` });
  await c.getByLabel('Nueva contraseña').fill('Jefa.20277');
  await c.getByLabel('Confirmar contraseña').fill('Jefa.20277');
  await c.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Contraseña actualizada con éxito').first()).toBeVisible();
  await expect(fila).not.toHaveClass(/fila-anulada/);
});

test('level 2 has no company selector and no action on a SuperAdministrador; the server refuses each one', async ({
  page,
}) => {
  await abrirAdministradores(page, 'admin');
  await expect(page.getByRole('combobox', { name: 'Empresa', exact: true })).toHaveCount(0);
  const filaSuper = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'superadmin', exact: true }) });
  await expect(filaSuper).toBeVisible();
  await expect(filaSuper.getByRole('button')).toHaveCount(0);
  // The administrator of the operator acts on the other administrators of its company.
  const filaProrrogas = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'prorrogas', exact: true }) });
  await expect(filaProrrogas.getByRole('button', { name: 'Editar' })).toBeVisible();
  // The operator's administrators, sorted by full name by the server.
  await ordenarPorCabecera(page, 'Nombres completos', 'nombreCompleto');

  const headers = await cabecera(page);
  const lista = await (
    await page.request.get('/api/Account/ListarDatos?Columna=U.NOMBRE_USUARIO&Valor=superadmin', { headers })
  ).json();
  const superA = lista.data[0];
  const llamadas = [
    ['/api/Account/EliminarRegistro', { codigoUsuario: superA.codigoUsuario }],
    ['/api/Account/CambiarEstadoAnulado', { codigoUsuario: superA.codigoUsuario, estado: 1 }],
    [
      '/api/Account/ActualizaContrasenia',
      { codigoUsuario: superA.codigoUsuario, contrasenia: 'Toma.2027', checkPass: 'Toma.2027' },
    ],
    [
      '/api/Account/Crear',
      { ...superA, codeTipoDocumentoPeaton: '1', numeroDocumentoIdentidad: '40000001', cargo: 'Tomado' },
    ],
  ] as const;
  for (const [ruta, data] of llamadas) {
    const r = await page.request.post(ruta, { headers, data });
    expect(r.status(), `${ruta} ${await r.text()}`).toBe(403);
  }
  // Another company's administrators are not there for a level-2 user of a company.
  await abrirAdministradores(page, 'admin.andinas');
  await expect(page.getByRole('row').filter({ hasText: 'admin.altiplano' })).toHaveCount(0);
  const otra = await (
    await page.request.get('/api/Account/ListarDatos?SoloAdministradores=true&CodigoEmpresaUsuario=3', {
      headers: await cabecera(page),
    })
  ).json();
  expect(otra.data.map((u: { nombreUsuario: string }) => u.nombreUsuario)).not.toContain('admin.altiplano');
});
