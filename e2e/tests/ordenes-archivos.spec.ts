import { expect, type Page, test } from '@playwright/test';
import { abrirPestania, apiDe, elegir } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

const PDF = {
  name: 'guia.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'),
};
/** A Windows executable renamed '.jpg': the name and the declared type lie, the content does not. */
const EXE_DISFRAZADO = {
  name: 'factura.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.alloc(2048, 0x41)]),
};

/** The pedestrian form with the driver found by DNI and one document with one product line. */
async function ordenPeatonal(page: Page) {
  await page.goto('/app/operations/order/register');
  await abrirPestania(page, 'Ingreso Peatonal');
  const panel = page.getByRole('tabpanel', { name: 'Ingreso Peatonal' });
  await panel.getByLabel('N° de documento de identidad').fill('70123456');
  await panel.getByRole('button', { name: 'Buscar' }).click();
  await expect(panel.getByLabel('Nombres')).toHaveValue('ROSA MARÍA');
  await panel.getByLabel('N° de bultos').fill('3');
  await elegir(page, 'Tipo de documento', 'FACTURA');
  await panel.getByLabel('N° de documento', { exact: true }).fill(`F001-${String(Date.now()).slice(-6)}`);
  await panel.getByLabel('N° de proveedor').fill('20100223342');
  await panel.getByLabel('Razón del proveedor').fill('DISTRIBUIDORA NACIONAL DEL PERÚ S.A.');
  await panel.getByRole('button', { name: 'Agregar documento' }).click();
  await panel.getByLabel('Producto', { exact: true }).fill('LAPTOP');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'LAPTOP' })
    .first()
    .click();
  await panel.getByLabel('Cantidad', { exact: true }).fill('2');
  await panel.getByLabel('Peso', { exact: true }).fill('12.5');
  await panel.getByRole('button', { name: 'Guardar producto' }).click();
  return panel;
}

