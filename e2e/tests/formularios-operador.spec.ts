import { expect, type Locator, type Page, test } from '@playwright/test';
import { avanzarOrden, JPEG } from '../support/etapas';
import { apiDe, conDocumento, elegir, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

/**
 * What an operator meets in the forms: an out-of-range value is refused with its message (never clamped), a
 * refusal names the product (never a request path), each action says what happened, the read-only order view
 * goes back, and the screens show names a person reads.
 */

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

/** Picks an option of an antd Select by typing part of its text. */
async function elegirTexto(page: Page, campo: Locator, texto: string) {
  await expect(async () => {
    await campo.click();
    await campo.fill(texto);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: texto })
      .first()
      .click({ timeout: 5_000 });
  }).toPass({ timeout: 20_000 });
}

/** The number of product lines of a document, as its row in the documents table counts them ('Productos'). */
const lineasDe = (raiz: Page | Locator, numero: string) =>
  raiz.getByRole('row').filter({ hasText: numero }).locator('td').nth(6);

/** Chooses a product of the line form by its text. */
async function productoDeLinea(page: Page, raiz: Page | Locator, texto: string) {
  await raiz.getByLabel('Producto', { exact: true }).fill(texto);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: texto }).first().click();
}

/** A valid RUC (11 digits, SUNAT check digit) no carrier of the demo has. */
function rucNuevo() {
  const diez = `20${String(Date.now()).slice(-8)}`;
  const pesos = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const suma = [...diez].reduce((s, d, i) => s + Number(d) * (pesos[i] as number), 0);
  const r = 11 - (suma % 11);
  return `${diez}${r === 10 ? 0 : r === 11 ? 1 : r}`;
}

