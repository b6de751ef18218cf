import { type BrowserContext, expect, test } from '@playwright/test';
import { apiDe, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

/** The live board of the dashboard. */

// Acceptance: a stage save on one instance moves the order on another user's board within a second. On a
// machine shared with other suites (load far above its cores) the same path can take longer: the bound can be
// widened there with E2E_LIMITE_VIVO_MS, never in CI.
const LIMITE_VIVO_MS = Number(process.env.E2E_LIMITE_VIVO_MS ?? 1_000);

const contextos: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of contextos.splice(0)) await c.close();
});

test.describe('tablero en vivo del panel principal', () => {
  test.setTimeout(180_000);

  test('un control guardado por otro usuario mueve la orden en el tablero sin recargar; cada cifra abre su lista', async ({
    browser,
  }) => {
    // The company user registers an order: it waits at entry control.
    const registro = await browser.newContext();
    contextos.push(registro);
    const pagina = await registro.newPage();
    await sesionPorApi(pagina, 'usuario');
    const o = await sembrarOrden(pagina);

    // The operator's board, with its notification channel ready.
    const contexto = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contextos.push(contexto);
    const tablero = await contexto.newPage();
    await sesionPorApi(tablero, 'superadmin');
    const listo = new Promise<void>((resolver) => {
      tablero.on('websocket', (ws) => {
        if (!ws.url().endsWith('/api/notifications-cronos')) return;
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('"listo"')) resolver();
        });
      });
    });
    await tablero.goto('/app/dashboard');
    await listo;
    await expect(tablero.getByTestId('tablero')).toBeVisible();
    await expect(tablero.getByTestId('grafico-horas')).toBeVisible();
    const ingreso = tablero.getByTestId('cantidad-etapa-1');
    const pesaje = tablero.getByTestId('cantidad-etapa-2');
    const antesIngreso = Number(await ingreso.textContent());
    const antesPesaje = Number(await pesaje.textContent());
    expect(antesIngreso).toBeGreaterThan(0);
    await tablero.screenshot({ path: test.info().outputPath('tablero-1440.png'), fullPage: true });

    await tablero.getByTestId('etapa-1').click();
    // The figure opens the orders behind it (longest wait first; the list may hold more than one page).
    const listaFigura = tablero.getByTestId('lista-figura');
    await expect(listaFigura.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await tablero
      .getByRole('dialog')
      .getByRole('button', { name: /cerrar|close/i })
      .first()
      .click();
    await expect(tablero.getByTestId('lista-figura')).toBeHidden();

    // The page notes the instant its figure changes (a MutationObserver, on the machine's clock), so the figure
    // measured is the board's own delay, not the test runner's polling. Other tests of the suite move orders
    // too, so the figure is compared with what it was, not with one more.
    await tablero.evaluate((n) => {
      const w = window as unknown as { cambioTablero?: number };
      w.cambioTablero = undefined;
      const observador = new MutationObserver(() => {
        const t = document.querySelector('[data-testid="cantidad-etapa-2"]')?.textContent;
        if (t !== undefined && t !== n && w.cambioTablero === undefined) w.cambioTablero = Date.now();
      });
      observador.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, String(antesPesaje));

    // Another user saves the entry control (another browser session, through the API).
    await sesionPorApi(pagina, 'seguridad');
    const api = await apiDe(pagina);
    const r = await api.post('/ControlSeguridad/GuardarVerificacionControlIngreso', {
      codigoTipoControl: 1,
      codigoMovimiento: o.codigoMovimiento,
      detalleTipoControl: [],
      observacion: 'Revisión hecha en su propia prueba',
    });
    expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
    const guardado = Date.now();
    const cambio = await tablero
      .waitForFunction(() => (window as unknown as { cambioTablero?: number }).cambioTablero, undefined, {
        timeout: 5_000,
      })
      .then((h) => h.jsonValue() as Promise<number>);
    // From the save answered to the board redrawn (the redraw may even come first).
    expect(cambio - guardado).toBeLessThan(LIMITE_VIVO_MS);
    await expect(tablero.getByTestId('cifra-entradas')).toContainText(/[1-9]/);

    // Today's entries list has it (latest first); its timeline shows who passed the entry control, and when.
    await tablero.getByTestId('cifra-entradas').click();
    await tablero.getByRole('button', { name: `Línea de tiempo ${o.codigoIngreso}` }).click();
    const linea = tablero.getByTestId('linea-tiempo');
    await expect(linea).toContainText(o.codigoIngreso);
    await expect(linea.getByTestId('linea-etapa-1')).toContainText('seguridad');
    await expect(linea.getByTestId('linea-etapa-2')).toContainText('Pendiente');
    await tablero.screenshot({ path: test.info().outputPath('linea-tiempo-1440.png') });
    await tablero
      .getByRole('dialog', { name: 'Línea de tiempo de la orden' })
      .getByRole('button', { name: /cerrar|close/i })
      .click();
    // The order code opens the order.
    await tablero.getByTestId('lista-figura').getByRole('link', { name: o.codigoIngreso }).click();
    await expect(tablero).toHaveURL(new RegExp(`/app/operations/order/register/${o.codigoMovimiento}$`));
  });

  test('la línea de tiempo de una orden tiene su propia dirección', async ({ browser }) => {
    const contexto = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contextos.push(contexto);
    const page = await contexto.newPage();
    await sesionPorApi(page, 'usuario');
    const o = await sembrarOrden(page);
    await page.goto(`/app/operations/order/timeline/${o.codigoMovimiento}`);
    await expect(page.getByTestId('linea-tiempo')).toContainText(o.codigoIngreso);
    await expect(page.getByTestId('linea-etapa-1')).toContainText('Pendiente');
    // Its printable ticket: an A6 PDF named after the order.
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ticket' }).click();
    const archivo = await descarga;
    expect(archivo.suggestedFilename()).toBe(`ticket-${o.codigoIngreso}.pdf`);
    const ruta = await archivo.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(ruta).subarray(0, 4).toString()).toBe('%PDF');
  });

  test('la revisión de órdenes abre la línea de tiempo de cada orden', async ({ browser }) => {
    const registro = await browser.newContext();
    contextos.push(registro);
    const pagina = await registro.newPage();
    await sesionPorApi(pagina, 'usuario');
    const o = await sembrarOrden(pagina);
    const contexto = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contextos.push(contexto);
    const page = await contexto.newPage();
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/operator/list');
    await page.getByRole('button', { name: `Línea de tiempo ${o.codigoIngreso}` }).click();
    const linea = page.getByRole('dialog', { name: 'Línea de tiempo de la orden' }).getByTestId('linea-tiempo');
    await expect(linea).toContainText(o.codigoIngreso);
    await expect(linea.getByTestId('linea-etapa-1')).toContainText('Pendiente');
  });

  test('las alarmas por etapa se configuran desde el tablero', async ({ browser }) => {
    const contexto = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contextos.push(contexto);
    const page = await contexto.newPage();
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/dashboard');
    await page.getByRole('button', { name: 'Alarmas' }).click();
    const campo = page.getByRole('spinbutton', { name: 'Pesaje de ingreso' });
    await expect(campo).toHaveValue(/\d+/);
    await campo.fill('45');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Umbrales de alarma guardados')).toBeVisible();
    await expect(page.getByTestId('etapa-2')).toContainText('45 min');
  });

  test('una alarma de horas enteras se lee «2 h», y las órdenes pasadas «con más de»', async ({ browser }) => {
    const contexto = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contextos.push(contexto);
    const page = await contexto.newPage();
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/dashboard');
    await page.getByRole('button', { name: 'Alarmas' }).click();
    const campo = page.getByRole('spinbutton', { name: 'Control de ingreso' });
    const antes = await campo.inputValue();
    await campo.fill('120');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Umbrales de alarma guardados')).toBeVisible();
    const tarjeta = page.getByTestId('etapa-1');
    await expect(tarjeta).toContainText(/(con más de|Alarma:) 2 h(?! 0)/);
    await expect(tarjeta).not.toContainText('2 h 0 min');
    await expect(tarjeta).not.toContainText(' sobre ');
    // The demo's threshold is put back for the other tests.
    await page.getByRole('button', { name: 'Alarmas' }).click();
    await page.getByRole('spinbutton', { name: 'Control de ingreso' }).fill(antes);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Umbrales de alarma guardados').first()).toBeVisible();
  });

  test('un usuario de empresa ve el tablero de sus órdenes, sin configurar alarmas', async ({ browser }) => {
    const contexto = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contextos.push(contexto);
    const page = await contexto.newPage();
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/dashboard');
    await expect(page.getByTestId('tablero')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Alarmas' })).toHaveCount(0);
    await expect(page.getByText('Accesos directos')).toBeVisible();
  });
});

