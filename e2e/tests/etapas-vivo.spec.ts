import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { apiDe, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';
import { conBalanza } from '../support/balanza';

/**
 * Stage screens that stay current through the notification channel, the weighing drawer that adds supporting
 * documents (spec 03 §2.3) and the driver dialog's declared weights (spec 03 §2.9, §5.5).
 */

const contextos: BrowserContext[] = [];
test.afterEach(async () => {
  for (const c of contextos.splice(0)) await c.close();
});

/** A browser of its own (another user), signed in, on `ruta`, with its notifications channel ready. */
async function pantalla(browser: Browser, usuario: string, ruta: string) {
  const contexto = await browser.newContext();
  contextos.push(contexto);
  const page = await contexto.newPage();
  await sesionPorApi(page, usuario);
  // The frame listener is attached as the socket opens, so a quick 'listo' cannot slip by unseen.
  const listo = new Promise<void>((resolver) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/api/notifications-cronos')) return;
      ws.on('framereceived', (f) => {
        if (String(f.payload).includes('"listo"')) resolver();
      });
    });
  });
  await page.goto(ruta);
  await listo;
  return page;
}

async function buscar(page: Page, codigo: string) {
  await page.getByLabel('Código de orden o N° de documento').fill(codigo);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}
const resultados = (page: Page) => page.getByTestId('resultados-etapa');
// A minimal valid JPEG (1×1 px).
const JPEG_B64 =
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=';

/** An order registered by the company user, optionally moved past the entry gate through the API. */
async function orden(browser: Browser, pasarControl: boolean, pesos?: { pesoBruto: number; pesoTara: number }) {
  const contexto = await browser.newContext();
  const page = await contexto.newPage();
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);
  await sesionPorApi(page, 'seguridad');
  const api = await apiDe(page);
  if (pesos) {
    const r = await api.post('/Movimiento/ActualizaDatosTransportistaMovimiento', {
      codigoMovimiento: o.codigoMovimiento,
      codigoTipoDocumentoIdentidad: '1',
      numeroDocumentoIdentidad: '45678912',
      ...pesos,
    });
    expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
  }
  if (pasarControl) {
    const r = await api.post('/ControlSeguridad/GuardarVerificacionControlIngreso', {
      codigoTipoControl: 1,
      codigoMovimiento: o.codigoMovimiento,
      detalleTipoControl: [],
      observacion: 'Control por API en la preparación de la prueba',
    });
    expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
  }
  await contexto.close();
  return o;
}

test.describe('pantallas de etapa al día', () => {
  test.setTimeout(120_000);

  test('dos usuarios en control de ingreso y uno en pesaje: la orden guardada por uno sale de la lista del otro y aparece en pesaje sin buscar de nuevo', async ({
    browser,
  }) => {
    const o = await orden(browser, false);
    const garitaA = await pantalla(browser, 'seguridad', '/app/security/income');
    const garitaB = await pantalla(browser, 'superadmin', '/app/security/income');
    const balanza = await pantalla(browser, 'balanza', '/app/balanza/firstScales');

    await buscar(garitaB, o.codigoIngreso);
    await expect(resultados(garitaB).getByRole('row', { name: new RegExp(o.codigoIngreso) })).toBeVisible();
    await expect(garitaB.getByText(`Datos de control · ${o.codigoIngreso}`)).toBeVisible();
    await buscar(balanza, o.codigoIngreso);
    await expect(balanza.getByText('Advertencia, no se encuentran datos registrados').first()).toBeVisible();
    await expect(resultados(balanza)).toHaveCount(0);

    await buscar(garitaA, o.codigoIngreso);
    await expect(garitaA.getByText(`Datos de control · ${o.codigoIngreso}`)).toBeVisible();
    await expect(garitaA.locator('.ant-checkbox-input').first()).toBeAttached();
    for (const c of await garitaA.locator('.ant-checkbox-input').all()) await c.check();
    await garitaA.getByRole('button', { name: 'Guardar Control' }).click();
    await expect(garitaA.getByText('Registro Exitoso')).toBeVisible();

    // Nobody searched again: the other gate loses the order (and lets it go), the scale gains it.
    await expect(resultados(garitaB)).toHaveCount(0);
    await expect(garitaB.getByText(`La orden ${o.codigoIngreso} ya no se encuentra en esta etapa.`)).toBeVisible();
    await expect(garitaB.getByRole('button', { name: 'Guardar Control' })).toHaveCount(0);
    await expect(resultados(balanza).getByRole('row', { name: new RegExp(o.codigoIngreso) })).toBeVisible();
    await resultados(balanza)
      .getByRole('row', { name: new RegExp(o.codigoIngreso) })
      .click();
    await expect(balanza.getByText(`Orden ${o.codigoIngreso} ·`)).toBeVisible();
  });

  test('la bandeja de observadas recibe la orden que otro revisor observa, sin recargar', async ({ browser }) => {
    const o = await orden(browser, false);
    const bandeja = await pantalla(browser, 'moderador', '/app/operator/check');
    const revisor = await pantalla(browser, 'superadmin', '/app/operator/list');
    await expect(bandeja.getByRole('row', { name: new RegExp(o.codigoIngreso) })).toHaveCount(0);
    await revisor.getByLabel('Buscar').fill(o.codigoIngreso);
    await revisor.getByLabel('Buscar').press('Enter');
    await revisor.getByRole('button', { name: `Ver ${o.codigoIngreso}` }).click();
    await revisor.getByRole('button', { name: 'Observar', exact: true }).click();
    await revisor.getByRole('textbox', { name: 'Observación' }).fill('Precinto roto');
    await revisor.getByRole('button', { name: 'Guardar observación' }).click();
    await expect(revisor.getByText('Se registró la observación de la orden')).toBeVisible();
    await expect(bandeja.getByRole('row', { name: new RegExp(o.codigoIngreso) })).toBeVisible();
  });
});

