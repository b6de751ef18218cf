import { fechaLima, MENSAJES_FINANZAS, sumarDias } from '@cronos/contract';
import { expect, type Page, test } from '@playwright/test';
import { apiDe } from '../support/ordenes';
import { iniciarSesion } from '../support/sesion';

/**
 * Finance, operator's view: each screen is titled as its menu entry; a payment of 0 is refused as typed and a
 * mistaken payment is annulled with a reason; the billing run is limited to one company and tells its cut-off.
 */
test.describe.configure({ mode: 'serial' });

const sinMenu = (page: Page) => page.mouse.move(1300, 780);
interface Nodo {
  link: string;
  urlLink: string | null;
  detalle: Nodo[];
}

test('cada pantalla de Finanzas lleva el título de su entrada del menú', async ({ page }) => {
  const r = await page.request.post('/api/Account/Login', {
    data: { nombreUsuario: 'tesorero', contrasenia: 'Cronos.2026' },
  });
  const menu = (await r.json()).data.permisos as Nodo[];
  const finanzas = menu.flatMap((g) => [g, ...g.detalle]).filter((n) => n.urlLink?.startsWith('/app/finances/'));
  expect(finanzas.map((n) => n.urlLink).sort()).toEqual(
    [
      '/app/finances/Payments',
      '/app/finances/importador',
      '/app/finances/invoices',
      '/app/finances/tasks',
      '/app/finances/trucks',
    ].sort(),
  );
  await iniciarSesion(page, 'tesorero');
  for (const n of finanzas) {
    await page.goto(n.urlLink ?? '');
    await sinMenu(page);
    // The screen's own title (its first card's heading) is the menu's name for it.
    await expect(page.locator('.ant-card-head-title').first(), n.urlLink ?? '').toHaveText(n.link, {
      timeout: 30_000,
    });
  }
});

test('un pago de 0 se rechaza con su mensaje y no se guarda; el tesorero anula un pago con motivo y vuelve el saldo', async ({
  page,
}) => {
  await iniciarSesion(page, 'tesorero');
  const api = await apiDe(page);
  const tarifas = (await api.get('/Tarifa/ListarDatos?limit=50')).cuerpo.data as {
    codigo: string;
    codigoServicio: number;
  }[];
  const tarjeta = tarifas.find((t) => t.codigo === 'TARJETA');
  const emitido = await api.post('/Comprobante/Emitir', {
    data: {
      codigoEmpresaUsuario: 2,
      tipoComprobante: '01',
      lineas: [{ codigoServicio: tarjeta?.codigoServicio, cantidad: 3 }],
    },
  });
  expect(emitido.status).toBe(200);
  const v = emitido.cuerpo.data as { codigoComprobante: number; serie: string; numero: number; total: string };
  const numero = `${v.serie}-${String(v.numero).padStart(8, '0')}`;
  const pagosDe = async () =>
    (await api.get(`/Comprobante/Consultar?CodigoComprobante=${v.codigoComprobante}`)).cuerpo.data as {
      saldo: string;
      pagos: { codigoPago: number; estadoAnulado: boolean }[];
    };

  await page.goto('/app/finances/Payments');
  await sinMenu(page);
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Registrar pago' });
  await dialogo.getByLabel('Comprobante').fill(numero);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: numero })
    .first()
    .click();
  const monto = dialogo.getByLabel(/^Monto/);
  await monto.fill('0');
  await monto.blur();
  // Kept as typed (the field raised it to 0.01 and that was saved).
  await expect(monto).toHaveValue(/^0(\.00)?$/);
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialogo.getByText(MENSAJES_FINANZAS.pagoMontoPositivo)).toBeVisible();
  await expect(dialogo).toBeVisible();
  expect((await pagosDe()).pagos).toHaveLength(0);
  await monto.fill('-5');
  await monto.blur();
  await expect(monto).toHaveValue(/^-5(\.00)?$/);
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialogo.getByText(MENSAJES_FINANZAS.pagoMontoPositivo)).toBeVisible();
  expect((await pagosDe()).pagos).toHaveLength(0);

  await monto.fill('20');
  await dialogo.getByLabel(/^Referencia/).fill('OP-ANULAR-1');
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText('Pago registrado').first()).toBeVisible();
  const conPago = await pagosDe();
  expect(conPago.pagos).toHaveLength(1);
  expect(Number(conPago.saldo)).toBeCloseTo(Number(v.total) - 20, 2);

  const fila = page.locator('.ant-table-row').filter({ hasText: 'OP-ANULAR-1' });
  await expect(fila).toContainText('Vigente');
  await fila.getByRole('button', { name: /^Anular pago / }).click();
  const anular = page.getByRole('dialog', { name: `Anular pago de ${numero}` });
  await anular.getByRole('button', { name: 'Anular pago' }).click();
  await expect(anular.getByText(MENSAJES_FINANZAS.motivoAnulacionRequerido)).toBeVisible();
  await anular.getByLabel('Motivo de la anulación').fill('Depósito de otro cliente');
  await page.screenshot({ path: test.info().outputPath('anular-pago-1440.png') });
  await anular.getByRole('button', { name: 'Anular pago' }).click();
  await expect(page.getByText('Pago anulado').first()).toBeVisible();
  await expect(fila).toContainText('Anulado');
  await expect(fila.getByRole('button', { name: /^Anular pago / })).toHaveCount(0);
  const despues = await pagosDe();
  expect(despues.saldo).toBe(v.total);
  expect(despues.pagos[0]?.estadoAnulado).toBe(true);
});

