import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EventoNotificacion, PERMISOS_POR_ROL, TIPO_NOTIFICACION } from '@cronos/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { fabricaEtapas, JPEG_MINIMO, multipart } from '../../../test/fabricas-etapas';
import { publicarNotificacion } from '../../platform/notificaciones';
import { type ClienteCanal, conectar } from '../notificaciones/cliente-prueba';

/**
 * Who hears what the stages do on the notification channel: the staff of every screen acting on the
 * states an order left and reached (verifications included), the next stage when a verification is
 * finalized, and the review screens when an order is reviewed or its observation lifted.
 */
/** The port the system gave the server (port 0): a suite run beside another never meets it. */
let PUERTO = 0;
let e: Entorno;
let f: ReturnType<typeof fabricaEtapas>;
const dir = mkdtempSync(join(tmpdir(), 'cronos-avisos-'));
type Sesion = Awaited<ReturnType<Entorno['sesion']>>;
let empresa: number;
let seguridad: Sesion;
let balanza: Sesion;
let revisor: Sesion;
const clientes: ClienteCanal[] = [];

beforeAll(async () => {
  e = await crearEntorno({ env: { DATA_DIR: dir } });
  await e.app.listen({ port: 0, host: '127.0.0.1' });
  PUERTO = (e.app.server.address() as AddressInfo).port;
  f = fabricaEtapas(e.db);
  empresa = (await e.crearEmpresa()).codigoEmpresaUsuario;
  seguridad = await e.sesion(3, 1);
  balanza = await e.sesion(4, 1);
  revisor = await e.sesion(5, 1);
});
afterAll(async () => {
  for (const c of clientes) c.cerrar();
  await e.cerrar();
  rmSync(dir, { recursive: true, force: true });
});

/** A user of company 1 who may list only this screen, listening on the channel. */
async function oyente(s: Sesion) {
  const c = await conectar(`ws://127.0.0.1:${PUERTO}/api/notifications-cronos`);
  await c.autenticar(s.token);
  clientes.push(c);
  return c;
}
const soloPantalla = (modulo: string, rol = 4, empresaUsuario = 1) => {
  const p = PERMISOS_POR_ROL[1]?.[modulo];
  if (!p) throw new Error(modulo);
  return e.sesion(rol, empresaUsuario, { permisos: { [modulo]: p } });
};
/** Publishes a marker only this user receives; once it arrives, everything before it was delivered. */
async function hastaLaMarca(c: ClienteCanal, s: Sesion) {
  const ev = await e.db.transaction((tx) =>
    publicarNotificacion(tx, null, {
      tipo: 'usuario-creado',
      titulo: 'marca',
      mensaje: 'marca',
      codigoUsuario: s.usuario.codigoUsuario,
    }),
  );
  await c.esperarEvento((x) => x.codigoNotificacion === ev?.codigoNotificacion);
}
const de = (c: ClienteCanal, tipo: string, codigoMovimiento: number) =>
  c.eventos().filter((x: EventoNotificacion) => x.tipo === tipo && x.datos?.codigoMovimiento === codigoMovimiento);

async function pasarHastaVerificacion(codigoMovimiento: number) {
  const r1 = await seguridad.post('/api/ControlSeguridad/GuardarVerificacionControlIngreso', {
    codigoMovimiento,
    detalleTipoControl: [],
    observacion: 'Revisión parcial: prueba automatizada',
  });
  expect(r1.statusCode, r1.body).toBe(200);
  await balanza.get(`/api/Balanza/ObtenerPrimerPesaje?TipoBalanza=2&CodigoMovimiento=${codigoMovimiento}`);
  const r2 = await balanza.post('/api/Balanza/GuardarBalanzaIngreso', {
    data: { codigoMovimiento, codeTipoBalanza: 2, peso: 0 },
  });
  expect(r2.statusCode, r2.body).toBe(200);
}

