import { formatearPartida } from '@cronos/contract';
import { expect, test } from '@playwright/test';
import { apiDe } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

// A header of a server-paged list sorts the whole list, not the page shown: the first row after the click is the
// first of every page, and the order stays in the address (reload, shared link).
test('sorting tariff headings by heading descending shows the last heading of the whole list first, and a reload keeps it', async ({
  page,
}) => {
  await sesionPorApi(page, 'superadmin');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/settings/catalogs?p=2');
  const filas = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(filas).toHaveCount(10);
  // The whole list, read without sorting (pages of 100): its largest heading is on the last page, not the first.
  const api = await apiDe(page);
  const partidas: string[] = [];
  for (let n = 1; ; n++) {
    const r = (await api.get(`/Arancel/ListarDatos?limit=100&PageNumber=${n}`)).cuerpo;
    partidas.push(...(r.data as { numeroPartida: string }[]).map((f) => f.numeroPartida));
    if (partidas.length >= r.meta.total) break;
  }
  expect(partidas.length).toBeGreaterThan(20);
  const mayor = [...partidas].sort().at(-1) ?? '';
  const columna = (i: number) => filas.first().locator('td').nth(i);
  const encabezado = page.getByRole('columnheader', { name: 'Partida' });
  const indice = await page
    .locator('.ant-table-thead th')
    .evaluateAll((ths) => ths.findIndex((th) => th.textContent?.trim() === 'Partida'));
  await encabezado.click();
  await expect(page).toHaveURL(/[?&]o=numeroPartida(&|$)/);
  await expect(page).not.toHaveURL(/[?&]p=2/);
  // The second click once the first order has loaded: a click while the table is still loading was lost (seen once
  // on a slow machine: the address stayed ascending).
  await expect(encabezado).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
  await encabezado.click();
  await expect(page).toHaveURL(/[?&]o=-numeroPartida(&|$)/);
  await expect(encabezado).toHaveAttribute('aria-sort', 'descending');
  await expect(columna(indice)).toHaveText(formatearPartida(mayor));
  // Numbering starts again at 1: the sort went back to page 1.
  await expect(columna(0)).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('partidas-orden-1440.png') });

  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Partida' })).toHaveAttribute('aria-sort', 'descending');
  await expect(columna(indice)).toHaveText(formatearPartida(mayor));
  // Page 2 continues the order: each heading below the last one of page 1.
  const ultimaDe1 = (await filas.last().locator('td').nth(indice).textContent()) ?? '';
  await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]p=2/);
  await expect(columna(0)).toHaveText('11');
  // The N° column counts from the page at once; the rows are page 2's once they arrive (read too early, the rows were
  // still page 1's, the last of them ultimaDe1 itself).
  const pagina2 = () =>
    filas.evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent ?? ''), indice);
  const debajo = (p: string) => p.replaceAll('.', '') < ultimaDe1.replaceAll('.', '');
  await expect
    .poll(async () => {
      const filas2 = await pagina2();
      return filas2.length === 10 && filas2.every(debajo);
    })
    .toBe(true);
});
