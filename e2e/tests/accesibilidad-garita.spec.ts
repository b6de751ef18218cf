import { MENSAJES_ETAPAS } from '@cronos/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { esperarFocoVisible, objetivosPequenios, tabularHasta, violacionesWcag } from '../support/accesibilidad';
import { conBalanza } from '../support/balanza';
import { avanzarOrden, type EtapaOrden, JPEG } from '../support/etapas';
import { sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

/**
 * The gate path as a guard with the keyboard alone (WCAG 2.2 SC 2.1.1 keyboard, SC 2.4.1 bypass blocks, SC 2.4.7
 * focus visible), and the gate screens' touch targets of 44 px at a phone's and a desktop's width (SC 2.5.5).
 * Each stage's form, opened after its search, is also checked with axe-core (WCAG 2.2 AA, no serious or critical
 * violation), as the role that opens it sees it.
 */

test.describe.configure({ mode: 'parallel' });

const campoBusqueda = (page: Page) => page.getByRole('textbox', { name: 'Código de orden o N° de documento' });
const guardarControl = (page: Page) => page.getByRole('button', { name: 'Guardar Control' });
const capturarPeso = (page: Page) => page.getByRole('button', { name: 'Capturar peso' });
const cargaSuelta = (page: Page) => page.getByRole('radio', { name: 'Carga suelta' });

/** Opens a gate screen and searches `codigo` with the keyboard: skip link, Tab to the field, type, Enter. */
async function buscarConTeclado(page: Page, ruta: string, codigo: string) {
  await page.goto(ruta);
  await expect(campoBusqueda(page)).toBeVisible({ timeout: 60_000 });
  // SC 2.4.1: the first Tab stop is the skip link; Enter takes the focus past the menu and the header.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeFocused();
  await esperarFocoVisible(page);
  await page.keyboard.press('Enter');
  await tabularHasta(page, campoBusqueda(page), { maximo: 4 });
  await page.keyboard.type(codigo);
  await page.keyboard.press('Enter');
}

/** Ticks every checkbox of `zona` with Tab and Space (the first is reached from where the focus is). */
async function marcarConTeclado(page: Page, casillas: ReturnType<Page['locator']>) {
  const n = await casillas.count();
  for (let i = 0; i < n; i++) {
    await tabularHasta(page, casillas.nth(i), { maximo: 10 });
    await page.keyboard.press('Space');
    await expect(casillas.nth(i)).toBeChecked();
  }
}

test('gate path with the keyboard alone: search, security control, weighing and verification saved with Tab, Enter, Space and arrows; focus visible at every stop (WCAG 2.2 SC 2.1.1, 2.4.1, 2.4.7, 1.4.11)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await sesionPorApi(page, 'usuario');
  const orden = await sembrarOrden(page);
  const violaciones: string[] = [];

  // Security control (state 1): every item ticked with Space, saved with Enter.
  await sesionPorApi(page, 'seguridad');
  await buscarConTeclado(page, '/app/security/income', orden.codigoIngreso);
  await expect(page.getByText(`Datos de control · ${orden.codigoIngreso}`)).toBeVisible();
  const items = page.locator('.ant-card').filter({ hasText: 'Ítems de revisión' }).getByRole('checkbox');
  await expect(items.first()).toBeVisible();
  violaciones.push(...(await violacionesWcag(page, 'security/income (formulario)')));
  await marcarConTeclado(page, items);
  await tabularHasta(page, page.getByRole('button', { name: 'Guardar Control' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MENSAJES_ETAPAS.registroExitoso).first()).toBeVisible();

  // Entry weighing (state 2): the scale chosen in its list with the arrows, the weight captured with Enter.
  const token = await sesionPorApi(page, 'balanza');
  await buscarConTeclado(page, '/app/balanza/firstScales', orden.codigoIngreso);
  const balanza = page.getByRole('combobox', { name: 'Balanza' });
  await expect(balanza).toBeVisible();
  violaciones.push(...(await violacionesWcag(page, 'balanza/firstScales (formulario)')));
  await tabularHasta(page, balanza);
  await page.keyboard.press('ArrowDown');
  const opcion = page.locator('.ant-select-dropdown:visible .ant-select-item-option-active');
  await expect(opcion).toBeVisible();
  for (let i = 0; i < 5 && (await opcion.textContent()) !== 'Balanza de camiones'; i++)
    await page.keyboard.press('ArrowDown');
  await expect(opcion).toHaveText('Balanza de camiones');
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-select').filter({ has: balanza })).toContainText('Balanza de camiones');
  await conBalanza(async () => {
    const r = await page.request.post('/api/Balanza/SimularPeso', {
      headers: { authorization: `Bearer ${token}` },
      data: { tipoBalanza: 1, peso: 31_250, estable: true },
    });
    expect(r.ok()).toBeTruthy();
    await tabularHasta(page, page.getByRole('button', { name: 'Capturar peso' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('peso-total')).toHaveText('31,250 kg');
  });
  await tabularHasta(page, page.getByRole('checkbox', { name: MENSAJES_ETAPAS.declaroVerificado }));
  await page.keyboard.press('Space');
  await tabularHasta(page, page.getByRole('button', { name: 'Guardar', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MENSAJES_ETAPAS.registroExitoso).first()).toBeVisible();

  // Entry verification (state 3): cargo type moved with the arrows, counts typed, saved, a photo chosen from the
  // keyboard's file button, and finalized.
  await buscarConTeclado(page, '/app/operator/income', orden.codigoIngreso);
  const suelta = page.getByRole('radio', { name: 'Carga suelta' });
  await expect(suelta).toBeVisible();
  violaciones.push(...(await violacionesWcag(page, 'operator/income (formulario)')));
  await tabularHasta(page, suelta);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Contenedor' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(suelta).toBeChecked();
  await tabularHasta(page, page.getByRole('textbox', { name: 'Cantidad de bultos' }));
  await page.keyboard.type('10');
  await tabularHasta(page, page.getByRole('checkbox', { name: MENSAJES_ETAPAS.declaroVerificado }));
  await page.keyboard.press('Space');
  await tabularHasta(page, page.getByRole('checkbox', { name: MENSAJES_ETAPAS.soyResponsable }));
  await page.keyboard.press('Space');
  await tabularHasta(page, page.getByRole('button', { name: 'Guardar', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MENSAJES_ETAPAS.registroExitoso).first()).toBeVisible();
  await tabularHasta(page, page.getByRole('button', { name: /Cargar imágenes/ }));
  const selector = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await selector).setFiles({ name: 'carga.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(page.getByText(MENSAJES_ETAPAS.cargaExitosa).first()).toBeVisible();
  const finalizar = page.getByRole('button', { name: 'Finalizar registro' });
  await expect(finalizar).toBeEnabled();
  await tabularHasta(page, finalizar);
  await page.keyboard.press('Enter');
  await expect(page.getByText(MENSAJES_ETAPAS.verificacionExitosa).first()).toBeVisible();
  expect(violaciones).toEqual([]);
});

/** The gate screens, each with an order of its own found and its form open (the order moved there by the API). */
const PANTALLAS: { ruta: string; rol: string; etapa: EtapaOrden | null; listo: (p: Page) => Locator }[] = [
  { ruta: '/app/security/income', rol: 'seguridad', etapa: null, listo: guardarControl },
  { ruta: '/app/balanza/firstScales', rol: 'balanza', etapa: 'pesaje', listo: capturarPeso },
  { ruta: '/app/operator/income', rol: 'balanza', etapa: 'verificacion', listo: cargaSuelta },
  { ruta: '/app/balanza/secondScales', rol: 'balanza', etapa: 'pesajeSalida', listo: capturarPeso },
  { ruta: '/app/operator/exit', rol: 'balanza', etapa: 'salida', listo: cargaSuelta },
  { ruta: '/app/security/exit', rol: 'seguridad', etapa: 'control', listo: guardarControl },
];

test('gate screens: every control in the header and the screen is at least 44 × 44 px at 390 px and at 1440 px (WCAG 2.2 SC 2.5.5 target size (enhanced); SC 2.5.8 asks 24 px)', async ({
  page,
}) => {
  // Six orders moved through the stages by the API, twelve screens: over 4 min on a busy two-core machine.
  test.setTimeout(420_000);
  const pequenios: string[] = [];
  for (const p of PANTALLAS) {
    await sesionPorApi(page, 'usuario');
    const orden = await sembrarOrden(page);
    if (p.etapa) await avanzarOrden(page, orden, p.etapa);
    await sesionPorApi(page, p.rol);
    for (const ancho of [1440, 390]) {
      await page.setViewportSize({ width: ancho, height: ancho === 390 ? 844 : 900 });
      await page.goto(p.ruta);
      await campoBusqueda(page).fill(orden.codigoIngreso);
      await campoBusqueda(page).press('Enter');
      await expect(p.listo(page)).toBeVisible();
      for (const o of await objetivosPequenios(page))
        pequenios.push(`${p.ruta} a ${ancho} px: ${o.elemento} ${o.ancho}×${o.alto}`);
    }
  }
  expect(pequenios).toEqual([]);
});
