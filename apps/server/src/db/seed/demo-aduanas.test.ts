import { MENSAJES_ADUANAS as MA } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { declaracion, movimiento } from '../schema';
import { CONTRASENIA_DEMO, sembrarEmpresasYUsuarios } from './demo';
import { sembrarAduanas } from './demo-aduanas';

let e: Entorno;
let token: string;
let seguridad: string;
const pedir = (t: string, metodo: 'GET' | 'POST', url: string, payload?: object) =>
  e.app.inject({ method: metodo, url, headers: { authorization: `Bearer ${t}` }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  e = await crearEntorno();
  await sembrarEmpresasYUsuarios(e.db);
  await sembrarAduanas(e.db);
  await sembrarAduanas(e.db);
  token = await e.login('admin', CONTRASENIA_DEMO);
  seguridad = await e.login('seguridad', CONTRASENIA_DEMO);
});
afterAll(() => e.cerrar());

describe('demo de aduanas', () => {
  it('declaraciones: una fuera de tolerancia observada, una salida sin levante, y dos actas con PDF', async () => {
    expect(await e.db.select().from(declaracion)).toHaveLength(3);
    const control = (await pedir(token, 'GET', '/api/Declaracion/ListarConciliacion?limit=50')).json().data;
    const fuera = control.find((f: { dentroTolerancia: boolean | null }) => f.dentroTolerancia === false);
    expect(fuera).toMatchObject({
      pesoDeclarado: 10_000,
      pesoBalanza: 10_350,
      diferenciaPeso: 350,
      bultosContados: 98,
      codigoEstadoObservado: 2,
      observadoAutomaticamente: true,
    });
    const [salida] = await e.db.select().from(movimiento).where(eq(movimiento.codigoTipoOperacion, 2));
    const r = await pedir(seguridad, 'POST', '/api/Balanza/GuardarVerificacionControlSalida', {
      data: {
        codigoTipoControl: 6,
        codigoMovimiento: salida?.codigoMovimiento,
        detalleTipoControl: [],
        observacion: 'Lista de revisión sin marcar en la prueba',
      },
    });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().message).toBe(MA.sinLevante('172-2026-70-000321'));
    const actas = (await pedir(token, 'GET', '/api/ActaApertura/ListarDatos')).json();
    expect(actas.meta.total).toBe(2);
    expect(actas.data.map((a: { precintosCoinciden: boolean }) => a.precintosCoinciden).sort()).toEqual([false, true]);
    const pdf = await pedir(
      token,
      'GET',
      `/api/ActaApertura/DescargarActa?CodigoActaApertura=${actas.data[0].codigoActaApertura}`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
