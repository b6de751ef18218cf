import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { sesionPorApi } from '../support/sesion';
import { retenerPeticiones } from '../support/retener';

/**
 * Movements report (reports/MovementMerchandise, spec 03 §2.8) on the demo data. The demo's stage journey
 * left company 4 (CALZADOS DEL PACÍFICO S.A.) with a finished truck order, plate Z5C-774, weighed 30 940 kg on
 * entry and 12 310 kg on exit.
 */
const RUTA = '/app/reports/MovementMerchandise';
const cifra = (n: number) =>
  new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 5 }).format(n);

async function elegir(page: Page, etiqueta: string, opcion: string | RegExp) {
  await page.getByLabel(etiqueta).click();
  await page.locator('.ant-select-dropdown:visible').getByText(opcion).first().click();
}

async function fecha(page: Page, etiqueta: string, valor: string) {
  const campo = page.getByLabel(etiqueta);
  await campo.click();
  await campo.fill(valor);
  await campo.press('Enter');
}

const filasTabla = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
/** The screen's Limpiar button (the date pickers' clear icons share its accessible name). */
const botonLimpiar = (page: Page) => page.locator('button.ant-btn', { hasText: 'Limpiar' });

/** The operator's op1 of the demo's journey company, with its rows on screen. */
async function generarDeCalzados(page: Page) {
  await sesionPorApi(page, 'admin');
  await page.goto(RUTA);
  await elegir(page, 'Empresa usuaria', 'CALZADOS DEL PACÍFICO S.A.');
  await page.getByRole('button', { name: 'Generar' }).click();
  await expect(filasTabla(page).first()).toBeVisible();
}

test('op1 for a company shows the journey order with its weights and codes; the Excel file has the same rows', async ({
  page,
}) => {
  await sesionPorApi(page, 'admin');
  await page.goto(RUTA);
  await expect(page.getByTestId('reporte-movimientos').getByText('Reporte de Movimientos')).toBeVisible();
  await expect(botonLimpiar(page)).toHaveCount(0);
  await elegir(page, 'Empresa usuaria', 'CALZADOS DEL PACÍFICO S.A.');
  await page.getByRole('button', { name: 'Generar' }).click();

  const fila = filasTabla(page).filter({ hasText: 'Z5C-774' });
  await expect(fila).toHaveCount(1);
  await expect(fila).toContainText(/OP\d{7}/);
  await expect(fila).toContainText('CALZADOS DEL PACÍFICO S.A.');
  await expect(fila).toContainText('Finalizado');
  for (const peso of [30_940, 12_310, 18_630]) await expect(fila).toContainText(cifra(peso));
  await expect(botonLimpiar(page)).toBeVisible();

  // The first column is the row number ('#'); the file has the report's columns only.
  const enPantalla = await filasTabla(page).evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
  );
  expect(enPantalla.map((c) => c[0])).toEqual(enPantalla.map((_, i) => String(i + 1)));
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar Excel' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe('ReporteMovimientoSalidaIngreso.xlsx');
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile((await archivo.path()) as string);
  const hoja = libro.worksheets[0] as ExcelJS.Worksheet;
  expect(hoja.getRow(1).getCell(1).value).toBe('Empresa usuaria');
  expect(hoja.rowCount - 1).toBe(enPantalla.length);
  for (const [i, celdas] of enPantalla.entries()) {
    const r = hoja.getRow(i + 2);
    expect(r.getCell(1).value).toBe(celdas[1]);
    expect(r.getCell(3).value).toBe(celdas[3]);
    expect(r.getCell(8).value ?? '').toBe(celdas[8]);
  }
  const excelZ5C = hoja.getRows(2, hoja.rowCount - 1)?.find((r) => r.getCell(8).value === 'Z5C-774');
  expect(excelZ5C?.getCell(17).value).toBe(30_940);
  expect(excelZ5C?.getCell(20).value).toBe(12_310);
  expect(excelZ5C?.getCell(23).value).toBe(18_630);
  expect(excelZ5C?.getCell(15).value).toBeInstanceOf(Date);

  // After a download the button is hidden and the results are cleared.
  await expect(page.getByRole('button', { name: 'Descargar Excel' })).toHaveCount(0);
  await expect(filasTabla(page)).toHaveCount(0);
});

test('a download shows that it is under way and can be cancelled; the next one saves the file', async ({ page }) => {
  await generarDeCalzados(page);
  const filas = await filasTabla(page).count();

  // The first request is held before it reaches the server, as a year of the zone is while the server prepares it.
  const retenidas = await retenerPeticiones(page, '**/api/Reporte/DescargarExcel**');
  let descargas = 0;
  page.on('download', () => {
    descargas += 1;
  });
  await page.getByRole('button', { name: 'Descargar Excel' }).click();
  const estado = page.getByRole('status').filter({ hasText: 'Preparando el archivo…' });
  await expect(estado).toBeVisible();
  await expect(estado).toHaveText(/\(0:0\d\)$/);
  await page.getByRole('button', { name: 'Cancelar descarga' }).click();
  await expect(page.getByText('Descarga cancelada: no se guardó ningún archivo.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar descarga' })).toHaveCount(0);
  await expect(estado).toHaveCount(0);
  // Nothing was saved, and the results stay for another try.
  await expect(filasTabla(page)).toHaveCount(filas);
  await retenidas.soltar();
  expect(descargas).toBe(0);

  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar Excel' }).click();
  expect((await descarga).suggestedFilename()).toBe('ReporteMovimientoSalidaIngreso.xlsx');
  expect(descargas).toBe(1);
  await expect(page.getByRole('button', { name: 'Descargar Excel' })).toHaveCount(0);
});

