import ExcelJS from 'exceljs';
import { expect, type Page, test } from '@playwright/test';
import { elegirOpcion, escribirFecha } from '../support/formularios';
import { ordenarPorCabecera } from '../support/orden';
import { sesionPorApi, tokenDe } from '../support/sesion';

/**
 * Administration: catalogue import (2000 rows with progress, a bad row that imports nothing),
 * product create/edit/disable/delete, users with the permission tree and the level rules seen from both
 * sides, workers' switches, and extensions with PDF upload and download.
 */

const ENCABEZADOS = [
  'Código interno',
  'Descripción',
  'Partida arancelaria',
  'Unidad de medida',
  'Código de existencia',
  'Stock inicial',
];
async function libro(filas: unknown[][]) {
  const l = new ExcelJS.Workbook();
  const ws = l.addWorksheet('Productos');
  ws.addRow(ENCABEZADOS);
  for (const f of filas) ws.addRow(f);
  return Buffer.from(await l.xlsx.writeBuffer());
}

async function abrir(page: Page, usuario: string, ruta: string) {
  await sesionPorApi(page, usuario);
  await page.goto(`/app/${ruta}`);
  await page.mouse.move(1300, 780);
}

test('catalogue: a file with one bad row lists it and imports nothing; 2000 valid rows show progress and then the rows', async ({
  page,
}) => {
  await abrir(page, 'usuario2', 'administration/products');
  await expect(page.getByText('Catálogo de Productos').first()).toBeVisible();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: 'Importar productos' });
  await expect(dialogo.getByRole('button', { name: 'Descargar plantilla' })).toBeVisible();

  const malo = await libro([
    ['E2E-1', 'PRODUCTO CORRECTO UNO', '8517130000', 'NIU - Unidad', '01 - Mercadería', 1],
    ['E2E-2', 'TV', '8517130000', 'NIU - Unidad', '01 - Mercadería', 1],
  ]);
  await dialogo
    .locator('input[type=file]')
    .setInputFiles({ name: 'malo.xlsx', mimeType: 'application/octet-stream', buffer: malo });
  await dialogo.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(dialogo.getByText('El archivo contiene errores; no se importó ningún registro.')).toBeVisible();
  await expect(dialogo.getByText('Fila 3, Descripción: Descripción incorrecta')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();
  // Closed for good (not fading out) before the screen's own Importar is pressed again.
  await expect(dialogo).toBeHidden();
  const token = await tokenDe(page);
  const nada = await page.request.get('/api/CatalogoUsuario/ListarDatos?Columna=C.CODIGO_INTERNO&Valor=E2E-', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await nada.json()).meta.total).toBe(0);

  const filas = Array.from({ length: 2000 }, (_, i) => [
    `M${i + 1}`,
    `PRODUCTO MASIVO NUMERO ${i + 1}`,
    '8528720000',
    'NIU - Unidad',
    '01 - Mercadería',
    5,
  ]);
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await dialogo
    .locator('input[type=file]')
    .setInputFiles({ name: 'masivo.xlsx', mimeType: 'application/octet-stream', buffer: await libro(filas) });
  await dialogo.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByTestId('progreso-importacion')).toBeVisible();
  await expect(page.getByText('Se importaron 2000 registros con éxito').first()).toBeVisible({ timeout: 30_000 });
  await expect(
    page
      .getByText('Total 2008 registros')
      .or(page.getByText(/Total 20\d\d registros/))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('cell', { name: /PRODUCTO MASIVO NUMERO/ }).first()).toBeVisible();
});