test.describe('supporting documents and the order form', () => {
  test('a disguised executable is refused by name when chosen; the PDF beside it is saved with the order, which gets a ticket', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await sesionPorApi(page, 'usuario');
    const panel = await ordenPeatonal(page);
    await panel.locator('input[type=file]').setInputFiles([EXE_DISFRAZADO, PDF]);
    await expect(page.getByText('factura.jpg: El archivo en formato no admitido')).toBeVisible();
    await expect(page.getByText('Archivo cargado de forma temporal')).toBeVisible();
    const lista = panel.locator('.ant-upload-list');
    await expect(lista.getByText('guia.pdf')).toBeVisible();
    await expect(lista.getByText('factura.jpg')).toHaveCount(0);

    await panel.getByRole('button', { name: 'Registrar operación' }).click();
    const aviso = page.getByText(/Operación registrada: OP\d{7}/);
    await expect(aviso).toBeVisible({ timeout: 30_000 });
    const codigo = (await aviso.textContent())?.match(/OP\d{7}/)?.[0] as string;
    const api = await apiDe(page);
    const orden = (await api.get(`/Movimiento/ListarRegistro?CodigoIngreso=${codigo}`)).cuerpo.data;
    const archivos = (await api.get(`/Balanza/ConsutarArchivo?CodigoMovimiento=${orden.codigoMovimiento}`)).cuerpo.data;
    expect(archivos.map((a: { nombreArchivo: string }) => a.nombreArchivo)).toEqual(['guia.pdf']);

    // The order created through the screens has its ticket (the entry code's number in 9 digits,
    // docs/adr/0029-numero-de-ticket.md), and the images search finds it by that number.
    await sesionPorApi(page, 'moderador');
    const ticket = codigo.slice(2).padStart(9, '0');
    const busqueda = await (await apiDe(page)).get(`/Verificacion/ListarVerficacionImagenes?NumeroTicket=${ticket}`);
    expect(busqueda.status).toBe(200);
    expect(busqueda.cuerpo.data.codigoIngreso).toBe(codigo);

    // The review detail lists the order's files, with their download.
    await page.goto('/app/operator/list');
    await page.getByLabel('Buscar').fill(codigo);
    await page.getByLabel('Buscar').press('Enter');
    await page.getByRole('button', { name: `Ver ${codigo}` }).click();
    const detalle = page.getByTestId('archivos-orden');
    await expect(detalle.getByText('Documentos sustento')).toBeVisible();
    const descarga = page.waitForEvent('download');
    await detalle.getByRole('button', { name: 'Descargar guia.pdf' }).click();
    expect((await descarga).suggestedFilename()).toBe('guia.pdf');
  });

  test('a file the server no longer keeps is named and nothing is registered', async ({ page }) => {
    test.setTimeout(120_000);
    await sesionPorApi(page, 'usuario');
    const panel = await ordenPeatonal(page);
    await panel.locator('input[type=file]').setInputFiles([PDF]);
    await expect(page.getByText('Archivo cargado de forma temporal')).toBeVisible();
    // The kept file expires before the order is registered (the server's clean-up after a day).
    const guardados: number[] = [];
    await page.route('**/api/Movimiento/GuardarMovimiento', async (ruta) => {
      const cuerpo = ruta.request().postDataJSON();
      cuerpo.data.archivosTemporales = ['0b6c4a1e-1f1e-4c1e-8e1e-1a2b3c4d5e6f'];
      const r = await ruta.fetch({ postData: JSON.stringify(cuerpo) });
      guardados.push(r.status());
      await ruta.fulfill({ response: r });
    });
    await panel.getByRole('button', { name: 'Registrar operación' }).click();
    await expect(
      page.getByText(
        'El documento sustento guia.pdf ya no está disponible: vuelva a cargarlo. La operación no se registró.',
      ),
    ).toBeVisible();
    expect(guardados).toEqual([422]);
    await expect(page.getByText(/Operación registrada/)).toHaveCount(0);
    await expect(panel.locator('.ant-upload-list').getByText('guia.pdf')).toHaveCount(0);
  });

  test('reload or leaving in the middle of the form asks first, and the draft is offered again', async ({ page }) => {
    test.setTimeout(120_000);
    await sesionPorApi(page, 'usuario');
    // Into the form from the landing page, as a user does (so Back is a step inside the app).
    await page.goto('/app/dashboard');
    await page
      .getByRole('link', { name: /Generar Órdenes/ })
      .first()
      .click();
    await expect(page).toHaveURL(/operations\/order\/register$/);
    await elegir(page, 'Tipo de mercancía', 'Extranjera');
    await page.getByLabel('Placa', { exact: true }).fill('Z4T-931');
    await page.getByLabel('N° de bultos').fill('17');
    await elegir(page, 'Tipo de documento', 'FACTURA');
    await page.getByLabel('N° de documento', { exact: true }).fill('F001-55501');
    await page.getByLabel('N° de proveedor').fill('20100223342');
    await page.getByLabel('Razón del proveedor').fill('DISTRIBUIDORA NACIONAL DEL PERÚ S.A.');
    await page.getByRole('button', { name: 'Agregar documento' }).click();
    await expect(page.getByRole('cell', { name: 'F001-55501', exact: true })).toBeVisible();

    // Reload or closing: the browser's own prompt is asked for (beforeunload is cancelled).
    const pide = await page.evaluate(() => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
    expect(pide).toBe(true);

    // Leaving inside the app (Regresar, the menu, Back) asks; staying keeps everything.
    await page.getByRole('button', { name: 'Regresar' }).click();
    const dialogo = page.getByRole('dialog').filter({ hasText: 'Salir sin registrar' });
    await expect(dialogo).toBeVisible();
    await dialogo.getByRole('button', { name: 'Permanecer' }).click();
    await expect(page).toHaveURL(/operations\/order\/register$/);
    await expect(page.getByLabel('Placa', { exact: true })).toHaveValue('Z4T-931');

    // Back in the middle of the form asks too.
    await page.goBack();
    await expect(page.getByRole('dialog').filter({ hasText: 'Salir sin registrar' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Permanecer' }).click();
    await expect(page).toHaveURL(/operations\/order\/register$/);
    await expect(page.getByLabel('N° de bultos')).toHaveValue('17');

    // After a reload the draft is offered and brings back the fields and the document.
    await page.reload();
    const borrador = page.getByTestId('borrador-orden');
    await expect(borrador).toContainText('Tiene una operación sin registrar', { timeout: 30_000 });
    await borrador.getByRole('button', { name: 'Recuperar borrador' }).click();
    await expect(page.getByLabel('Placa', { exact: true })).toHaveValue('Z4T-931');
    await expect(page.getByLabel('N° de bultos')).toHaveValue('17');
    await expect(page.getByRole('cell', { name: 'F001-55501', exact: true })).toBeVisible();

    // Leaving on purpose: the prompt lets the user go, and coming back offers the draft again.
    await page.getByRole('button', { name: 'Regresar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Salir' }).click();
    await expect(page).toHaveURL(/\/app\/dashboard/);
    await page.goto('/app/operations/order/register');
    await expect(page.getByTestId('borrador-orden')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('borrador-orden').getByRole('button', { name: 'Descartar' }).click();
    await expect(page.getByTestId('borrador-orden')).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Placa', { exact: true })).toHaveValue('', { timeout: 30_000 });
    await expect(page.getByTestId('borrador-orden')).toHaveCount(0);
  });

  test('a finalized order opened from its notification link is read-only', async ({ page }) => {
    await sesionPorApi(page, 'admin');
    const api = await apiDe(page);
    const r = await api.get(
      '/Movimiento/ListarDatosOrdenesVerificacion?PageNumber=1&limit=50&Columna=E.RAZON_SOCIAL&Valor=CALZADOS',
    );
    const finalizada = (r.cuerpo.data as { codigoMovimiento: number; codigoEstadoMovimiento: number }[]).find(
      (f) => f.codigoEstadoMovimiento === 5,
    );
    expect(finalizada).toBeDefined();
    // The notifications of an order link to /app/operations/order/register/{id}.
    await page.goto(`/app/operations/order/register/${finalizada?.codigoMovimiento}`);
    await expect(page.getByText('Consultar Operación')).toBeVisible();
    await expect(page.getByText('La orden ya no puede modificarse en su estado actual.')).toBeVisible();
    await expect(page.getByText('Modificar Operación')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Actualizar' })).toHaveCount(0);
    await expect(page.getByLabel('Placa', { exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Agregar documento' })).toHaveCount(0);
  });
});
