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
