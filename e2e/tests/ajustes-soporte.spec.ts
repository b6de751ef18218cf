import { expect, test } from '@playwright/test';
import { apiDe, elegir, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

/** The settings hub and the support page. */

test.describe('configuración general y soporte', () => {
  test.setTimeout(120_000);

  test('un ítem agregado y editado en la lista de control se ve en el control de ingreso; la balanza se prueba en vivo', async ({
    page,
  }) => {
    const texto = `Revisión de prueba ${Date.now()}`;
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/all-settings');
    await expect(page.getByTestId('ajuste-balanzas')).toBeVisible({ timeout: 30_000 });

    // The scale: "Probar conexión" answers with a live reading of the built-in simulator, nothing saved.
    const balanzas = page.getByTestId('ajuste-balanzas');
    await balanzas
      .getByRole('button', { name: /^Editar / })
      .first()
      .click();
    await page.getByRole('button', { name: 'Probar conexión' }).click();
    await expect(page.getByTestId('resultado-prueba-balanza')).toContainText('Conexión correcta', { timeout: 10_000 });
    await expect(page.getByTestId('resultado-prueba-balanza')).toContainText('Lectura:');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The checklist of the security control for finished-product orders.
    const listas = page.getByTestId('ajuste-listas');
    await elegir(page, 'Tipo de ingreso', 'Producto terminado');
    await listas.getByLabel('Nuevo ítem').fill(texto);
    await listas.getByRole('button', { name: 'Agregar ítem' }).click();
    const lista = page.getByTestId('lista-control');
    await expect(lista.getByText(texto, { exact: true })).toBeVisible();
    await lista.getByRole('button', { name: `Editar ${texto}` }).click();
    await lista.getByLabel('Descripción del ítem').fill(`${texto} editado`);
    await lista.getByRole('button', { name: 'Actualizar ítem' }).click();
    await expect(lista.getByText(`${texto} editado`, { exact: true })).toBeVisible();
    // The same text again is refused on the field with the server's reason, and nothing is added.
    await listas.getByLabel('Nuevo ítem').fill(`${texto} editado`);
    await listas.getByRole('button', { name: 'Agregar ítem' }).click();
    await expect(listas.getByText('Ya existe un ítem con esa descripción en esta lista')).toBeVisible();
    await expect(lista.getByText(`${texto} editado`, { exact: true })).toHaveCount(1);
    await listas.getByLabel('Nuevo ítem').clear();
    // Moved to the top of the list.
    const subir = lista.getByRole('button', { name: `Subir ${texto} editado` });
    const primero = lista.locator('.ant-list-item').first();
    await expect(async () => {
      if (await subir.isEnabled()) await subir.click();
      await expect(primero).toContainText(`${texto} editado`, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    // The gate sees it on the next order it opens, first in the list.
    await sesionPorApi(page, 'usuario');
    // A finished-product (PT) entry: its checklist is the one this test changes, and no other spec ticks it.
    const { codigoIngreso: codigo } = await sembrarOrden(page, ['LAPTOP'], 'PT');
    await sesionPorApi(page, 'seguridad');
    await page.goto('/app/security/income');
    await page.getByLabel('Código de orden o N° de documento').fill(codigo);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText(`Datos de control · ${codigo}`)).toBeVisible();
    await expect(page.getByText(`${texto} editado`, { exact: true })).toBeVisible();

    // Disabled again from the hub: the gate no longer shows it.
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/all-settings');
    await elegir(page, 'Tipo de ingreso', 'Producto terminado');
    await page.getByRole('switch', { name: `Habilitado ${texto} editado` }).click();
    await expect(page.getByRole('switch', { name: `Habilitado ${texto} editado` })).not.toBeChecked();
    await sesionPorApi(page, 'seguridad');
    await page.goto('/app/security/income');
    await page.getByLabel('Código de orden o N° de documento').fill(codigo);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await expect(page.getByText(`Datos de control · ${codigo}`)).toBeVisible();
    await expect(page.locator('.ant-checkbox-input').first()).toBeAttached();
    await expect(page.getByText(`${texto} editado`, { exact: true })).toHaveCount(0);
  });

  test('un reporte de problema de un usuario aparece en la lista del administrador con su página y navegador', async ({
    page,
  }) => {
    const texto = `No puedo descargar el ticket de la orden (prueba ${Date.now()})`;
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/support');
    await expect(page.getByRole('link', { name: 'Manual de usuario' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Versión')).toBeVisible();
    const estado = page.getByTestId('estado-servicios');
    await expect(estado.getByRole('row', { name: /Base de datos/ })).toContainText('OK');
    await expect(estado.getByRole('row', { name: /Canal de notificaciones/ })).toContainText('OK');
    await page.getByLabel('Describa el problema').fill(texto);
    await page.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(page.getByText('Reporte enviado', { exact: false })).toBeVisible();
    // A company user does not see the list (the server refuses it too).
    await expect(page.getByText('Reportes de problemas recibidos')).toHaveCount(0);
    expect((await (await apiDe(page)).get('/Soporte/ListarReportes')).status).toBe(403);

    await sesionPorApi(page, 'admin');
    await page.goto('/app/support');
    const fila = page
      .getByTestId('reportes-problema')
      .getByRole('row', { name: new RegExp(texto.replace(/[()]/g, '\\$&')) });
    await expect(fila).toBeVisible();
    await expect(fila).toContainText('usuario');
    await expect(fila).toContainText('/app/support');
    await expect(fila).toContainText('Chrome');
  });
  test('el hub muestra solo lo que el rol puede cambiar: el administrador sin finanzas no ve los días de deuda', async ({
    page,
  }) => {
    await sesionPorApi(page, 'admin');
    await page.goto('/app/all-settings');
    // The screen is a lazy chunk: on a loaded machine its first load can take a while.
    await expect(page.getByText('Conteos de inventario')).toBeVisible({ timeout: 30_000 });
    for (const t of ['ajuste-balanzas', 'ajuste-listas', 'ajuste-consultas'])
      await expect(page.getByTestId(t)).toBeVisible();
    await expect(page.getByText('Deuda (bloqueo en garita)')).toHaveCount(0);
    // The server says the same.
    const r = await (await apiDe(page)).post('/Ajustes/GuardarDeuda', { data: { diasCredito: 30, diasBloqueo: 15 } });
    expect(r.status).toBe(403);
  });

  test('el diálogo de la balanza tiene «Cancelar», que cierra sin guardar', async ({ page }) => {
    await sesionPorApi(page, 'superadmin');
    await page.goto('/app/all-settings');
    const balanzas = page.getByTestId('ajuste-balanzas');
    await expect(balanzas).toBeVisible({ timeout: 30_000 });
    const guardados: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/Ajustes/GuardarBalanza')) guardados.push(r.url());
    });
    await balanzas
      .getByRole('button', { name: /^Editar / })
      .first()
      .click();
    const dialogo = page.getByRole('dialog');
    await dialogo.getByLabel(/^Host/).fill('10.9.9.9');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: test.info().outputPath('balanza-cancelar-1440.png') });
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(balanzas.getByText('10.9.9.9')).toHaveCount(0);
    expect(guardados).toHaveLength(0);
  });
});
