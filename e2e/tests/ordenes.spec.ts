import { expect, type Page, test } from '@playwright/test';
import { abrirPestania, apiDe, elegir, sembrarOrden } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';

/** Adds a document and one entry product line through the documents card. */
async function documentoConProducto(page: Page, numero: string, producto = 'LAPTOP') {
  await elegir(page, 'Tipo de documento', 'FACTURA');
  await page.getByLabel('N° de documento', { exact: true }).fill(numero);
  await page.getByLabel('N° de proveedor').fill('20100223342');
  await page.getByLabel('Razón del proveedor').fill('DISTRIBUIDORA NACIONAL DEL PERÚ S.A.');
  await page.getByRole('button', { name: 'Agregar documento' }).click();
  await page.getByLabel('Producto', { exact: true }).fill(producto);
  // The option of the typed text, not the first one shown: until the search answers, the list can still hold
  // other products (one another spec has just created).
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: producto })
    .first()
    .click();
  await page.getByLabel('Cantidad', { exact: true }).fill('2');
  await page.getByLabel('Peso', { exact: true }).fill('12.5');
  await page.getByRole('button', { name: 'Guardar producto' }).click();
}

test.describe('order registration (role 8, company 2)', () => {
  test('each format error of §5 shows its exact message and blocks saving', async ({ page }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/operations/order/register');
    const guardados: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/Movimiento/GuardarMovimiento')) guardados.push(r.url());
    });
    await expect(page.getByRole('button', { name: 'Registrar operación' })).toBeDisabled();
    await elegir(page, 'Tipo de mercancía', 'Extranjera');
    await elegir(page, 'País', 'Chile');
    await elegir(page, 'Vía', 'Terrestre');
    await documentoConProducto(page, 'F001-77001');
    const registrar = page.getByRole('button', { name: 'Registrar operación' });
    await expect(registrar).toBeEnabled();

    // National formats.
    await elegir(page, 'Tipo de vehículo', 'Tracto con semirremolque');
    await page.getByLabel('Placa', { exact: true }).fill('AB-12');
    await page.getByLabel('Placa remolque').fill('ZZ1234');
    await page.getByLabel('Guía de transportista').fill('001-1');
    await page.getByLabel('N° de licencia').fill('12345678');
    await elegir(page, 'Tipo de carga', 'Contenedor');
    await page.getByLabel('N° de contenedor').fill('ABC123');
    await registrar.click();
    await expect(page.getByText('Debe rellenar o corregir los campos obligatorios')).toBeVisible();
    await expect(page.getByText('Formato correcto es Ej: ABC-123')).toHaveCount(2);
    await expect(page.getByText('Formato correcto es Ej: 0001-123456')).toBeVisible();
    await expect(page.getByText('Formato correcto es Ej: A12345678')).toBeVisible();
    await expect(page.getByText('Formato correcto es Ej: CSQU305438-3')).toBeVisible();

    // A foreign carrier switches plates and licence to the foreign formats.
    await elegir(page, 'Documento transportista', 'Extranjero');
    await page.getByLabel('RUC transportista').first().fill('CL-76543210');
    await page.getByRole('button', { name: 'Buscar' }).first().click();
    await expect(page.getByText('Transportista dispone de un contrato vigente')).toBeVisible();
    await page.getByLabel('Placa', { exact: true }).fill('AB-1');
    await page.getByLabel('N° de licencia').fill('A12345678');
    await registrar.click();
    await expect(page.getByText('Formato correcto es Ej: ABC-1234').first()).toBeVisible();
    await expect(page.getByText('Formato correcto es Ej: 1234567890')).toBeVisible();
    expect(guardados).toHaveLength(0);
  });

  test('registers a vehicle exit with a container, two documents and three products from lots, uploads a PDF and sees the OP code', async ({
    page,
  }) => {
    // About forty selects, inputs and three kardex pickers: on the shared two-core machine this walk-through
    // alone takes 60-90 s, so it gets a larger limit than the suite's 60 s (editing is its own test below).
    test.setTimeout(180_000);
    await sesionPorApi(page, 'usuario');
    // Products and lots of its own: other specs reserve from the demo lots at the same time, and the kardex
    // picker's first lot must hold what this order withdraws.
    const marca = String(Date.now()).slice(-6);
    const catalogo = await apiDe(page);
    const producto = async (nombre: string, partida: string) => {
      const r = await catalogo.post('/CatalogoUsuario/GuardarDatos', {
        data: {
          descripcion: `${nombre} SALIDA ${marca}`,
          codigoInterno: `S${nombre.slice(0, 2)}${marca}`,
          numeroPartida: partida,
          codigoUnidadMedida: 'NIU',
          codigoExistencia: '01',
          stock: 20,
        },
      });
      expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
      return `${nombre} SALIDA ${marca}`;
    };
    const celular = await producto('CELULAR', '8517130000');
    const portatil = await producto('PORTATIL', '8471300000');
    const licor = await producto('LICOR', '2208300000');
    await page.goto('/app/operations/order/register');
    await elegir(page, 'Tipo de operación', 'Salida');
    await elegir(page, 'Tipo de mercancía', 'Exportación');
    await elegir(page, 'País', 'Bolivia');
    await elegir(page, 'Vía', 'Terrestre');
    await page.getByLabel('RUC transportista').first().fill('20445566773');
    await page.getByRole('button', { name: 'Buscar' }).first().click();
    await expect(page.getByText('Transportista dispone de un contrato vigente')).toBeVisible();
    await page.getByLabel('N° de documento de identidad').fill('45678912');
    await page.getByRole('button', { name: 'Buscar' }).nth(1).click();
    await expect(page.getByLabel('Nombres')).toHaveValue('JUAN CARLOS');
    await elegir(page, 'Tipo de vehículo', 'Camión simple');
    await page.getByLabel('Placa', { exact: true }).fill('Z4T-931');
    await elegir(page, 'Clase de licencia', 'A-IIIc');
    await page.getByLabel('N° de licencia').fill('H45678912');
    await page.getByLabel('Guía de transportista').fill('T001-004512');
    await elegir(page, 'Tipo de carga', 'Contenedor');
    await page.getByLabel('N° de contenedor').fill('MSKU123456-5');
    await elegir(page, 'Tipo de contenedor', "40' Dry");
    await elegir(page, 'Línea naviera', 'Maersk');
    await page.getByLabel('N° de bultos').fill('10');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'guia.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await expect(page.getByText('Archivo cargado de forma temporal')).toBeVisible();

    const agregarDocumento = async (tipo: string, numero: string) => {
      await elegir(page, 'Tipo de documento', tipo);
      await page.getByLabel('N° de documento', { exact: true }).fill(numero);
      await page.getByLabel('N° de proveedor').fill('20100223342');
      await page.getByLabel('Razón del proveedor').fill('DISTRIBUIDORA NACIONAL DEL PERÚ S.A.');
      await page.getByRole('button', { name: 'Agregar documento' }).click();
    };
    const agregarProducto = async (texto: string, cantidad: string) => {
      await page.getByLabel('Producto', { exact: true }).fill(texto);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: texto })
        .first()
        .click();
      await page.getByLabel('Cantidad', { exact: true }).fill(cantidad);
      await page.getByLabel('Peso', { exact: true }).fill('12.5');
      await page.getByRole('button', { name: 'Kardex' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Kardex del almacén' });
      await dialogo.getByRole('spinbutton').first().fill(cantidad);
      const total = Number(cantidad).toFixed(4);
      await expect(dialogo.getByText(`Total a retirar: ${total}, registrados: ${total}`)).toBeVisible();
      await dialogo.getByRole('button', { name: 'Aceptar' }).click();
      await page.getByRole('button', { name: 'Guardar producto' }).click();
    };
    await agregarDocumento('DUA/DAM EXPORTACIÓN', '172-2026-40-000999');
    await agregarProducto(celular, '3');
    await agregarProducto(portatil, '2');
    await agregarDocumento('FACTURA', 'F001-00234');
    await agregarProducto(licor, '4');
    await page.getByRole('button', { name: 'Registrar operación' }).click();
    const aviso = page.getByText(/Operación registrada: OP\d{7}/);
    await expect(aviso).toBeVisible();
    const codigo = (await aviso.textContent())?.match(/OP\d{7}/)?.[0];
    const api = await apiDe(page);
    const orden = (await api.get(`/Movimiento/ListarRegistro?CodigoIngreso=${codigo}`)).cuerpo.data;
    expect(orden.numeroContenedor).toBe('MSKU123456-5');
    expect(orden.documentos).toHaveLength(2);
    const lineas = orden.documentos.flatMap((d: { productos: { codigoProductoSaliente: unknown[] }[] }) => d.productos);
    expect(lineas).toHaveLength(3);
    const archivos = await api.get(`/Balanza/ConsutarArchivo?CodigoMovimiento=${orden.codigoMovimiento}`);
    expect(archivos.cuerpo.data).toHaveLength(1);
  });

  test('edit mode: the transporter card is updated alone and a stored document is deleted after confirmation', async ({
    page,
  }) => {
    await sesionPorApi(page, 'usuario');
    const orden = await sembrarOrden(page);
    await page.goto(`/app/operations/order/register/${orden.codigoMovimiento}/${orden.codigoIngreso}`);
    await expect(page.getByText('Modificar Operación')).toBeVisible();
    await expect(page.getByLabel('Tipo de operación')).toBeDisabled();
    await page.getByLabel('Placa', { exact: true }).fill('Z4T-555');
    await page.getByLabel('N° de bultos').fill('99');
    await page
      .locator('.ant-card')
      .filter({ hasText: 'Datos del Transportista' })
      .getByRole('button', { name: 'Actualizar' })
      .click();
    await expect(page.getByText('Registro actualizado con éxito')).toBeVisible();
    await page.getByRole('button', { name: `Quitar documento ${orden.factura}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Registro eliminado con éxito')).toBeVisible();
    const despues = (
      await (await apiDe(page)).get(`/Movimiento/ListarRegistro?CodigoMovimiento=${orden.codigoMovimiento}`)
    ).cuerpo.data;
    expect(despues.placaUno).toBe('Z4T-555');
    // The cargo card was not sent: its packages stay as stored.
    expect(despues.numeroBultos).toBe(10);
    expect(despues.documentos).toHaveLength(1);
  });

  test('pedestrian order with DNI lookup; a foreign driver through Registro Usuario', async ({ page }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/operations/order/register');
    await abrirPestania(page, 'Ingreso Peatonal');
    const panel = page.getByRole('tabpanel', { name: 'Ingreso Peatonal' });
    await panel.getByLabel('N° de documento de identidad').fill('70123456');
    await panel.getByRole('button', { name: 'Buscar' }).click();
    await expect(panel.getByLabel('Nombres')).toHaveValue('ROSA MARÍA');
    await panel.getByLabel('Tipo de documento de identidad').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Pasaporte', { exact: true }).click();
    await panel.getByLabel('N° de documento de identidad').fill('PX998877');
    await panel.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByText('Usuario no registrado')).toBeVisible();
    const dialogo = page.getByRole('dialog', { name: 'Registro Usuario' });
    await dialogo.getByLabel('Nombres').fill('MARCO');
    await dialogo.getByLabel('Apellido paterno').fill('ROSSI');
    await dialogo.getByLabel('Apellido materno').fill('BIANCHI');
    await dialogo.getByRole('button', { name: 'Registrar' }).click();
    await expect(panel.getByLabel('Apellido paterno')).toHaveValue('ROSSI');
  });

  test("a foreign carrier through the '100' path: Registro Empresa, then its contract validity", async ({ page }) => {
    await sesionPorApi(page, 'usuario');
    await page.goto('/app/operations/order/register');
    await elegir(page, 'Documento transportista', 'Extranjero');
    const numero = `AR${String(Date.now()).slice(-8)}`;
    await page.getByLabel('RUC transportista').first().fill(numero);
    await page.getByRole('button', { name: 'Buscar' }).first().click();
    const empresa = page.getByRole('dialog', { name: 'Registro Empresa' });
    await expect(empresa.getByLabel('N° de registro')).toHaveValue(numero);
    await expect(empresa.getByLabel('N° de registro')).toHaveAttribute('readonly', '');
    await empresa.getByRole('button', { name: 'Guardar' }).click();
    await expect(empresa.getByText('Este es un campo requerido')).toHaveCount(2);
    await empresa.getByLabel('Razón social').fill('TRANSPORTES MENDOZA S.A.');
    await empresa.getByLabel('Dirección').fill('Av. San Martín 1200, Mendoza');
    await empresa.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Transportista registrado correctamente')).toBeVisible();

    const vigencia = page.getByRole('dialog', { name: 'Registrar vigencia Transpotista' });
    await expect(vigencia.getByLabel('Razón social')).toHaveValue('TRANSPORTES MENDOZA S.A.');
    // Start today, end 364 days later; only role 1 edits the dates.
    await expect(vigencia.getByLabel('Fecha de inicio')).toBeDisabled();
    await vigencia.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByLabel('Razón social transportista')).toHaveValue('TRANSPORTES MENDOZA S.A.');
    const r = await (await apiDe(page)).get(
      `/Movimiento/ConsultarTransportistaPorUsuario?Ruc=${numero}&CodigoTipoDocumentoEmpresa=0`,
    );
    expect(r.cuerpo.success).toBe('true');
  });
});
