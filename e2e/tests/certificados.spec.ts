import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { textoDePdf } from '../../apps/server/test/pdf-texto';
import { iniciarSesion } from '../support/sesion';

/**
 * Manufacture certificates: a company administrator ('fabricante', level 2 of company 6) requests a
 * certificate with three products and a PDF; the treasurer (level 9) authorizes it; the company downloads the
 * generated PDF; the QR's page says valid; another request is rejected; buttons follow the levels of spec 02 §6.
 */
test.describe.configure({ mode: 'serial' });

const PAGINA = '/app/operations/manufacture';
const PDF_ACTA = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function abrirPantalla(page: Page, usuario: string) {
  await iniciarSesion(page, usuario);
  await page.goto(PAGINA);
  // Keep the pointer off the sidebar (it expands on hover over the page's controls).
  await page.mouse.move(1300, 780);
  await expect(page.getByText('Certificados de Manufactura').first()).toBeVisible();
}

async function agregarProducto(dialogo: ReturnType<Page['getByRole']>, texto: string, cantidad: string) {
  await dialogo.getByLabel('Descripción del producto').fill(texto);
  await dialogo.getByRole('button', { name: 'Buscar producto' }).click();
  await expect(dialogo.getByRole('combobox', { name: 'Producto' })).toBeEnabled();
  await expect(dialogo.locator(`[title*="${texto}"]`).first()).toBeVisible();
  await dialogo.getByRole('spinbutton', { name: 'Cantidad' }).fill(cantidad);
  await dialogo.getByRole('spinbutton', { name: 'Bultos' }).fill('10');
  await dialogo.getByRole('spinbutton', { name: 'Peso neto' }).fill('100.5');
  await dialogo.getByRole('spinbutton', { name: 'Peso bruto' }).fill('110.25');
  await dialogo.getByRole('button', { name: 'Agregar' }).click();
  await expect(dialogo.locator('.ant-table-row').filter({ hasText: texto })).toBeVisible();
}

let numeroCertificado = '';
let urlVerificacion = '';

