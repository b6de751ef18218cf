import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiDe, elegir, sembrarOrden } from '../support/ordenes';
import { avanzarOrden } from '../support/etapas';
import { sesionPorApi } from '../support/sesion';
import { conBalanza } from '../support/balanza';

/**
 * The gate stages' refusals and messages, each on the user's path: what the
 * screen refuses, with which words, and that it says one thing at a time with no console errors.
 */

const CONFORME = 'Declaro haber verificado correctamente los datos adjuntos registrados.';
const RESPONSABLE = 'Soy responsable de haber cumplido con la verificación de esta mercancía.';

const contextos: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of contextos.splice(0)) await c.close();
});

/** A signed-in page of its own; console errors are collected. */
async function pantalla(browser: Browser, usuario: string) {
  const contexto = await browser.newContext();
  contextos.push(contexto);
  const page = await contexto.newPage();
  const errores: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errores.push(m.text());
  });
  await sesionPorApi(page, usuario);
  return { page, errores };
}

async function buscar(page: Page, codigo: string) {
  await page.getByLabel('Código de orden o N° de documento').fill(codigo);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}

/** An order of the company user, moved through the API up to a stage (the screens under test do the rest). */
async function orden(browser: Browser, hasta: 'registrada' | 'pesaje' | 'verificacion' | 'salida' | 'control') {
  const { page } = await pantalla(browser, 'usuario');
  const o = await sembrarOrden(page);
  if (hasta === 'registrada') return o;
  await avanzarOrden(page, o, hasta);
  return o;
}

/** Orders of the demo company under debt block ('FRONTERA SUR'), waiting at entry control. */
async function ordenBloqueada(page: Page) {
  const api = await apiDe(page);
  const r = await api.get(
    `/Movimiento/ListarDatosOrdenesVerificacion?Columna=E.RAZON_SOCIAL&Valor=${encodeURIComponent('FRONTERA SUR')}&limit=100`,
  );
  const f = (r.cuerpo.data as { codigoIngtreso: string; codigoEstadoMovimiento: number }[]).find(
    (x) => x.codigoEstadoMovimiento === 1,
  );
  expect(f).toBeTruthy();
  return f?.codigoIngtreso ?? '';
}

const estadoDe = async (page: Page, codigoIngreso: string) => {
  const api = await apiDe(page);
  const r = await api.get(`/Movimiento/ListarDatosOrdenesVerificacion?Columna=M.CODIGO_INGRESO&Valor=${codigoIngreso}`);
  return r.cuerpo.data[0].codigoEstadoMovimiento as number;
};