test.describe('pesaje: documentos sustento y pesos declarados', () => {
  test.setTimeout(120_000);

  test('el cajón de documentos agrega un PDF con la carga de la orden; rechaza otro formato, más de 8MB y un PDF falso', async ({
    browser,
  }) => {
    const o = await orden(browser, true, { pesoBruto: 32480.125, pesoTara: 14200.5 });
    const page = await pantalla(browser, 'balanza', '/app/balanza/firstScales');
    await buscar(page, o.codigoIngreso);
    await expect(page.getByText(`Orden ${o.codigoIngreso} ·`)).toBeVisible();
    // The declared weights of the gate's dialog are shown next to the scale.
    await expect(page.getByText('32,480.125 kg')).toBeVisible();
    await expect(page.getByText('14,200.5 kg')).toBeVisible();

    await page.getByRole('button', { name: 'Documentos sustento' }).click();
    const cajon = page.getByRole('dialog', { name: 'Documentos sustento' });
    const entrada = cajon.locator('input[type=file]');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await entrada.setInputFiles({ name: 'guia-remision.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText('Archivo cargado correctamente')).toBeVisible();
    await expect(cajon.getByText('guia-remision.pdf')).toBeVisible();

    await entrada.setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('hola') });
    await expect(page.getByText('El archivo en formato no admitido').first()).toBeVisible();
    await entrada.setInputFiles({
      name: 'grande.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf, Buffer.alloc(8 * 1024 * 1024)]),
    });
    await expect(page.getByText('Error! El archivo excede los 8MB!')).toBeVisible();
    // Named and typed as a PDF but not one: the server reads the content and refuses it.
    await page.getByText('El archivo en formato no admitido').first().waitFor({ state: 'detached' });
    await entrada.setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ no pdf') });
    await expect(page.getByText('El archivo en formato no admitido').first()).toBeVisible();

    const api = await apiDe(page);
    const archivos = await api.get(`/Balanza/ConsutarArchivo?CodigoMovimiento=${o.codigoMovimiento}`);
    expect(archivos.cuerpo.data.map((a: { nombreArchivo: string }) => a.nombreArchivo)).toEqual(['guia-remision.pdf']);
  });

  test('el diálogo de conductor guarda los pesos declarados; sin documento muestra el error de actualización y no cambia nada', async ({
    browser,
  }) => {
    const o = await orden(browser, false);
    const page = await pantalla(browser, 'seguridad', '/app/security/income');
    await buscar(page, o.codigoIngreso);
    await page.getByRole('button', { name: 'Conductor y transportista' }).click();
    await page.getByLabel('Peso bruto declarado').fill('32480.125');
    await page.getByLabel('Tara declarada').fill('14200.5');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText('Cambio cargado correctamente')).toBeVisible();
    await expect(page.getByText('32,480.125 kg')).toBeVisible();
    const api = await apiDe(page);
    const datos = async () =>
      (await api.get(`/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${o.codigoMovimiento}`)).cuerpo
        .data;
    expect(await datos()).toMatchObject({ pesoBrutoDeclarado: 32480.125, pesoTaraDeclarado: 14200.5 });

    await page.getByRole('button', { name: 'Conductor y transportista' }).click();
    await expect(page.getByLabel('Peso bruto declarado')).toHaveValue('32480.125');
    await page.getByLabel('Peso bruto declarado').fill('100');
    await page.getByLabel('N° de documento de identidad').fill('');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByText('Erro!, ocurrio un error en la actualizacion.')).toBeVisible();
    expect(await datos()).toMatchObject({ pesoBrutoDeclarado: 32480.125, numeroDocumentoIdentidad: '45678912' });
  });
});

