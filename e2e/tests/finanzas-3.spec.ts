import { expect, type Page, test } from '@playwright/test';
import { elegirOpcion } from '../support/formularios';
import { apiDe } from '../support/ordenes';
import { iniciarSesion } from '../support/sesion';

/**
 * Finance, as a new billing clerk meets it: what a refused payment says and where, which payment dates can be
 * chosen, and the voucher dialog's lines at 1440 px. Nothing here is saved, so it runs beside the other specs.
 */
test.use({ viewport: { width: 1440, height: 900 } });
const sinMenu = (page: Page) => page.mouse.move(1300, 780);

test('un pago rechazado dice en su campo qué corregir, y no se elige una fecha de pago futura', async ({ page }) => {
  await iniciarSesion(page, 'tesorero');
  const api = await apiDe(page);
  const comprobantes = (await api.get('/Comprobante/ListarDatos?limit=100')).cuerpo.data as {
    serie: string;
    numero: number;
    tipoComprobante: string;
    saldo: string;
  }[];
  const v = comprobantes.find((f) => f.tipoComprobante !== '07' && Number(f.saldo) > 0);
  expect(v).toBeTruthy();
  const numero = `${v?.serie}-${String(v?.numero).padStart(8, '0')}`;
  await page.goto('/app/finances/Payments');
  await sinMenu(page);
  await page.getByRole('button', { name: 'Registrar pago' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Registrar pago' });
  await elegirOpcion(dialogo.getByLabel('Comprobante'), numero);

  // Tomorrow cannot be picked as the day the money came in.
  await dialogo.getByLabel('Fecha de pago').click();
  const manana = new Date(Date.now() - 5 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
  await expect(page.locator(`.ant-picker-dropdown:visible td[title="${manana}"]`)).toHaveClass(
    /ant-picker-cell-disabled/,
  );
  await page.keyboard.press('Escape');

  // A control character in the reference: the reason is under the reference, not only "errores en el formulario".
  await dialogo.getByLabel(/^Monto/).fill('1');
  await dialogo.getByLabel(/^Referencia/).fill('OP\u0001-1');
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialogo.getByText('El texto contiene caracteres de control no permitidos.')).toBeVisible();

  // More than the balance: the amount says so, with the balance.
  await dialogo.getByLabel(/^Referencia/).fill('OP-1');
  await dialogo.getByLabel(/^Monto/).fill(String(Number(v?.saldo) + 100));
  await dialogo.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialogo.getByText(/El monto excede el saldo del comprobante \(\d+\.\d{2}\)/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('pago-rechazado-1440.png') });
  await expect(dialogo).toBeVisible();
});

test('las líneas del comprobante quedan en una fila cada una y alineadas, aun con sus mensajes', async ({ page }) => {
  await iniciarSesion(page, 'tesorero');
  await page.goto('/app/finances/invoices');
  await sinMenu(page);
  await page.getByRole('button', { name: 'Emitir comprobante' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Emitir comprobante' });
  await dialogo.getByRole('button', { name: 'Agregar línea' }).click();
  await dialogo.getByTestId('linea-0').getByRole('textbox').first().fill('Estiba');
  // Refused: the second line's fields show their messages.
  await dialogo.getByRole('button', { name: 'Emitir' }).click();
  await expect(dialogo.getByTestId('linea-1').getByText('Seleccione la afectación')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('emision-lineas-1440.png') });
  const caja = async (l: ReturnType<typeof dialogo.locator>) => {
    const b = await l.boundingBox();
    if (!b) throw new Error('sin caja');
    return b;
  };
  const cajas = [];
  for (const i of [0, 1]) {
    const linea = dialogo.getByTestId(`linea-${i}`);
    const descripcion = await caja(linea.locator('input.ant-input').first());
    const afectacion = await caja(linea.locator('.ant-select').nth(1));
    const quitar = await caja(linea.getByRole('button', { name: 'Quitar' }));
    // The tax select and "Quitar" on the line's row, not wrapped under it.
    expect(Math.abs(afectacion.y - descripcion.y)).toBeLessThan(4);
    expect(quitar.y).toBeLessThan(descripcion.y + descripcion.height);
    expect(quitar.y + quitar.height).toBeGreaterThan(descripcion.y);
    cajas.push({ descripcion, afectacion });
  }
  // Columns line up from one line to the next.
  expect(Math.abs((cajas[0]?.afectacion.x ?? 0) - (cajas[1]?.afectacion.x ?? -99))).toBeLessThan(2);
  expect(Math.abs((cajas[0]?.descripcion.x ?? 0) - (cajas[1]?.descripcion.x ?? -99))).toBeLessThan(2);
});

test('la facturación automática no ofrece un mes que aún no empieza', async ({ page }) => {
  await iniciarSesion(page, 'tesorero');
  await page.goto('/app/finances/tasks');
  await sinMenu(page);
  await page.locator('.ant-picker input').first().click();
  const lima = new Date(Date.now() - 5 * 3600_000);
  const anio = lima.getUTCFullYear();
  const mes = lima.getUTCMonth() + 1;
  const titulo = (a: number, m: number) => `${a}-${String(m).padStart(2, '0')}`;
  const panel = page.locator('.ant-picker-dropdown:visible');
  await expect(panel.locator(`td[title="${titulo(anio, mes)}"]`)).not.toHaveClass(/ant-picker-cell-disabled/);
  // Next month: in this year's panel, or (in December) there is none after it in the panel.
  if (mes < 12)
    await expect(panel.locator(`td[title="${titulo(anio, mes + 1)}"]`)).toHaveClass(/ant-picker-cell-disabled/);
});