test.describe('defectos de las etapas de garita', () => {
  // One simulated scale is shared by the whole file: its tests must not weigh at the same time.
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  test('#6 y #8 control de ingreso: ítems sin marcar piden observación; búsqueda vacía avisa sin error; el bloqueo no queda; un solo mensaje al guardar', async ({
    browser,
  }) => {
    const o = await orden(browser, 'registrada');
    const { page, errores } = await pantalla(browser, 'seguridad');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/app/security/income');

    // #8: nothing found is a warning, not an error (no 404, nothing in the console).
    await buscar(page, 'OP9999999');
    await expect(page.getByText('Advertencia, no se encuentran datos registrados').first()).toBeVisible();

    // #8: the debt-block banner belongs to the blocked company's order only.
    await buscar(page, await ordenBloqueada(page));
    const banner = page
      .getByRole('alert')
      .filter({ hasText: 'No puede continuar con la operación contactar al operador de turno' });
    await expect(banner.first()).toBeVisible();
    await buscar(page, o.codigoIngreso);
    await expect(page.getByText(`Datos de control · ${o.codigoIngreso}`)).toBeVisible();
    await expect(banner).toHaveCount(0);

    // #6: one item ticked, no observation: refused with the reason; the order stays at entry control.
    await page.locator('.ant-checkbox-input').first().check();
    await page.getByRole('button', { name: 'Guardar Control' }).click();
    await expect(
      page.getByText('Error, hay ítems de revisión sin marcar: escriba en Observaciones el motivo').first(),
    ).toBeVisible();
    expect(await estadoDe(page, o.codigoIngreso)).toBe(1);
    await page.screenshot({ path: test.info().outputPath('control-sin-observacion-1440.png'), fullPage: true });

    // With the reason written it saves: one success message, no "ya no se encuentra" warning.
    await page.getByLabel('Observaciones').fill('SOAT vencido: se informó al conductor');
    await page.getByRole('button', { name: 'Guardar Control' }).click();
    await expect(page.getByText('Registro Exitoso')).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page.getByText(`La orden ${o.codigoIngreso} ya no se encuentra en esta etapa.`)).toHaveCount(0);
    await expect(page.getByText('Registro Exitoso')).toHaveCount(1);
    expect(await estadoDe(page, o.codigoIngreso)).toBe(2);
    expect(errores).toEqual([]);
  });

  test('#7 pesaje: sin balanza elegida lo dice, y el peso 0 muestra el mensaje de la spec', async ({ browser }) => {
    const o = await orden(browser, 'pesaje');
    const { page, errores } = await pantalla(browser, 'balanza');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/balanza/firstScales');
    await buscar(page, o.codigoIngreso);
    await expect(page.getByText(`Orden ${o.codigoIngreso} ·`)).toBeVisible();
    // No scale is preselected: capturing or saving says so.
    await page.getByRole('button', { name: 'Capturar peso' }).click();
    await expect(page.getByText('Error, debe seleccionar un balanza').first()).toBeVisible();
    await page.getByText(CONFORME).click();
    await expect(page.getByRole('button', { name: 'Guardar', exact: true })).toBeEnabled();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Error, debe seleccionar un balanza')).not.toHaveCount(0);

    // Weight 0 on the truck scale: the spec's message, and save disabled.
    const api = await apiDe(page);
    await conBalanza(async () => {
      expect((await api.post('/Balanza/SimularPeso', { tipoBalanza: 1, peso: 0, estable: true })).status).toBe(200);
      await elegir(page, 'Balanza', 'Balanza de camiones');
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByTestId('rechazo-pesaje')).toHaveText('Error, el peso debe ser mayor a 80 Kg');
      await expect(page.getByRole('button', { name: 'Guardar', exact: true })).toBeDisabled();
      await page.getByRole('button', { name: 'Capturar peso' }).click();
      await expect(page.getByTestId('peso-total')).toHaveText('0 kg');
    });
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByTestId('rechazo-pesaje')).toHaveText('Error, el peso debe ser mayor a 80 Kg');
    await page.screenshot({ path: test.info().outputPath('pesaje-cero-390.png'), fullPage: true });
    // Still waiting at entry weighing.
    const sigue = await api.get(
      `/Balanza/ConsultarMovimientoControl?CodigoIngreso=${o.codigoIngreso}&CodigoEstadoMovimiento=2`,
    );
    expect(sigue.cuerpo.data).toHaveLength(1);
    expect(errores).toEqual([]);
  });

  test('#9 tras el pesaje de ingreso la orden dice "Verificación de ingreso" y el pesaje de salida explica qué falta', async ({
    browser,
  }) => {
    const o = await orden(browser, 'verificacion');
    const { page } = await pantalla(browser, 'balanza');
    await page.goto('/app/balanza/secondScales');
    await buscar(page, o.codigoIngreso);
    const fila = page.getByTestId('resultados-etapa').getByRole('row', { name: new RegExp(o.codigoIngreso) });
    await expect(fila).toContainText('Verificación de ingreso');
    await expect(fila).not.toContainText('Pesaje de salida');
    await expect(page.getByTestId('motivo-etapa')).toContainText('Verificación de ingreso sin finalizar');
    await expect(page.getByTestId('motivo-etapa')).toContainText('Finalizar registro');
  });

  test('#5 verificación de contenedor: pide más de un ítem y las marcas del contenedor', async ({ browser }) => {
    const o = await orden(browser, 'verificacion');
    const { page, errores } = await pantalla(browser, 'balanza');
    await page.goto('/app/operator/income');
    await buscar(page, o.codigoIngreso);
    await expect(page.getByText(`Orden ${o.codigoIngreso}`, { exact: true })).toBeVisible();
    await page.getByText('Contenedor', { exact: true }).click();
    await page.getByText('Contenedor sin daños visibles').click();
    await page.getByText(CONFORME).click();
    await page.getByText(RESPONSABLE).click();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Error, debe seleccionar al menos una verificación').first()).toBeVisible();
    await page.getByText('Precinto del contenedor intacto').click();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Debe ingresar las marcas del contenedor').first()).toBeVisible();
    await expect(page.getByText('Registro Exitoso')).toHaveCount(0);
    await page.getByLabel('Marcas del contenedor').fill('MSCU 123456-7, precinto 004512');
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Registro Exitoso')).toBeVisible();
    expect(errores).toEqual([]);
  });

  test('#12 y #13 una orden observada: el aviso muestra el texto tal cual y el control de salida dice por qué y qué hacer', async ({
    browser,
  }) => {
    const o = await orden(browser, 'control');
    // The company user is on the dashboard when the reviewer observes its order.
    const empresa = await pantalla(browser, 'usuario');
    const listo = new Promise<void>((resolver) => {
      empresa.page.on('websocket', (ws) => {
        if (!ws.url().endsWith('/api/notifications-cronos')) return;
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('"listo"')) resolver();
        });
      });
    });
    await empresa.page.goto('/app/dashboard');
    await listo;

    const { page: revisor } = await pantalla(browser, 'moderador');
    await revisor.goto('/app/operator/list');
    await revisor.getByLabel('Buscar').fill(o.codigoIngreso);
    await revisor.getByLabel('Buscar').press('Enter');
    await revisor.getByRole('button', { name: `Ver ${o.codigoIngreso}` }).click();
    await revisor.getByRole('button', { name: 'Observar', exact: true }).click();
    const editor = revisor.getByRole('textbox', { name: 'Observación' });
    await editor.click();
    await editor.pressSequentially('Falta precinto <b>urgente</b> & sello');
    await revisor.getByRole('button', { name: 'Guardar observación' }).click();
    await expect(revisor.getByText('Se registró la observación de la orden')).toBeVisible();

    // Other tests' notices may show beside it: the one of this order's observation, by its text.
    const toast = empresa.page.getByTestId('toast-notificacion').filter({ hasText: 'Falta precinto' });
    await expect(toast).toContainText('Observación: Falta precinto <b>urgente</b> & sello');
    await expect(toast).not.toContainText('&lt;');
    await expect(toast).not.toContainText('&amp;');

    // #13: the exit gate is told why it cannot pass and what to do.
    const { page: garita, errores } = await pantalla(browser, 'seguridad');
    await garita.setViewportSize({ width: 390, height: 844 });
    await garita.goto('/app/security/exit');
    await buscar(garita, o.codigoIngreso);
    const motivo = garita.getByTestId('motivo-etapa');
    await expect(motivo).toContainText('observación pendiente de levantar');
    await expect(motivo).toContainText('Órdenes observadas');
    await expect(garita.getByText('La orden no puede pasar esta etapa ahora.')).toHaveCount(0);
    await expect(garita.getByRole('button', { name: 'Guardar Control' })).toBeDisabled();
    await garita.screenshot({ path: test.info().outputPath('control-salida-observada-390.png'), fullPage: true });
    expect(errores).toEqual([]);
  });
});