test.describe('configuración general', () => {
  test('reúne los ajustes del usuario y cambia las alarmas de permanencia', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/all-settings');
    await expect(
      page.getByTestId('ajuste-parametros').getByRole('link', { name: 'Abrir Parámetros Generales' }),
    ).toBeVisible();
    await expect(page.getByTestId('ajuste-partidas')).toBeVisible();
    await page.getByRole('button', { name: 'Configurar alarmas' }).click();
    const campo = page.getByRole('spinbutton', { name: 'Control de salida' });
    await expect(campo).toHaveValue(/\d+/);
    await campo.fill('25');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Umbrales de alarma guardados')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('ajustes-1440.png') });
    await page.getByTestId('ajuste-parametros').getByRole('link').click();
    await expect(page).toHaveURL(/\/app\/administration\/parametters$/);
  });
});

test('the net tonnes figure lists each exit weighing with its kilograms grouped like every weight on screen', async ({
  page,
}) => {
  await sesionPorApi(page, 'admin');
  await page.goto('/app/dashboard');
  await page.getByTestId('cifra-toneladas').click();
  const detalles = page
    .getByTestId('lista-figura')
    .locator('tbody tr.ant-table-row td')
    .filter({ hasText: 'kg netos' });
  await expect(detalles.first()).toBeVisible();
  for (const t of await detalles.allInnerTexts()) expect(t.trim()).toMatch(/^\d{1,3}(,\d{3})*(\.\d{1,3})? kg netos$/);
  // The demo's exits weigh thousands of kilograms: at least one shows its thousands separator.
  expect((await detalles.allInnerTexts()).some((t) => t.includes(','))).toBe(true);
});

