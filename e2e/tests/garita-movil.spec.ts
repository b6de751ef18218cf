import { crc32, deflateSync } from 'node:zlib';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import QRCode from 'qrcode';
import { cabeceraOrdenVehicular, elegir } from '../support/ordenes';
import { CLAVE_DEMO, sesionPorApi } from '../support/sesion';
import { conBalanza } from '../support/balanza';

/**
 * The gate on a phone (390×844) and a tablet (768×1024): one order walks every stage with its ticket's
 * QR read by the device camera (a canvas stream painting the QR the ticket holds), the checks, the weighing and
 * the verifications with a camera photo; every stage screen is measured for horizontal overflow, touch targets,
 * letter-by-letter wrapping and the sticky save bar, and photographed.
 */

const cabecera = (token: string) => ({ authorization: `Bearer ${token}` });

async function login(request: APIRequestContext, usuario: string) {
  const r = await request.post('/api/Account/Login', { data: { nombreUsuario: usuario, contrasenia: CLAVE_DEMO } });
  expect(r.ok()).toBeTruthy();
  return (await r.json()).data as { token: string };
}

/** A vehicle order registered by the company user through the API (its screen has its own tests). */
async function registrar(request: APIRequestContext) {
  const u = await login(request, 'usuario');
  const productos = (
    await (
      await request.get('/api/CatalogoUsuario/ListarDatos?PageNumber=1&limit=2', { headers: cabecera(u.token) })
    ).json()
  ).data as { codigoCatalogoUsuario: number }[];
  const data = {
    ...cabeceraOrdenVehicular(),
    documentos: [
      {
        codigoTipoDocumento: '6',
        numeroDocumento: `MOV-${Date.now()}`.slice(0, 20),
        ruc: 'CL7612345',
        razonSocial: 'IMPORTADORA ANDINA LTDA',
        codigoTipoImportador: '2',
        productos: productos.map((p, i) => ({
          codigoCatalogoUsuario: p.codigoCatalogoUsuario,
          cantidad: 3 + i,
          peso: 50,
          valorFOB: 10,
        })),
      },
    ],
  };
  const r = await request.post('/api/Movimiento/GuardarMovimiento', { headers: cabecera(u.token), data: { data } });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()).data as { codigoMovimiento: number; codigoIngreso: string };
}

