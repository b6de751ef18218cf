import { MENSAJES_FINANZAS } from '@cronos/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { comprobante } from '../../db/schema';

/** Finance and industry inputs beyond what the database columns hold: a field message, never a 500. */
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let e: Entorno;
let tesorero: Sesion;
let operador: Sesion;

beforeAll(async () => {
  e = await crearEntorno();
  tesorero = await e.sesion(9, 1);
  operador = await e.sesion(2, 1);
});
afterAll(async () => {
  await e.cerrar();
});

describe('límites de las columnas', () => {
  it('un código fuera del rango de enteros es un 422 con su mensaje, no un 500', async () => {
    const enorme = 99_999_999_999;
    for (const [sesion, url, campo] of [
      [tesorero, `/api/Tarifa/HistorialPrecios?CodigoServicio=${enorme}`, 'CodigoServicio'],
      [tesorero, `/api/Comprobante/Consultar?CodigoComprobante=${enorme}`, 'CodigoComprobante'],
      [tesorero, `/api/Comprobante/DescargarPdf?CodigoComprobante=${enorme}`, 'CodigoComprobante'],
      [operador, `/api/Industria/ConsultarCip?CodigoCip=${enorme}`, 'CodigoCip'],
      [operador, `/api/Industria/ConsultarProduccion?CodigoProduccion=${enorme}`, 'CodigoProduccion'],
    ] as const) {
      const r = await sesion.get(url);
      expect(r.statusCode, `${url} ${r.body}`).toBe(422);
      expect(r.json().errors[campo]).toEqual(['Debe ser como máximo 2147483647']);
    }
  });

  it('un comprobante cuyo total no cabe en sus columnas se rechaza en las líneas y no se emite', async () => {
    const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const contar = async () => (await e.db.select({ n: count() }).from(comprobante))[0]?.n;
    const antes = await contar();
    const r = await tesorero.post('/api/Comprobante/Emitir', {
      data: {
        codigoEmpresaUsuario: empresa,
        tipoComprobante: '01',
        lineas: [{ descripcion: 'Alquiler', cantidad: 999_999, valorUnitario: 9_999_999, afectacionIgv: '10' }],
      },
    });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().errors.lineas).toEqual([MENSAJES_FINANZAS.totalExcede]);
    expect(await contar()).toBe(antes);
  });
});
