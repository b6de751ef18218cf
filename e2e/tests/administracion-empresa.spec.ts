import { expect, type Page, test } from '@playwright/test';
import { escribirFecha } from '../support/formularios';
import { sesionPorApi, tokenDe } from '../support/sesion';

/**
 * Company profile, Empresa tab (spec 02 §2, §4, §5, §6): the company form, notification e-mails separated by
 * semicolons, additional data and monthly employment counts (required fields, month locked when editing,
 * disable/enable); the company selector only for roles 1, 2, 4 of company 1; contract number and
 * warehouse switch only for role 1 (the server keeps them for anybody else).
 */

async function abrir(page: Page, usuario: string) {
  await sesionPorApi(page, usuario);
  await page.goto('/app/administration/company');
  await expect(page.getByRole('tab', { name: 'Empresa' })).toBeVisible();
}
const tarjeta = (page: Page, titulo: string) =>
  // The innermost card with that title (the page's own card holds them all).
  page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: titulo }) })
    .last();

/** Saves a card and waits for its own call to succeed (an earlier card's notification may still be shown). */
async function guardar(page: Page, card: ReturnType<typeof tarjeta>, llamada: string) {
  const respuesta = page.waitForResponse((r) => r.url().includes(`/EmpresaUsuario/${llamada}`));
  await card.getByRole('button', { name: 'Guardar' }).click();
  expect((await respuesta).status()).toBe(200);
  await expect(page.getByText('Datos actualizados con éxito').first()).toBeVisible();
}

test('role 1 picks a company and saves the company form (contract and warehouse), e-mails and additional data', async ({
  page,
}) => {
  await abrir(page, 'superadmin');
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByTitle('CALZADOS DEL PACÍFICO S.A.').click();
  const empresa = tarjeta(page, 'Datos de la empresa');
  await expect(empresa.getByLabel('Razón social')).toHaveValue('CALZADOS DEL PACÍFICO S.A.');
  await expect(empresa.getByLabel('N° de contrato')).toBeEnabled();
  await expect(empresa.getByRole('switch', { name: 'Almacén activo' })).toBeEnabled();
  // The empty date fields take their column and show their whole hint ('Seleccionar fecha' was cut short).
  for (const nombre of ['Fecha de contrato', 'Inicio de operación']) {
    const fecha = empresa.getByLabel(nombre);
    await expect(fecha).toHaveValue('');
    const { hint, ancho, espacio } = await fecha.evaluate((c) => {
      const campo = c as HTMLInputElement;
      const estilo = getComputedStyle(campo);
      const lienzo = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      lienzo.font = estilo.font;
      const relleno = Number.parseFloat(estilo.paddingLeft) + Number.parseFloat(estilo.paddingRight);
      return {
        hint: campo.placeholder,
        ancho: lienzo.measureText(campo.placeholder).width,
        espacio: campo.clientWidth - relleno,
      };
    });
    expect(hint).toBe('Seleccionar fecha');
    expect(ancho, nombre).toBeLessThanOrEqual(espacio);
  }
  await empresa.getByLabel('Dirección').fill('Parque Industrial Mz. C Lt. 4, Tacna');
  await empresa.getByLabel('N° de contrato').fill('CT-2026-044');
  await guardar(page, empresa, 'ActualizaEmpresaUsuario');

  const correos = tarjeta(page, 'Correos de notificación');
  const campo = correos.getByLabel('Correos (separados por punto y coma)');
  await campo.fill('operaciones@calzados.pe; gerencia@calzados.pe; malo');
  await correos.getByRole('button', { name: 'Guardar' }).click();
  await expect(correos.getByText('Correo electrónico inválido: malo')).toBeVisible();
  // What is being typed in another card is not lost when this one is saved (the profile is read again).
  const adicional = tarjeta(page, 'Información adicional');
  await adicional.getByLabel('Área total').fill('12345678');
  await expect(adicional.getByLabel('Área total')).toHaveValue('123456');
  await campo.fill('operaciones@calzados.pe;gerencia@calzados.pe');
  await guardar(page, correos, 'ActualizaCorreoNotificacion');
  await expect(campo).toHaveValue('operaciones@calzados.pe; gerencia@calzados.pe');
  await expect(adicional.getByLabel('Área total')).toHaveValue('123456');
  await adicional.getByLabel('Inversión nacional').fill('250000');
  await guardar(page, adicional, 'ActualizaDatosAdicionales');

  // What was saved is what the server returns after a reload.
  await page.reload();
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByTitle('CALZADOS DEL PACÍFICO S.A.').click();
  await expect(tarjeta(page, 'Datos de la empresa').getByLabel('N° de contrato')).toHaveValue('CT-2026-044');
  await expect(tarjeta(page, 'Datos de la empresa').getByLabel('Dirección')).toHaveValue(
    'Parque Industrial Mz. C Lt. 4, Tacna',
  );
  await expect(campo).toHaveValue('operaciones@calzados.pe; gerencia@calzados.pe');
  await expect(adicional.getByLabel('Área total')).toHaveValue('123456');
});