/** A PNG (stored, not deflated) larger than the 7 MB verification limit: a camera photo to compress. */
function pngGrande(ancho: number, alto: number) {
  const fila = 1 + ancho * 3;
  const crudo = Buffer.alloc(fila * alto);
  for (let y = 0; y < alto; y++) {
    for (let x = 0; x < ancho; x++) {
      const i = y * fila + 1 + x * 3;
      crudo[i] = (x * 255) / ancho;
      crudo[i + 1] = (y * 255) / alto;
      crudo[i + 2] = 140;
    }
  }
  const trozo = (tipo: string, datos: Buffer) => {
    const largo = Buffer.alloc(4);
    largo.writeUInt32BE(datos.length);
    const cuerpo = Buffer.concat([Buffer.from(tipo, 'ascii'), datos]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(cuerpo));
    return Buffer.concat([largo, cuerpo, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(ancho, 0);
  ihdr.writeUInt32BE(alto, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    trozo('IHDR', ihdr),
    trozo('IDAT', deflateSync(crudo, { level: 0 })),
    trozo('IEND', Buffer.alloc(0)),
  ]);
}

// A minimal valid JPEG (1×1 px): a photo already under the limit.
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/**
 * The device camera, fed with the ticket's QR: getUserMedia answers a canvas stream that paints the QR (what the
 * ticket's QR holds: the order code, docs/adr/0071-ticket-y-escaner.md) on a sheet of paper, as a camera would see it.
 */
async function camaraConTicket(page: Page, codigoIngreso: string) {
  const qr = await QRCode.toDataURL(codigoIngreso, { margin: 4, width: 320 });
  await page.addInitScript((imagenQr) => {
    const lienzo = document.createElement('canvas');
    lienzo.width = 640;
    lienzo.height = 480;
    const ctx = lienzo.getContext('2d');
    const imagen = new Image();
    imagen.src = imagenQr;
    const pintar = () => {
      if (!ctx) return;
      ctx.fillStyle = '#8a8f98';
      ctx.fillRect(0, 0, 640, 480);
      ctx.fillStyle = '#fff';
      ctx.fillRect(150, 70, 340, 340);
      if (imagen.complete) ctx.drawImage(imagen, 160, 80, 320, 320);
    };
    pintar();
    setInterval(pintar, 100);
    const medios = navigator.mediaDevices;
    if (!medios) return;
    medios.getUserMedia = async () => lienzo.captureStream(10);
    medios.enumerateDevices = async () =>
      [{ deviceId: 'trasera', groupId: 'g', kind: 'videoinput', label: 'Cámara trasera' }] as MediaDeviceInfo[];
  }, qr);
}

/** Opens the order from the camera: the scan dialog reads the QR, closes, and the search opens the order. */
async function escanear(page: Page, codigo: string) {
  await page.getByRole('button', { name: 'Escanear ticket' }).click();
  // The dialog may open and close within one frame when the camera reads the QR at once.
  await expect(page.getByRole('dialog', { name: 'Escanear ticket de orden' })).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('textbox', { name: /^Código de orden/ })).toHaveValue(codigo);
}

interface Medida {
  documento: number;
  cuerpo: number;
  vista: number;
  pequenos: string[];
  apiladas: string[];
}

/** Horizontal overflow, touch targets under 44 px and words broken letter by letter, on the stage screen. */
async function medir(page: Page): Promise<Medida> {
  return page.evaluate(() => {
    const raiz = document.querySelector('.garita');
    const visibles = (sel: string) =>
      [...(raiz?.querySelectorAll<HTMLElement>(sel) ?? [])].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && !e.closest('.ant-upload-list');
      });
    const objetivos =
      'button, .ant-checkbox-wrapper, .ant-radio-wrapper, input.ant-input, textarea, .ant-input-number, .ant-select, .garita-interruptor';
    const pequenos = visibles(objetivos)
      // A switch's target is its whole labelled row (.garita-interruptor), measured itself.
      .filter((e) => e.getBoundingClientRect().height < 44 && !e.parentElement?.closest('.garita-interruptor'))
      .map(
        (e) =>
          `${e.className} "${(e.textContent ?? '').trim().slice(0, 30)}" ${Math.round(e.getBoundingClientRect().height)}px`,
      );
    // A word (names, labels, titles: up to 20 letters) never breaks across lines; long codes may.
    const apiladas: string[] = [];
    const textos = document.createTreeWalker(raiz ?? document.body, NodeFilter.SHOW_TEXT);
    for (let n = textos.nextNode(); n; n = textos.nextNode()) {
      const texto = n.textContent ?? '';
      for (const m of texto.matchAll(/[^\s\-/·,()]{2,20}/g)) {
        const rango = document.createRange();
        rango.setStart(n, m.index);
        rango.setEnd(n, m.index + m[0].length);
        const lineas = new Set([...rango.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lineas.size > 1) apiladas.push(`"${m[0]}" en ${lineas.size} líneas`);
      }
    }
    return {
      documento: document.documentElement.scrollWidth,
      cuerpo: document.body.scrollWidth,
      vista: window.innerWidth,
      pequenos,
      apiladas,
    };
  });
}

async function revisarPantalla(page: Page, pantalla: string, ancho: number, conBarra = true) {
  const m = await medir(page);
  expect(m.documento, `${pantalla}: desborde horizontal`).toBeLessThanOrEqual(m.vista);
  expect(m.cuerpo, `${pantalla}: desborde horizontal`).toBeLessThanOrEqual(m.vista);
  expect(m.pequenos, `${pantalla}: objetivos táctiles menores a 44 px`).toEqual([]);
  expect(m.apiladas, `${pantalla}: palabras cortadas letra por letra`).toEqual([]);
  if (conBarra) {
    // The save bar stays on screen at the bottom while the order is read.
    const barra = page.getByTestId('barra-guardar');
    await expect(barra).toBeInViewport();
    expect(await barra.evaluate((b) => getComputedStyle(b).position)).toBe('sticky');
  }
  await page.screenshot({ path: test.info().outputPath(`${pantalla}-${ancho}.png`), fullPage: true });
}

async function pesarEnSimulador(page: Page, token: string, peso: number) {
  const r = await page.request.post('/api/Balanza/SimularPeso', {
    headers: cabecera(token),
    data: { tipoBalanza: 1, peso, estable: true },
  });
  expect(r.ok()).toBeTruthy();
}