test.describe('verificación con fotos ya cargadas a la orden', () => {
  test.setTimeout(120_000);

  test('la foto que la empresa cargó a la orden se agrega a la verificación y permite finalizar', async ({
    browser,
  }) => {
    const o = await orden(browser, true);
    const page = await pantalla(browser, 'balanza', '/app/operator/income');
    const api = await apiDe(page);
    const captura = await conBalanza(async () => {
      const simulado = await api.post('/Balanza/SimularPeso', { tipoBalanza: 1, peso: 31_250, estable: true });
      expect(simulado.status).toBe(200);
      return api.get(`/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${o.codigoMovimiento}`);
    });
    expect(captura.status, JSON.stringify(captura.cuerpo)).toBe(200);
    const pesaje = await api.post('/Balanza/GuardarBalanzaIngreso', {
      data: {
        codigoMovimiento: o.codigoMovimiento,
        codeTipoBalanza: 1,
        peso: 31_250,
        codigoPesaje: captura.cuerpo.data.codigoPesaje,
      },
    });
    expect(pesaje.status, JSON.stringify(pesaje.cuerpo)).toBe(200);
    const jpeg = Buffer.from(JPEG_B64, 'base64');
    const subida = await api.multipart(
      '/Movimiento/GuardarImagenMovimiento?Categoria=sustento',
      { CodigoMovimiento: String(o.codigoMovimiento), CodigoIngreso: o.codigoIngreso },
      { name: 'carga-en-puerto.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    );
    expect(subida.status, JSON.stringify(subida.cuerpo)).toBe(200);
    const factura = await api.multipart(
      '/Movimiento/GuardarImagenMovimiento?Categoria=sustento',
      { CodigoMovimiento: String(o.codigoMovimiento), CodigoIngreso: o.codigoIngreso },
      { name: 'factura.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    );
    expect(factura.status, JSON.stringify(factura.cuerpo)).toBe(200);

    await buscar(page, o.codigoIngreso);
    await page.getByRole('textbox', { name: 'Cantidad de bultos' }).fill('10');
    await page.getByText('Declaro haber verificado correctamente los datos adjuntos registrados.').click();
    await page.getByText('Soy responsable de haber cumplido con la verificación de esta mercancía.').click();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Registro Exitoso')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finalizar registro' })).toBeDisabled();
    await page.getByRole('button', { name: 'Usar fotos de la orden' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Fotos de la orden' });
    // Only the order's photos are offered, not its invoice PDF.
    await dialogo.getByText('carga-en-puerto.jpg').click();
    await expect(dialogo.getByText('factura.pdf')).toHaveCount(0);
    await dialogo.getByRole('button', { name: 'Agregar a la verificación' }).click();
    await expect(page.getByText('Carga Exitosa')).toBeVisible();
    await page.getByRole('button', { name: 'Finalizar registro' }).click();
    await expect(page.getByText('Verificación Exitosa')).toBeVisible();
    const imagenes = await api.get(`/Verificacion/ListarVerficacionImagenes?CodigoIngreso=${o.codigoIngreso}`);
    expect(imagenes.cuerpo.data.imagenesEntrada.map((i: { nombreArchivo: string }) => i.nombreArchivo)).toEqual([
      'carga-en-puerto.jpg',
    ]);
  });
});
