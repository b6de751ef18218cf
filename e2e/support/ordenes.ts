import { expect, type Page } from '@playwright/test';
import { tokenDe } from './sesion';

/** Picks an option of an antd Select opened from its labelled input. */
export async function elegir(page: Page, etiqueta: string, opcion: string) {
  const campo = page.getByLabel(etiqueta, { exact: true }).first();
  const seleccion = campo.locator(
    "xpath=ancestor::*[contains(concat(' ', normalize-space(@class), ' '), ' ant-select ')][1]",
  );
  // A click that lands while another list is still closing can leave the field empty: choose until the field
  // shows the option.
  await expect(async () => {
    await campo.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(opcion, { exact: true }).click({ timeout: 5_000 });
    await expect(seleccion.getByTitle(opcion, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** API calls on behalf of the page's signed-in user (seeding and checks faster than the screens). */
export async function apiDe(page: Page) {
  const token = await tokenDe(page);
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (ruta: string) => {
      const r = await page.request.get(`/api${ruta}`, { headers });
      return { status: r.status(), cuerpo: await r.json().catch(() => null) };
    },
    post: async (ruta: string, data: unknown) => {
      const r = await page.request.post(`/api${ruta}`, { headers, data });
      return { status: r.status(), cuerpo: await r.json().catch(() => null) };
    },
    multipart: async (
      ruta: string,
      campos: Record<string, string>,
      archivo: { name: string; mimeType: string; buffer: Buffer },
    ) => {
      const r = await page.request.post(`/api${ruta}`, { headers, multipart: { ...campos, files: archivo } });
      return { status: r.status(), cuerpo: await r.json().catch(() => null) };
    },
  };
}

/** Today in Lima as the API's timestamp (date plus time, -05:00). */
export const ahoraLima = () => {
  const d = new Date(Date.now() - 5 * 3600_000);
  return `${d.toISOString().slice(0, 16)}:00-05:00`;
};

/** What every entry order's header the API-seeding helpers send has in common: the goods, the customs exit, the person. */
const CABECERA_COMUN = {
  codigoTipoOperacion: 1,
  codigoTipoMercaderia: 'EXT',
  paisProcedencia: 'CL',
  codigoVia: '2',
  codigoSalidaAduana: '172',
  codigoTipoDocumentoIdentidad: '1',
  nombres: 'JUAN CARLOS',
  apellidoPaterno: 'MAMANI',
  apellidoMaterno: 'QUISPE',
  codigoTipoCarga: 1,
  numeroBultos: 12,
};

/**
 * The header of a vehicle entry order ('VH') as the API-seeding helpers send it: company 2's demo carrier, vehicle
 * and driver, with the given fields replaced. The caller adds its documents.
 */
export const cabeceraOrdenVehicular = (cambios: Record<string, unknown> = {}) => ({
  ...CABECERA_COMUN,
  codigoTipoIngreso: 'VH',
  fechaIngreso: new Date().toISOString(),
  numeroDocumentoIdentidad: '45678912',
  rucTransportistaUsuario: '20445566773',
  codigoTipoVehiculo: '5',
  placaUno: 'Z4T-931',
  codigoClaseBrevete: 'A-IIIb',
  numeroBrevete: 'H45678912',
  guiaTransportista: '0001-004512',
  ...cambios,
});

/** The header of a pedestrian entry order ('PE'): no carrier nor vehicle, another person's document. */
export const cabeceraOrdenPeatonal = (cambios: Record<string, unknown> = {}) => ({
  ...CABECERA_COMUN,
  codigoTipoIngreso: 'PE',
  fechaIngreso: new Date().toISOString(),
  numeroDocumentoIdentidad: '47125836',
  ...cambios,
});

/**
 * Registers an entry order for the signed-in company-2 user through the API: carrier 20445566773, driver
 * 45678912, a factura and a DUA with the given catalogue products (a vehicle order, 'VH'), or the factura alone
 * with all of them for another entry type ('PT': finished product). Returns its id and OP code.
 */
export async function sembrarOrden(
  page: Page,
  productos: string[] = ['LAPTOP', 'WHISKY'],
  codigoTipoIngreso: 'VH' | 'PT' = 'VH',
) {
  const api = await apiDe(page);
  const ids: number[] = [];
  for (const texto of productos) {
    const r = await api.get(`/CatalogoUsuario/ConsultarDatos?Descripcion=${encodeURIComponent(texto)}`);
    ids.push(r.cuerpo.data[0].codigoCatalogoUsuario);
  }
  const linea = (id: number) => ({ codigoCatalogoUsuario: id, cantidad: 2, peso: 10.5, valorFOB: 100 });
  const documento = (tipo: string, numero: string, lineas: number[]) => ({
    codigoTipoDocumento: tipo,
    numeroDocumento: numero,
    ruc: '20100223342',
    razonSocial: 'DISTRIBUIDORA NACIONAL DEL PERÚ S.A.',
    codigoTipoImportador: '1',
    productos: lineas.map(linea),
  });
  const sufijo = String(Date.now()).slice(-6);
  const r = await api.post('/Movimiento/GuardarMovimiento', {
    data: {
      ...cabeceraOrdenVehicular({
        codigoTipoIngreso,
        codigoSalidaAduana: '0',
        fechaIngreso: ahoraLima(),
        guiaTransportista: 'T001-004512',
        numeroBultos: 10,
      }),
      documentos:
        codigoTipoIngreso === 'VH'
          ? [documento('1', `F001-${sufijo}`, ids.slice(0, 1)), documento('4', `172-2026-10-${sufijo}`, ids.slice(1))]
          : [documento('1', `F001-${sufijo}`, ids)],
    },
  });
  expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
  return {
    codigoMovimiento: r.cuerpo.data.codigoMovimiento as number,
    codigoIngreso: r.cuerpo.data.codigoIngreso as string,
    factura: `F001-${sufijo}`,
  };
}

/** Opens a tab of the page; a click that lands while the screen is still loading is repeated until it shows. */
export async function abrirPestania(page: Page, nombre: string) {
  const pestania = page.getByRole('tab', { name: nombre });
  await expect(async () => {
    await pestania.click();
    await expect(pestania).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Entry order form of company 2 with one document added, so the product line form shows. */
export async function conDocumento(page: Page, tipo = 'FACTURA') {
  await page.goto('/app/operations/order/register');
  await elegir(page, 'Tipo de mercancía', 'Extranjera');
  await elegir(page, 'Tipo de documento', tipo);
  await page.getByLabel('N° de documento', { exact: true }).fill('F001-88001');
  await page.getByLabel('N° de proveedor').fill('20100223342');
  await page.getByLabel('Razón del proveedor').fill('DISTRIBUIDORA NACIONAL DEL PERÚ S.A.');
  await page.getByRole('button', { name: 'Agregar documento' }).click();
}
