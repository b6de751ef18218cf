import { expect, test } from '@playwright/test';
import { CLAVE_DEMO, sesionPorApi } from '../support/sesion';

/**
 * The company's list follows the decision on its request: when the treasurer authorizes it, the notice arrives and
 * the row on screen turns into the issued certificate without pressing Actualizar.
 */
const PAGINA = '/app/operations/manufacture';
const hoyLima = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

test('an authorized request shows its number on the open list when the notice arrives', async ({ page }) => {
  const token = await sesionPorApi(page, 'fabricante');
  const cabecera = { Authorization: `Bearer ${token}` };
  // A request of the company's own, made through the API (a product of its catalogue).
  const productos = await page.request.get('/api/CatalogoUsuario/ConsultarDatosDescripcion', {
    headers: cabecera,
    params: { Descripcion: 'MANTA TEJIDA' },
  });
  expect(productos.ok(), await productos.text()).toBeTruthy();
  const producto = (await productos.json()).data[0] as { codigoCatalogoUsuario: number };
  const solicitud = await page.request.post('/api/Movimiento/GuardarCertificadoManufactura', {
    headers: cabecera,
    data: {
      data: {
        fechaEmision: hoyLima(),
        detalle: [{ codigoCatalogoUsuario: producto.codigoCatalogoUsuario, cantidad: 7, pesoNeto: 1, pesoBruto: 2 }],
      },
    },
  });
  expect(solicitud.ok(), await solicitud.text()).toBeTruthy();
  const codigo = (await solicitud.json()).data as number;

  await page.goto(PAGINA);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const fila = page.locator(`.ant-table-row[data-row-key="${codigo}"]`);
  await expect(fila).toContainText('PENDIENTE DE AUTORIZACIÓN');

  const tesorero = await page.request.post('/api/Account/Login', {
    data: { nombreUsuario: 'tesorero', contrasenia: CLAVE_DEMO },
  });
  const aprobacion = await page.request.post('/api/Movimiento/AprobarRechazarCertificadoManufactura', {
    headers: { Authorization: `Bearer ${(await tesorero.json()).data.token}` },
    data: {
      data: { codigoCertificadoManufactura: codigo, estadoAutorizacion: 3, opcionNuevaFuncionalidad: true },
    },
  });
  expect(aprobacion.ok(), await aprobacion.text()).toBeTruthy();
  const numero = (await aprobacion.json()).data.numeroCertificado as string;

  await expect(page.getByText(`Su certificado ${numero} fue autorizado`).first()).toBeVisible();
  await expect(fila).toContainText(numero);
  await expect(fila).toContainText('AUTORIZADO');
  await expect(fila.getByRole('button', { name: `Descargar certificado ${numero}` })).toBeVisible();
});
