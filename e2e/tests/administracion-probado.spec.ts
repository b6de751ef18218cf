import { fechaLima, MENSAJES, MENSAJES_ADMINISTRACION, sumarDias } from '@cronos/contract';
import { expect, type Page, test } from '@playwright/test';
import { escribirFecha } from '../support/formularios';
import { sesionPorApi } from '../support/sesion';

/**
 * Administration screens as their users met them: a company administrator ('fabricante') and the
 * SuperAdministrador, at a desk. Each test is a defect a first use found.
 */

/** Errors the page did not handle (an unhandled promise rejection is one). */
function erroresDePagina(page: Page) {
  const errores: string[] = [];
  page.on('pageerror', (e) => errores.push(String(e)));
  return errores;
}

test('Cambiar contraseña saved empty says what is missing under each field, without an unhandled page error', async ({
  page,
}) => {
  const errores = erroresDePagina(page);
  await sesionPorApi(page, 'superadmin');
  await page.goto('/app/administration/users');
  const fila = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'mcastillo', exact: true }) });
  await fila.getByRole('button', { name: 'Cambiar contraseña' }).click();
  const d = page.getByRole('dialog', { name: 'Cambiar contraseña — mcastillo' });
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(d.getByText(MENSAJES.nuevaContraseniaRequerida)).toBeVisible();
  await expect(d.getByText(MENSAJES.confirmeContrasenia)).toBeVisible();
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(d).toBeVisible();
  await d.getByRole('button', { name: 'Cancelar' }).click();
  await expect(d).toBeHidden();
  expect(errores).toEqual([]);
});

test('worker form: the all-days box follows the weekdays, names are typed in capitals, a SOAT cannot end before it starts', async ({
  page,
}) => {
  await sesionPorApi(page, 'fabricante');
  await page.goto('/app/administration/workers');
  await page.getByRole('button', { name: 'Agregar Trabajador' }).click();
  const d = page.getByRole('dialog', { name: 'Agregar Trabajador' });
  const todos = d.getByRole('checkbox', { name: 'Todos los días' });
  const dia = (n: string) => d.getByRole('checkbox', { name: n, exact: true });

  // Monday to Friday by default: the box is neither ticked nor empty; ticked, it ticks every day and shows so.
  await expect(todos).not.toBeChecked();
  await todos.click();
  for (const n of ['Lunes', 'Sábado', 'Domingo']) await expect(dia(n)).toBeChecked();
  await expect(todos).toBeChecked();
  // One day off: the box is no longer ticked; ticked again, every day is back.
  await dia('Domingo').click();
  await expect(todos).not.toBeChecked();
  await todos.click();
  await expect(dia('Domingo')).toBeChecked();
  await expect(todos).toBeChecked();
  // Unticked, only Monday stays (a worker keeps at least one day).
  await todos.click();
  await expect(todos).not.toBeChecked();
  await expect(dia('Lunes')).toBeChecked();
  for (const n of ['Martes', 'Sábado', 'Domingo']) await expect(dia(n)).not.toBeChecked();

  // A foreign worker's names typed in lower case are taken in capitals (they were refused as 'Solo letras mayúsculas').
  await d.getByRole('combobox', { name: 'Tipo de documento' }).click();
  await page.getByTitle('Carnet de extranjería').click();
  const documento = `7${Date.now().toString().slice(-8)}`;
  await d.getByLabel('N° de documento').fill(documento);
  await d.getByLabel('Apellido paterno').fill('ñahui');
  await d.getByLabel('Apellido materno').fill('pérez');
  await d.getByLabel('Nombres').fill('lucía');
  await expect(d.getByLabel('Apellido paterno')).toHaveValue('ÑAHUI');
  await expect(d.getByLabel('Nombres')).toHaveValue('LUCÍA');
  await expect(d.getByText(MENSAJES_ADMINISTRACION.soloMayusculas)).toHaveCount(0);
  await d.getByLabel('Cargo').fill('Costurera');
  await d.getByLabel('N° de tarjeta').fill('T-PROBADO');
  await escribirFecha(d.getByLabel('Inicio de contrato'), '02/11/2026');

  await d.getByRole('switch', { name: 'Vehículo' }).click();
  await d.getByLabel('Placa').fill('ABC-123');
  await escribirFecha(d.getByLabel('Inicio SOAT'), '01/06/2026');
  await escribirFecha(d.getByLabel('Fin SOAT'), '31/05/2026');
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(d.getByText(MENSAJES_ADMINISTRACION.finSoatAnterior)).toBeVisible();
  await escribirFecha(d.getByLabel('Fin SOAT'), '31/05/2027');
  await expect(d.getByText(MENSAJES_ADMINISTRACION.finSoatAnterior)).toHaveCount(0);
  await d.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(MENSAJES_ADMINISTRACION.trabajadorRegistrado).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: documento })).toContainText('ÑAHUI PÉREZ, LUCÍA');
});