test('la facturación automática se corre para una sola empresa elegida y dice hasta qué día factura', async ({
  page,
}) => {
  const hoy = fechaLima(new Date());
  test.skip(hoy.endsWith('-01'), 'el primer día del mes aún no tiene días cerrados que facturar');
  const periodo = hoy.slice(0, 7);
  const ayer = sumarDias(hoy, -1).split('-').reverse().join('/');
  await iniciarSesion(page, 'tesorero');
  const api = await apiDe(page);
  // A company with something of this month still to bill (the demo's lots in storage), and the others'.
  const todas = (await api.get(`/Facturacion/Previsualizar?Periodo=${periodo}&CodigoEmpresaUsuario=-1`)).cuerpo
    .data as { codigoEmpresaUsuario: number; razonSocial: string; facturado: boolean }[];
  const pendientes = todas.filter((p) => !p.facturado);
  expect(new Set(pendientes.map((p) => p.codigoEmpresaUsuario)).size).toBeGreaterThan(1);
  const elegida = pendientes[0] as (typeof pendientes)[number];

  await page.goto('/app/finances/tasks');
  await sinMenu(page);
  const tarjeta = page.locator('.ant-card').filter({ hasText: 'Facturación Automática' }).first();
  await tarjeta.getByLabel('Empresa').click();
  await tarjeta.getByLabel('Empresa').fill(elegida.razonSocial);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: elegida.razonSocial })
    .first()
    .click();
  const selector = page.getByLabel('Periodo');
  await selector.click();
  await selector.fill(`${periodo.slice(5, 7)}/${periodo.slice(0, 4)}`);
  await selector.press('Enter');
  await page.getByRole('button', { name: 'Vista previa' }).click();
  // The month in course is billed through yesterday, and the screen says so before issuing.
  await expect(tarjeta.getByText(`Corte: se factura hasta el ${ayer}`)).toBeVisible();
  await expect(tarjeta.getByText(/Mes en curso: se factura lo ocurrido hasta el/)).toBeVisible();
  const filas = tarjeta.locator('.ant-table-row');
  await expect(filas.first()).toBeVisible();
  await expect(filas.filter({ hasNotText: elegida.razonSocial })).toHaveCount(0);
  await expect(filas.first()).toContainText(new RegExp(`a ${sumarDias(hoy, -1)}\\)`));
  await page.screenshot({ path: test.info().outputPath('tareas-una-empresa-1440.png') });
  await page.locator('#root').getByRole('button', { name: 'Emitir', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Emitir' }).click();
  await expect(page.getByText(/comprobante\(s\) emitido\(s\) hasta el/).first()).toBeVisible();

  const corrida = (await api.get('/Facturacion/ListarCorridas?limit=1')).cuerpo.data[0];
  expect([corrida.codigoEmpresaUsuario, corrida.periodo, corrida.fechaCorte]).toEqual([
    elegida.codigoEmpresaUsuario,
    periodo,
    sumarDias(hoy, -1),
  ]);
  // The other companies of the month are still to bill.
  const despues = (await api.get(`/Facturacion/Previsualizar?Periodo=${periodo}&CodigoEmpresaUsuario=-1`)).cuerpo
    .data as { codigoEmpresaUsuario: number; facturado: boolean }[];
  expect(despues.filter((p) => p.codigoEmpresaUsuario === elegida.codigoEmpresaUsuario).every((p) => p.facturado)).toBe(
    true,
  );
  expect(despues.some((p) => p.codigoEmpresaUsuario !== elegida.codigoEmpresaUsuario && !p.facturado)).toBe(true);
});

test('una boleta emitida a mano nombra a la persona que paga por su DNI', async ({ page }) => {
  await iniciarSesion(page, 'tesorero');
  await page.goto('/app/finances/invoices');
  await sinMenu(page);
  await page.getByRole('button', { name: 'Emitir comprobante' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Emitir comprobante' });
  await dialogo.getByLabel('Empresa usuaria').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await dialogo.getByLabel('Tipo').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Boleta"]').click();
  await dialogo.getByLabel('DNI del comprador').fill('4587963');
  await dialogo.getByLabel('Nombre del comprador').fill('JORGE LUIS CONDORI APAZA');
  await expect(dialogo.getByText('El DNI debe tener 8 dígitos')).toBeVisible();
  await dialogo.getByLabel('DNI del comprador').fill('70214589');
  await dialogo.getByLabel('Servicio').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Tarjeta' })
    .first()
    .click();
  await dialogo.getByRole('button', { name: 'Emitir', exact: true }).click();
  await expect(page.getByText('Comprobante emitido').first()).toBeVisible();
  const api = await apiDe(page);
  const ultima = (await api.get('/Comprobante/ListarDatos?limit=1&Columna=razonSocial&Valor=CONDORI')).cuerpo.data[0];
  expect([ultima.tipoComprobante, ultima.ruc, ultima.razonSocial]).toEqual([
    '03',
    '70214589',
    'JORGE LUIS CONDORI APAZA',
  ]);
});
