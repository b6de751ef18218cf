import { expect, test } from '@playwright/test';
import { apiDe, elegir, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

test.describe('truck list (Buscar RUC transportista)', () => {
  test('searches only when empty or from 4 characters, on TV.RUC, with total, previous, pager and next', async ({
    page,
  }) => {
    await sesionPorApi(page, 'usuario');
    const consultas: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/TransportistaUsuario/ListarDatos')) consultas.push(r.url());
    });
    await page.goto('/app/operations/order/trucks');
    const buscar = page.getByPlaceholder('Buscar RUC transportista');
    await expect(page.getByRole('cell', { name: 'TRANSPORTES ARICA LTDA' })).toBeVisible();
    await expect(page.getByText(/Total \d+ registros/)).toBeVisible();
    await expect(page.locator('.ant-pagination-prev')).toBeVisible();
    await expect(page.locator('.ant-pagination-next')).toBeVisible();
    await expect(page.locator('.ant-pagination-item-1')).toBeVisible();
    await buscar.fill('204');
    await expect(page.getByText('Ingrese al menos 4 caracteres para buscar.')).toBeVisible();
    await page.waitForTimeout(800); // past the 500 ms debounce: a 3-character text must not search
    expect(consultas.filter((u) => u.includes('Valor='))).toHaveLength(0);
    await buscar.fill('20445');
    await expect(page.getByText('Total 1 registros')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'TRANSPORTES DEL SUR ANDINO S.A.C.' })).toBeVisible();
    const conValor = consultas.filter((u) => u.includes('Valor='));
    expect(conValor).toHaveLength(1);
    expect(conValor[0]).toContain('Columna=TV.RUC');
    expect(conValor[0]).toContain('Valor=20445');
  });

  test('from the transporter card: choosing a carrier fills its RUC and runs the lookup', async ({ page }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/operations/order/register');
    await page.getByRole('button', { name: 'Lista de transportistas' }).click();
    const drawer = page.getByRole('dialog', { name: 'Lista de transportistas' });
    await drawer.getByPlaceholder('Buscar RUC transportista').fill('CL-7654');
    await drawer.getByRole('button', { name: 'Elegir CL-76543210' }).click();
    await expect(page.getByText('Transportista dispone de un contrato vigente')).toBeVisible();
    await expect(page.getByLabel('Razón social transportista')).toHaveValue('TRANSPORTES ARICA LTDA');
  });
});

test.describe('role rules of the movement form (spec 01 §6)', () => {
  test('the movement-type list loses its last three entries; role 8 has no company selector', async ({ page }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/operations/order/register');
    await page.getByLabel('Tipo de operación', { exact: true }).first().click();
    const opciones = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(opciones).toHaveText(['Ingreso', 'Salida']);
    await expect(page.getByLabel('Empresa usuaria')).toHaveCount(0);
  });

  test('roles 1, 2 and 4 choose the company; on the pedestrian form only levels 1 and 4', async ({ page }) => {
    for (const [usuario, peatonal] of [
      ['superadmin', true],
      ['admin', false],
      ['balanza', true],
    ] as const) {
      await sesionPorApi(page, usuario);
      await page.goto('/app/operations/order/register');
      await expect(page.getByLabel('Empresa usuaria')).toBeVisible();
      const pestania = page.getByRole('tab', { name: 'Ingreso Peatonal' });
      await expect(async () => {
        await pestania.click();
        await expect(pestania).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
      }).toPass();
      const panel = page.getByRole('tabpanel', { name: 'Ingreso Peatonal' });
      await expect(panel.getByLabel('Empresa usuaria')).toHaveCount(peatonal ? 1 : 0);
    }
  });

  test('role 1 picks the catalogue company in the new-product dialog and sees the carrier validity link', async ({
    page,
  }) => {
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/operations/order/register');
    await elegir(page, 'Empresa usuaria', 'IMPORTACIONES ANDINAS DEL SUR S.A.C.');
    await elegir(page, 'Tipo de mercancía', 'Extranjera');
    await page.getByLabel('RUC transportista').first().fill('20445566773');
    await page.getByRole('button', { name: 'Buscar' }).first().click();
    await expect(page.getByText('Transportista dispone de un contrato vigente')).toBeVisible();
    await page.getByRole('button', { name: 'Actualizar', exact: true }).click();
    const vigencia = page.getByRole('dialog', { name: 'Registrar vigencia Transpotista' });
    await expect(vigencia.getByLabel('Fecha de inicio')).toBeEnabled();
    await vigencia.getByRole('button', { name: 'Cancelar' }).click();
    await elegir(page, 'Tipo de documento', 'FACTURA');
    await page.getByLabel('N° de documento', { exact: true }).fill('F001-99001');
    await page.getByLabel('N° de proveedor').fill('20100223342');
    await page.getByLabel('Razón del proveedor').fill('DISTRIBUIDORA NACIONAL DEL PERÚ S.A.');
    await page.getByRole('button', { name: 'Agregar documento' }).click();
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Nuevo producto' });
    await expect(dialogo.getByLabel('Empresa del catálogo')).toBeVisible();
  });

  test('role 7 sees an order read-only and the server refuses its edits', async ({ page }) => {
    await sesionPorApi(page, 'usuario');
    const orden = await sembrarOrden(page);
    await sesionPorApi(page, 'supervisor');
    await page.goto(`/app/operations/order/register/${orden.codigoMovimiento}/${orden.codigoIngreso}`);
    await expect(page.getByText('Modificar Operación')).toBeVisible();
    await expect(page.getByRole('cell', { name: orden.factura })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Agregar documento' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Quitar/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actualizar' })).toHaveCount(0);
    await expect(page.getByLabel('Placa', { exact: true })).toBeDisabled();
    const api = await apiDe(page);
    const r = await api.post('/Movimiento/GuardarMovimiento', {
      data: {
        codigoMovimiento: orden.codigoMovimiento,
        seccion: 'carga',
        codigoTipoIngreso: 'VH',
        codigoTipoOperacion: 1,
        codigoTipoCarga: 1,
        numeroBultos: 1,
      },
    });
    expect(r.status).toBe(403);
  });
});
