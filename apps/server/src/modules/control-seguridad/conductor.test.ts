import { MENSAJES, MENSAJES_ETAPAS } from '@cronos/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { logSistema, movimiento } from '../../db/schema';

/** Driver and carrier dialog (spec 03 §2.9, §5.5): its declared weights are stored with the order. */
let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let seguridad: Sesion;
let empresa: number;
const RUTA = '/api/Movimiento/ActualizaDatosTransportistaMovimiento';

beforeAll(async () => {
  e = await crearEntorno();
  f = fabricaEtapas(e.db);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  seguridad = await e.sesion(3, 1);
});
afterAll(() => e.cerrar());

const documento = { codigoTipoDocumentoIdentidad: '1', numeroDocumentoIdentidad: '45879632' };
const guardado = async (id: number) => {
  const [m] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, id));
  return m;
};
const auditorias = async (id: number) =>
  (
    await e.db
      .select({ n: count() })
      .from(logSistema)
      .where(and(eq(logSistema.tipo, 'MOVIMIENTO_TRANSPORTISTA'), eq(logSistema.codigoEntidad, String(id))))
  )[0]?.n;

describe('pesos del diálogo de conductor y transportista', () => {
  it('guarda el peso bruto y la tara declarados con 3 decimales, los devuelve en los datos de control y audita', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const r = await seguridad.post(RUTA, {
      codigoMovimiento: m.codigoMovimiento,
      ...documento,
      pesoBruto: 32480.125,
      pesoTara: '14200.5',
    });
    expect([r.statusCode, r.json().message]).toEqual([200, MENSAJES_ETAPAS.datosActualizados]);
    const g = await guardado(m.codigoMovimiento);
    expect([g?.pesoBrutoDeclarado, g?.pesoTaraDeclarado]).toEqual(['32480.125', '14200.500']);
    expect(await auditorias(m.codigoMovimiento)).toBe(1);
    const datos = await seguridad.get(
      `/api/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${m.codigoMovimiento}`,
    );
    expect(datos.json().data).toMatchObject({ pesoBrutoDeclarado: 32480.125, pesoTaraDeclarado: 14200.5 });

    // Limits are inclusive; a weight left out stays, null clears it.
    const limite = await seguridad.post(RUTA, {
      codigoMovimiento: m.codigoMovimiento,
      ...documento,
      pesoBruto: 999999,
    });
    expect(limite.statusCode).toBe(200);
    const borrar = await seguridad.post(RUTA, { codigoMovimiento: m.codigoMovimiento, ...documento, pesoTara: null });
    expect(borrar.statusCode).toBe(200);
    const h = await guardado(m.codigoMovimiento);
    expect([h?.pesoBrutoDeclarado, h?.pesoTaraDeclarado]).toEqual(['999999.000', null]);
  });

  it('pesos fuera de 0–999999 o con más de 3 decimales: 422 con el mensaje del diálogo y nada cambia', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const antes = await guardado(m.codigoMovimiento);
    for (const [campo, valor] of [
      ['pesoBruto', -0.001],
      ['pesoBruto', 1_000_000],
      ['pesoBruto', 999_999.5],
      ['pesoTara', 12.3456],
      ['pesoTara', 'doce'],
    ] as const) {
      const r = await seguridad.post(RUTA, { codigoMovimiento: m.codigoMovimiento, ...documento, [campo]: valor });
      expect(r.statusCode, `${campo}=${valor}`).toBe(422);
      expect(r.json().message).toBe(MENSAJES_ETAPAS.errorActualizacion);
      expect(r.json().errors[campo]).toEqual([MENSAJES_ETAPAS.pesoDeclaradoInvalido]);
    }
    // Without document type and number the update is refused with the same message.
    const sinDoc = await seguridad.post(RUTA, { codigoMovimiento: m.codigoMovimiento, pesoBruto: 100 });
    expect([sinDoc.statusCode, sinDoc.json().message]).toEqual([422, MENSAJES_ETAPAS.errorActualizacion]);
    expect(await guardado(m.codigoMovimiento)).toEqual(antes);
    expect(await auditorias(m.codigoMovimiento)).toBe(0);
  });

  it('otra empresa es 404 y una orden que ya pasó el control es 409, sin cambios', async () => {
    const otra = (await e.crearEmpresa()).codigoEmpresaUsuario;
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const deOtra = await e.sesion(3, otra);
    const r = await deOtra.post(RUTA, { codigoMovimiento: m.codigoMovimiento, ...documento, pesoBruto: 10 });
    expect(r.statusCode).toBe(404);
    const pesada = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 2 });
    const tarde = await seguridad.post(RUTA, {
      codigoMovimiento: pesada.codigoMovimiento,
      ...documento,
      pesoBruto: 10,
    });
    expect([tarde.statusCode, tarde.json().message]).toEqual([409, MENSAJES_ETAPAS.fueraDeEtapa('Control de ingreso')]);
    expect((await guardado(m.codigoMovimiento))?.pesoBrutoDeclarado).toBeNull();
    expect((await guardado(pesada.codigoMovimiento))?.pesoBrutoDeclarado).toBeNull();
  });

  it('un tipo de documento fuera de la lista, el RUC o el permiso temporal: 422 en el campo y nada cambia', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const antes = await guardado(m.codigoMovimiento);
    for (const tipo of ['99', '3', '5']) {
      const r = await seguridad.post(RUTA, {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoDocumentoIdentidad: tipo,
        numeroDocumentoIdentidad: '20512333797'.slice(0, 10),
      });
      expect(r.statusCode, tipo).toBe(422);
      expect(r.json().message).toBe(MENSAJES_ETAPAS.errorActualizacion);
      expect(r.json().errors.codigoTipoDocumentoIdentidad).toEqual([MENSAJES_ETAPAS.tipoDocumentoConductor]);
    }
    expect(await guardado(m.codigoMovimiento)).toEqual(antes);
    // A passport (type 4) is on the list.
    const pasaporte = await seguridad.post(RUTA, {
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoDocumentoIdentidad: '4',
      numeroDocumentoIdentidad: 'PA12345678',
    });
    expect(pasaporte.statusCode).toBe(200);
    expect((await guardado(m.codigoMovimiento))?.codigoTipoDocumentoIdentidad).toBe('4');
    // The control data name the type for the guard (not its code).
    const datos = await seguridad.get(
      `/api/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${m.codigoMovimiento}`,
    );
    expect(datos.json().data).toMatchObject({ codigoTipoDocumentoIdentidad: '4', tipoDocumentoIdentidad: 'Pasaporte' });
  });

  it('dos guardias a la vez: el segundo, con la versión que leyó, recibe 409 y no deshace el cambio del primero', async () => {
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const datos = async () =>
      (
        await seguridad.get(
          `/api/ControlSeguridad/ConsultaMovimientoDatosControl?CodigoMovimiento=${m.codigoMovimiento}`,
        )
      ).json().data;
    const leida = (await datos()).version as number;
    const primero = await seguridad.post(RUTA, {
      codigoMovimiento: m.codigoMovimiento,
      ...documento,
      version: leida,
      pesoBruto: 32000,
    });
    expect(primero.statusCode, primero.body).toBe(200);
    const segundo = await seguridad.post(RUTA, {
      codigoMovimiento: m.codigoMovimiento,
      ...documento,
      version: leida,
      pesoBruto: 15000,
    });
    expect([segundo.statusCode, segundo.json().message]).toEqual([409, MENSAJES.conflicto]);
    expect((await guardado(m.codigoMovimiento))?.pesoBrutoDeclarado).toBe('32000.000');
    // Read again, the second guard's change goes through.
    const otraVez = await seguridad.post(RUTA, {
      codigoMovimiento: m.codigoMovimiento,
      ...documento,
      version: (await datos()).version,
      pesoBruto: 15000,
    });
    expect(otraVez.statusCode).toBe(200);
    expect((await guardado(m.codigoMovimiento))?.pesoBrutoDeclarado).toBe('15000.000');
  });
});
