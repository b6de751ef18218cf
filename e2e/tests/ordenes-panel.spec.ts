import { expect, type Page, test } from '@playwright/test';
import { apiDe, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

/** A minimal valid JPEG (1×1 px): uploads are checked by content. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const notificacion = (page: Page, texto: string) => page.locator('.ant-notification-notice').filter({ hasText: texto });

let orden: { codigoMovimiento: number; codigoIngreso: string };
let verificada: { codigoMovimiento: number; codigoIngreso: string };

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await sesionPorApi(page, 'usuario');
  orden = await sembrarOrden(page);
  // The demo order of company 2 already past its entry verification (driver 46985231), with photos.
  await sesionPorApi(page, 'balanza');
  const r = await (await apiDe(page)).get(
    '/Verificacion/ConsultarMovimientoControl?NumeroDocumentoIdentidad=46985231&CodigoEstadoMovimiento=-1',
  );
  verificada = r.cuerpo.data[0];
  await page.close();
});

test.describe('movement documents panel (Codigo Movimiento) by role', () => {
  test('role 8: reached from edit mode; upload rules, download, delete after confirmation, details, no photos', async ({
    page,
  }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto(`/app/operations/order/register/${orden.codigoMovimiento}/${orden.codigoIngreso}`);
    await page.getByRole('button', { name: 'Documentos del movimiento' }).click();
    await expect(page.getByRole('heading', { name: `Codigo Movimiento ${orden.codigoIngreso}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Evidencia fotográfica' })).toHaveCount(0);
    const archivo = page.locator('input[type=file]');
    await archivo.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(notificacion(page, 'No es el formato correcto!')).toBeVisible();
    await archivo.setInputFiles({
      name: 'grande.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]),
    });
    await expect(notificacion(page, 'El archivo excede los 25MB!')).toBeVisible();
    await archivo.setInputFiles({ name: 'acta.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByRole('cell', { name: 'acta.pdf', exact: true })).toBeVisible();
    const descarga = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar acta.pdf' }).click();
    expect((await descarga).suggestedFilename()).toBe('acta.pdf');
    await page.getByRole('button', { name: 'Eliminar acta.pdf' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(notificacion(page, 'Registro eliminado con éxito')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'acta.pdf', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Detalle' }).click();
    const detalle = page.getByRole('dialog', { name: `Detalle ${orden.codigoIngreso}` });
    await expect(detalle.getByText('Z4T-931')).toBeVisible();
    await expect(detalle.getByRole('cell', { name: 'FACTURA' })).toBeVisible();

    // What the panel hides, the server refuses.
    const api = await apiDe(page);
    const fotos = await api.get(`/Verificacion/ListarVerficacionImagenes?CodigoIngreso=${verificada.codigoIngreso}`);
    expect(fotos.status).toBe(403);
  });

  test('role 7: details and photo evidence only; upload and delete refused by the server', async ({ page }) => {
    await sesionPorApi(page, 'supervisor');
    await page.goto(`/app/operations/order/documents/${orden.codigoMovimiento}`);
    await expect(page.getByRole('heading', { name: /Codigo Movimiento/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Detalle' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Evidencia fotográfica' })).toBeVisible();
    await expect(page.getByText('Cargar documentos')).toHaveCount(0);
    await expect(page.locator('input[type=file]')).toHaveCount(0);
    const api = await apiDe(page);
    const subida = await api.multipart(
      '/Movimiento/GuardarImagenMovimiento?Categoria=panel',
      { CodigoMovimiento: String(orden.codigoMovimiento) },
      { name: 'acta.pdf', mimeType: 'application/pdf', buffer: PDF },
    );
    expect(subida.status).toBe(403);
    const archivos = (await api.get(`/Balanza/ConsutarArchivo?CodigoMovimiento=${orden.codigoMovimiento}`)).cuerpo.data;
    for (const a of archivos) {
      const r = await api.post('/Movimiento/EliminarMovimientoArchivo', {
        data: { CodigoMovimientoArchivo: a.codigoMovimientoArchivo },
      });
      expect(r.status).toBe(403);
    }
    await page.goto(`/app/operations/order/documents/${verificada.codigoMovimiento}`);
    await page.getByRole('button', { name: 'Evidencia fotográfica' }).click();
    const drawer = page.getByRole('dialog', { name: 'Evidencia fotográfica' });
    await expect(drawer.getByText('Imágenes de verificación de ingreso')).toBeVisible();
    await expect(drawer.getByRole('img').first()).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Agregar imagen' })).toHaveCount(0);
    const imagen = await api.multipart(
      '/Verificacion/AgregarVerificacionImagenesPrueba',
      { CodigoMovimiento: String(verificada.codigoMovimiento), CodigoTipoControl: '3' },
      { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    );
    expect(imagen.status).toBe(403);
  });

  test('role 4: details, photo evidence and adding images through the image upload dialog; no upload or delete', async ({
    page,
  }) => {
    await sesionPorApi(page, 'balanza');
    await page.goto(`/app/operations/order/documents/${verificada.codigoMovimiento}`);
    await expect(page.getByRole('button', { name: 'Detalle' })).toBeVisible();
    await expect(page.getByText('Cargar documentos')).toHaveCount(0);
    await page.getByRole('button', { name: 'Evidencia fotográfica' }).click();
    const drawer = page.getByRole('dialog', { name: 'Evidencia fotográfica' });
    const ingreso = drawer.locator('.ant-card').filter({ hasText: 'Imágenes de verificación de ingreso' });
    await expect(ingreso).toBeVisible(); // the gallery renders once the order's images have loaded
    const antes = await ingreso.getByRole('img').count();
    await ingreso.getByRole('button', { name: 'Agregar imagen' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Carga de imágenes de verificación' });
    await dialogo.locator('input[type=file]').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await dialogo.getByRole('button', { name: 'Cargar', exact: true }).click();
    await expect(notificacion(page, 'Carga Exitosa')).toBeVisible();
    await expect(ingreso.getByRole('img')).toHaveCount(antes + 1);
    const subida = await (await apiDe(page)).multipart(
      '/Movimiento/GuardarImagenMovimiento?Categoria=panel',
      { CodigoMovimiento: String(orden.codigoMovimiento) },
      { name: 'acta.pdf', mimeType: 'application/pdf', buffer: PDF },
    );
    expect(subida.status).toBe(403);
  });

  test('roles 1 and 2: every button', async ({ page }) => {
    for (const usuario of ['superadmin', 'admin']) {
      await sesionPorApi(page, usuario);
      await page.goto(`/app/operations/order/documents/${orden.codigoMovimiento}`);
      await expect(page.getByRole('button', { name: 'Detalle' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Evidencia fotográfica' })).toBeVisible();
      await expect(page.getByText('Cargar documentos')).toBeVisible();
    }
  });
});
