import { MENSAJES_ADUANAS as MA } from '@cronos/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas } from '../../../test/fabricas-etapas';
import {
  controlMovimiento,
  declaracion,
  declaracionConsulta,
  logSistema,
  movimiento,
  movimientoDocumento,
} from '../../db/schema';

let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let admin: Sesion;
let seguridad: Sesion;
let empresa: number;
let otraEmpresa: Sesion;

beforeAll(async () => {
  // The default: external consultations off.
  e = await crearEntorno();
  f = fabricaEtapas(e.db);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  admin = await e.sesion(1, 1);
  seguridad = await e.sesion(3, 1);
  const otra = (await e.crearEmpresa()).codigoEmpresaUsuario;
  otraEmpresa = await e.sesion(8, otra, {
    permisos: {
      'operations/Declarations': {
        permiteListar: true,
        permiteAgregar: true,
        permiteEditar: true,
        permiteEliminar: false,
      },
    },
  });
});
afterAll(async () => e.cerrar());

const contarDeclaraciones = async () => (await e.db.select({ n: count() }).from(declaracion))[0]?.n;

it("con las consultas externas apagadas la consulta automática dice 'Error, Activar consultas externas SUNAT' y no guarda nada", async () => {
  const antes = await contarDeclaraciones();
  const r = await admin.post('/api/Declaracion/ConsultarLevante', {
    data: { NumeroDeclaracion: '172-2026-10-004512' },
  });
  expect(r.statusCode).toBe(422);
  expect(r.json().message).toBe('Error, Activar consultas externas SUNAT');
  expect(await contarDeclaraciones()).toBe(antes);
  expect((await e.db.select({ n: count() }).from(declaracionConsulta))[0]?.n).toBe(0);
});

it('con las consultas apagadas el levante se registra a mano (fecha, usuario, documento visto), auditado, y la orden de salida pasa la garita', async () => {
  // An exit order at its exit security control, whose DUA/DAM needs levante.
  const m = await f.crearMovimiento({
    codigoEmpresaUsuario: empresa,
    codigoEstadoMovimiento: 4,
    codigoTipoOperacion: 2,
  });
  await e.db
    .insert(movimientoDocumento)
    .values({ codigoMovimiento: m.codigoMovimiento, codigoTipoDocumento: '4', numeroDocumento: '172-2026-10-004601' });
  await e.db.insert(controlMovimiento).values({
    codigoMovimiento: m.codigoMovimiento,
    codigoTipoControl: 5,
    estadoDesde: 4,
    estadoHasta: null,
    finalizado: true,
    codigoUsuarioRegistro: 1,
  });
  const d = await admin.post('/api/Declaracion/GuardarDeclaracion', {
    data: { codigoEmpresaUsuario: empresa, numeroDeclaracion: '172-2026-10-4601', fechaNumeracion: '2026-11-10' },
  });
  expect(d.statusCode, d.body).toBe(200);
  const codigoDeclaracion = d.json().data.codigoDeclaracion as number;
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
  expect(r1.json().message).toBe(MA.sinLevante('172-2026-10-004601'));

  const manual = (data: Record<string, unknown>, s: Sesion = admin) =>
    s.post('/api/Declaracion/RegistrarLevanteManual', { data: { codigoDeclaracion, ...data } });
  // Bad input: its message, nothing changes.
  const futura = await manual({ fechaLevante: '2099-01-01', documento: 'Aviso de levante impreso' });
  expect(futura.statusCode).toBe(422);
  expect(futura.json().errors.fechaLevante).toEqual([MA.levanteFechaFutura]);
  const anterior = await manual({ fechaLevante: '2026-11-09', documento: 'Aviso de levante impreso' });
  expect(anterior.json().errors.fechaLevante).toEqual([MA.levanteFechaAnterior]);
  const sinDocumento = await manual({ fechaLevante: '2026-11-12', documento: ' ' });
  expect(sinDocumento.statusCode).toBe(422);
  expect(sinDocumento.json().errors.documento).toEqual([MA.levanteDocumento]);
  expect((await manual({ fechaLevante: '2026-11-12', documento: 'Aviso' }, otraEmpresa)).statusCode).toBe(404);
  expect((await salida()).statusCode).toBe(409);

  const r = await manual({ fechaLevante: '2026-11-12', documento: 'Aviso de levante SUNAT impreso, canal verde' });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.json().message).toBe(MA.levanteManualRegistrado);
  expect(r.json().data).toMatchObject({
    estadoLevante: 1,
    fechaLevante: '2026-11-12T05:00:00.000Z',
    levanteManual: true,
    usuarioLevante: admin.usuario.nombreUsuario,
    documentoLevante: 'Aviso de levante SUNAT impreso, canal verde',
  });
  const auditoria = await e.db
    .select()
    .from(logSistema)
    .where(
      and(eq(logSistema.tipo, 'DECLARACION_LEVANTE_MANUAL'), eq(logSistema.codigoEntidad, String(codigoDeclaracion))),
    );
  expect(auditoria).toHaveLength(1);
  expect(auditoria[0]?.detalle).toContain('Aviso de levante SUNAT impreso');
  const hist = await admin.get(`/api/Declaracion/ListarConsultasLevante?CodigoDeclaracion=${codigoDeclaracion}`);
  expect(hist.json().data).toEqual([
    expect.objectContaining({ proveedor: 'manual', levante: true, usuario: admin.usuario.nombreUsuario }),
  ]);
  // Recorded once: a second one is refused.
  const otra = await manual({ fechaLevante: '2026-11-13', documento: 'Otro aviso' });
  expect(otra.statusCode).toBe(409);
  expect(otra.json().message).toBe(MA.levanteYaRegistrado);

  const r2 = await salida();
  expect(r2.statusCode, r2.body).toBe(200);
  const [orden] = await e.db.select().from(movimiento).where(eq(movimiento.codigoMovimiento, m.codigoMovimiento));
  expect(orden?.codigoEstadoMovimiento).not.toBe(4);
});