test('a company requests a certificate with three products and a PDF', async ({ page }) => {
  await abrirPantalla(page, 'fabricante');
  await page.getByRole('button', { name: 'Generar certificado' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Solicitud de Certificado de Manufactura' });
  await expect(dialogo.getByRole('textbox', { name: 'Días de vigencia' })).toHaveValue('180');
  // Guardar without lines is refused.
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debe agregar al menos un producto').first()).toBeVisible();
  // A search with empty text gives the spec's message.
  await dialogo.getByRole('button', { name: 'Buscar producto' }).click();
  await expect(page.getByText('Debe ingresar una cantidad o descripción del producto').first()).toBeVisible();

  await agregarProducto(dialogo, 'POLO DE ALGODÓN', '1200');
  await agregarProducto(dialogo, 'CHOMPA DE FIBRA', '300');
  await agregarProducto(dialogo, 'MANTA TEJIDA', '85.5');
  await dialogo.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Certificado registro con éxito').first()).toBeVisible();

  await expect(dialogo.getByText('Adjunte el acta')).toBeVisible();
  await dialogo
    .locator('input[type=file]')
    .setInputFiles({ name: 'acta-produccion.pdf', mimeType: 'application/pdf', buffer: PDF_ACTA });
  await expect(page.getByText('Archivo agregado correctamente').first()).toBeVisible();
  await expect(dialogo.getByRole('button', { name: 'acta-produccion.pdf' })).toBeVisible();
  await dialogo.locator('.ant-modal-footer').getByRole('button', { name: 'Cerrar' }).click();

  // The newest row of this company: other specs (cip.spec.ts) request certificates of other companies meanwhile.
  const fila = page.locator('.ant-table-row').filter({ hasText: 'INDUSTRIAS TEXTILES CAPLINA' }).first();
  await expect(fila).toContainText('SIN CERTIFICADO');
  await expect(fila).toContainText('PENDIENTE DE AUTORIZACIÓN');
  await expect(fila).toContainText('INDUSTRIAS TEXTILES CAPLINA');
});

test('the treasurer authorizes it (the first option is required)', async ({ page }) => {
  await abrirPantalla(page, 'tesorero');
  // The newest row of this company: other specs (cip.spec.ts) request certificates of other companies meanwhile.
  const fila = page.locator('.ant-table-row').filter({ hasText: 'INDUSTRIAS TEXTILES CAPLINA' }).first();
  await expect(fila).toContainText('INDUSTRIAS TEXTILES CAPLINA');
  await fila.getByRole('button', { name: 'Autorizar' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Aprobación - Certificado Manufactura' });
  await expect(dialogo).toContainText('POLO DE ALGODÓN PIMA MANGA CORTA');
  await expect(dialogo).toContainText('MANTA TEJIDA DE LANA DE OVINO');
  await expect(dialogo).toContainText('SIN NUMERO');
  await expect(dialogo.getByRole('button', { name: 'acta-produccion.pdf' })).toBeVisible();
  await dialogo.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText('Debe aplicar al menos una opcion adicional').first()).toBeVisible();
  await dialogo.getByLabel('Aplica a la nueva individualidad').check();
  await dialogo.getByRole('button', { name: 'Autorizar' }).click();
  await expect(page.getByText('Transacción Ejecutada con éxito').first()).toBeVisible();
  await expect(fila).toContainText('AUTORIZADO');
  numeroCertificado = ((await fila.locator('td').nth(1).textContent()) ?? '').trim();
  expect(numeroCertificado).toMatch(/^CM-\d{4}-\d{6}$/);
  await expect(fila.getByRole('button', { name: 'Autorizar' })).toHaveCount(0);
});

test('the company downloads the generated PDF, and its QR page says valid', async ({ page, browser }) => {
  await abrirPantalla(page, 'fabricante');
  const fila = page.locator('.ant-table-row').filter({ hasText: numeroCertificado });
  const descarga = page.waitForEvent('download');
  await fila.getByRole('button', { name: `Descargar certificado ${numeroCertificado}` }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe(`${numeroCertificado}.pdf`);
  const lineas = textoDePdf(readFileSync((await archivo.path()) ?? ''));
  // Long descriptions wrap inside their table cell: lines joined with a space read as printed.
  const texto = lineas.join(' ').replace(/\s+/g, ' ');
  expect(texto).toContain(`N° ${numeroCertificado}`);
  for (const p of ['POLO DE ALGODÓN PIMA MANGA CORTA', 'CHOMPA DE FIBRA DE ALPACA', 'MANTA TEJIDA DE LANA DE OVINO']) {
    expect(texto).toContain(p);
  }
  expect(texto).toContain('ELENA CHAMBI TORRES');
  // The address (the QR's content) wraps over two lines; the code is also printed on its own line.
  const codigo = /Código de verificación: ([\w-]+)/.exec(texto)?.[1] ?? '';
  expect(codigo).toHaveLength(32);
  const direccion = /https?:\/\/\S+?verificar-certificado\?numero=[^&\s]+&codigo=/.exec(lineas.join(''))?.[0] ?? '';
  expect(lineas.join('')).toContain(`${direccion}${codigo}`);
  urlVerificacion = `${direccion}${codigo}`;
  expect(urlVerificacion).toContain(numeroCertificado);

  // Anyone, without a session, opens the QR's address.
  const anonimo = await browser.newContext();
  const publica = await anonimo.newPage();
  await publica.goto(urlVerificacion);
  await expect(publica.getByText('Certificado válido')).toBeVisible();
  await expect(publica.getByText(numeroCertificado).first()).toBeVisible();
  await expect(publica.getByText('INDUSTRIAS TEXTILES CAPLINA')).toHaveCount(0);
  // A tampered code or an unknown number is not valid.
  await publica.goto(urlVerificacion.replace(/codigo=([\w-])/, (_m, c: string) => `codigo=${c === 'A' ? 'B' : 'A'}`));
  await expect(publica.getByText('Certificado no válido')).toBeVisible();
  await publica.goto('/verificar-certificado?numero=CM-2026-999999&codigo=abc');
  await expect(publica.getByText('Certificado no válido')).toBeVisible();
  await anonimo.close();
});

test('another request is rejected with an observation and shows RECHAZADO', async ({ page }) => {
  await abrirPantalla(page, 'tesorero');
  // The list keeps its search in the address: company name contains CALZADOS.
  await page.goto(`${PAGINA}?c=empresaUsuario&v=CALZADOS`);
  await expect(page.getByRole('textbox', { name: 'Buscar' })).toHaveValue('CALZADOS');
  const pendiente = page.locator('.ant-table-row').filter({ hasText: 'PENDIENTE DE AUTORIZACIÓN' }).first();
  await expect(pendiente).toContainText('CALZADOS DEL PACÍFICO');
  await pendiente.getByRole('button', { name: 'Autorizar' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Aprobación - Certificado Manufactura' });
  await dialogo.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Debe ingresar una observación para rechazar').first()).toBeVisible();
  await dialogo.getByLabel('Observaciones').fill('Falta el acta de producción firmada');
  await dialogo.getByRole('button', { name: 'Rechazar' }).click();
  await expect(page.getByText('Transacción Ejecutada con éxito').first()).toBeVisible();
  await expect(
    page.locator('.ant-table-row').filter({ hasText: 'RECHAZADO' }).filter({ hasText: 'CALZADOS' }).first(),
  ).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: 'PENDIENTE DE AUTORIZACIÓN' })).toHaveCount(0);
  // The rejected one opens as a read-only detail.
  await page
    .locator('.ant-table-row')
    .filter({ hasText: 'RECHAZADO' })
    .first()
    .getByRole('button', { name: 'Ver detalle' })
    .click();
  const detalle = page.getByRole('dialog', { name: 'Detalle - registro de certificado' });
  await expect(detalle.getByLabel('Observaciones')).toHaveValue('Falta el acta de producción firmada');
  await expect(detalle.getByRole('button', { name: 'Autorizar' })).toHaveCount(0);
});

const BOTONES: { usuario: string; solicita: boolean; autoriza: boolean }[] = [
  { usuario: 'fabricante', solicita: true, autoriza: false },
  { usuario: 'balanza', solicita: true, autoriza: false },
  { usuario: 'usuario', solicita: false, autoriza: false },
  { usuario: 'tesorero', solicita: false, autoriza: true },
  { usuario: 'superadmin', solicita: true, autoriza: true },
];
for (const b of BOTONES) {
  test(`buttons by level: ${b.usuario}`, async ({ page }) => {
    await abrirPantalla(page, b.usuario);
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generar certificado' })).toHaveCount(b.solicita ? 1 : 0);
    await expect(page.getByRole('button', { name: 'Actualizar' })).toHaveCount(b.solicita ? 1 : 0);
    const autorizar = page.locator('.ant-table-row').getByRole('button', { name: 'Autorizar' });
    if (b.autoriza) await expect(autorizar.first()).toBeVisible();
    else await expect(autorizar).toHaveCount(0);
    // Never on an authorized or rejected row.
    await expect(
      page
        .locator('.ant-table-row')
        .filter({ hasText: /AUTORIZADO|RECHAZADO/ })
        .getByRole('button', { name: 'Autorizar' }),
    ).toHaveCount(0);
  });
}
