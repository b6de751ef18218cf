import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { MENSAJES_ETAPAS } from '@cronos/contract';
import { cabeceraOrdenPeatonal, cabeceraOrdenVehicular, elegir } from '../support/ordenes';
import { CLAVE_DEMO, sesionPorApi } from '../support/sesion';
import { conBalanza } from '../support/balanza';
import { retenerPeticiones } from '../support/retener';

/**
 * The order's journey: every stage done in the browser by the role that does it, the scale read
 * from the built-in simulator over TCP, photos uploaded, stock checked before and after.
 */

// A minimal valid JPEG (1×1 px).
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);
const foto = (nombre: string) => ({ name: nombre, mimeType: 'image/jpeg', buffer: JPEG });

async function login(request: APIRequestContext, usuario: string) {
  const r = await request.post('/api/Account/Login', { data: { nombreUsuario: usuario, contrasenia: CLAVE_DEMO } });
  expect(r.ok()).toBeTruthy();
  return (await r.json()).data as { token: string; usuario: { codigoEmpresaAlmacen: number } };
}
const cabecera = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers an order through the API as the company user (the registration screen has its own tests). */
async function registrar(request: APIRequestContext, tipoIngreso: 'VH' | 'PE') {
  const u = await login(request, 'usuario');
  const productos = (
    await (
      await request.get('/api/CatalogoUsuario/ListarDatos?PageNumber=1&limit=2', { headers: cabecera(u.token) })
    ).json()
  ).data as { codigoCatalogoUsuario: number }[];
  const data = {
    ...(tipoIngreso === 'VH' ? cabeceraOrdenVehicular() : cabeceraOrdenPeatonal()),
    documentos: [
      {
        codigoTipoDocumento: '6',
        numeroDocumento: `INV-${Date.now()}`.slice(0, 20),
        ruc: 'CL7612345',
        razonSocial: 'IMPORTADORA ANDINA LTDA',
        codigoTipoImportador: '2',
        productos: productos.map((p, i) => ({
          codigoCatalogoUsuario: p.codigoCatalogoUsuario,
          cantidad: 7 + i,
          peso: 50,
          valorFOB: 10,
        })),
      },
    ],
  };
  const r = await request.post('/api/Movimiento/GuardarMovimiento', { headers: cabecera(u.token), data: { data } });
  expect(r.ok(), await r.text()).toBeTruthy();
  const orden = (await r.json()).data as { codigoMovimiento: number; codigoIngreso: string };
  return {
    ...orden,
    productos: productos.map((p, i) => ({ ...p, cantidad: 7 + i })),
    token: u.token,
    almacen: u.usuario.codigoEmpresaAlmacen,
  };
}

async function stockDe(request: APIRequestContext, token: string, almacen: number, producto: number) {
  const r = await request.get(
    `/api/Almacen/ConsultarKardexStockCodigoCatalogo?CodigoCatalogoUsuario=${producto}&CodigoEmpresaAlmacen=${almacen}`,
    {
      headers: cabecera(token),
    },
  );
  const filas = (await r.json()).data as { cantidadStock: number }[];
  return filas.reduce((s, f) => s + Number(f.cantidadStock), 0);
}

async function buscar(page: Page, ruta: string, codigo: string) {
  await page.goto(ruta);
  await page.getByLabel('Código de orden o N° de documento').fill(codigo);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}

async function pesarEnSimulador(page: Page, token: string, peso: number) {
  const r = await page.request.post('/api/Balanza/SimularPeso', {
    headers: cabecera(token),
    data: { tipoBalanza: 1, peso, estable: true },
  });
  expect(r.ok()).toBeTruthy();
}

async function controlSeguridad(page: Page, ruta: string, codigo: string) {
  await sesionPorApi(page, 'seguridad');
  await buscar(page, ruta, codigo);
  await expect(page.getByText(`Datos de control · ${codigo}`)).toBeVisible();
  // The checklist loads after the order's data: wait for it, then tick every item.
  await expect(page.locator('.ant-checkbox-input').first()).toBeAttached();
  for (const c of await page.locator('.ant-checkbox-input').all()) await c.check();
  await page.getByRole('button', { name: 'Guardar Control' }).click();
  await expect(page.getByText('Registro Exitoso')).toBeVisible();
}