const CONFORME = 'Declaro haber verificado correctamente los datos adjuntos registrados.';
const RESPONSABLE = 'Soy responsable de haber cumplido con la verificación de esta mercancía.';

async function control(page: Page, ruta: string, codigo: string, pantalla: string, ancho: number) {
  await page.goto(ruta);
  await escanear(page, codigo);
  await expect(page.getByText(`Datos de control · ${codigo}`)).toBeVisible();
  await expect(page.locator('.ant-checkbox-input').first()).toBeAttached();
  await revisarPantalla(page, pantalla, ancho);
  for (const c of await page.locator('.ant-checkbox-input').all()) await c.check();
  await page.getByTestId('barra-guardar').getByRole('button', { name: 'Guardar Control' }).click();
  await expect(page.getByText('Registro Exitoso')).toBeVisible();
}

async function pesaje(
  page: Page,
  ruta: string,
  codigo: string,
  token: string,
  peso: number,
  pantalla: string,
  ancho: number,
) {
  await page.goto(ruta);
  await escanear(page, codigo);
  await expect(page.getByText(new RegExp(`Orden ${codigo} ·`))).toBeVisible();
  await conBalanza(async () => {
    await pesarEnSimulador(page, token, peso);
    await elegir(page, 'Balanza', 'Balanza de camiones');
    await page.getByRole('button', { name: 'Capturar peso' }).click();
    // The capture is in the form before the platform is given up (entry shows the total, exit the tare).
    if (ruta.includes('firstScales'))
      await expect(page.getByTestId('peso-total')).toHaveText(`${peso.toLocaleString('en-US')} kg`);
    else await expect(page.getByLabel('Peso tara')).toHaveValue(String(peso));
  });
  await page.getByText(CONFORME).click();
  await revisarPantalla(page, pantalla, ancho);
  await page.getByTestId('barra-guardar').getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Registro Exitoso')).toBeVisible();
}

