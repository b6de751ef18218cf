import { expect, type Page, test } from '@playwright/test';
import { sesionPorApi, tokenDe } from '../support/sesion';
import { ordenarPorCabecera } from '../support/orden';

/**
 * Lista de Transportistas (spec 02 §2, §6): VIGENTE/VENCIDO, the company filter for levels 1, 9 and 4 of the
 * operator only (others see their own, and the server answers only their own whatever they send), and the
 * RUC search that starts from 4 characters, 500 ms after typing stops.
 */

async function abrir(page: Page, usuario: string) {
  await sesionPorApi(page, usuario);
  await page.goto('/app/administration/trucks');
  await expect(page.getByText('Lista de Transportistas').first()).toBeVisible();
}
const fila = (page: Page, texto: string) => page.getByRole('row').filter({ hasText: texto });

test('the treasurer (level 9) filters by company; expired contracts are VENCIDO and red', async ({ page }) => {
  await abrir(page, 'tesorero');
  const selector = page.getByRole('combobox', { name: 'Empresa', exact: true });
  await expect(selector).toBeVisible();
  // All companies at first: both companies' carriers.
  await expect(fila(page, 'LOGÍSTICA FRONTERA S.A.C.')).toBeVisible();
  await expect(fila(page, 'CARGA PESADA TACNA E.I.R.L.')).toBeVisible();
  await expect(fila(page, 'CARGA PESADA TACNA E.I.R.L.').getByText('VENCIDO')).toBeVisible();
  await expect(fila(page, 'CARGA PESADA TACNA E.I.R.L.')).toHaveClass(/fila-anulada/);
  await expect(fila(page, 'TRANSPORTES ARICA LTDA').getByText('VIGENTE')).toBeVisible();
  await expect(fila(page, 'TRANSPORTES ARICA LTDA')).not.toHaveClass(/fila-anulada/);
  // A carrier with the minimum start date has no contract: VENCIDO.
  await expect(fila(page, 'LOGÍSTICA FRONTERA S.A.C.').getByText('VENCIDO')).toBeVisible();

  await selector.click();
  await page.getByTitle('TECNOLOGÍA ALTIPLANO E.I.R.L.').click();
  await expect(fila(page, 'CARGA PESADA TACNA E.I.R.L.')).toHaveCount(0);
  await expect(fila(page, 'LOGÍSTICA FRONTERA S.A.C.')).toBeVisible();
  const empresas = await page.locator('tbody tr.ant-table-row td:last-child').allInnerTexts();
  expect(new Set(empresas)).toEqual(new Set(['TECNOLOGÍA ALTIPLANO E.I.R.L.']));
});

test('the RUC search starts only from 4 characters, once, 500 ms after typing stops, on TV.RUC', async ({ page }) => {
  await abrir(page, 'balanza');
  await expect(page.getByRole('combobox', { name: 'Empresa', exact: true })).toBeVisible();
  const consultas: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/TransportistaUsuario/ListarDatos') && r.url().includes('Valor=')) consultas.push(r.url());
  });
  const buscar = page.getByPlaceholder('Buscar RUC transportista');
  await buscar.pressSequentially('205', { delay: 50 });
  await expect(page.getByText('Ingrese al menos 4 caracteres para buscar.')).toBeVisible();
  await page.waitForTimeout(800); // past the debounce: three characters must not search
  expect(consultas).toHaveLength(0);
  await buscar.pressSequentially('33', { delay: 50 });
  await expect(page.getByText('Total 1 registros')).toBeVisible();
  await expect(fila(page, 'CARGA PESADA TACNA E.I.R.L.')).toBeVisible();
  // One query for the settled text, not one per key.
  expect(consultas).toHaveLength(1);
  expect(consultas[0]).toContain('Columna=TV.RUC');
  expect(consultas[0]).toContain('Valor=20533');
  await buscar.fill('');
  await expect(fila(page, 'LOGÍSTICA FRONTERA S.A.C.')).toBeVisible();
});

test('a user company and the operator administrator see no company filter; the server answers only their own', async ({
  page,
}) => {
  await abrir(page, 'usuario2');
  await expect(page.getByRole('combobox', { name: 'Empresa', exact: true })).toHaveCount(0);
  await expect(fila(page, 'LOGÍSTICA FRONTERA S.A.C.')).toBeVisible();
  await expect(fila(page, 'CARGA PESADA TACNA E.I.R.L.')).toHaveCount(0);
  // The company's carriers, sorted by RUC by the server.
  await ordenarPorCabecera(page, 'RUC', 'ruc');
  const headers = { authorization: `Bearer ${await tokenDe(page)}` };
  for (const empresa of [-1, 2]) {
    const r = await page.request.get(`/api/TransportistaUsuario/ListarDatos?CodigoEmpresaUsuario=${empresa}&limit=50`, {
      headers,
    });
    const empresas = (await r.json()).data.map((t: { codigoEmpresaUsuario: number }) => t.codigoEmpresaUsuario);
    expect(empresas.length).toBeGreaterThan(0);
    expect(new Set(empresas)).toEqual(new Set([3]));
  }

  await abrir(page, 'admin');
  await expect(page.getByRole('combobox', { name: 'Empresa', exact: true })).toHaveCount(0);
});