async function verificar(page: Page, ruta: string, codigo: string, fotos: number) {
  await buscar(page, ruta, codigo);
  await page.getByRole('textbox', { name: 'Cantidad de bultos' }).fill('12');
  await page.getByText('Declaro haber verificado correctamente los datos adjuntos registrados.').click();
  await page.getByText('Soy responsable de haber cumplido con la verificación de esta mercancía.').click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByText('Registro Exitoso')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finalizar registro' })).toBeDisabled();
  await page
    .locator('input[type=file]')
    .setInputFiles(Array.from({ length: fotos }, (_, i) => foto(`foto-${i + 1}.jpg`)));
  await expect(page.getByText('Carga Exitosa').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finalizar registro' })).toBeEnabled();
  await page.getByRole('button', { name: 'Finalizar registro' }).click();
  await expect(page.getByText('Verificación Exitosa')).toBeVisible();
}

test.describe('recorrido de una orden por sus etapas', () => {
  // One simulated scale is shared by the whole file: its tests must not weigh at the same time.
  test.describe.configure({ mode: 'serial' });
  // Each walk signs in as four roles and passes six stages: longer than the default minute on a busy machine.
  test.setTimeout(240_000);

  test('orden vehicular: control, pesaje del simulador, verificación con fotos, pesaje de salida con carreta, control de salida; estado 5, pesos, fotos y stock', async ({
    page,
  }) => {
    const orden = await registrar(page.request, 'VH');
    const antes = await Promise.all(
      orden.productos.map((p) => stockDe(page.request, orden.token, orden.almacen, p.codigoCatalogoUsuario)),
    );

    await controlSeguridad(page, '/app/security/income', orden.codigoIngreso);

    const tokenBalanza = await sesionPorApi(page, 'balanza');
    await buscar(page, '/app/balanza/firstScales', orden.codigoIngreso);
    await conBalanza(async () => {
      await pesarEnSimulador(page, tokenBalanza, 32_480);
      await elegir(page, 'Balanza', 'Balanza de camiones');
      await page.getByRole('button', { name: 'Capturar peso' }).click();
      await expect(page.getByTestId('peso-total')).toHaveText('32,480 kg');
    });
    await page.getByText('Declaro haber verificado correctamente los datos adjuntos registrados.').click();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Registro Exitoso')).toBeVisible();

    await verificar(page, '/app/operator/income', orden.codigoIngreso, 2);

    await buscar(page, '/app/balanza/secondScales', orden.codigoIngreso);
    await conBalanza(async () => {
      await pesarEnSimulador(page, tokenBalanza, 9_120);
      await elegir(page, 'Balanza', 'Balanza de camiones');
      await page.getByRole('button', { name: 'Capturar peso' }).click();
      // The truck's capture lands before the scale shows the trailer's weight (on a loaded machine it read 4 300).
      await expect(
        page
          .locator('.ant-statistic', { has: page.locator('.ant-statistic-title', { hasText: /^Peso$/ }) })
          .locator('.ant-statistic-content'),
      ).toHaveText(/^9,120\s*kg$/);
      await page.getByRole('switch', { name: 'Doble carreta' }).click();
      await pesarEnSimulador(page, tokenBalanza, 4_300);
      await page.getByRole('button', { name: 'Capturar carreta' }).click();
      await expect(page.getByLabel('Peso tara')).toHaveValue('13420');
    });
    await expect(page.getByLabel('Peso neto')).toHaveValue('19060');
    await page.getByText('Declaro haber verificado correctamente los datos adjuntos registrados.').click();
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await expect(page.getByText('Registro Exitoso')).toBeVisible();

    await verificar(page, '/app/operator/exit', orden.codigoIngreso, 1);
    await controlSeguridad(page, '/app/security/exit', orden.codigoIngreso);

    await sesionPorApi(page, 'moderador');
    await page.goto('/app/operator/list');
    await page.getByLabel('Buscar').fill(orden.codigoIngreso);
    await page.getByLabel('Buscar').press('Enter');
    await expect(
      page.getByRole('row', { name: new RegExp(orden.codigoIngreso) }).getByText('Finalizado'),
    ).toBeVisible();
    await page.getByRole('button', { name: `Ver ${orden.codigoIngreso}` }).click();
    await expect(page.getByText('Peso 32,480 kg · Carreta 0 kg')).toBeVisible();
    await expect(page.getByText('Bruto 32,480 kg · Tara 13,420 kg · Neto 19,060 kg')).toBeVisible();
    await page.getByRole('button', { name: 'Ver imágenes' }).click();
    await expect(page.locator('.ant-image img')).toHaveCount(3);

    const despues = await Promise.all(
      orden.productos.map((p) => stockDe(page.request, orden.token, orden.almacen, p.codigoCatalogoUsuario)),
    );
    expect(despues.map((d, i) => d - (antes[i] ?? 0))).toEqual(orden.productos.map((p) => p.cantidad));
  });

  test('orden peatonal: pasa los pesajes con balanza tipo 2 (sin balanza, 0 kg) hasta el estado 5', async ({
    page,
  }) => {
    const orden = await registrar(page.request, 'PE');
    await controlSeguridad(page, '/app/security/income', orden.codigoIngreso);
    await sesionPorApi(page, 'balanza');
    for (const [ruta, verificacion, fotos] of [
      ['/app/balanza/firstScales', '/app/operator/income', 1],
      ['/app/balanza/secondScales', '/app/operator/exit', 1],
    ] as const) {
      await buscar(page, ruta, orden.codigoIngreso);
      await expect(page.getByLabel('Balanza')).toBeVisible();
      await elegir(page, 'Balanza', 'Sin balanza');
      await page.getByRole('button', { name: 'Capturar peso' }).click();
      await page.getByText('Declaro haber verificado correctamente los datos adjuntos registrados.').click();
      await page.getByRole('button', { name: 'Guardar', exact: true }).click();
      await expect(page.getByText('Registro Exitoso')).toBeVisible();
      await verificar(page, verificacion, orden.codigoIngreso, fotos);
    }
    await controlSeguridad(page, '/app/security/exit', orden.codigoIngreso);
    const r = await page.request.get(
      `/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=M.CODIGO_INGRESO&Valor=${orden.codigoIngreso}`,
      {
        headers: cabecera((await login(page.request, 'moderador')).token),
      },
    );
    expect((await r.json()).data[0].codigoEstadoMovimiento).toBe(5);
  });

  test('una observación con script, manejadores y javascript: se guarda y se muestra sin ejecutar nada', async ({
    page,
  }) => {
    const orden = await registrar(page.request, 'VH');
    await sesionPorApi(page, 'moderador');
    const dialogos: string[] = [];
    page.on('dialog', async (d) => {
      dialogos.push(d.message());
      await d.dismiss();
    });
    await page.goto('/app/operator/list');
    await page.getByLabel('Buscar').fill(orden.codigoIngreso);
    await page.getByLabel('Buscar').press('Enter');
    await page.getByRole('button', { name: `Ver ${orden.codigoIngreso}` }).click();
    await page.getByRole('button', { name: 'Observar', exact: true }).click();
    // Only a script: nothing is left once the server cleans it, and its 422 shows under the editor.
    await page.getByRole('textbox', { name: 'Observación' }).evaluate((el) => {
      el.innerHTML = '<script>window.__xss=6</script>';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.getByRole('button', { name: 'Guardar observación' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Observar orden' }).locator('.ant-form-item-explain-error'),
    ).toHaveText(MENSAJES_ETAPAS.observacionRequerida);
    // The reviewer pastes HTML into the editor (what a paste from another page would bring).
    await page.getByRole('textbox', { name: 'Observación' }).evaluate((el) => {
      el.innerHTML =
        '<p>Bultos mojados</p><img src=x onerror="window.__xss=1;alert(1)"><a href="javascript:window.__xss=2">ver</a>' +
        '<p onmouseover="window.__xss=3">pasar</p><script>window.__xss=4</script><iframe src="javascript:window.__xss=5"></iframe>';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.getByRole('button', { name: 'Guardar observación' }).click();
    await expect(page.getByText('Se registró la observación de la orden')).toBeVisible();
    const observacion = page.getByTestId('observacion');
    await expect(observacion).toContainText('Bultos mojados');
    await observacion.getByText('pasar').hover();
    await observacion.getByText('ver').click();
    await page.reload();
    await page.getByLabel('Buscar').fill(orden.codigoIngreso);
    await page.getByLabel('Buscar').press('Enter');
    await page.getByRole('button', { name: `Ver ${orden.codigoIngreso}` }).click();
    await expect(page.getByTestId('observacion')).toContainText('Bultos mojados');
    const html = await page.getByTestId('observacion').innerHTML();
    expect(html).not.toMatch(/<script|<img|<iframe|onerror|onmouseover|javascript:/i);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogos).toEqual([]);
  });

  test('rechazos en pantalla: empresa bloqueada en el control y peso cero en el pesaje', async ({ page }) => {
    const moderador = (await login(page.request, 'moderador')).token;
    const filas = async (valor: string) =>
      (
        await (
          await page.request.get(
            `/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=E.RAZON_SOCIAL&Valor=${encodeURIComponent(valor)}&limit=100`,
            {
              headers: cabecera(moderador),
            },
          )
        ).json()
      ).data as { codigoIngtreso: string; codigoEstadoMovimiento: number; tipoIngreso: string }[];
    const bloqueada = (await filas('FRONTERA SUR')).find((f) => f.codigoEstadoMovimiento === 1);
    expect(bloqueada).toBeTruthy();
    await sesionPorApi(page, 'seguridad');
    await buscar(page, '/app/security/income', bloqueada?.codigoIngtreso ?? '');
    await expect(
      page
        .getByRole('alert')
        .filter({
          hasText: 'No puede continuar con la operación contactar al operador de turno para mayor información',
        })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar Control' })).toHaveCount(0);

    const orden = await registrar(page.request, 'VH');
    await controlSeguridad(page, '/app/security/income', orden.codigoIngreso);
    const token = await sesionPorApi(page, 'balanza');
    await buscar(page, '/app/balanza/firstScales', orden.codigoIngreso);
    const guardar = page.getByRole('button', { name: 'Guardar', exact: true });
    await conBalanza(async () => {
      await pesarEnSimulador(page, token, 0);
      await elegir(page, 'Balanza', 'Balanza de camiones');
      await page.getByText('Declaro haber verificado correctamente los datos adjuntos registrados.').click();
      await expect(guardar).toBeEnabled();
      // A capture on its way keeps Guardar disabled: a save then checked the weight shown before it (0 kg), and the
      // capture's answer afterwards cleared the refusal.
      const retenidas = await retenerPeticiones(page, '**/api/Balanza/ObtenerPrimerPesaje**');
      await page.getByRole('button', { name: 'Capturar peso' }).click();
      await expect(guardar).toBeDisabled();
      await retenidas.soltar();
      await expect(guardar).toBeEnabled();
      await expect(page.getByTestId('peso-total')).toHaveText('0 kg');
    });
    await guardar.click();
    await expect(page.getByText('Error, el peso debe ser mayor a 80 Kg').first()).toBeVisible();
    await expect(guardar).toBeDisabled();
    const r = await page.request.get(
      `/api/Movimiento/ListarDatosOrdenesVerificacion?Columna=M.CODIGO_INGRESO&Valor=${orden.codigoIngreso}`,
      {
        headers: cabecera(moderador),
      },
    );
    expect((await r.json()).data[0].codigoEstadoMovimiento).toBe(2);
  });
});