async function verificacion(
  page: Page,
  ruta: string,
  codigo: string,
  foto: { name: string; mimeType: string; buffer: Buffer },
  pantalla: string,
  ancho: number,
) {
  await page.goto(ruta);
  await escanear(page, codigo);
  await expect(page.getByText(`Orden ${codigo}`, { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Cantidad de bultos' }).fill('12');
  await page.getByText(CONFORME).click();
  await page.getByText(RESPONSABLE).click();
  await page.getByTestId('barra-guardar').getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Registro Exitoso')).toBeVisible();
  // The camera input: any image, straight from the rear camera.
  const camara = page.locator('input[type=file][capture]');
  await expect(camara).toHaveAttribute('accept', 'image/*');
  await expect(camara).toHaveAttribute('capture', 'environment');
  await camara.setInputFiles(foto);
  if (foto.buffer.length > 7 * 1024 * 1024) {
    await expect(page.getByTestId('fotos-comprimidas')).toContainText(
      new RegExp(`${foto.name.replace(/\.\w+$/, '')}\\.jpg: \\d[\\d.,]* MB → \\d[\\d.,]* (KB|MB)`),
    );
  }
  await expect(page.getByText('Carga Exitosa').first()).toBeVisible({ timeout: 20_000 });
  const finalizar = page.getByTestId('barra-guardar').getByRole('button', { name: 'Finalizar registro' });
  await expect(finalizar).toBeEnabled();
  await revisarPantalla(page, pantalla, ancho);
  await finalizar.click();
  await expect(page.getByText('Verificación Exitosa')).toBeVisible();
}

const VISTAS = [
  { ancho: 390, alto: 844, nombre: 'teléfono' },
  { ancho: 768, alto: 1024, nombre: 'tableta' },
];

test.describe('la garita en una tableta y un teléfono', () => {
  // One simulated scale for the file: the two walks must not weigh at the same time.
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(300_000);

  for (const vista of VISTAS) {
    test.describe(`${vista.nombre} ${vista.ancho}×${vista.alto}`, () => {
      test.use({ viewport: { width: vista.ancho, height: vista.alto }, isMobile: true, hasTouch: true });

      test(`${vista.ancho} px: ticket escaneado con la cámara en cada etapa, control, pesajes, verificaciones con foto de la cámara comprimida, control de salida e imágenes, sin desborde`, async ({
        page,
      }) => {
        const orden = await registrar(page.request);
        await camaraConTicket(page, orden.codigoIngreso);
        const a = vista.ancho;

        await sesionPorApi(page, 'seguridad');
        await control(page, '/app/security/income', orden.codigoIngreso, 'control-ingreso', a);

        const tokenBalanza = await sesionPorApi(page, 'balanza');
        await pesaje(page, '/app/balanza/firstScales', orden.codigoIngreso, tokenBalanza, 32_480, 'pesaje-ingreso', a);

        // A camera photo over the 7 MB limit: compressed on the device, the user told how much.
        const grande = pngGrande(1800, 1400);
        expect(grande.length).toBeGreaterThan(7 * 1024 * 1024);
        await verificacion(
          page,
          '/app/operator/income',
          orden.codigoIngreso,
          { name: 'camara.png', mimeType: 'image/png', buffer: grande },
          'verificacion-ingreso',
          a,
        );

        await pesaje(page, '/app/balanza/secondScales', orden.codigoIngreso, tokenBalanza, 9_120, 'pesaje-salida', a);
        await verificacion(
          page,
          '/app/operator/exit',
          orden.codigoIngreso,
          { name: 'salida.jpg', mimeType: 'image/jpeg', buffer: JPEG },
          'verificacion-salida',
          a,
        );

        await sesionPorApi(page, 'seguridad');
        await control(page, '/app/security/exit', orden.codigoIngreso, 'control-salida', a);

        // The order's photos, found from its ticket too: the compressed one is there, as a JPEG.
        await sesionPorApi(page, 'superadmin');
        await page.goto('/app/operator/images');
        await escanear(page, orden.codigoIngreso);
        const ingreso = page.locator('.ant-card').filter({ hasText: 'Imágenes de verificación de ingreso' }).last();
        await expect(ingreso.locator('.ant-image img')).toHaveCount(1);
        await expect(ingreso.getByRole('img', { name: 'camara.jpg' })).toBeAttached();
        await revisarPantalla(page, 'imagenes', a, false);

        // One more photo from the camera in the images dialog: over its 10 MB limit, compressed, then uploaded.
        await ingreso.getByRole('button', { name: 'Agregar imagen' }).click();
        const dialogo = page.getByRole('dialog', { name: 'Carga de imágenes de verificación' });
        const enorme = pngGrande(2200, 1700);
        expect(enorme.length).toBeGreaterThan(10 * 1024 * 1024);
        await dialogo
          .locator('input[type=file][capture=environment]')
          .setInputFiles({ name: 'precinto.png', mimeType: 'image/png', buffer: enorme });
        await expect(dialogo.getByTestId('fotos-comprimidas')).toContainText(/precinto\.jpg: \d[\d.,]* MB → /);
        await dialogo.getByRole('button', { name: 'Cargar', exact: true }).click();
        await expect(page.getByText('Carga Exitosa').first()).toBeVisible();
        await expect(ingreso.locator('.ant-image img')).toHaveCount(2);
      });
    });
  }
});

test.describe('la garita en el escritorio', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('1440 px: como antes: resultados en tabla, dos columnas, botones dentro del formulario, sin barra fija', async ({
    page,
  }) => {
    const orden = await registrar(page.request);
    await sesionPorApi(page, 'seguridad');
    await page.goto('/app/security/income');
    await page.getByLabel('Código de orden o N° de documento').fill(orden.codigoIngreso);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText(`Datos de control · ${orden.codigoIngreso}`)).toBeVisible();
    await expect(
      page.getByTestId('resultados-etapa').getByRole('row', { name: new RegExp(orden.codigoIngreso) }),
    ).toBeVisible();
    // Two columns side by side, the save button inside the checklist card, no sticky bar.
    const datos = await page.getByText(`Datos de control · ${orden.codigoIngreso}`).boundingBox();
    const items = await page.getByText('Ítems de revisión').boundingBox();
    expect(items?.x ?? 0).toBeGreaterThan((datos?.x ?? 0) + 400);
    expect(Math.abs((items?.y ?? 0) - (datos?.y ?? 0))).toBeLessThan(4);
    await expect(page.getByTestId('barra-guardar')).toHaveCount(0);
    await expect(
      page
        .locator('.ant-card')
        .filter({ hasText: 'Ítems de revisión' })
        .getByRole('button', { name: 'Guardar Control' }),
    ).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('control-ingreso-1440.png'), fullPage: true });
  });
});
