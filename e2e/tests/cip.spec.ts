import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiDe } from '../support/ordenes';
import { sesionPorApi } from '../support/sesion';
import { retenerPeticiones } from '../support/retener';

/**
 * Industry: a company's production manager ('productor', level 2 of company 3) writes the CIP of a new
 * finished product and submits it; the operator ('admin') approves it; the company reports production; the
 * kardex shows the inputs out to production (10) and as waste (13) and the finished lot in (19); a manufacture
 * certificate is requested from that production and the treasurer authorizes it, seeing the production behind
 * the line.
 */
test.describe.configure({ mode: 'serial' });

const sufijo = String(Date.now()).slice(-6);
const PRODUCTO = `VINO TINTO QUEBRANTA E2E ${sufijo}`;
let codigoCip = 0;
let numeroParte = '';

/** Picks an option of an antd Select by typing part of its text. */
async function elegirOpcion(page: Page, campo: ReturnType<Page['getByLabel']>, texto: string) {
  await expect(async () => {
    await campo.click();
    await campo.fill(texto);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: texto }).first().click({
      timeout: 5_000,
    });
  }).toPass({ timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('the company writes a CIP of a new product and submits it', async ({ page }) => {
  await sesionPorApi(page, 'productor');
  const api = await apiDe(page);
  const nuevo = await api.post('/CatalogoUsuario/GuardarDatos', {
    data: {
      descripcion: PRODUCTO,
      codigoInterno: `E${sufijo}`,
      numeroPartida: '2204210000',
      codigoUnidadMedida: 'NIU',
      codigoExistencia: '02',
    },
  });
  expect(nuevo.status, JSON.stringify(nuevo.cuerpo)).toBe(200);

  await page.goto('/app/industry/cip');
  await expect(page.getByText('CIP (cuadro insumo-producto)')).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo CIP' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Nuevo CIP (cuadro insumo-producto)' });
  await elegirOpcion(page, dialogo.getByLabel('Producto terminado'), PRODUCTO);
  await dialogo.getByLabel('Descripción del proceso').fill('Molienda, fermentación y destilación');
  // Input 1: 2.5 kg of grapes per bottle with 4 % waste.
  await elegirOpcion(page, dialogo.getByLabel('Insumo 1', { exact: true }), 'UVA QUEBRANTA');
  await dialogo.getByLabel('Cantidad por unidad 1').fill('2.5');
  await expect(
    dialogo.getByLabel('Unidad 1').locator('xpath=ancestor::*[contains(@class,"ant-select")][1]'),
  ).toContainText('KGM');
  await dialogo.getByLabel('Merma % 1').fill('4');
  // Input 2: one bottle, no waste.
  await dialogo.getByRole('button', { name: 'Agregar insumo' }).click();
  await elegirOpcion(page, dialogo.getByLabel('Insumo 2', { exact: true }), 'BOTELLA DE VIDRIO');
  await dialogo.getByLabel('Cantidad por unidad 2').fill('1');
  await page.screenshot({ path: 'test-results/cip-editor-1440.png' });
  await dialogo.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(page.getByText('CIP guardado').first()).toBeVisible();
  await expect(page).toHaveURL(/cip=\d+/);
  codigoCip = Number(new URL(page.url()).searchParams.get('cip'));

  const cajon = page.getByRole('dialog', { name: `CIP N° ${codigoCip}` });
  await expect(cajon.getByText('BORRADOR', { exact: true })).toBeVisible();
  await expect(cajon.getByRole('cell', { name: 'UVA QUEBRANTA' })).toBeVisible();
  await cajon.getByRole('button', { name: 'Enviar al operador' }).click();
  await expect(page.getByText('CIP enviado al operador').first()).toBeVisible();
  await expect(cajon.getByText('ENVIADO', { exact: true })).toBeVisible();
  // A submitted version is no longer editable by the company.
  await expect(cajon.getByRole('button', { name: 'Editar' })).toHaveCount(0);
});

