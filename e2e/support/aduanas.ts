import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { CLAVE_DEMO } from './sesion';
import { conBalanza } from './balanza';
import { cabeceraOrdenVehicular } from './ordenes';

/** Customs' browser tests (aduanas.spec.ts): an order with a DAM taken through the API up to its exit weighing. */

export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

export async function login(request: APIRequestContext, usuario: string) {
  const r = await request.post('/api/Account/Login', { data: { nombreUsuario: usuario, contrasenia: CLAVE_DEMO } });
  expect(r.ok()).toBeTruthy();
  return (await r.json()).data as { token: string; usuario: { codigoEmpresaUsuario: number } };
}
export const cab = (token: string) => ({ authorization: `Bearer ${token}` });

export async function ok<T = Record<string, unknown>>(r: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()) as { data: T };
}

/** An entry order whose DUA/DAM carries `numero`, registered by the company user (API). */
export async function ordenConDam(request: APIRequestContext, numero: string) {
  const u = await login(request, 'usuario');
  // Two demo products by name (as the shared order helper picks them): the newest products of the list may be
  // another spec's, which deletes its own product and must not find an order on it.
  const productos: { codigoCatalogoUsuario: number }[] = [];
  for (const texto of ['LAPTOP', 'WHISKY']) {
    const r = await request.get(`/api/CatalogoUsuario/ConsultarDatos?Descripcion=${texto}`, { headers: cab(u.token) });
    productos.push((await r.json()).data[0]);
  }
  const data = {
    ...cabeceraOrdenVehicular({ placaUno: 'Z4T-932', guiaTransportista: '0001-004513' }),
    documentos: [
      {
        codigoTipoDocumento: '4',
        numeroDocumento: numero,
        ruc: '20603547897',
        razonSocial: 'IMPORTACIONES ANDINAS DEL SUR S.A.C.',
        codigoTipoImportador: '1',
        productos: productos.map((p, i) => ({
          codigoCatalogoUsuario: p.codigoCatalogoUsuario,
          cantidad: 5 + i,
          peso: 50,
          valorFOB: 10,
        })),
      },
    ],
  };
  const orden = (
    await ok(await request.post('/api/Movimiento/GuardarMovimiento', { headers: cab(u.token), data: { data } }))
  ).data as { codigoMovimiento: number; codigoIngreso: string };
  return { ...orden, empresa: u.usuario.codigoEmpresaUsuario };
}

export async function simular(request: APIRequestContext, token: string, peso: number) {
  await ok(
    await request.post('/api/Balanza/SimularPeso', {
      headers: cab(token),
      data: { tipoBalanza: 1, peso, estable: true },
    }),
  );
}

/** Entry control, entry weighing and the finalized entry verification, through the API (their screens have their own tests). */
export async function hastaPesajeSalida(request: APIRequestContext, codigoMovimiento: number, pesoIngreso: number) {
  const seg = await login(request, 'seguridad');
  await ok(
    await request.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
      headers: cab(seg.token),
      data: { codigoMovimiento, detalleTipoControl: [], observacion: 'Revisión hecha en su propia prueba' },
    }),
  );
  const bal = await login(request, 'balanza');
  const p1 = await conBalanza(async () => {
    await simular(request, bal.token, pesoIngreso);
    return (
      await ok(
        await request.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=1&CodigoMovimiento=${codigoMovimiento}`, {
          headers: cab(bal.token),
        }),
      )
    ).data;
  });
  await ok(
    await request.post('/api/Balanza/GuardarBalanzaIngreso', {
      headers: cab(bal.token),
      data: {
        data: {
          codigoMovimiento,
          codigoTipoControl: 2,
          codeTipoBalanza: 1,
          peso: p1.peso,
          codigoPesaje: p1.codigoPesaje,
        },
      },
    }),
  );
  await ok(
    await request.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
      headers: cab(bal.token),
      data: {
        data: {
          codigoMovimiento,
          codigoTipoCarga: 1,
          codigoTipoControl: 3,
          numerobultosVerificado: '12',
          detalleTipoControl: [],
        },
      },
    }),
  );
  await ok(
    await request.post('/api/Movimiento/AgregarVerificacionImagen', {
      headers: cab(bal.token),
      multipart: {
        CodigoMovimiento: String(codigoMovimiento),
        CodigoTipoControl: '3',
        files: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: JPEG },
      },
    }),
  );
  await ok(
    await request.post('/api/Verificacion/FinalizarVerificacion', {
      headers: cab(bal.token),
      data: { data: { codigoMovimiento, codigoTipoControl: 3 } },
    }),
  );
  return bal.token;
}

export async function buscar(page: Page, ruta: string, codigo: string) {
  await page.goto(ruta);
  await page.getByLabel('Código de orden o N° de documento').fill(codigo);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
}
