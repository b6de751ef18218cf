import { MENSAJES_FINANZAS } from '@cronos/contract';
import { expect, type Page, test } from '@playwright/test';
import { elegirOpcion } from '../support/formularios';
import { apiDe } from '../support/ordenes';
import { retenerPeticiones } from '../support/retener';
import { iniciarSesion, sesionPorApi } from '../support/sesion';

/**
 * Finance, as a new billing clerk meets it: what a refused payment says and where, which payment dates can be
 * chosen, and the voucher dialog's lines at 1440 px. Nothing here changes data the other specs read (the debt days
 * are saved with the values they already have), so it runs beside them.
 */
test.use({ viewport: { width: 1440, height: 900 } });
const sinMenu = (page: Page) => page.mouse.move(1300, 780);

test('un pago rechazado dice en su campo qué corregir, y no se elige una fecha de pago futura', async ({ page }) => {
  await iniciarSesion(page, 'tesorero');
  const api = await apiDe(page);
  const comprobantes = (await api.get('/Comprobante/ListarDatos?limit=100')).cuerpo.data as {
    serie: string;
    numero: number;
    tipoComprobante: string;
    saldo: string;
  }[];
  const v = comprobantes.find((f) => f.tipoComprobante !== '07' && Number(f.saldo) > 0);
  expect(v).toBeTruthy();
  const numero = `${v?.serie}-${String(v?.numero).padStart(8, '0')}`;
  await page.goto('/app/finances/Payments');
  await sinMenu(page);
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Registrar pago' });
  await elegirOpcion(dialogo.getByLabel('Comprobante'), numero);

  // Tomorrow cannot be picked as the day the money came in.
  await dialogo.getByLabel('Fecha de pago').click();
  const manana = new Date(Date.now() - 5 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  await expect(page.locator(`.ant-picker-dropdown:visible td[title="${manana}"]`)).toHaveClass(
    /ant-picker-cell-disabled/,
  );
  await page.keyboard.press('Escape');

  // A control character in the reference: the reason is under the reference, not only "errores en el formulario".
  await dialogo.getByLabel(/^Monto/).fill('1');
  await dialogo.getByLabel(/^Referencia/).fill('OP\u0001-1');
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialogo.getByText('El texto contiene caracteres de control no permitidos.')).toBeVisible();

  // More than the balance: the amount says so, with the balance.
  await dialogo.getByLabel(/^Referencia/).fill('OP-1');
  await dialogo.getByLabel(/^Monto/).fill(String(Number(v?.saldo) + 100));
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialogo.getByText(/El monto excede el saldo del comprobante \(\d+\.\d{2}\)/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pago-rechazado-1440.png') });
  await expect(dialogo).toBeVisible();
});

test('las líneas del comprobante quedan en una fila cada una y alineadas, aun con sus mensajes', async ({ page }) => {
  await iniciarSesion(page, 'tesorero');
  await page.goto('/app/finances/invoices');
  await sinMenu(page);
  await page.getByRole('button', { name: 'Emitir comprobante' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Emitir comprobante' });
  await dialogo.getByRole('button', { name: 'Agregar línea' }).click();
  await dialogo.getByTestId('linea-0').getByRole('textbox').first().fill('Estiba');
  // Refused: the second line's fields show their messages.
  await dialogo.getByRole('button', { name: 'Emitir' }).click();
  await expect(dialogo.getByTestId('linea-1').getByText('Seleccione la afectación')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('emision-lineas-1440.png') });
  const caja = async (l: ReturnType<typeof dialogo.locator>) => {
    const b = await l.boundingBox();
    if (!b) throw new Error('sin caja');
    return b;
  };
  const cajas = [];
  for (const i of [0, 1]) {
    const linea = dialogo.getByTestId(`linea-${i}`);
    const descripcion = await caja(linea.locator('input.ant-input').first());
    const afectacion = await caja(linea.locator('.ant-select').nth(1));
    const quitar = await caja(linea.getByRole('button', { name: 'Quitar' }));
    // The tax select and "Quitar" on the line's row, not wrapped under it.
    expect(Math.abs(afectacion.y - descripcion.y)).toBeLessThan(4);
    expect(quitar.y).toBeLessThan(descripcion.y + descripcion.height);
    expect(quitar.y + quitar.height).toBeGreaterThan(descripcion.y);
    cajas.push({ descripcion, afectacion });
  }
  // Columns line up from one line to the next.
  expect(Math.abs((cajas[0]?.afectacion.x ?? 0) - (cajas[1]?.afectacion.x ?? -99))).toBeLessThan(2);
  expect(Math.abs((cajas[0]?.descripcion.x ?? 0) - (cajas[1]?.descripcion.x ?? -99))).toBeLessThan(2);
});

test('la facturación automática no ofrece un mes que aún no empieza', async ({ page }) => {
  await iniciarSesion(page, 'tesorero');
  await page.goto('/app/finances/tasks');
  await sinMenu(page);
  await page.locator('.ant-picker input').first().click();
  const lima = new Date(Date.now() - 5 * 3600_000);
  const anio = lima.getUTCFullYear();
  const mes = lima.getUTCMonth() + 1;
  const titulo = (a: number, m: number) => `${a}-${String(m).padStart(2, '0')}`;
  const panel = page.locator('.ant-picker-dropdown:visible');
  await expect(panel.locator(`td[title="${titulo(anio, mes)}"]`)).not.toHaveClass(/ant-picker-cell-disabled/);
  // Next month: in this year's panel, or (in December) there is none after it in the panel.
  if (mes < 12)
    await expect(panel.locator(`td[title="${titulo(anio, mes + 1)}"]`)).toHaveClass(/ant-picker-cell-disabled/);
});

test('la vista previa de la facturación automática numera sus filas como las demás tablas', async ({ page }) => {
  await iniciarSesion(page, 'tesorero');
  await page.goto('/app/finances/tasks');
  await sinMenu(page);
  // The month in course has the demo's weighed orders to bill.
  const lima = new Date(Date.now() - 5 * 3600_000);
  const mes = `${String(lima.getUTCMonth() + 1).padStart(2, '0')}/${lima.getUTCFullYear()}`;
  const periodo = page.getByLabel('Periodo');
  await periodo.click();
  await periodo.fill(mes);
  await periodo.press('Enter');
  await page.getByRole('button', { name: 'Vista previa' }).click();
  const tabla = page.locator('.ant-card').filter({ hasText: 'Facturación Automática' }).locator('.ant-table');
  await expect(tabla.getByRole('columnheader', { name: '#' })).toBeVisible();
  const filas = tabla.locator('.ant-table-row');
  await expect(filas.first()).toBeVisible();
  const n = await filas.count();
  expect(await filas.locator('td:first-child').allInnerTexts()).toEqual(
    Array.from({ length: n }, (_v, i) => String(i + 1)),
  );
  await page.screenshot({ path: test.info().outputPath('previa-numerada-1440.png') });
});

test('abierto desde un comprobante que no está entre los primeros con saldo, el pago muestra su número y saldo', async ({
  page,
}) => {
  await iniciarSesion(page, 'tesorero');
  const api = await apiDe(page);
  const v = (
    (await api.get('/Comprobante/ListarDatos?limit=100&ConSaldo=true')).cuerpo.data as {
      codigoComprobante: number;
      serie: string;
      numero: number;
      saldo: string;
      razonSocial: string;
    }[]
  )[0];
  expect(v, 'la demo tiene comprobantes con saldo').toBeTruthy();
  const numero = `${v?.serie}-${String(v?.numero).padStart(8, '0')}`;
  // The picker asks the server for vouchers with a balance (it does not filter 50 of all on the screen), and here
  // the 50 it gets do not include this one, as with many newer vouchers.
  const consultas: string[] = [];
  await page.route(/\/api\/Comprobante\/ListarDatos\?.*ConSaldo=true/, async (ruta) => {
    consultas.push(ruta.request().url());
    await ruta.fulfill({
      json: { success: true, message: '', data: [], meta: { total: 0, current_page: 1, per_page: 50 } },
    });
  });
  await page.goto(`/app/finances/invoices?c=numero&v=${numero}`);
  await sinMenu(page);
  const fila = page.locator('.ant-table-row').filter({ hasText: numero }).first();
  await fila.getByRole('button', { name: 'Ver' }).click();
  await page.locator('.ant-drawer').getByRole('button', { name: 'Registrar pago' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Registrar pago' });
  const elegido = dialogo.locator('.ant-select').first();
  await expect(elegido).toContainText(`${numero} · ${v?.razonSocial} · saldo`);
  await expect(dialogo.getByText(/^Monto \(saldo \d/)).toBeVisible();
  expect(consultas.length).toBeGreaterThan(0);
  await page.screenshot({ path: test.info().outputPath('pago-desde-comprobante-1440.png') });
});

test('los días de crédito y de bloqueo no quedan viejos entre Configuración general y Parámetros y tarifas', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await sesionPorApi(page, 'superadmin');
  const api = await apiDe(page);
  const leer = async () =>
    (await api.get('/Finanzas/Parametros')).cuerpo.data as {
      diasCredito: number;
      diasBloqueo: number;
      tasaMoraDiaria: string;
      version: number;
    };
  const inicial = await leer();
  /** In-app navigation, no reload: each screen's cached query stays as it was read. */
  const irA = async (ruta: string) => {
    await page.evaluate((r) => {
      history.pushState({}, '', r);
      dispatchEvent(new PopStateEvent('popstate'));
    }, ruta);
  };
  const guardado = (ruta: string) =>
    page.waitForResponse((r) => r.url().includes(ruta) && r.request().method() === 'POST');
  const cajon = page.locator('.ant-drawer').filter({ hasText: 'Parámetros de cobranza' });
  const abrirParametros = async () => {
    await page.getByRole('button', { name: 'Parámetros y tarifas' }).click();
    await expect(cajon.getByLabel('Días de atraso que bloquean')).toHaveValue(String(inicial.diasBloqueo));
  };
  const hub = page.locator('form').filter({ hasText: 'Deuda (bloqueo en garita)' });

  await page.goto('/app/finances/invoices');
  await sinMenu(page);
  await abrirParametros();
  await page.keyboard.press('Escape');

  // Saved in Configuración general (same values, a new version)…
  await irA('/app/all-settings');
  await expect(hub.getByLabel('Días de crédito')).toHaveValue(String(inicial.diasCredito), { timeout: 30_000 });
  let r = guardado('/Ajustes/GuardarDeuda');
  await hub.getByRole('button', { name: 'Actualizar días' }).click();
  expect((await r).status()).toBe(200);
  // …finance reads them again: saving what it shows is not refused as stale.
  await irA('/app/finances/invoices');
  await abrirParametros();
  r = guardado('/Finanzas/GuardarParametros');
  await cajon.getByRole('button', { name: 'Guardar parámetros' }).click();
  expect((await r).status()).toBe(200);
  await page.keyboard.press('Escape');
  // And the other way round. Until the days saved in finance are read again, the form shows its cached copy
  // (an older version): its button waits instead of sending a save that would be refused as stale.
  const lectura = await retenerPeticiones(page, '**/api/Ajustes/Plazos*');
  await irA('/app/all-settings');
  await expect(hub.getByLabel('Días de crédito')).toBeVisible({ timeout: 30_000 });
  await expect(hub.getByRole('button', { name: 'Actualizar días' })).toBeDisabled();
  await lectura.soltar();
  r = guardado('/Ajustes/GuardarDeuda');
  await hub.getByRole('button', { name: 'Actualizar días' }).click();
  expect((await r).status()).toBe(200);

  // Someone saves while this form is open: the save is refused with the reason, the form shows the values in
  // force (not what was typed), and nothing changed.
  await hub.getByLabel('Días de atraso que bloquean').fill('20');
  const ahora = await leer();
  const fuera = await api.post('/Finanzas/GuardarParametros', {
    data: { ...ahora, tasaMoraDiaria: Number(ahora.tasaMoraDiaria) },
  });
  expect(fuera.status).toBe(200);
  r = guardado('/Ajustes/GuardarDeuda');
  await hub.getByRole('button', { name: 'Actualizar días' }).click();
  expect((await r).status()).toBe(409);
  await expect(page.getByText(MENSAJES_FINANZAS.parametrosCambiaron).first()).toBeVisible();
  await expect(hub.getByLabel('Días de atraso que bloquean')).toHaveValue(String(inicial.diasBloqueo));
  await page.screenshot({ path: test.info().outputPath('deuda-conflicto-1440.png') });

  // The same in finance.
  await irA('/app/finances/invoices');
  await abrirParametros();
  await cajon.getByLabel('Días de atraso que bloquean').fill('20');
  const plazos = (await api.get('/Ajustes/Plazos')).cuerpo.data;
  const fuera2 = await api.post('/Ajustes/GuardarDeuda', {
    data: { diasCredito: plazos.diasCredito, diasBloqueo: plazos.diasBloqueo, versionDeuda: plazos.versionDeuda },
  });
  expect(fuera2.status).toBe(200);
  r = guardado('/Finanzas/GuardarParametros');
  await cajon.getByRole('button', { name: 'Guardar parámetros' }).click();
  expect((await r).status()).toBe(409);
  await expect(page.getByText(MENSAJES_FINANZAS.parametrosCambiaron).first()).toBeVisible();
  await expect(cajon.getByLabel('Días de atraso que bloquean')).toHaveValue(String(inicial.diasBloqueo));
  await page.screenshot({ path: test.info().outputPath('parametros-conflicto-1440.png') });
  expect(await leer()).toMatchObject({ diasCredito: inicial.diasCredito, diasBloqueo: inicial.diasBloqueo });
});

test('ordenar comprobantes por total ordena toda la lista en el servidor y el orden queda en la dirección', async ({
  page,
}) => {
  await iniciarSesion(page, 'tesorero');
  await page.goto('/app/finances/invoices');
  await sinMenu(page);
  const encabezado = page.getByRole('columnheader', { name: 'Total' });
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const pedido = (desc: boolean) =>
    page.waitForResponse(
      (r) =>
        r.url().includes('/api/Comprobante/ListarDatos') &&
        r.url().includes('OrdenarPor=total') &&
        r.url().includes(`Orden=${desc ? 'desc' : 'asc'}`),
    );
  // The first click asks the server for ascending totals, the second for descending ones.
  let respuesta = pedido(false);
  await encabezado.click();
  await respuesta;
  respuesta = pedido(true);
  await encabezado.click();
  const filasServidor = (await (await respuesta).json()).data as { total: string }[];
  await expect(page).toHaveURL(/[?&]o=-total/);
  await expect(encabezado).toHaveAttribute('aria-sort', 'descending');
  const totales = async () =>
    (await page.locator('.ant-table-row td.ant-table-column-sort').allInnerTexts()).map((t) =>
      Number(t.replace(/[^\d.]/g, '')),
    );
  // The page shows the server's order: the largest totals of the whole list first.
  await expect.poll(totales).toEqual(filasServidor.map((f) => Number(f.total)));
  const vistos = await totales();
  expect(vistos).toEqual([...vistos].sort((a, b) => b - a));
  // A reload (or a shared link) keeps the order.
  respuesta = pedido(true);
  await page.reload();
  await respuesta;
  await expect(page.getByRole('columnheader', { name: 'Total' })).toHaveAttribute('aria-sort', 'descending');
});