test.describe('límites de las líneas de una orden', () => {
  test('una cantidad 99999999999 se rechaza con su rango (no con "mayor a 0") y la línea no se agrega', async ({
    page,
  }) => {
    await sesionPorApi(page, 'usuario');
    await conDocumento(page);
    await productoDeLinea(page, page, 'LAPTOP');
    await page.getByLabel('Cantidad', { exact: true }).fill('99999999999');
    await page.getByLabel('Peso', { exact: true }).fill('12.5');
    await page.getByRole('button', { name: 'Guardar producto' }).click();
    await expect(page.getByText('La cantidad debe estar entre 0 y 999999').first()).toBeVisible();
    await expect(page.getByText('La cantidad debe ser mayor a 0')).toHaveCount(0);
    await expect(page.getByText('Producto no agregado: La cantidad debe estar entre 0 y 999999')).toBeVisible();
    await expect(lineasDe(page, 'F001-88001')).toHaveText('0');

    // Corrected, the line is added and the screen says so.
    await page.getByLabel('Cantidad', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Guardar producto' }).click();
    await expect(page.getByText(/Producto agregado al documento F001-88001/)).toBeVisible();
    await expect(lineasDe(page, 'F001-88001')).toHaveText('1');
  });

  test('una línea de una orden peatonal de 60 kg se rechaza (0 a 50 kg); 50 kg se agrega', async ({ page }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/operations/order/register');
    const pestania = page.getByRole('tab', { name: 'Ingreso Peatonal' });
    await expect(async () => {
      await pestania.click();
      await expect(pestania).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    const panel = page.getByRole('tabpanel', { name: 'Ingreso Peatonal' });
    await elegir(page, 'Tipo de documento', 'FACTURA');
    await panel.getByLabel('N° de documento', { exact: true }).fill('F001-55001');
    await panel.getByLabel('N° de proveedor').fill('20100223342');
    await panel.getByLabel('Razón del proveedor').fill('DISTRIBUIDORA NACIONAL DEL PERÚ S.A.');
    await panel.getByRole('button', { name: 'Agregar documento' }).click();
    await productoDeLinea(page, panel, 'LAPTOP');
    await panel.getByLabel('Cantidad', { exact: true }).fill('1');
    await panel.getByLabel('Peso', { exact: true }).fill('60');
    await panel.getByRole('button', { name: 'Guardar producto' }).click();
    await expect(panel.getByText('El peso debe estar entre 0 y 50')).toBeVisible();
    await expect(panel.getByLabel('Peso', { exact: true })).toHaveValue('60.000');
    await expect(lineasDe(panel, 'F001-55001')).toHaveText('0');
    await panel.getByLabel('Peso', { exact: true }).fill('50');
    await panel.getByRole('button', { name: 'Guardar producto' }).click();
    await expect(lineasDe(panel, 'F001-55001')).toHaveText('1');
  });

  test('el kardex no recorta una cantidad mayor que el stock del lote: la rechaza con su mensaje', async ({ page }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/operations/order/register');
    await elegir(page, 'Tipo de operación', 'Salida');
    await elegir(page, 'Tipo de mercancía', 'Exportación');
    await elegir(page, 'Tipo de documento', 'FACTURA');
    await page.getByLabel('N° de documento', { exact: true }).fill('F001-55002');
    await page.getByLabel('N° de proveedor').fill('20100223342');
    await page.getByLabel('Razón del proveedor').fill('DISTRIBUIDORA NACIONAL DEL PERÚ S.A.');
    await page.getByRole('button', { name: 'Agregar documento' }).click();
    await productoDeLinea(page, page, 'LAPTOP');
    await page.getByLabel('Cantidad', { exact: true }).fill('999999');
    await page.getByLabel('Peso', { exact: true }).fill('12.5');
    await page.getByRole('button', { name: 'Kardex' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Kardex del almacén' });
    const primero = dialogo.getByRole('spinbutton').first();
    await primero.fill('999999');
    await primero.blur();
    // The typed value stays as typed (the input used to clamp it to the lot's stock).
    await expect(primero).toHaveValue('999999.000');
    await dialogo.getByRole('button', { name: 'Aceptar' }).click();
    await expect(dialogo.getByText(/La cantidad solicitada supera el stock disponible del lote\. Lote /)).toBeVisible();
    await expect(dialogo).toBeVisible();
  });
});

test('CIP: merma 150 % y residuo −3 % se rechazan con su mensaje y no se guarda nada', async ({ page }) => {
  await sesionPorApi(page, 'productor');
  await page.goto('/app/industry/cip');
  await page.getByRole('button', { name: 'Nuevo CIP' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo CIP (cuadro insumo-producto)' });
  await dialogo.getByLabel('Cantidad por unidad 1').fill('2.5');
  await dialogo.getByLabel('Merma % 1').fill('150');
  await dialogo.getByLabel('Residuo % 1').fill('-3');
  await dialogo.getByLabel('Residuo % 1').blur();
  const guardados: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/Industria/GuardarCip')) guardados.push(r.url());
  });
  await dialogo.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(dialogo.getByText('El porcentaje debe ser menor que 100')).toBeVisible();
  await expect(dialogo.getByText('El porcentaje no puede ser negativo')).toBeVisible();
  await expect(dialogo.getByLabel('Merma % 1')).toHaveValue('150');
  await expect(dialogo.getByLabel('Residuo % 1')).toHaveValue('-3');
  await expect(page.getByText('CIP guardado')).toHaveCount(0);
  expect(guardados).toEqual([]);

  // The server refuses the same values (422) with the message the form shows.
  const api = await apiDe(page);
  const r = await api.post('/Industria/GuardarCip', {
    codigoCatalogoUsuario: 1,
    fechaInicioVigencia: '2026-12-01',
    insumos: [{ codigoCatalogoUsuario: 2, cantidadPorUnidad: 1, codigoUnidadMedida: 'KGM', porcentajeMerma: 150 }],
  });
  expect(r.status).toBe(422);
  expect(r.cuerpo.errors['insumos.0.porcentajeMerma']).toEqual(['El porcentaje debe ser menor que 100']);
});

test('un parte de producción sin stock nombra el insumo, no la ruta del pedido ("insumos.0")', async ({ page }) => {
  await sesionPorApi(page, 'fabricante');
  await page.goto('/app/industry/cip');
  await page.getByRole('button', { name: 'Registrar producción' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Registrar parte de producción' });
  await elegirTexto(page, dialogo.getByLabel('Producto terminado'), 'CAMISETA TEÑIDA');
  await dialogo.getByLabel('Cantidad producida').fill('900000');
  await dialogo.getByRole('button', { name: 'Registrar producción' }).click();
  const aviso = dialogo.getByRole('alert').first();
  await expect(aviso).toContainText('Stock insuficiente del insumo');
  await expect(aviso).toContainText('BOTÓN DE TAGUA');
  await expect(aviso).not.toContainText(/insumos\.\d|lotes\.\d/);
});

test('un RUC que no es transportista de la empresa abre la vigencia diciendo que no está registrado y qué hacer', async ({
  page,
}) => {
  await sesionPorApi(page, 'usuario');
  await page.goto('/app/operations/order/register');
  await page.getByLabel('RUC transportista').first().fill(rucNuevo());
  await page.getByRole('button', { name: 'Buscar' }).first().click();
  const dialogo = page.getByRole('dialog', { name: 'Registrar vigencia Transpotista' });
  await expect(dialogo).toBeVisible();
  await expect(dialogo.getByTestId('transportista-no-registrado')).toContainText('Transportista no registrado');
  await expect(dialogo.getByTestId('transportista-no-registrado')).toContainText(
    'Pulse Buscar para traer su razón social',
  );
});

test('"Regresar" de la vista de solo lectura de una orden vuelve al tablero', async ({ page }) => {
  await sesionPorApi(page, 'usuario');
  const orden = await sembrarOrden(page);
  await sesionPorApi(page, 'supervisor');
  await page.goto(`/app/operations/order/register/${orden.codigoMovimiento}/${orden.codigoIngreso}`);
  await expect(page.getByLabel('Placa', { exact: true })).toBeDisabled();
  const regresar = page.getByRole('button', { name: 'Regresar' });
  await expect(regresar).toBeEnabled();
  await regresar.click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('"Finalizar registro" de una verificación no pide su lista ya finalizada (sin 409 en la consola)', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);
  await avanzarOrden(page, o, 'verificacion');
  const rechazos: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('ListarConfiguracionTipoControl') && r.status() >= 400) rechazos.push(`${r.status()}`);
  });
  const errores: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errores.push(m.text());
  });
  await page.goto('/app/operator/income');
  await page.getByLabel('Código de orden o N° de documento').fill(o.codigoIngreso);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText(`Orden ${o.codigoIngreso}`, { exact: true })).toBeVisible();
  await page.getByLabel('Cantidad de bultos').fill('10');
  await page.getByText('Declaro haber verificado correctamente los datos adjuntos registrados.').click();
  await page.getByText('Soy responsable de haber cumplido con la verificación de esta mercancía.').click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Registro Exitoso')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await expect(page.getByText('Carga Exitosa').first()).toBeVisible();
  const finalizar = page.getByRole('button', { name: 'Finalizar registro' });
  await expect(finalizar).toBeEnabled();
  await finalizar.click();
  await expect(page.getByText('Verificación Exitosa')).toBeVisible();
  // Whatever refresh follows the finalization has happened by the time the stage lists settle.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_500);
  expect(rechazos).toEqual([]);
  expect(errores.filter((t) => /409|Conflict/i.test(t))).toEqual([]);
});

test('el moderador no ve "Agregar imagen" que el servidor le rechaza; el administrador sí', async ({ page }) => {
  test.setTimeout(150_000);
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);
  await avanzarOrden(page, o, 'pesajeSalida');
  const ver = async () => {
    await page.goto('/app/operator/images');
    await page.getByLabel('Código de orden o N° de ticket').fill(o.codigoIngreso);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByTestId('orden-imagenes')).toHaveText(`Orden ${o.codigoIngreso}`);
    await expect(page.getByText('Imágenes de verificación de ingreso')).toBeVisible();
  };
  await sesionPorApi(page, 'moderador');
  const api = await apiDe(page);
  const r = await api.multipart(
    '/Movimiento/AgregarVerificacionImagen',
    { CodigoMovimiento: String(o.codigoMovimiento), CodigoTipoControl: '3' },
    { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: JPEG },
  );
  expect(r.status).toBe(403);
  await ver();
  await expect(page.getByRole('button', { name: 'Agregar imagen' })).toHaveCount(0);

  await sesionPorApi(page, 'admin');
  await ver();
  await expect(page.getByRole('button', { name: 'Agregar imagen' }).first()).toBeVisible();
});

