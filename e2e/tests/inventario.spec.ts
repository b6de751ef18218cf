import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ahoraLima, apiDe } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';
import { retenerPeticiones } from '../support/retener';

/**
 * Inventory on the demo data: the demo's kardex history gives each company's first product an entry
 * order (50 units, credited at its verification) and an exit order (18 units, debited at exit control).
 */
const filas = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

test('a company user follows a product from its entry order to its exit in the kardex and finds the same rows in the 12.1 file', async ({
  page,
}) => {
  await sesionPorApi(page, 'usuario');
  await page.goto('/app/inventory/kardex');
  await expect(page.getByText('Seleccione un producto para ver su kardex')).toBeVisible();
  // The collapsed sidebar opens the active group's flyout on a direct visit; passing over it and away closes it.
  // The demo history is on each company's ADM-001 (TELÉFONO INTELIGENTE 128 GB).
  await page.getByRole('combobox', { name: 'Producto', exact: true }).click();
  await page.getByRole('combobox', { name: 'Producto', exact: true }).fill('TELÉFONO');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(ADM-001)' }).click();
  await expect(page).toHaveURL(/producto=\d+/);

  // The entry (02 compra, +50) and the exit (01 venta, −18), each with its order code as a link.
  const entrada = filas(page).filter({ hasText: '02 Compra' }).filter({ hasText: 'F001-' });
  const salida = filas(page).filter({ hasText: '01 Venta' }).filter({ hasText: 'GR01-' });
  await expect(entrada).toHaveCount(1);
  await expect(salida).toHaveCount(1);
  await expect(entrada).toContainText('50.000');
  await expect(salida).toContainText('18.000');
  const codigoEntrada = (await entrada.getByRole('link').textContent()) ?? '';
  const codigoSalida = (await salida.getByRole('link').textContent()) ?? '';
  expect(codigoEntrada).toMatch(/^OP\d{7}$/);
  expect(codigoSalida).toMatch(/^OP\d{7}$/);

  // Each row's balance = previous + in − out (as the screen shows them).
  const texto = await filas(page).evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')),
  );
  const n = (s: string | undefined) => (s ? Number(s.replaceAll(',', '')) : 0);
  let previo = 0;
  for (const c of texto) {
    expect(n(c[9])).toBeCloseTo(previo + n(c[7]) - n(c[8]), 3);
    previo = n(c[9]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/inventario-kardex-1440.png', fullPage: true });

  // Newest first is kept in the URL.
  await page.getByRole('columnheader', { name: 'Fecha y hora' }).click();
  await expect(page).toHaveURL(/orden=desc/);
  await expect(filas(page).first()).toContainText(codigoSalida);
  await page.reload();
  await expect(filas(page).first()).toContainText(codigoSalida);

  // The 12.1 file has the same entries.
  // Held a moment before the server: the screen says it is preparing the file, then saves it.
  const retenidas = await retenerPeticiones(page, '**/api/Almacen/ExportarKardexSunat**');
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: /Exportar 12\.1/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preparando el archivo…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancelar descarga' })).toBeVisible();
  await retenidas.soltar();
  const archivo = await descarga;
  await expect(page.getByRole('button', { name: 'Cancelar descarga' })).toHaveCount(0);
  // One product's book names the product (the company's book of every product is Kardex-<RUC>-<period>.xlsx).
  expect(archivo.suggestedFilename()).toMatch(/^Kardex-\d{11}-\d{6}-[\w.-]+\.xlsx$/);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile((await archivo.path()) as string);
  const valores = (libro.worksheets[0]?.getSheetValues() ?? []).filter(Boolean).map((f) => (f as unknown[]).slice(1));
  expect(String(valores[0]?.[0])).toContain('FORMATO 12.1');
  const enArchivo = valores.filter((v) => v[8] === codigoEntrada || v[8] === codigoSalida);
  expect(enArchivo.map((v) => [v[4], v[5] ?? null, v[6] ?? null])).toEqual(
    expect.arrayContaining([
      ['02', 50, null],
      ['01', null, 18],
    ]),
  );

  // The order link opens the entry order.
  await page.getByRole('link', { name: codigoEntrada }).click();
  await expect(page).toHaveURL(new RegExp(`/app/operations/order/register/\\d+/${codigoEntrada}`));
});

test('the operator sees other products by lot with totals, for one company', async ({ page }) => {
  await sesionPorApi(page, 'admin');
  await page.goto('/app/inventory/otherProducts');
  await expect(filas(page).first()).toBeVisible();
  await expect(page.getByText('FOB total (USD)')).toBeVisible();
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(1).click();
  await expect(page).toHaveURL(/empresa=\d+/);
  await expect(filas(page).first()).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/inventario-otros-1440.png', fullPage: true });
  // On a phone the totals go one to a row: five to a row left each figure a character wide, one digit per line.
  await page.setViewportSize({ width: 390, height: 844 });
  const fob = page.locator('.ant-table-footer .ant-descriptions-item').filter({ hasText: 'FOB total (USD)' });
  await expect(fob).toBeVisible();
  // Measured once the layout of the new width has settled: read at once after the resize, the figure's box was still
  // 0 px wide in some runs (antd lays the totals out again on the breakpoint's change).
  const contenido = fob.locator('.ant-descriptions-item-content');
  await expect.poll(async () => (await contenido.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  await expect.poll(async () => (await contenido.boundingBox())?.height ?? 999).toBeLessThan(30);
  await page.screenshot({ path: 'test-results/inventario-otros-390.png', fullPage: true });
  // The file names the chosen company by its RUC, and the day.
  const empresa = Number(new URL(page.url()).searchParams.get('empresa'));
  const api = await apiDe(page);
  const ruc = (
    (await api.get('/EmpresaUsuario/ConsultarListaEmpresaUsuario')).cuerpo.data as {
      codigoEmpresaUsuario: number;
      ruc: string;
    }[]
  ).find((e) => e.codigoEmpresaUsuario === empresa)?.ruc;
  expect(ruc).toMatch(/^\d{11}$/);
  const [archivo] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel' }).click(),
  ]);
  expect(archivo.suggestedFilename()).toBe(`OtrosProductos-${ruc}-${ahoraLima().slice(0, 10)}.xlsx`);
});

test('sorting other products by days in the zone asks the server for the whole list, and a reload keeps it', async ({
  page,
}) => {
  await sesionPorApi(page, 'admin');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/inventory/otherProducts');
  await expect(filas(page).first()).toBeVisible();
  const encabezado = page.getByRole('columnheader', { name: 'Días en zona' });
  // FOB total is not offered: no index orders balance × FOB, so the server does not sort by it.
  await expect(page.getByRole('columnheader', { name: /FOB total/ })).not.toHaveClass(/ant-table-column-has-sorters/);
  const pedido = (orden: string) =>
    page.waitForResponse(
      (r) =>
        r.url().includes('/api/Almacen/ListarStockLotes') && r.url().includes(`OrdenarPor=diasEnZona&Orden=${orden}`),
    );
  let respuesta = pedido('asc');
  await encabezado.click();
  await respuesta;
  respuesta = pedido('desc');
  await encabezado.click();
  const delServidor = ((await (await respuesta).json()).data as { diasEnZona: number }[]).map((f) => f.diasEnZona);
  await expect(page).toHaveURL(/[?&]o=-diasEnZona/);
  // The oldest lots of the whole list first, as the server ordered them; not the page shown reordered.
  expect(delServidor).toEqual([...delServidor].sort((a, b) => b - a));
  await expect(encabezado).toHaveAttribute('aria-sort', 'descending');
  respuesta = pedido('desc');
  await page.reload();
  await respuesta;
  await expect(page.getByRole('columnheader', { name: 'Días en zona' })).toHaveAttribute('aria-sort', 'descending');
});

test('an operator runs a count with one difference through the company justification and its approval, and sees the adjustment in the kardex', async ({
  page,
  browser,
}) => {
  await sesionPorApi(page, 'admin');
  await page.goto('/app/inventory/controlInventory');
  await page.getByRole('button', { name: 'Abrir conteo' }).click();
  const modal = page.getByRole('dialog', { name: 'Abrir conteo de inventario' });
  await modal.getByRole('combobox', { name: 'Empresa del conteo' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('IMPORTACIONES ANDINAS DEL SUR S.A.C.').click();
  await modal.getByRole('button', { name: 'Abrir conteo' }).click();
  await expect(page).toHaveURL(/conteo=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('conteo'));
  const cajon = page.locator('.ant-drawer-body');
  await expect(cajon.getByText('Abierto', { exact: true })).toBeVisible();

  // The count: every lot as it stands, except one laptop more than the books say.
  const lineas = cajon.locator('.ant-table-tbody tr.ant-table-row');
  await expect(lineas.first()).toBeVisible();
  const total = await lineas.count();
  // Other tests add laptop lots of their own at the same time: only the first laptop lot gets the difference.
  let diferencia = false;
  for (let i = 0; i < total; i++) {
    const fila = lineas.nth(i);
    const teorica = Number(((await fila.locator('td').nth(3).textContent()) ?? '0').replaceAll(',', ''));
    const laptop = !diferencia && ((await fila.textContent()) ?? '').includes('LAPTOP 14 PULGADAS 16 GB RAM');
    if (laptop) diferencia = true;
    await fila.getByRole('spinbutton').fill(String(laptop ? teorica + 1 : teorica));
  }
  await cajon.getByRole('button', { name: 'Registrar conteo' }).click();
  await expect(cajon.getByText('Contado', { exact: true })).toBeVisible();
  await expect(cajon.getByText(/48 h, hasta \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/inventario-conteo-1440.png' });

  // The company justifies its difference.
  const contexto = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    viewport: { width: 1440, height: 900 },
  });
  const empresa = await contexto.newPage();
  await sesionPorApi(empresa, 'usuario');
  // The company finds the count by its number in the list's search box (the box searched nothing).
  await empresa.goto('/app/inventory/controlInventory');
  await empresa.getByLabel('Buscar', { exact: true }).fill(String(id));
  const numeros = filas(empresa).locator('td:nth-child(2)');
  await expect
    .poll(async () => {
      const n = await numeros.allTextContents();
      return n.includes(String(id)) && n.every((t) => t.includes(String(id)));
    })
    .toBe(true);
  await filas(empresa)
    .filter({ has: empresa.getByRole('cell', { name: String(id), exact: true }) })
    .getByRole('button', { name: 'Ver' })
    .click();
  await expect(empresa).toHaveURL(new RegExp(`conteo=${id}`));
  const cajonEmpresa = empresa.locator('.ant-drawer-body');
  await cajonEmpresa
    .getByRole('textbox', { name: /Justificación LAPTOP 14 PULGADAS 16 GB RAM/ })
    .fill('Una unidad devuelta por garantía sin registrar');
  await cajonEmpresa.getByRole('button', { name: 'Enviar justificación' }).click();
  await expect(cajonEmpresa.getByText('Justificado', { exact: true })).toBeVisible();
  await contexto.close();

  // The operator approves it: the count closes with its adjustment.
  await page.reload();
  await cajon.getByRole('radio', { name: 'Aprobar' }).check();
  await cajon.getByRole('button', { name: 'Cerrar conteo' }).click();
  await expect(cajon.getByText('Cerrado', { exact: true })).toBeVisible();
  await expect(cajon.getByRole('cell', { name: 'Aprobada', exact: true })).toBeVisible();

  // The kardex of the laptop ends with the count's adjustment (99, +1).
  await page.goto('/app/inventory/kardex?orden=desc');
  await page.getByRole('combobox', { name: 'Empresa', exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('IMPORTACIONES ANDINAS DEL SUR S.A.C.').click();
  await page.getByRole('combobox', { name: 'Producto', exact: true }).click();
  await page.getByRole('combobox', { name: 'Producto', exact: true }).fill('LAPTOP');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(ADM-003)' }).click();
  const ajuste = filas(page).first();
  await expect(ajuste).toContainText('99 Otros (ajuste de inventario)');
  await expect(ajuste).toContainText(`CONTEO-${id}`);
  // One unit in (the running balance depends on what other tests of the suite moved meanwhile).
  await expect(ajuste).toContainText('1.000');
});

test('the operator dashboard shows stock value by company and heading and opens the lots behind a figure', async ({
  page,
}) => {
  await sesionPorApi(page, 'admin');
  await page.goto('/app/inventory/control');
  // The app's first load in this test (its screens and the chart's code) is bounded as a first load, not a click.
  await expect(page.getByText('Valor FOB por empresa')).toBeVisible({ timeout: 30_000 });
  // The chart is a named group of bar buttons (each opens its lots), not an image.
  await expect(page.getByRole('group', { name: 'Valor FOB por empresa' })).toBeVisible();
  // The largest headings by value: none of 0.00 (the demo has headings whose lots carry no FOB).
  const partidas = page.getByRole('group', { name: 'Valor FOB por partida' }).locator('title');
  await expect(partidas.first()).toBeAttached();
  const titulos = await partidas.allTextContents();
  expect(titulos.length).toBeGreaterThan(0);
  for (const t of titulos) expect(t).not.toContain(': FOB 0.00 USD');
  // The demo lots entered today: the 0–30 days bucket holds them all, and its list shows them.
  const fila = page.getByRole('row', { name: /0–30 días/ });
  const lotes = Number(await fila.getByRole('button').textContent());
  expect(lotes).toBeGreaterThan(0);
  await fila.getByRole('button').click();
  await expect(page).toHaveURL(/dmin=0&dmax=30/);
  await expect(page.getByText(`Total ${lotes} registros`)).toBeVisible();
  // The file of these lots (of every type) is not called "other products".
  const [archivo] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Excel' }).click(),
  ]);
  expect(archivo.suggestedFilename()).toMatch(/^StockPorLote-todas-las-empresas-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'test-results/inventario-control-1440.png', fullPage: true });
});

test('a lot left blank is not counted as 0: the count names it and waits; refusals name the lot, never an index; the detail reads on a phone', async ({
  page,
  browser,
}) => {
  const fallos: string[] = [];
  page.on('pageerror', (e) => fallos.push(e.message));
  await sesionPorApi(page, 'admin');
  await page.goto('/app/inventory/controlInventory');
  await page.getByRole('button', { name: 'Abrir conteo' }).click();
  const modal = page.getByRole('dialog', { name: 'Abrir conteo de inventario' });
  await modal.getByRole('combobox', { name: 'Empresa del conteo' }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('TECNOLOGÍA ALTIPLANO E.I.R.L.').click();
  // A refusal is shown in the dialog by the field's name (and does not escape as a page error).
  await modal.getByLabel('Observación').fill('Conteo\u0007 de prueba');
  await modal.getByRole('button', { name: 'Abrir conteo' }).click();
  await expect(modal.getByText('Observación: El texto contiene caracteres de control no permitidos.')).toBeVisible();
  // The count itself covers two of the company's demo products (other specs give it 2 000 imported products, whose
  // lots would take minutes to type), chosen in the dialog by searching them.
  const api = await apiDe(page);
  const lotes = (
    await api.get(
      '/Almacen/ListarStockLotes?Tipo=todos&CodigoEmpresaUsuario=3&limit=100&OrdenarPor=diasEnZona&Orden=desc',
    )
  ).cuerpo.data as { codigoCatalogoUsuario: number; producto: string }[];
  const elegidos = [...new Map(lotes.map((l) => [l.codigoCatalogoUsuario, l.producto])).values()]
    .filter((d, i, todos) => todos.indexOf(d) === i)
    .slice(0, 2);
  expect(elegidos).toHaveLength(2);
  await modal.getByLabel('Observación').fill('Conteo de prueba');
  const productos = modal.getByRole('combobox', { name: 'Productos del conteo' });
  for (const descripcion of elegidos) {
    await productos.fill(descripcion);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: descripcion })
      .first()
      .click();
  }
  await expect(modal.locator('.ant-select-selection-item')).toHaveCount(2);
  await modal.getByRole('button', { name: 'Abrir conteo' }).click();
  await expect(page).toHaveURL(/conteo=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('conteo'));
  const cajon = page.locator('.ant-drawer-body');
  const lineas = cajon.locator('.ant-table-tbody tr.ant-table-row');
  await expect(lineas.nth(1)).toBeVisible();
  const total = await lineas.count();
  // Only the lots of the chosen products.
  for (let i = 0; i < total; i++)
    expect(elegidos).toContain(((await lineas.nth(i).locator('td').nth(1).textContent()) ?? '').trim());

  // Every lot counted but the first, which is left blank: nothing is sent, the lot is named and marked.
  const primera = lineas.first();
  const producto = (await primera.locator('td').nth(1).textContent()) ?? '';
  const documento = (await primera.locator('td').nth(2).textContent()) ?? '';
  for (let i = 1; i < total; i++) {
    const fila = lineas.nth(i);
    const teorica = Number(((await fila.locator('td').nth(3).textContent()) ?? '0').replaceAll(',', ''));
    await fila.getByRole('spinbutton').fill(String(i === 1 ? teorica + 1 : teorica));
  }
  let enviado = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/Almacen/RegistrarConteo')) enviado = true;
  });
  await cajon.getByRole('button', { name: 'Registrar conteo' }).click();
  const aviso = cajon.getByRole('alert').filter({ hasText: 'Ingrese la cantidad contada de un lote' });
  await expect(aviso).toContainText(`${producto} (${documento})`);
  await expect(primera.locator('.ant-input-number-status-error')).toHaveCount(1);
  await expect(cajon.getByText('Abierto', { exact: true })).toBeVisible();
  expect(enviado).toBe(false);

  // Counted: the lot's 0 is typed, the count is registered with the one difference of the second lot.
  await primera.getByRole('spinbutton').fill('0');
  await expect(aviso).toHaveCount(0);
  const teoricaPrimera = Number(((await primera.locator('td').nth(3).textContent()) ?? '0').replaceAll(',', ''));
  await primera.getByRole('spinbutton').fill(String(teoricaPrimera));
  await cajon.getByRole('button', { name: 'Registrar conteo' }).click();
  await expect(cajon.getByText('Contado', { exact: true })).toBeVisible();

  // The company's justification too short: the refusal names the lot, and its field is marked.
  const contexto = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    viewport: { width: 1440, height: 900 },
  });
  const empresa = await contexto.newPage();
  await sesionPorApi(empresa, 'usuario2');
  await empresa.goto(`/app/inventory/controlInventory?conteo=${id}`);
  const cajonEmpresa = empresa.locator('.ant-drawer-body');
  const segunda = cajonEmpresa.locator('.ant-table-tbody tr.ant-table-row').nth(1);
  const productoDif = (await segunda.locator('td').nth(1).textContent()) ?? '';
  const documentoDif = (await segunda.locator('td').nth(2).textContent()) ?? '';
  await segunda.getByRole('textbox').fill('abc');
  await cajonEmpresa.getByRole('button', { name: 'Enviar justificación' }).click();
  await expect(
    cajonEmpresa.getByText(`${productoDif} (${documentoDif}): Debe justificar cada diferencia (mínimo 5 caracteres)`),
  ).toBeVisible();
  await expect(cajonEmpresa.getByText(/lineas\.\d+\./)).toHaveCount(0);
  await expect(segunda.locator('textarea.ant-input-status-error')).toHaveCount(1);

  // On a phone the count's header is one label/value pair a row: the company's name is readable.
  await empresa.setViewportSize({ width: 390, height: 844 });
  await empresa.reload();
  const valor = empresa.locator('.ant-drawer-body .ant-descriptions-item-content').first();
  await expect(valor).toContainText('TECNOLOGÍA ALTIPLANO');
  expect((await valor.boundingBox())?.width ?? 0).toBeGreaterThan(150);
  await empresa.screenshot({ path: 'test-results/inventario-conteo-390.png' });
  await contexto.close();
  expect(fallos).toEqual([]);
});