test('monthly employment: the month picker takes the month under way but not one that has not begun', async ({
  page,
}) => {
  await sesionPorApi(page, 'fabricante');
  await page.goto('/app/administration/company');
  const empleo = page
    .locator('.ant-card')
    .filter({ has: page.locator('.ant-card-head-title', { hasText: 'Empleo mensual' }) })
    .last();
  await empleo.getByRole('button', { name: 'Agregar' }).click();
  const d = page.getByRole('dialog', { name: 'Registrar empleo mensual' });
  const mes = d.getByLabel('Mes');
  const hoy = fechaLima(new Date());
  const siguiente = sumarDias(`${hoy.slice(0, 7)}-28`, 7);
  const comoCampo = (f: string) => `${f.slice(5, 7)}/${f.slice(0, 4)}`;
  await mes.click();
  await mes.fill(comoCampo(siguiente));
  await mes.press('Enter');
  await mes.blur();
  await expect(mes).toHaveValue('');
  await escribirFecha(mes, comoCampo(hoy));
  await d.getByRole('button', { name: 'Cancelar' }).click();
});

test('a problem reported from Soporte names the screen the user came from; the received reports are numbered', async ({
  page,
}) => {
  const texto = `La lista de trabajadores no filtra por RUC (prueba ${Date.now()})`;
  await sesionPorApi(page, 'superadmin');
  await page.goto('/app/administration/workers');
  await expect(page.getByText('Lista de Trabajadores').first()).toBeVisible();
  // Into Soporte from the menu, as a user goes there when something fails (the menu opens under the pointer and
  // moves its items: clicked again if the first click landed while it opened).
  await expect(async () => {
    await page
      .getByTestId('barra-lateral')
      .getByRole('menuitem', { name: /Soporte/ })
      .click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/app\/support$/, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByLabel('Describa el problema').fill(texto);
  await page.getByRole('button', { name: 'Enviar reporte' }).click();
  await expect(page.getByText('Reporte enviado', { exact: false })).toBeVisible();
  const lista = page.getByTestId('reportes-problema');
  await expect(lista.getByRole('columnheader', { name: '#' })).toBeVisible();
  const fila = lista.getByRole('row', { name: new RegExp(texto.replace(/[()]/g, '\\$&')) });
  await expect(fila).toContainText('/app/support (desde /app/administration/workers)');
});

test('on a phone, the report form keeps its message, its hint and its character count apart', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await sesionPorApi(page, 'usuario');
  await page.goto('/app/support');
  await page.getByLabel('Describa el problema').fill('corto');
  await page.getByRole('button', { name: 'Enviar reporte' }).click();
  const mensaje = page.getByText('Describa el problema (de 10 a 4000 caracteres)');
  const cuenta = page.getByText('5 / 4000', { exact: true });
  const pista = page.getByText('Se adjuntan automáticamente', { exact: false });
  await expect(mensaje).toBeVisible();
  const cajas = await Promise.all([mensaje, cuenta, pista].map(async (l) => (await l.boundingBox()) ?? null));
  const [a, b, c] = cajas;
  if (!a || !b || !c) throw new Error('message, count or hint not laid out');
  const seCruzan = (x: typeof a, y: typeof a) =>
    x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  expect(seCruzan(a, b), 'message and count overlap').toBe(false);
  expect(seCruzan(b, c), 'count and hint overlap').toBe(false);
});

test('Prorrogas on a phone: the list scrolls inside its card, and an empty list points to the selector only where there is one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const anchoDePagina = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await sesionPorApi(page, 'prorrogas');
  await page.goto('/app/administration/company');
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.getByTitle('IMPORTACIONES ANDINAS DEL SUR S.A.C.').click();
  await page.getByRole('tab', { name: 'Prorrogas' }).click();
  await expect(page.getByRole('button', { name: 'Agregar prórroga' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'PDF' })).toBeAttached();
  expect(await anchoDePagina()).toBe(0);
  await expect(page.getByText('Elija otra empresa en el selector', { exact: false })).toBeVisible();

  // A company's administrator has no selector: the empty list says only that there are none.
  await sesionPorApi(page, 'admin.andinas');
  await page.goto('/app/administration/company');
  await page.getByRole('tab', { name: 'Prorrogas' }).click();
  await expect(page.getByText('Esta empresa no tiene prórrogas registradas.', { exact: true })).toBeVisible();
  expect(await anchoDePagina()).toBe(0);
});