test('the preview opens the same report as a PDF in its dialog', async ({ page }) => {
  await generarDeCalzados(page);
  await page.getByRole('button', { name: 'Vista preliminar' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Vista preliminar del archivo digital' });
  await expect(dialogo).toBeVisible();
  const visor = dialogo.locator('iframe');
  await expect(visor).toHaveAttribute('src', /^blob:/);
  expect(await visor.evaluate((f) => (f as HTMLIFrameElement).style.height)).toBe('750px');
  // The PDF viewer may still be loading and move the dialog's scroll under the pointer (the dialog is taller than
  // an 800 px window): a click that lands elsewhere is made again, as a person would.
  await expect(async () => {
    await dialogo.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click({ timeout: 2_000 });
    await expect(dialogo).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
});

test('on a phone the preview fills the screen and is offered as the PDF file, under the report name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await generarDeCalzados(page);
  await page.getByRole('button', { name: 'Vista preliminar' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Vista preliminar del archivo digital' });
  await expect(dialogo.getByText('La vista preliminar está lista.', { exact: false })).toBeVisible();
  // A phone's browser shows no PDF inside the page: no viewer, a dialog as wide as the screen, the file to open.
  await expect(dialogo.locator('iframe')).toHaveCount(0);
  expect((await dialogo.boundingBox())?.width ?? 0).toBeGreaterThan(340);
  const descarga = page.waitForEvent('download');
  await dialogo.getByRole('button', { name: 'Descargar PDF' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe('ReporteMovimientoSalidaIngreso.pdf');
  const { readFile } = await import('node:fs/promises');
  expect((await readFile((await archivo.path()) as string)).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("an empty filter says so: 'Filtro no contiene resultados'", async ({ page }) => {
  await sesionPorApi(page, 'admin');
  await page.goto(RUTA);
  await fecha(page, 'Fecha inicio', '01/01/2020');
  await fecha(page, 'Fecha fin', '31/01/2020');
  await page.getByRole('button', { name: 'Generar' }).click();
  await expect(page.getByText('Filtro no contiene resultados')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar Excel' })).toHaveCount(0);
});

test('the whole zone over more than 365 days is refused with the message', async ({ page }) => {
  await sesionPorApi(page, 'admin');
  await page.goto(RUTA);
  await fecha(page, 'Fecha inicio', '01/01/2024');
  await fecha(page, 'Fecha fin', '31/12/2025');
  await page.getByRole('button', { name: 'Generar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'menor o igual a 365 días' }).first()).toBeVisible();
  await expect(filasTabla(page)).toHaveCount(0);
});

test('a user company sees only op1 and op3, and only its own company', async ({ page }) => {
  await sesionPorApi(page, 'usuario');
  await page.goto(RUTA);
  await expect(page.getByLabel('Empresa usuaria')).toHaveCount(0);
  await page.getByLabel('Tipo de reporte').click();
  const opciones = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(opciones).toHaveCount(2);
  await expect(opciones.nth(0)).toContainText('op1');
  await expect(opciones.nth(1)).toContainText('op3');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Generar' }).click();
  await expect(filasTabla(page).first()).toBeVisible();
  const empresas = await filasTabla(page).evaluateAll((trs) =>
    trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''),
  );
  expect(new Set(empresas)).toEqual(new Set(['IMPORTACIONES ANDINAS DEL SUR S.A.C.']));
});

test('Limpiar clears dates, movement type and status (back to 0) and the results', async ({ page }) => {
  await sesionPorApi(page, 'admin');
  await page.goto(RUTA);
  await elegir(page, 'Tipo de movimiento', 'Ingreso');
  await elegir(page, 'Estado', 'Finalizado');
  await fecha(page, 'Fecha inicio', '01/01/2026');
  await fecha(page, 'Fecha fin', '31/12/2026');
  await page.getByLabel('Tipo de movimiento').click();
  // The movement-type cut: five stored types, the last three dropped.
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(2);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Generar' }).click();
  await expect(filasTabla(page).first()).toBeVisible();
  await botonLimpiar(page).click();
  await expect(filasTabla(page)).toHaveCount(0);
  await expect(page.getByLabel('Fecha inicio')).toHaveValue('');
  await expect(page.getByLabel('Fecha fin')).toHaveValue('');
  const filtros = page.locator('form .ant-select');
  await expect(filtros.filter({ has: page.getByLabel('Tipo de movimiento') })).toContainText('Todos');
  await expect(filtros.filter({ has: page.getByLabel('Estado') })).toContainText('Todos');
  await expect(botonLimpiar(page)).toBeVisible();
});

test('an end date typed before the start becomes the start date instead of vanishing (spec 03 §5.7)', async ({
  page,
}) => {
  await sesionPorApi(page, 'admin');
  await page.goto(RUTA);
  await fecha(page, 'Fecha inicio', '01/01/2020');
  // Typed, not picked: the calendar blocks the earlier days, but the keyboard reaches them.
  await fecha(page, 'Fecha fin', '15/12/2019');
  await page.getByRole('button', { name: 'Generar' }).click();
  await expect(page.getByLabel('Fecha fin')).toHaveValue('01/01/2020');
  // Run over that one day of 2020 (no rows), not from 2020 on with no end.
  await expect(page.getByText('Filtro no contiene resultados')).toBeVisible();
});