test('the list behind a figure numbers its rows across pages: page 2 starts at 21, not again at 1', async ({
  page,
}) => {
  await sesionPorApi(page, 'admin');
  // Twenty-five orders at entry control, more than one page of the drawer.
  const filas = Array.from({ length: 25 }, (_, i) => ({
    codigoMovimiento: 9000 + i,
    codigoIngreso: `OP${String(9000 + i).padStart(7, '0')}`,
    codigoEmpresaUsuario: 2,
    razonSocial: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
    placa: null,
    fecha: new Date().toISOString(),
    minutos: 10,
    alarma: false,
    detalle: null,
  }));
  await page.route('**/api/Tablero/Lista?**', (r) => r.fulfill({ json: { success: true, message: '', data: filas } }));
  await page.goto('/app/dashboard');
  await page.getByTestId('etapa-1').click();
  const lista = page.getByTestId('lista-figura');
  await expect(lista.locator('tbody tr.ant-table-row').first().locator('td').first()).toHaveText('1');
  await page.locator('.ant-drawer .ant-pagination-item-2').click();
  const primera = lista.locator('tbody tr.ant-table-row').first();
  await expect(primera).toContainText('OP0009020');
  await expect(primera.locator('td').first()).toHaveText('21');
});

test('an alarm field left empty or out of range keeps what was typed and says why it cannot be saved', async ({
  page,
}) => {
  await sesionPorApi(page, 'superadmin');
  await page.goto('/app/dashboard');
  await page.getByRole('button', { name: 'Alarmas' }).click();
  const campo = page.getByRole('spinbutton', { name: 'Pesaje de ingreso' });
  await expect(campo).toHaveValue(/\d+/);
  await campo.fill('');
  await expect(campo).toHaveValue('');
  await expect(page.getByText(/El umbral debe ser un número entero de minutos/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  // A number out of range or with decimals stays as typed after leaving the field (it was silently replaced by the
  // nearest allowed one) and cannot be saved either.
  for (const escrito of ['20000', '0', '2.5']) {
    await campo.fill(escrito);
    await campo.blur();
    await expect(campo).toHaveValue(escrito);
    await expect(page.getByText(/El umbral debe ser un número entero de minutos entre 1 y 10080/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  }
  await campo.fill('45');
  await expect(page.getByText(/El umbral debe ser un número entero de minutos/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeEnabled();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list behind a figure scrolls inside its table, not the whole drawer sideways', async ({ page }) => {
    await sesionPorApi(page, 'admin');
    await page.goto('/app/dashboard');
    await page.getByTestId('etapa-1').click();
    await expect(page.getByTestId('lista-figura').locator('tbody tr.ant-table-row').first()).toBeVisible();
    const cuerpo = page.locator('.ant-drawer-body');
    const { ancho, visible } = await cuerpo.evaluate((c) => ({ ancho: c.scrollWidth, visible: c.clientWidth }));
    expect(ancho).toBeLessThanOrEqual(visible);
  });
});
