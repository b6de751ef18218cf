import { expect, type Page } from '@playwright/test';

/**
 * Clicks the header `titulo` of the list on screen once and checks the list is sorted by the server (ascending,
 * `?o=campo`): the rows shown are the rows of the page the server answered, in its order; the values of `campo`
 * (a column shown as sent) come ascending; numbering starts again at 1.
 */
export async function ordenarPorCabecera(page: Page, titulo: string, campo: string) {
  const encabezado = page.getByRole('columnheader', { name: titulo, exact: true });
  const respuesta = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return u.pathname.startsWith('/api/') && u.searchParams.get('OrdenarPor') === campo;
  });
  await encabezado.click();
  const r = await respuesta;
  expect(new URL(r.url()).searchParams.get('Orden')).toBe('asc');
  const filas = ((await r.json()).data as Record<string, unknown>[]).map((f) => String(f[campo]));
  expect(filas.length).toBeGreaterThan(1);
  expect(filas).toEqual([...filas].sort());
  await expect(page).toHaveURL(new RegExp(`[?&]o=${campo}(&|$)`));
  await expect(encabezado).toHaveAttribute('aria-sort', 'ascending');
  const indice = await page
    .locator('.ant-table-thead th')
    .evaluateAll((ths, t) => ths.findIndex((th) => th.textContent?.trim() === t), titulo);
  const celdas = page.locator('.ant-table-tbody tr.ant-table-row').locator(`td:nth-child(${indice + 1})`);
  await expect(celdas).toHaveText(filas);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first()).toHaveText('1');
}