test('catalogue: add, edit, disable (red row, only Habilitar) and delete a product', async ({ page }) => {
  // A code and description of its own, so a retry never meets the product of an earlier attempt.
  const marca = Date.now().toString(36).toUpperCase();
  const descripcion = `AUDÍFONOS INALÁMBRICOS E2E ${marca}`;
  await abrir(page, 'usuario', 'administration/products');
  await page.getByRole('button', { name: 'Agregar Producto' }).click();
  const d = page.getByRole('dialog', { name: 'Nuevo Producto' });
  await d.getByLabel('Descripción').fill(descripcion);
  await d.getByLabel('Código interno').fill(`E${marca.slice(-7)}`);
  await d.getByLabel('Partida arancelaria').fill('8517.13.00.00');
  // A list that opens while the dialog still animates can move under the click: choose until it takes.
  const elegirEn = async (campo: string, opcion: string, exacta: boolean) =>
    expect(async () => {
      await d.getByLabel(campo).click();
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(opcion, { exact: exacta })
        .click({ timeout: 5_000 });
      await expect(d.getByTitle(opcion, { exact: exacta }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  await elegirEn('Unidad de medida', 'Unidad', true);
  await elegirEn('Código de existencia', 'Mercadería', false);
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto registrado con éxito').first()).toBeVisible();
  const fila = page.getByRole('row').filter({ hasText: descripcion });
  await fila.getByRole('button', { name: 'Editar' }).click();
  const e = page.getByRole('dialog', { name: 'Editar Producto' });
  await expect(e.getByLabel('Descripción')).toBeDisabled();
  await e.getByLabel('Partida arancelaria').fill('8517140000');
  await e.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Producto editado con éxito').first()).toBeVisible();
  await expect(fila.getByText('8517.14.00.00')).toBeVisible();
  // Each confirmation is gone for good before the next button is pressed: a click during a dialog's closing
  // animation can land on its mask.
  const confirmar = async (boton: string) => {
    await fila.getByRole('button', { name: boton }).click();
    const dialogo = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: boton }) });
    const [r] = await Promise.all([
      page.waitForResponse((x) => x.url().includes('/api/CatalogoUsuario/') && x.request().method() !== 'GET'),
      dialogo.getByRole('button', { name: boton }).click(),
    ]);
    expect(r.status(), await r.text()).toBe(200);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  };
  await confirmar('Deshabilitar');
  await expect(fila).toHaveClass(/fila-anulada/);
  await expect(fila.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await confirmar('Habilitar');
  await expect(fila).not.toHaveClass(/fila-anulada/);
  await confirmar('Eliminar');
  await expect(page.getByText('Producto eliminado con éxito').first()).toBeVisible();
  await expect(fila).toHaveCount(0);
});

test('catalogue: the balance operator (level 4) sees no Importar / Agregar and the server refuses the call', async ({
  page,
}) => {
  await abrir(page, 'balanza', 'administration/products');
  await expect(page.getByText('Catálogo de Productos').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agregar Producto' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Importar' })).toHaveCount(0);
  // Every company's products, sorted by description by the server.
  await ordenarPorCabecera(page, 'Descripción', 'descripcion');
  // The import behind the hidden button is refused by the server.
  const r = await page.request.post('/api/CatalogoUsuario/RegistrarCatalogoMasivo', {
    headers: { authorization: `Bearer ${await tokenDe(page)}` },
    multipart: {
      archivo: {
        name: 'c.xlsx',
        mimeType: 'application/octet-stream',
        buffer: await libro([['X1', 'NO DEBE EXISTIR', '8517130000', 'NIU', '01', 0]]),
      },
    },
  });
  expect(r.status()).toBe(403);
});

