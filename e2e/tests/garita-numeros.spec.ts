import { expect, type Locator, test } from '@playwright/test';
import { sembrarOrden } from '../support/ordenes';
import { avanzarOrden } from '../support/etapas';
import { sesionPorApi } from '../support/sesion';

/**
 * Tables of an order's documents and product lines number their rows (the '#' column of every list), so the
 * scale operator and the company's clerk can say "line 2" to each other: the weighing screen's lines and the
 * order form's documents and their products, at 1440 px.
 */

test.use({ viewport: { width: 1440, height: 900 } });

/** The texts of a table's '#' column (its own rows, not those of a table nested in it). */
async function numeros(tabla: Locator) {
  return tabla.evaluate((t) => {
    const propia = t.querySelector('table') as HTMLTableElement;
    const i = [...(propia.tHead?.rows[0]?.cells ?? [])].findIndex((c) => c.textContent === '#');
    if (i < 0) return 'sin columna #';
    return [...(propia.tBodies[0]?.rows ?? [])]
      .filter((r) => r.classList.contains('ant-table-row'))
      .map((r) => r.cells[i]?.textContent ?? '');
  });
}

test('las líneas del pesaje y los documentos de la orden numeran sus filas', async ({ page }) => {
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);

  // The company's clerk opens the order: two documents, each with its product numbered from 1.
  await page.goto(`/app/operations/order/register/${o.codigoMovimiento}/${o.codigoIngreso}`);
  const documentos = page
    .locator('.ant-table')
    .filter({ has: page.getByRole('columnheader', { name: 'Proveedor' }) })
    .first();
  await expect(documentos.getByText(o.factura)).toBeVisible();
  await expect.poll(() => numeros(documentos)).toEqual(['1', '2']);
  const productos = documentos.locator('.ant-table');
  await expect(productos).toHaveCount(2);
  expect(await numeros(productos.first())).toEqual(['1']);
  expect(await numeros(productos.last())).toEqual(['1']);

  await avanzarOrden(page, o, 'pesaje');

  // The scale operator sees the order's two lines numbered 1 and 2.
  await sesionPorApi(page, 'balanza');
  await page.goto('/app/balanza/firstScales');
  await page.getByLabel('Código de orden o N° de documento').fill(o.codigoIngreso);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  // The search's results are numbered as every list is.
  await expect.poll(() => numeros(page.getByTestId('resultados-etapa'))).toEqual(['1']);
  const lineas = page.locator('.ant-table').filter({ has: page.getByRole('columnheader', { name: 'Partida' }) });
  await expect(lineas).toBeVisible();
  expect(await numeros(lineas)).toEqual(['1', '2']);
});