test("a company's administrator: no selector, contract and warehouse locked (the server keeps them); monthly employment add, edit, disable, enable", async ({
  page,
}) => {
  await abrir(page, 'admin.andinas');
  await expect(page.getByRole('combobox', { name: 'Empresa', exact: true })).toHaveCount(0);
  const empresa = tarjeta(page, 'Datos de la empresa');
  await expect(empresa.getByLabel('Razón social')).toHaveValue('IMPORTACIONES ANDINAS DEL SUR S.A.C.');
  await expect(empresa.getByLabel('N° de contrato')).toBeDisabled();
  await expect(empresa.getByRole('switch', { name: 'Almacén activo' })).toBeDisabled();

  const headers = { authorization: `Bearer ${await tokenDe(page)}` };
  const actual = (await (await page.request.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario', { headers })).json())
    .data;
  const r = await page.request.post('/api/EmpresaUsuario/ActualizaEmpresaUsuario', {
    headers,
    data: {
      data: {
        ...actual,
        numeroContrato: 'TOMADO-1',
        indicadorAlmacenActivo: !actual.indicadorAlmacenActivo,
        fechaContrato: null,
        fechaInicioOperacion: null,
      },
    },
  });
  expect(r.status()).toBe(200);
  const despues = (await (await page.request.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario', { headers })).json())
    .data;
  expect(despues.numeroContrato).toBe(actual.numeroContrato);
  expect(despues.indicadorAlmacenActivo).toBe(actual.indicadorAlmacenActivo);
  const ajena = await page.request.get('/api/EmpresaUsuario/ConsultaEmpresaUsuario?CodigoEmpresaUsuario=3', {
    headers,
  });
  expect(ajena.status()).toBe(404);

  // Monthly employment: the demo's disabled April is red and offers only Habilitar.
  const empleo = tarjeta(page, 'Empleo mensual');
  const abril = empleo.getByRole('row').filter({ hasText: 'Abril' });
  await expect(abril).toHaveClass(/fila-anulada/);
  await expect(abril.getByText('Deshabilitado')).toBeVisible();
  await expect(abril.getByRole('button')).toHaveCount(1);
  await expect(abril.getByRole('button', { name: 'Habilitar Abril 2026' })).toBeVisible();

  await empleo.getByRole('button', { name: 'Agregar' }).click();
  const d = page.getByRole('dialog', { name: 'Registrar empleo mensual' });
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe rellenar campos obligatorios').first()).toBeVisible();
  await expect(d.getByText('Este es un campo requerido')).toHaveCount(5);
  await escribirFecha(d.getByLabel('Mes'), '11/2026');
  await d.getByLabel('Peruanas').fill('12345');
  await expect(d.getByLabel('Peruanas')).toHaveValue('1234');
  await d.getByLabel('Peruanas').fill('21');
  await d.getByLabel('Peruanos', { exact: true }).fill('30');
  await d.getByLabel('Extranjeros').fill('2');
  await d.getByLabel('Empleo indirecto').fill('7');
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Registro guardado con éxito').first()).toBeVisible();
  const noviembre = empleo.getByRole('row').filter({ hasText: 'Noviembre' });
  await expect(noviembre.getByRole('cell', { name: '21', exact: true })).toBeVisible();

  // The same month again: the server's refusal is shown on the month, and nothing is added.
  await empleo.getByRole('button', { name: 'Agregar' }).click();
  await escribirFecha(d.getByLabel('Mes'), '11/2026');
  for (const campo of ['Peruanas', 'Extranjeros', 'Empleo indirecto']) await d.getByLabel(campo).fill('1');
  await d.getByLabel('Peruanos', { exact: true }).fill('1');
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(d.getByText('Ya existe un registro para este mes.')).toBeVisible();
  await d.getByRole('button', { name: 'Cancelar' }).click();
  await expect(empleo.getByRole('row').filter({ hasText: 'Noviembre' })).toHaveCount(1);

  await noviembre.getByRole('button', { name: 'Editar Noviembre 2026' }).click();
  const e = page.getByRole('dialog', { name: 'Editar empleo mensual' });
  await expect(e.getByLabel('Mes')).toBeDisabled();
  await e.getByLabel('Peruanas').fill('22');
  await e.getByRole('button', { name: 'Guardar' }).click();
  await expect(noviembre.getByRole('cell', { name: '22', exact: true })).toBeVisible();

  await noviembre.getByRole('button', { name: 'Deshabilitar Noviembre 2026' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(noviembre).toHaveClass(/fila-anulada/);
  await expect(noviembre.getByRole('button', { name: 'Editar Noviembre 2026' })).toHaveCount(0);
  // Behind the hidden Editar, the server refuses to edit a disabled month.
  const meses = await (await page.request.get('/api/EmpresaUsuarioEmpleado/ListarDatos', { headers })).json();
  const registro = meses.data.find((m: { anioMes: string }) => m.anioMes === '2026-11');
  const editar = await page.request.post('/api/EmpresaUsuarioEmpleado/GuardarDatos', {
    headers,
    data: { data: { ...registro, numeroPeruana: 99 } },
  });
  expect(editar.status()).toBe(422);
  expect((await editar.json()).message).toBe('El registro está deshabilitado; habilítelo para editarlo.');
  await noviembre.getByRole('button', { name: 'Habilitar Noviembre 2026' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Habilitar' }).click();
  await expect(noviembre).not.toHaveClass(/fila-anulada/);
  await expect(noviembre.getByText('Activo')).toBeVisible();
});

test('the scale operator (role 4 of the operator) picks a company but only reads it; the server refuses the writes', async ({
  page,
}) => {
  await abrir(page, 'balanza');
  await expect(page.getByRole('combobox', { name: 'Empresa', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByTitle('IMPORTACIONES ANDINAS DEL SUR S.A.C.').click();
  await expect(tarjeta(page, 'Datos de la empresa').getByLabel('Razón social')).toHaveValue(
    'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
  );
  await expect(page.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
  const empleo = tarjeta(page, 'Empleo mensual');
  await expect(empleo.getByRole('row').filter({ hasText: 'Octubre' })).toBeVisible();
  await expect(empleo.getByRole('button', { name: 'Agregar' })).toHaveCount(0);
  await expect(empleo.getByRole('button', { name: /^(Editar|Deshabilitar|Habilitar) / })).toHaveCount(0);

  const headers = { authorization: `Bearer ${await tokenDe(page)}` };
  const lista = await (
    await page.request.get('/api/EmpresaUsuarioEmpleado/ListarDatos?CodigoEmpresaUsuario=2', { headers })
  ).json();
  const llamadas = [
    [
      '/api/EmpresaUsuario/ActualizaCorreoNotificacion',
      { data: { codigoEmpresaUsuario: 2, correoElectronicoNotificacion: 'x@y.pe' } },
    ],
    ['/api/EmpresaUsuario/ActualizaDatosAdicionales', { data: { codigoEmpresaUsuario: 2, areaTotal: '1' } }],
    [
      '/api/EmpresaUsuarioEmpleado/CambiarEstadoAnulado',
      { CodigoEmpresaUsuarioEmpleado: lista.data[0].CodigoEmpresaUsuarioEmpleado, estado: 1 },
    ],
    [
      '/api/EmpresaUsuarioEmpleado/GuardarDatos',
      {
        data: {
          codigoEmpresaUsuario: 2,
          anioMes: '2027-01',
          numeroPeruana: 1,
          numeroPeruano: 1,
          numeroExtranjero: 1,
          numeroEmpleadoIndirecto: 1,
        },
      },
    ],
  ] as const;
  for (const [ruta, data] of llamadas) {
    const r = await page.request.post(ruta, { headers, data });
    expect(r.status(), `${ruta} ${await r.text()}`).toBe(403);
  }
});
