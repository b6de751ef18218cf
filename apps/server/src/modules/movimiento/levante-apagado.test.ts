import { MENSAJES_ADUANAS as MA, MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import { controlMovimiento, movimientoDocumento } from '../../db/schema';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

it("with external consultations off the order form's levante query still answers 'Error, Activar consultas externas SUNAT'", async () => {
  const s = await e.sesion(8, 1);
  const r = await s.get('/api/Movimiento/ConsultarLevante?NumeroDeclaracion=172-2026-10-004512');
  expect(r.statusCode).toBe(422);
  expect(r.json().message).toBe(M.levanteInactivo);
});

it('with external consultations off an exit order waits at the gate only until its levante is recorded by hand', async () => {
  const f = fabricaEtapas(e.db);
  const empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  const admin = await e.sesion(1, 1);
  const seguridad = await e.sesion(3, 1);
  const m = await f.crearMovimiento({
    codigoEmpresaUsuario: empresa,
    codigoEstadoMovimiento: 4,
    codigoTipoOperacion: 2,
  });
  await e.db
    .insert(movimientoDocumento)
    .values({ codigoMovimiento: m.codigoMovimiento, codigoTipoDocumento: '4', numeroDocumento: '172-2026-10-004602' });
  await e.db.insert(controlMovimiento).values({
    codigoMovimiento: m.codigoMovimiento,
    codigoTipoControl: 5,
    estadoDesde: 4,
    estadoHasta: null,
    finalizado: true,
    codigoUsuarioRegistro: 1,
  });
  const d = await admin.post('/api/Declaracion/GuardarDeclaracion', {
    data: { codigoEmpresaUsuario: empresa, numeroDeclaracion: '172-2026-10-004602' },
  });
  expect(d.statusCode, d.body).toBe(200);
  const salida = () =>
    seguridad.post('/api/Balanza/GuardarVerificacionControlSalida', {
      data: {
        codigoTipoControl: 6,
        codigoMovimiento: m.codigoMovimiento,
        detalleTipoControl: [],
        observacion: 'Sin lista de revisión en la prueba',
      },
    });
  const r1 = await salida();
  expect(r1.statusCode).toBe(409);
  expect(r1.json().message).toBe(MA.sinLevante('172-2026-10-004602'));
  const manual = await admin.post('/api/Declaracion/RegistrarLevanteManual', {
    data: {
      codigoDeclaracion: d.json().data.codigoDeclaracion,
      fechaLevante: '2026-11-12',
      documento: 'Aviso de levante impreso',
    },
  });
  expect(manual.statusCode, manual.body).toBe(200);
  const r2 = await salida();
  expect(r2.statusCode, r2.body).toBe(200);
});
