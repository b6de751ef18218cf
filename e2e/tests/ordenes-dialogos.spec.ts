import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiDe, conDocumento, elegir, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

const notificacion = (page: Page, texto: string) => page.locator('.ant-notification-notice').filter({ hasText: texto });

test.describe('dialogs of the movement form', () => {
  test('new product: General, Equivalencia only when editing, Producción placeholder, required fields and messages', async ({
    page,
  }) => {
    test.setTimeout(120_000); // two dialogs, a heading lookup and three equivalence round trips
    await sesionPorApi(page, 'usuario');
    await conDocumento(page);
    await page.getByRole('button', { name: 'Nuevo producto' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Nuevo producto' });
    await expect(dialogo.getByRole('tab', { name: 'Equivalencia' })).toHaveAttribute('aria-disabled', 'true');
    await dialogo.getByRole('tab', { name: 'Producción' }).click();
    await expect(dialogo.getByText('Producción: sin información disponible')).toBeVisible();
    await dialogo.getByRole('tab', { name: 'General' }).click();
    // Role 8 does not pick the catalogue company (role 1 does).
    await expect(dialogo.getByLabel('Empresa del catálogo')).toHaveCount(0);
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(notificacion(page, 'Debe rellenar campos obligatorios')).toBeVisible();
    await expect(dialogo.getByText('Este es un campo requerido').first()).toBeVisible();
    await dialogo.getByLabel('Descripción').fill('TV');
    await dialogo.getByLabel('Código interno').click();
    await expect(dialogo.getByText('Descripción incorrecta')).toBeVisible();
    const sufijo = String(Date.now()).slice(-5);
    await dialogo.getByLabel('Descripción').fill(`PARLANTE BLUETOOTH ${sufijo}`);
    await dialogo.getByLabel('Código interno').fill(`PB${sufijo}`);
    await elegir(page, 'Unidad de medida', 'Unidad');
    await elegir(page, 'Código de existencia', 'Mercadería');
    await expect(dialogo.getByTitle('Unidad', { exact: true })).toBeVisible();
    await dialogo.getByLabel('Partida arancelaria').fill('8517.13');
    await dialogo.getByRole('button', { name: 'Buscar partida' }).click();
    await dialogo.getByLabel('Partida arancelaria').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await expect(dialogo.getByTitle(/^8517\.13\.00\.00/)).toBeVisible();
    await dialogo.getByLabel('Stock inicial').fill('5');
    await dialogo.getByRole('button', { name: 'Guardar' }).click();
    await expect(notificacion(page, 'Producto registrado con éxito')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Nuevo producto' })).toHaveCount(0);

    // Edit mode: description and internal code locked, stock hidden, Equivalencia enabled.
    await page.getByRole('button', { name: 'Editar producto' }).click();
    const editar = page.getByRole('dialog', { name: 'Editar producto' });
    await expect(editar.getByLabel('Descripción')).toHaveValue(`PARLANTE BLUETOOTH ${sufijo}`);
    await expect(editar.getByLabel('Descripción')).toBeDisabled();
    await expect(editar.getByLabel('Código interno')).toBeDisabled();
    await expect(editar.getByLabel('Stock inicial')).toHaveCount(0);
    await editar.getByRole('tab', { name: 'Equivalencia' }).click();
    const agregar = async () => {
      await editar.getByLabel('Cantidad base').fill('1');
      await editar.getByLabel('Unidad base').fill('Unidad');
      await editar.getByLabel('Unidad base').press('Enter');
      await editar.getByLabel('Cantidad equivalente').fill('0.75');
      await editar.getByLabel('Unidad equivalente').fill('Kilogramo');
      await editar.getByLabel('Unidad equivalente').press('Enter');
      await editar.getByRole('button', { name: 'Agregar equivalencia' }).click();
    };
    await agregar();
    await expect(notificacion(page, 'Equivalencia registrada con éxito')).toBeVisible();
    await expect(editar.getByRole('cell', { name: '1 NIU' })).toBeVisible();
    await agregar();
    await expect(notificacion(page, 'Esta equivalencia ya existe.')).toBeVisible();
    await editar.getByRole('button', { name: 'Eliminar equivalencia' }).click();
    await expect(notificacion(page, 'Equivalencia eliminada correctamente.')).toBeVisible();
    await expect(editar.getByRole('cell', { name: '1 NIU' })).toHaveCount(0);
  });

  test("levante: only for 'DUA/DAM IMPORTACIÓN' with external consultations on; four parts; switch off on the server", async ({
    page,
  }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/operations/order/register');
    const consultar = page.getByRole('button', { name: 'Consultar levante' });
    await elegir(page, 'Tipo de documento', 'FACTURA');
    await page.getByRole('switch', { name: 'Consultas externas' }).click();
    await expect(consultar).toHaveCount(0);
    await elegir(page, 'Tipo de documento', 'DUA/DAM IMPORTACIÓN');
    await expect(consultar).toBeVisible();
    await page.getByRole('switch', { name: 'Consultas externas' }).click();
    await expect(consultar).toHaveCount(0);
    await page.getByRole('switch', { name: 'Consultas externas' }).click();
    await page.getByLabel('N° de documento', { exact: true }).fill('172-2026-10');
    await consultar.click();
    const dialogo = page.getByRole('dialog', { name: 'Consulta de levante' });
    await expect(dialogo.getByLabel('N° de declaración')).toHaveValue('172-2026-10');
    await dialogo.getByRole('button', { name: 'Consultar' }).click();
    await expect(
      dialogo.getByText('El número de declaración debe tener cuatro partes separadas por guiones'),
    ).toBeVisible();
    await dialogo.getByLabel('N° de declaración').fill('172-2026-10-004512');
    await dialogo.getByRole('button', { name: 'Consultar' }).click();
    // This server runs with CONSULTAS_EXTERNAS off.
    await expect(dialogo.getByText('Error, Activar consultas externas SUNAT')).toBeVisible();
    await expect(dialogo.getByRole('button', { name: 'Usar datos' })).toBeDisabled();
  });

  test('Carga detalle del movimiento: template, errors per row (nothing saved), then the whole file', async ({
    page,
  }) => {
    await sesionPorApi(page, 'usuario2'); // company 3, flagged indicadorRegistroEspecialExcel
    const orden = await sembrarOrden(page, ['IMPRESORA', 'CÁMARA']);
    await page.goto(`/app/operations/order/register/${orden.codigoMovimiento}/${orden.codigoIngreso}`);
    await page.getByRole('button', { name: 'Carga detalle del movimiento' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Carga detalle del movimiento' });
    const descarga = page.waitForEvent('download');
    await dialogo.getByRole('button', { name: 'Descargar plantilla' }).click();
    expect((await descarga).suggestedFilename()).toBe('plantilla-detalle-movimiento.xlsx');

    const libro = async (filas: (string | number)[][]) => {
      const l = new ExcelJS.Workbook();
      const hoja = l.addWorksheet('Detalle');
      hoja.addRow(['TIPO_DOCUMENTO', 'NUMERO_DOCUMENTO', 'TIPO_PROVEEDOR', 'RUC_PROVEEDOR', 'RAZON_SOCIAL_PROVEEDOR']);
      for (const f of filas) hoja.addRow(f);
      return Buffer.from(await l.xlsx.writeBuffer());
    };
    const bien = ['1', 'F777-000001', '1', '20100223342', 'DISTRIBUIDORA NACIONAL', 'MOV-103', 5, 20, 10, ''];
    const mal = ['1', 'F777-000001', '1', '20100223342', 'DISTRIBUIDORA NACIONAL', 'NOEXISTE', 5, 20, 10, ''];
    const tipo = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    await dialogo
      .locator('input[type=file]')
      .setInputFiles({ name: 'detalle.xlsx', mimeType: tipo, buffer: await libro([bien, mal]) });
    await dialogo.getByRole('button', { name: 'Cargar', exact: true }).click();
    const errores = dialogo.getByLabel('Errores por fila');
    await expect(errores).toContainText('fila 3');
    await expect(errores).toContainText('Producto NOEXISTE no existe en el catálogo');
    const api = await apiDe(page);
    const antes = (await api.get(`/Movimiento/ListarRegistro?CodigoMovimiento=${orden.codigoMovimiento}`)).cuerpo.data;
    expect(antes.documentos).toHaveLength(2);

    await dialogo
      .locator('input[type=file]')
      .setInputFiles({ name: 'detalle.xlsx', mimeType: tipo, buffer: await libro([bien]) });
    await dialogo.getByRole('button', { name: 'Cargar', exact: true }).click();
    await expect(notificacion(page, 'Se registraron 1 documento(s) y 1 producto(s)')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'F777-000001', exact: true }).first()).toBeVisible();
    const despues = (await api.get(`/Movimiento/ListarRegistro?CodigoMovimiento=${orden.codigoMovimiento}`)).cuerpo
      .data;
    expect(despues.documentos).toHaveLength(3);
  });

  test('a company without the Excel flag has no mass load', async ({ page }) => {
    await sesionPorApi(page, 'usuario'); // company 2
    const orden = await sembrarOrden(page);
    await page.goto(`/app/operations/order/register/${orden.codigoMovimiento}/${orden.codigoIngreso}`);
    await expect(page.getByText('Modificar Operación')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Carga detalle del movimiento' })).toHaveCount(0);
  });
});