test('una línea del certificado tomada de un parte de producción muestra su subpartida y sus bultos', async ({
  page,
}) => {
  await sesionPorApi(page, 'fabricante');
  await page.goto('/app/operations/manufacture');
  await page.getByRole('button', { name: 'Generar certificado' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitud de Certificado de Manufactura' });
  await dialogo.getByLabel('Bultos', { exact: true }).fill('24');
  await elegirTexto(page, dialogo.getByLabel('Desde un parte de producción'), 'CAMISETA TEÑIDA');
  const linea = dialogo.locator('.ant-table-row').filter({ hasText: 'CAMISETA TEÑIDA' });
  // Columns: N°, Descripción, Subpartida, Cantidad, Unidad, Bultos.
  await expect(linea.locator('td').nth(2)).toHaveText('6109.10.00.31');
  await expect(linea.locator('td').nth(5)).toHaveText('24');
});

test('Control de Inventario tiene su título; el kardex cabe en 1440 px y nombra la unidad', async ({ page }) => {
  await sesionPorApi(page, 'admin');
  await page.goto('/app/inventory/control');
  await expect(page.getByRole('heading', { name: 'Control de Inventario' })).toBeVisible();

  await sesionPorApi(page, 'usuario');
  await page.goto('/app/inventory/kardex');
  await page.getByRole('combobox', { name: 'Producto', exact: true }).click();
  await page.getByRole('combobox', { name: 'Producto', exact: true }).fill('TELÉFONO');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '(ADM-001)' }).click();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await expect(page.getByText('Unidad de medida: Unidad')).toBeVisible();
  await expect(page.getByText(/Unidad de medida: NIU/)).toHaveCount(0);
  // With the side menu open (it opens under the pointer and takes 250 px), the last column is inside the screen:
  // no horizontal scroll in the table, its header within the viewport.
  await page.getByTestId('barra-lateral').hover();
  await expect(page.getByTestId('barra-lateral')).toHaveAttribute('data-colapsado', 'false');
  const contenido = page.locator('.ant-table-content').last();
  const desborde = await contenido.evaluate((e) => e.scrollWidth - e.clientWidth);
  expect(desborde).toBeLessThanOrEqual(1);
  const ultima = page.getByRole('columnheader', { name: 'Saldo valorizado' });
  const caja = await ultima.boundingBox();
  expect((caja?.x ?? 0) + (caja?.width ?? 0)).toBeLessThanOrEqual(1440);
});