test('users: the permission tree ticks parents and children; a company administrator creates a user', async ({
  page,
}) => {
  await abrir(page, 'admin.andinas', 'administration/users');
  await page.getByRole('button', { name: 'Agregar Usuario' }).click();
  const d = page.getByRole('dialog', { name: 'Nuevo Usuario' });
  await elegirOpcion(d.getByLabel('Tipo de documento'), 'Pasaporte', null);
  await d.getByLabel('N° de documento').fill('1234567890');
  await d.getByLabel('Nombres').fill('Lucía');
  await d.getByLabel('Apellido paterno').fill('Ramos');
  await d.getByLabel('Apellido paterno').blur();
  await expect(d.getByRole('textbox', { name: 'Usuario', exact: true })).toHaveValue('lramos');
  expect((await d.locator('#usuario_contrasenia').inputValue()).length).toBe(15);
  await d.getByLabel('Correo electrónico').fill('lucia@andinas.pe');
  await d.getByLabel('Cargo').fill('Asistente');
  // Rol: only Administrador, Usuario, Tesorero for a level-2 administrator.
  await d.locator('#usuario_codigoRol').click();
  await expect(page.getByTitle('SuperAdministrador')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await d.getByRole('tab', { name: 'Permisos' }).click();
  const arbol = d.locator('.ant-tree');
  const nodo = (t: string) => arbol.locator('.ant-tree-treenode').filter({ has: page.getByTitle(t, { exact: true }) });
  const marcado = (t: string) => nodo(t).locator('.ant-tree-checkbox-checked');
  // Untick the Administración group: its children clear.
  if (await marcado('Administración').count()) await nodo('Administración').locator('.ant-tree-checkbox').click();
  await expect(marcado('Catálogo de Productos')).toHaveCount(0);
  // Tick one child: its parent ticks.
  await nodo('Catálogo de Productos').locator('.ant-tree-checkbox').click();
  await expect(marcado('Administración')).toHaveCount(1);
  await expect(marcado('Trabajadores')).toHaveCount(0);
  // Tick a group: every child ticks.
  await nodo('Administración').locator('.ant-tree-checkbox').click();
  await nodo('Administración').locator('.ant-tree-checkbox').click();
  await expect(marcado('Trabajadores')).toHaveCount(1);
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario creado con éxito').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'lramos' })).toBeVisible();
});

test('users: level 2 sees no actions on a SuperAdministrador and the server refuses; level 1 disables a user whose session ends', async ({
  page,
  browser,
}) => {
  // Searched by user name: other tests add users, so the SuperAdministrador is not always on page 1.
  await abrir(page, 'admin', 'administration/users?c=U.NOMBRE_USUARIO&v=superadmin');
  const filaSuper = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'superadmin', exact: true }) });
  await expect(filaSuper).toBeVisible();
  await expect(filaSuper.getByRole('button')).toHaveCount(0);
  const token = await tokenDe(page);
  const lista = await (
    await page.request.get('/api/Account/ListarDatos?Columna=U.NOMBRE_USUARIO&Valor=superadmin', {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const codigo = lista.data[0].codigoUsuario;
  const r = await page.request.post('/api/Account/CambiarEstadoAnulado', {
    headers: { authorization: `Bearer ${token}` },
    data: { codigoUsuario: codigo, estado: 1 },
  });
  expect(r.status()).toBe(403);

  // The operator's SuperAdministrador disables 'almacen.andinas' while that user is signed in.
  const otra = await browser.newPage();
  const tokenEmpleado = await sesionPorApi(otra, 'almacen.andinas');
  await abrir(page, 'superadmin', 'administration/users');
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByTitle('IMPORTACIONES ANDINAS DEL SUR S.A.C.').click();
  const fila = page.getByRole('row').filter({ hasText: 'almacen.andinas' });
  await fila.getByRole('button', { name: 'Deshabilitar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(fila).toHaveClass(/fila-anulada/);
  const despues = await otra.request.get('/api/Account/ConsultarSesion', {
    headers: { authorization: `Bearer ${tokenEmpleado}` },
  });
  expect(despues.status()).toBe(401);
  await otra.close();
});

test("workers: the form's switches enable their fields and the all-days box ticks every weekday", async ({ page }) => {
  await abrir(page, 'usuario', 'administration/workers');
  await expect(page.getByText('Lista de Trabajadores').first()).toBeVisible();
  await expect(page.locator('tr.fila-anulada').first()).toBeVisible();
  await page.getByRole('button', { name: 'Agregar Trabajador' }).click();
  const d = page.getByRole('dialog', { name: 'Agregar Trabajador' });
  await expect(d.getByLabel('Fecha de cese')).toBeDisabled();
  await d.getByRole('switch', { name: 'Sigue laborando' }).click();
  await expect(d.getByLabel('Fecha de cese')).toBeEnabled();
  await expect(d.getByLabel('Placa')).toBeDisabled();
  await d.getByRole('switch', { name: 'Vehículo' }).click();
  await expect(d.getByLabel('Placa')).toBeEnabled();
  await d.getByText('Todos los días').click();
  for (const dia of ['Sábado', 'Domingo', 'Lunes']) await expect(d.getByRole('checkbox', { name: dia })).toBeChecked();
  // A DNI without the RENIEC lookup cannot be saved.
  await d.getByRole('switch', { name: 'Sigue laborando' }).click();
  await d.getByRole('switch', { name: 'Vehículo' }).click();
  await d.getByLabel('N° de documento').fill('42345678');
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe realizar la consulta RENIEC').first()).toBeVisible();
  await d.getByRole('button', { name: 'Consultar RENIEC' }).click();
  await expect(d.getByLabel('Apellido paterno')).toHaveValue('VARGAS');
  await d.getByLabel('Cargo').fill('Estibador');
  await d.getByLabel('N° de tarjeta').fill('T-E2E');
  await escribirFecha(d.getByLabel('Inicio de contrato'), '15/01/2026');
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Usuario registro con éxito').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'VARGAS NINA, WILBER' }).first()).toBeVisible();
});

test('company profile: user 48 uploads an extension PDF and downloads it; others see no add button', async ({
  page,
}) => {
  await abrir(page, 'admin.andinas', 'administration/company');
  await page.getByRole('tab', { name: 'Prorrogas' }).click();
  await expect(page.getByRole('button', { name: 'Agregar prórroga' })).toHaveCount(0);

  await abrir(page, 'prorrogas', 'administration/company');
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByTitle('LICORES FINOS DE TACNA S.R.L.').click();
  await page.getByRole('tab', { name: 'Prorrogas' }).click();
  await page.getByRole('button', { name: 'Agregar prórroga' }).click();
  const d = page.getByRole('dialog', { name: 'Registrar prórroga' });
  await escribirFecha(d.getByLabel('Fecha de expiración'), '31/12/2027');
  await d.getByLabel('Documento de autorización').fill('RES-E2E-2026');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  await d
    .locator('input[type=file]')
    .setInputFiles({ name: 'resolucion.pdf', mimeType: 'application/pdf', buffer: pdf });
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Prórroga registrada con éxito').first()).toBeVisible();
  const fila = page.getByRole('row').filter({ hasText: 'RES-E2E-2026' });
  await expect(fila.getByText('Activo')).toBeVisible();
  const descarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: 'Descargar RES-E2E-2026' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe('resolucion.pdf');
});
