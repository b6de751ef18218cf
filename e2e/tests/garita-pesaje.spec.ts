import { expect, test } from '@playwright/test';
import { apiDe, elegir, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';
import { conBalanza } from '../support/balanza';

/**
 * Exit weighing before its capture: the gross, net and tare fields stay empty until the second weight is read
 * (the first weight alone was shown as a net of the whole truck), then show the difference.
 */

const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

test.use({ viewport: { width: 1440, height: 900 } });

test('el pesaje de salida no muestra bruto, neto ni tara hasta capturar el segundo peso', async ({ page }) => {
  test.setTimeout(120_000);
  await sesionPorApi(page, 'usuario');
  const o = await sembrarOrden(page);
  await sesionPorApi(page, 'seguridad');
  const seg = await apiDe(page);
  const control = await seg.post('/ControlSeguridad/GuardarVerificacionControlIngreso', {
    codigoTipoControl: 1,
    codigoMovimiento: o.codigoMovimiento,
    detalleTipoControl: [],
    observacion: 'Preparación de la prueba',
  });
  expect(control.status, JSON.stringify(control.cuerpo)).toBe(200);
  await sesionPorApi(page, 'balanza');
  const bal = await apiDe(page);
  const captura = await conBalanza(async () => {
    expect((await bal.post('/Balanza/SimularPeso', { tipoBalanza: 1, peso: 30_000, estable: true })).status).toBe(200);
    return bal.get(`/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${o.codigoMovimiento}`);
  });
  expect(captura.status, JSON.stringify(captura.cuerpo)).toBe(200);
  const pesaje = await bal.post('/Balanza/GuardarBalanzaIngreso', {
    data: {
      codigoMovimiento: o.codigoMovimiento,
      codeTipoBalanza: 1,
      peso: 30_000,
      codigoPesaje: captura.cuerpo.data.codigoPesaje,
    },
  });
  expect(pesaje.status, JSON.stringify(pesaje.cuerpo)).toBe(200);
  const v = await bal.post('/Verificacion/GuardarVerificacionTipoControlIngreso', {
    data: {
      codigoMovimiento: o.codigoMovimiento,
      codigoTipoCarga: 1,
      codigoTipoControl: 3,
      numerobultosVerificado: '10',
    },
  });
  expect(v.status, JSON.stringify(v.cuerpo)).toBe(200);
  const foto = await bal.multipart(
    '/Movimiento/AgregarVerificacionImagen',
    { CodigoMovimiento: String(o.codigoMovimiento), CodigoTipoControl: '3' },
    { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: JPEG },
  );
  expect(foto.status, JSON.stringify(foto.cuerpo)).toBe(200);
  const fin = await bal.post('/Verificacion/FinalizarVerificacion', {
    data: { codigoMovimiento: o.codigoMovimiento, codigoTipoControl: 3 },
  });
  expect(fin.status, JSON.stringify(fin.cuerpo)).toBe(200);

  await page.goto('/app/balanza/secondScales');
  await page.getByLabel('Código de orden o N° de documento').fill(o.codigoIngreso);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('Primer pesaje')).toBeVisible();
  for (const campo of ['Peso bruto', 'Peso neto', 'Peso tara']) await expect(page.getByLabel(campo)).toHaveValue('');
  await conBalanza(async () => {
    expect((await bal.post('/Balanza/SimularPeso', { tipoBalanza: 1, peso: 12_000, estable: true })).status).toBe(200);
    await elegir(page, 'Balanza', 'Balanza de camiones');
    await page.getByRole('button', { name: 'Capturar peso' }).click();
    await expect(page.getByLabel('Peso neto')).toHaveValue('18000');
  });
  await expect(page.getByLabel('Peso bruto')).toHaveValue('30000');
  await expect(page.getByLabel('Peso tara')).toHaveValue('12000');
});