describe('avisos de las etapas', () => {
  it('el paso a verificación llega a quien solo tiene la pantalla de verificación de ingreso', async () => {
    const verificador = await soloPantalla('operator/income');
    const garitaSalida = await soloPantalla('security/exit', 3);
    const [cv, cg] = [await oyente(verificador), await oyente(garitaSalida)];
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoTipoIngreso: 'PE' });
    await pasarHastaVerificacion(m.codigoMovimiento);
    await cv.esperarEvento(
      (x) =>
        x.tipo === TIPO_NOTIFICACION.movimientoEtapa &&
        x.datos?.codigoMovimiento === m.codigoMovimiento &&
        x.datos?.hasta === 3,
    );
    await hastaLaMarca(cg, garitaSalida);
    expect(de(cg, TIPO_NOTIFICACION.movimientoEtapa, m.codigoMovimiento)).toEqual([]);
  });

  it('finalizar una verificación avisa a la empresa y a la etapa siguiente, no a otras ni a otra empresa', async () => {
    const pesajeSalida = await soloPantalla('balanza/secondScales');
    const garitaSalida = await soloPantalla('security/exit', 3);
    const deLaEmpresa = await e.sesion(8, empresa);
    const otra = await e.sesion(8, (await e.crearEmpresa()).codigoEmpresaUsuario);
    const [cp, cg, ce, co] = [
      await oyente(pesajeSalida),
      await oyente(garitaSalida),
      await oyente(deLaEmpresa),
      await oyente(otra),
    ];
    const m = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoTipoIngreso: 'PE' });
    await pasarHastaVerificacion(m.codigoMovimiento);
    const v = await balanza.post('/api/Verificacion/GuardarVerificacionTipoControlIngreso', {
      data: {
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoCarga: 1,
        codigoTipoControl: 3,
        numerobultosVerificado: '1',
      },
    });
    expect(v.statusCode, v.body).toBe(200);
    const foto = multipart({ CodigoMovimiento: m.codigoMovimiento, CodigoTipoControl: 3 }, [
      { campo: 'files', nombre: 'a.jpg', contenido: JPEG_MINIMO },
    ]);
    const subida = await e.app.inject({
      method: 'POST',
      url: '/api/Movimiento/AgregarVerificacionImagen',
      headers: { ...foto.headers, authorization: `Bearer ${balanza.token}` },
      payload: foto.payload,
    });
    expect(subida.statusCode, subida.body).toBe(200);
    // Saving the verification and its photos does not notify: only Finalizar does.
    const fin = await balanza.post('/api/Verificacion/FinalizarVerificacion', {
      data: { codigoMovimiento: m.codigoMovimiento, codigoTipoControl: 3 },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    for (const c of [cp, ce]) {
      await c.esperarEvento(
        (x) => x.tipo === TIPO_NOTIFICACION.verificacionFinalizada && x.datos?.codigoMovimiento === m.codigoMovimiento,
      );
    }
    const [evento] = de(cp, TIPO_NOTIFICACION.verificacionFinalizada, m.codigoMovimiento);
    expect(evento).toMatchObject({
      titulo: `Orden ${m.codigoIngreso}: verificación de ingreso finalizada`,
      mensaje: `La carga de la orden ${m.codigoIngreso} fue verificada; puede pasar al pesaje de salida.`,
      enlace: `/app/operations/order/register/${m.codigoMovimiento}`,
      datos: { codigoMovimiento: m.codigoMovimiento, tipoControl: 3, estado: 3 },
    });
    await hastaLaMarca(cg, garitaSalida);
    await hastaLaMarca(co, otra);
    expect(de(cg, TIPO_NOTIFICACION.verificacionFinalizada, m.codigoMovimiento)).toEqual([]);
    expect(de(co, TIPO_NOTIFICACION.verificacionFinalizada, m.codigoMovimiento)).toEqual([]);
    // A refused second Finalizar notifies nobody again.
    const otraVez = await balanza.post('/api/Verificacion/FinalizarVerificacion', {
      data: { codigoMovimiento: m.codigoMovimiento, codigoTipoControl: 3 },
    });
    expect(otraVez.statusCode).toBe(409);
    await hastaLaMarca(cp, pesajeSalida);
    expect(de(cp, TIPO_NOTIFICACION.verificacionFinalizada, m.codigoMovimiento)).toHaveLength(1);
  });

  it('No observar avisa a las pantallas de revisión; levantar una observación también a la empresa', async () => {
    const otroRevisor = await e.sesion(5, 1);
    const deLaEmpresa = await e.sesion(8, empresa);
    const [cr, ce] = [await oyente(otroRevisor), await oyente(deLaEmpresa)];
    const a = await f.crearMovimiento({ codigoEmpresaUsuario: empresa });
    const r1 = await revisor.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: a.codigoMovimiento, estadoObservado: 1 },
    });
    expect(r1.statusCode, r1.body).toBe(200);
    await cr.esperarEvento(
      (x) => x.tipo === TIPO_NOTIFICACION.movimientoRevisado && x.datos?.codigoMovimiento === a.codigoMovimiento,
    );
    await hastaLaMarca(ce, deLaEmpresa);
    expect(de(ce, TIPO_NOTIFICACION.movimientoRevisado, a.codigoMovimiento)).toEqual([]);

    const b = await f.crearMovimiento({ codigoEmpresaUsuario: empresa, codigoEstadoMovimiento: 4 });
    const obs = await revisor.post('/api/Movimiento/CambiarEstadoObservado', {
      data: { codigoMovimiento: b.codigoMovimiento, estadoObservado: 2, observacion: '<p>Bultos mojados</p>' },
    });
    expect(obs.statusCode, obs.body).toBe(200);
    const levantar = await revisor.post('/api/Movimiento/LevantarObservacion', {
      data: { codigoMovimiento: b.codigoMovimiento },
    });
    expect(levantar.statusCode, levantar.body).toBe(200);
    for (const c of [cr, ce]) {
      await c.esperarEvento(
        (x) =>
          x.tipo === TIPO_NOTIFICACION.movimientoRevisado &&
          x.datos?.codigoMovimiento === b.codigoMovimiento &&
          x.titulo === `Orden ${b.codigoIngreso}: observación levantada`,
      );
    }
  });
});