test('the operator approves it', async ({ page }) => {
  await sesionPorApi(page, 'admin');
  await page.goto(`/app/industry/cip?cip=${codigoCip}`);
  const cajon = page.getByRole('dialog', { name: `CIP N° ${codigoCip}` });
  await expect(cajon.getByText(PRODUCTO).first()).toBeVisible();
  await expect(cajon.getByText('ENVIADO', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/cip-revision-1440.png' });
  await cajon.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('CIP aprobado').first()).toBeVisible();
  await expect(cajon.getByText('APROBADO', { exact: true })).toBeVisible();
});

test("the register's Excel shows that it is being made, can be cancelled, and carries the approved CIP", async ({
  page,
}) => {
  await sesionPorApi(page, 'admin');
  await page.goto('/app/industry/cip');
  // Held before the server: the screen says it is preparing the file.
  const retenidas = await retenerPeticiones(page, '**/api/Industria/ExportarCip**');
  await page.getByRole('button', { name: 'Excel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Preparando el archivo…' })).toBeVisible();
  // Cancelled: no file, the message; then the next one saves it.
  let descargas = 0;
  page.on('download', () => {
    descargas += 1;
  });
  await page.getByRole('button', { name: 'Cancelar descarga' }).click();
  await expect(page.getByText('Descarga cancelada: no se guardó ningún archivo.')).toBeVisible();
  await retenidas.soltar();
  expect(descargas).toBe(0);
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Excel' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^CIP-\d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByRole('button', { name: 'Cancelar descarga' })).toHaveCount(0);
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile((await archivo.path()) as string);
  const textos = (libro.worksheets[0]?.getSheetValues() ?? []).flatMap((f) => (f as unknown[] | undefined) ?? []);
  expect(textos.map(String)).toContain(PRODUCTO);
});

test('the company reports production and the kardex shows 10, 13 and 19', async ({ page }) => {
  await sesionPorApi(page, 'productor');
  await page.goto('/app/industry/cip');
  await page.getByRole('button', { name: 'Registrar producción' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Registrar parte de producción' });
  await elegirOpcion(page, dialogo.getByLabel('Producto terminado'), PRODUCTO);
  await dialogo.getByLabel('Cantidad producida').fill('40');
  await dialogo.getByLabel('Peso neto (kg)').fill('36');
  await dialogo.getByLabel('Peso bruto (kg)').fill('52');
  await dialogo.getByRole('button', { name: 'Registrar producción' }).click();
  const hecho = page.getByRole('dialog', { name: 'Producción registrada' });
  await expect(hecho.getByText(`40.000 NIU de ${PRODUCTO}`)).toBeVisible();
  // 40 × 2.5 kg = 100.000 kg of grapes into the product, 4 % = 4.000 kg waste; 40 bottles.
  const uva = hecho.locator('.ant-table-row').filter({ hasText: 'UVA QUEBRANTA' });
  await expect(uva).toContainText('100.000');
  await expect(uva).toContainText('4.000');
  await expect(hecho.locator('.ant-table-row').filter({ hasText: 'BOTELLA DE VIDRIO' })).toContainText('40.000');
  numeroParte = /PROD-\d{6}/.exec((await hecho.locator('.ant-result-title').textContent()) ?? '')?.[0] ?? '';
  expect(numeroParte).toMatch(/^PROD-\d{6}$/);
  await page.screenshot({ path: 'test-results/cip-produccion-1440.png' });
  await hecho.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();

  // The report is in the production list.
  await page.getByRole('tab', { name: 'Partes de producción' }).click();
  await expect(page.locator('.ant-table-row').filter({ hasText: numeroParte })).toBeVisible();

  // Kardex of the grapes: the report's exit to production (10) and its waste (13).
  const api = await apiDe(page);
  // The product list answers 50 at most: each product is searched by its text.
  const idDe = async (texto: string) => {
    const r = await api.get(`/Industria/ProductosCip?Tipo=insumos&Buscar=${encodeURIComponent(texto)}`);
    const productos = r.cuerpo.data as { codigoCatalogoUsuario: number; descripcion: string }[];
    const id = productos.find((p) => p.descripcion.startsWith(texto))?.codigoCatalogoUsuario;
    expect(id, texto).toBeTruthy();
    return id;
  };
  await page.goto(`/app/inventory/kardex?producto=${await idDe('UVA QUEBRANTA')}&orden=desc`);
  const filas = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: numeroParte });
  await expect(filas.filter({ hasText: '10 Salida a producción' })).toContainText('100.000');
  await expect(filas.filter({ hasText: '13 Mermas' })).toContainText('4.000');
  await page.screenshot({ path: 'test-results/cip-kardex-insumo-1440.png', fullPage: true });
  // Kardex of the finished product: the lot produced (19).
  await page.goto(`/app/inventory/kardex?producto=${await idDe(PRODUCTO)}&orden=desc`);
  const entrada = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: numeroParte });
  await expect(entrada.filter({ hasText: '19 Entrada de producción' })).toContainText('40.000');
  await page.screenshot({ path: 'test-results/cip-kardex-terminado-1440.png', fullPage: true });

  // The catalogue's product dialog: its Producción tab lists the CIP versions and the report.
  await page.goto(`/app/administration/products?c=C.DESCRIPCION&v=${encodeURIComponent(PRODUCTO)}`);
  const fila = page.locator('.ant-table-row').filter({ hasText: PRODUCTO });
  await fila.getByRole('button', { name: 'Editar' }).click();
  const producto = page.getByRole('dialog', { name: 'Editar Producto' });
  await producto.getByRole('tab', { name: 'Producción' }).click();
  await expect(producto.locator('.ant-table-row').filter({ hasText: 'APROBADO' })).toHaveCount(1);
  await expect(producto.locator('.ant-table-row').filter({ hasText: numeroParte })).toContainText('40.000 NIU');
  await page.screenshot({ path: 'test-results/cip-producto-produccion-1440.png' });
});

