import { expect, type Page } from '@playwright/test';
import { conBalanza } from './balanza';
import { apiDe } from './ordenes';
import { sesionPorApi } from './sesion';

/** A one-pixel JPEG: the verification photo of an order moved through the API. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  'base64',
);

/**
 * Where an order is left by `avanzarOrden`: waiting for its first weighing (entry control passed), for its entry
 * verification (weighed), for its exit weighing (verified), for its exit verification (weighed out), or for exit
 * control (verified out).
 */
export type EtapaOrden = 'pesaje' | 'verificacion' | 'pesajeSalida' | 'salida' | 'control';

/**
 * Moves an order through the gate stages by the API, as `seguridad` and `balanza` on `page` (whose session it takes
 * over), up to `hasta`; the screen under test does the rest.
 */
export async function avanzarOrden(page: Page, o: { codigoMovimiento: number }, hasta: EtapaOrden) {
  await sesionPorApi(page, 'seguridad');
  const seg = await apiDe(page);
  const control = await seg.post('/ControlSeguridad/GuardarVerificacionControlIngreso', {
    codigoTipoControl: 1,
    codigoMovimiento: o.codigoMovimiento,
    detalleTipoControl: [],
    observacion: 'Preparación de la prueba',
  });
  expect(control.status, JSON.stringify(control.cuerpo)).toBe(200);
  if (hasta === 'pesaje') return;
  await sesionPorApi(page, 'balanza');
  const bal = await apiDe(page);
  const pesar = async (tipo: 2 | 4, peso: number) => {
    const ruta = tipo === 2 ? 'ObtenerPrimerPesaje' : 'ObtenerSegundoPesaje';
    const c = await conBalanza(async () => {
      expect((await bal.post('/Balanza/SimularPeso', { tipoBalanza: 1, peso, estable: true })).status).toBe(200);
      return bal.get(`/Balanza/${ruta}?TipoBalanza=1&CodigoMovimiento=${o.codigoMovimiento}`);
    });
    expect(c.status, JSON.stringify(c.cuerpo)).toBe(200);
    const g = await bal.post(tipo === 2 ? '/Balanza/GuardarBalanzaIngreso' : '/Balanza/ActualizaBalanzaSalida', {
      data: {
        codigoMovimiento: o.codigoMovimiento,
        codeTipoBalanza: 1,
        peso,
        codigoPesaje: c.cuerpo.data.codigoPesaje,
      },
    });
    expect(g.status, JSON.stringify(g.cuerpo)).toBe(200);
  };
  const verificar = async (tipo: 3 | 5) => {
    const v = await bal.post('/Verificacion/GuardarVerificacionTipoControlIngreso', {
      data: {
        codigoMovimiento: o.codigoMovimiento,
        codigoTipoCarga: 1,
        codigoTipoControl: tipo,
        numerobultosVerificado: '10',
      },
    });
    expect(v.status, JSON.stringify(v.cuerpo)).toBe(200);
    const f = await bal.multipart(
      '/Movimiento/AgregarVerificacionImagen',
      { CodigoMovimiento: String(o.codigoMovimiento), CodigoTipoControl: String(tipo) },
      { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: JPEG },
    );
    expect(f.status, JSON.stringify(f.cuerpo)).toBe(200);
    const fin = await bal.post('/Verificacion/FinalizarVerificacion', {
      data: { codigoMovimiento: o.codigoMovimiento, codigoTipoControl: tipo },
    });
    expect(fin.status, JSON.stringify(fin.cuerpo)).toBe(200);
  };
  await pesar(2, 30_000);
  if (hasta === 'verificacion') return;
  await verificar(3);
  if (hasta === 'pesajeSalida') return;
  await pesar(4, 12_000);
  if (hasta === 'salida') return;
  await verificar(5);
}