test('a certificate is requested from that production and authorized', async ({ page }) => {
  await sesionPorApi(page, 'productor');
  await page.goto('/app/operations/manufacture');
  await page.getByRole('button', { name: 'Generar certificado' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitud de Certificado de Manufactura' });
  await elegirOpcion(page, dialogo.getByLabel('Desde un parte de producción'), numeroParte);
  const linea = dialogo.locator('.ant-table-row').filter({ hasText: PRODUCTO });
  await expect(linea).toContainText(numeroParte);
  await expect(linea).toContainText('40.000');
  await expect(linea).toContainText('52.000');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Certificado registro con éxito').first()).toBeVisible();
  await dialogo.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();

  await sesionPorApi(page, 'tesorero');
  await page.goto('/app/operations/manufacture?c=empresaUsuario&v=ALTIPLANO');
  const fila = page.locator('.ant-table-row').filter({ hasText: 'PENDIENTE DE AUTORIZACIÓN' }).first();
  await expect(fila).toContainText('TECNOLOGÍA ALTIPLANO');
  await fila.getByRole('button', { name: 'Autorizar' }).click();
  const aprobacion = page.getByRole('dialog', { name: 'Aprobación - Certificado Manufactura' });
  const lineaAprobacion = aprobacion.locator('.ant-table-row').filter({ hasText: PRODUCTO });
  await expect(lineaAprobacion).toContainText(numeroParte);
  await page.screenshot({ path: 'test-results/cip-certificado-aprobacion-1440.png' });
  await aprobacion.getByLabel('Aplica a la nueva individualidad').check();
  await aprobacion.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText('Transacción Ejecutada con éxito').first()).toBeVisible();
  // The row (this company has no other request) now shows its number.
  const autorizada = page.locator('.ant-table-row').filter({ hasText: 'TECNOLOGÍA ALTIPLANO' }).first();
  await expect(autorizada).toContainText('AUTORIZADO');
  await expect(autorizada).toContainText(/CM-\d{4}-\d{6}/);
});

test('the CIP and production dialogs refuse an empty form on the form itself, without a page error', async ({
  page,
}) => {
  const fallos: string[] = [];
  page.on('pageerror', (e) => fallos.push(e.message));
  await sesionPorApi(page, 'productor');
  // On a phone: the product field stays inside the dialog (380 px wide, it ran past the dialog's right edge).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/industry/cip');
  await page.getByRole('button', { name: 'Nuevo CIP' }).click();
  const cip = page.getByRole('dialog', { name: 'Nuevo CIP (cuadro insumo-producto)' });
  const borde = async (l: Locator) => ((await l.boundingBox())?.x ?? 0) + ((await l.boundingBox())?.width ?? 0);
  const producto = cip.locator('.ant-select').first();
  expect(await borde(producto)).toBeLessThanOrEqual(
    (await borde(cip.getByRole('button', { name: 'Guardar borrador' }))) + 1,
  );
  await cip.getByRole('button', { name: 'Guardar borrador' }).click();
  await expect(cip.getByText('Debe seleccionar el producto terminado')).toBeVisible();
  await cip.getByRole('button', { name: 'Cancelar' }).click();
  await expect(cip).toBeHidden();
  await page.getByRole('button', { name: 'Registrar producción' }).click();
  const parte = page.getByRole('dialog', { name: 'Registrar parte de producción' });
  await parte.getByRole('button', { name: 'Registrar producción' }).click();
  await expect(parte.getByText('Indique la cantidad')).toBeVisible();
  expect(fallos).toEqual([]);
});
