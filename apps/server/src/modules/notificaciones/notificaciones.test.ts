import type { AddressInfo } from 'node:net';
import { CIERRE_CANAL, EMPRESA_OPERADOR, mensajeServidorCanal, ROL, TIPO_NOTIFICACION } from '@cronos/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from '../../../test/entorno';
import { notificacion, transportistaUsuario } from '../../db/schema';
import {
  publicarCambioEtapa,
  publicarCertificado,
  publicarMovimientoObservado,
  publicarNotificacion,
  publicarUsuarioCreado,
} from '../../platform/notificaciones';
import { conectar } from './cliente-prueba';
import { avisarContratosPorVencer } from './contratos';

/** The ports the system gives the servers (port 0): a suite run beside another never meets them. */
let PUERTO = 0;
const puertoDe = (app: { server: { address(): unknown } }) => (app.server.address() as AddressInfo).port;
const url = (puerto: number) => `ws://127.0.0.1:${puerto}/api/notifications-cronos`;
let env: Entorno;
let empresaA: number;
let empresaB: number;
beforeAll(async () => {
  env = await crearEntorno();
  await env.app.listen({ port: 0, host: '127.0.0.1' });
  PUERTO = puertoDe(env.app);
  empresaA = (await env.crearEmpresa()).codigoEmpresaUsuario;
  empresaB = (await env.crearEmpresa()).codigoEmpresaUsuario;
});
afterAll(() => env.cerrar());

const abrir = async (token?: string, desde?: number) => {
  const c = await conectar(url(PUERTO));
  if (token) await c.autenticar(token, desde);
  return c;
};
let secuencia = 0;
const mover = (codigoEmpresaUsuario: number, desde = 1, hasta = 2) => {
  secuencia += 1;
  return env.db.transaction((tx) =>
    publicarCambioEtapa(tx, null, {
      codigoMovimiento: 1000 + secuencia,
      codigoIngreso: `OP${1900000 + secuencia}`,
      codigoEmpresaUsuario,
      desde,
      hasta,
    }),
  );
};
/** An event only this user receives: once it arrives, everything published before it has been delivered. */
const marca = (codigoUsuario: number) =>
  env.db.transaction((tx) =>
    publicarNotificacion(tx, null, { tipo: 'usuario-creado', titulo: 'marca', mensaje: 'marca', codigoUsuario }),
  );

describe('canal notifications-cronos: autenticación', () => {
  it('cierra con 4401 un token desconocido, sin enviar eventos', async () => {
    const c = await abrir();
    c.enviar({ tipo: 'autenticar', token: 'token-inventado' });
    await c.esperarCierre();
    expect(c.cierre()).toBe(CIERRE_CANAL.sesion);
    expect(c.eventos()).toEqual([]);
  });

  it.each([
    ['texto que no es JSON', 'hola'],
    ['mensaje desconocido', { tipo: 'suscribir', canal: 'otro' }],
    ['token vacío', { tipo: 'autenticar', token: '' }],
    ['cursor negativo', { tipo: 'autenticar', token: 'x', desde: -1 }],
  ])('cierra con 4400 ante %s', async (_nombre, mensaje) => {
    const c = await abrir();
    c.enviar(mensaje);
    await c.esperarCierre();
    expect(c.cierre()).toBe(CIERRE_CANAL.protocolo);
  });

  it('rechaza una segunda autenticación en la misma conexión', async () => {
    const s = await env.sesion(ROL.Usuario, empresaA);
    const c = await abrir(s.token);
    c.enviar({ tipo: 'autenticar', token: s.token });
    await c.esperarCierre();
    expect(c.cierre()).toBe(CIERRE_CANAL.protocolo);
  });

  it('responde pong al ping de la aplicación', async () => {
    const s = await env.sesion(ROL.Usuario, empresaA);
    const c = await abrir(s.token);
    c.enviar({ tipo: 'ping' });
    await c.esperar(() => c.mensajes.some((m) => m.tipo === 'pong'));
    c.cerrar();
  });
});

describe('canal notifications-cronos: contrato', () => {
  it('está documentado en /api/docs con sus mensajes; un GET sin Upgrade responde 426 con el sobre de error', async () => {
    type Doc = { paths: Record<string, { get?: { summary?: string; responses?: Record<string, unknown> } }> };
    const doc = (await env.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    const op = doc.paths['/api/notifications-cronos']?.get;
    expect(op?.summary).toContain("tipo: 'autenticar'");
    expect(op?.summary).toContain(String(CIERRE_CANAL.sesion));
    expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
    const r = await env.app.inject({ method: 'GET', url: '/api/notifications-cronos' });
    expect(r.statusCode).toBe(426);
    expect(r.headers.upgrade).toBe('websocket');
    expect(r.json()).toEqual({
      success: false,
      message: 'El canal de notificaciones requiere una conexión WebSocket.',
      data: null,
    });
  });

  it('cada mensaje que envía el servidor cumple su esquema (listo, evento, pong, cerrado)', async () => {
    const s = await env.sesion(ROL.Usuario, empresaA);
    const c = await abrir(s.token);
    c.enviar({ tipo: 'ping' });
    await c.esperar(() => c.mensajes.some((m) => m.tipo === 'pong'));
    const e = await mover(empresaA);
    await c.esperarEvento((x) => x.codigoNotificacion === e?.codigoNotificacion);
    expect((await s.post('/api/Account/Logout')).statusCode).toBe(200);
    await mover(empresaA);
    await c.esperarCierre();
    expect(c.mensajes.map((m) => m.tipo)).toEqual(['listo', 'pong', 'evento', 'cerrado']);
    for (const m of c.mensajes) expect(mensajeServidorCanal.safeParse(m).error).toBeUndefined();
  });
});

describe('canal notifications-cronos: a quién llega cada evento', () => {
  it('la orden que cambia de etapa llega a su empresa y al personal de la etapa, no a otra empresa', async () => {
    const deA = await env.sesion(ROL.Usuario, empresaA);
    const deB = await env.sesion(ROL.Usuario, empresaB);
    const balanza = await env.sesion(ROL.Balanza, EMPRESA_OPERADOR);
    const seguridad = await env.sesion(ROL.Seguridad, EMPRESA_OPERADOR);
    const [ca, cb, cbal, cseg] = await Promise.all([
      abrir(deA.token),
      abrir(deB.token),
      abrir(balanza.token),
      abrir(seguridad.token),
    ]);
    const ev = await mover(empresaA, 1, 2);
    await Promise.all([marca(deB.usuario.codigoUsuario)]);
    await ca.esperarEvento((e) => e.codigoNotificacion === ev?.codigoNotificacion);
    await cbal.esperarEvento((e) => e.codigoNotificacion === ev?.codigoNotificacion);
    await cseg.esperarEvento((e) => e.codigoNotificacion === ev?.codigoNotificacion); // the stage it left
    await cb.esperarEvento((e) => e.titulo === 'marca');
    expect(cb.eventos().map((e) => e.codigoNotificacion)).not.toContain(ev?.codigoNotificacion);
    const recibido = ca.eventos().find((e) => e.codigoNotificacion === ev?.codigoNotificacion);
    expect(recibido).toMatchObject({
      tipo: TIPO_NOTIFICACION.movimientoEtapa,
      enlace: expect.stringMatching(/^\/app\/operations\/order\/register\/\d+$/),
      datos: { desde: 1, hasta: 2 },
    });
    for (const c of [ca, cb, cbal, cseg]) c.cerrar();
  });

  it('el personal de una etapa que no participa no la recibe; otra empresa con el mismo rol tampoco', async () => {
    const balanza = await env.sesion(ROL.Balanza, EMPRESA_OPERADOR);
    const balanzaDeB = await env.sesion(ROL.Balanza, empresaB);
    const [cbal, cbalB] = await Promise.all([abrir(balanza.token), abrir(balanzaDeB.token)]);
    const ev = await mover(empresaA, 4, 5); // exit control → final: security staff only
    await marca(balanza.usuario.codigoUsuario);
    await marca(balanzaDeB.usuario.codigoUsuario);
    await cbal.esperarEvento((e) => e.titulo === 'marca');
    await cbalB.esperarEvento((e) => e.titulo === 'marca');
    expect(cbal.eventos().map((e) => e.codigoNotificacion)).not.toContain(ev?.codigoNotificacion);
    expect(cbalB.eventos().map((e) => e.codigoNotificacion)).not.toContain(ev?.codigoNotificacion);
    cbal.cerrar();
    cbalB.cerrar();
  });

  it('orden observada y certificado llegan a la empresa; usuario creado solo a los administradores', async () => {
    const deA = await env.sesion(ROL.Usuario, empresaA);
    const admin = await env.sesion(ROL.Administrador, EMPRESA_OPERADOR);
    const moderador = await env.sesion(ROL.Moderador, EMPRESA_OPERADOR);
    const [ca, cadm, cmod] = await Promise.all([abrir(deA.token), abrir(admin.token), abrir(moderador.token)]);
    const obs = await env.db.transaction((tx) =>
      publicarMovimientoObservado(tx, null, {
        codigoMovimiento: 5,
        codigoIngreso: 'OP1900005',
        codigoEmpresaUsuario: empresaA,
      }),
    );
    const cert = await env.db.transaction((tx) =>
      publicarCertificado(tx, null, {
        codigoCertificado: 9,
        numero: 'C-0009',
        codigoEmpresaUsuario: empresaA,
        autorizado: false,
        enlace: '/app/operations/manufacture',
      }),
    );
    const nuevo = await env.db.transaction((tx) =>
      publicarUsuarioCreado(tx, null, { codigoUsuario: 77, nombreUsuario: 'nuevo', codigoEmpresaUsuario: empresaA }),
    );
    await ca.esperarEvento((e) => e.codigoNotificacion === cert?.codigoNotificacion);
    await cmod.esperarEvento((e) => e.codigoNotificacion === obs?.codigoNotificacion); // observed-orders inbox
    await cadm.esperarEvento((e) => e.codigoNotificacion === nuevo?.codigoNotificacion);
    await marca(deA.usuario.codigoUsuario);
    await ca.esperarEvento((e) => e.titulo === 'marca');
    const tipos = ca
      .eventos()
      .filter((e) => e.titulo !== 'marca')
      .map((e) => e.tipo);
    expect(tipos).toContain(TIPO_NOTIFICACION.movimientoObservado);
    expect(tipos).toContain(TIPO_NOTIFICACION.certificadoRechazado);
    expect(tipos).not.toContain(TIPO_NOTIFICACION.usuarioCreado);
    for (const c of [ca, cadm, cmod]) c.cerrar();
  });

  it('un cambio revertido no notifica ni queda guardado', async () => {
    const deA = await env.sesion(ROL.Usuario, empresaA);
    const c = await abrir(deA.token);
    await expect(
      env.db.transaction(async (tx) => {
        await publicarNotificacion(tx, null, {
          tipo: 'movimiento-etapa',
          titulo: 'revertido',
          mensaje: 'x',
          codigoEmpresaUsuario: empresaA,
        });
        throw new Error('falla la regla');
      }),
    ).rejects.toThrow('falla la regla');
    await marca(deA.usuario.codigoUsuario);
    await c.esperarEvento((e) => e.titulo === 'marca');
    expect(c.eventos().map((e) => e.titulo)).not.toContain('revertido');
    expect(await env.db.select().from(notificacion).where(eq(notificacion.titulo, 'revertido'))).toEqual([]);
    c.cerrar();
  });

  it('publicar sin destinatarios es un error del programa', async () => {
    await expect(
      env.db.transaction((tx) => publicarNotificacion(tx, null, { tipo: 'usuario-creado', titulo: 't', mensaje: 'm' })),
    ).rejects.toThrow(/destinatarios/);
  });
});

describe('canal notifications-cronos: reconexión y fin de sesión', () => {
  it('quien se reconecta recibe una sola vez los dos eventos que se perdió', async () => {
    const deA = await env.sesion(ROL.Usuario, empresaA);
    const c1 = await abrir(deA.token);
    const listo = c1.mensajes.find((m) => m.tipo === 'listo');
    const cursor = listo?.tipo === 'listo' ? listo.ultimo : -1;
    c1.cerrar();
    await c1.esperarCierre();
    const e1 = await mover(empresaA);
    await mover(empresaB); // not for this user
    const e2 = await mover(empresaA, 2, 3);
    const c2 = await abrir(deA.token, cursor);
    const e3 = await mover(empresaA, 3, 4); // live, after the replay
    await c2.esperarEvento((e) => e.codigoNotificacion === e3?.codigoNotificacion);
    const ids = c2.eventos().map((e) => e.codigoNotificacion);
    expect(ids).toEqual([e1?.codigoNotificacion, e2?.codigoNotificacion, e3?.codigoNotificacion]);
    const perdidos = c2.mensajes.filter((m) => m.tipo === 'evento' && m.perdido);
    expect(perdidos).toHaveLength(2);
    c2.cerrar();
  });

  it('sin cursor no repite historia: solo eventos nuevos', async () => {
    const deA = await env.sesion(ROL.Usuario, empresaA);
    await mover(empresaA);
    const c = await abrir(deA.token);
    const nuevo = await mover(empresaA);
    await c.esperarEvento((e) => e.codigoNotificacion === nuevo?.codigoNotificacion);
    expect(c.eventos()).toHaveLength(1);
    c.cerrar();
  });

  it('después de cerrar sesión no llega nada y el canal se cierra con 4401', async () => {
    const deA = await env.sesion(ROL.Usuario, empresaA);
    const c = await abrir(deA.token);
    expect((await deA.post('/api/Account/Logout')).statusCode).toBe(200);
    await mover(empresaA);
    await c.esperarCierre();
    expect(c.cierre()).toBe(CIERRE_CANAL.sesion);
    expect(c.eventos()).toEqual([]);
    expect(c.mensajes.at(-1)).toEqual({ tipo: 'cerrado', motivo: 'sesion' });
  });

  it('una sesión vencida por inactividad deja de recibir y no puede reabrir el canal', async () => {
    const entorno = await crearEntorno();
    try {
      await entorno.app.listen({ port: 0, host: '127.0.0.1' });
      const segundo = puertoDe(entorno.app);
      const e = await entorno.crearEmpresa();
      const s = await entorno.sesion(ROL.Usuario, e.codigoEmpresaUsuario);
      const c = await conectar(url(segundo));
      await c.autenticar(s.token);
      entorno.reloj.avanzar(41 * 60_000);
      await entorno.db.transaction((tx) =>
        publicarNotificacion(tx, null, {
          tipo: 'movimiento-etapa',
          titulo: 't',
          mensaje: 'm',
          codigoEmpresaUsuario: e.codigoEmpresaUsuario,
        }),
      );
      await c.esperarCierre();
      expect(c.cierre()).toBe(CIERRE_CANAL.sesion);
      expect(c.eventos()).toEqual([]);
      const otra = await conectar(url(segundo));
      await otra.autenticar(s.token);
      expect(otra.cierre()).toBe(CIERRE_CANAL.sesion);
    } finally {
      await entorno.cerrar();
    }
  });
});

describe('aviso periódico de contratos de transportista por vencer', () => {
  const contrato = (codigoEmpresaUsuario: number, ruc: string, fechaCese: string, estadoAnulado = 0) =>
    env.db
      .insert(transportistaUsuario)
      .values({
        codigoEmpresaUsuario,
        ruc,
        razonSocial: `TRANSPORTES ${ruc}`,
        fechaInicio: '2026-01-01',
        fechaCese,
        estadoAnulado,
      })
      .returning();

  it('avisa una sola vez por contrato, aunque varias instancias corran el trabajo a la vez', async () => {
    const deA = await env.sesion(ROL.Usuario, empresaA);
    const c = await abrir(deA.token);
    // The clock is 2026-11-20 09:00 in Lima.
    await contrato(empresaA, '20100000001', '2026-11-30');
    await contrato(empresaA, '20100000002', '2026-11-20'); // ends today: still warned
    await contrato(empresaA, '20100000003', '2026-12-31'); // far away
    await contrato(empresaA, '20100000004', '2026-11-19'); // already expired
    await contrato(empresaA, '20100000005', '2026-11-25', 1); // annulled
    const [a, b] = await Promise.all([
      avisarContratosPorVencer(env.db, env.reloj.ahora()),
      avisarContratosPorVencer(env.db, env.reloj.ahora()),
    ]);
    expect(a + b).toBe(2);
    expect(await avisarContratosPorVencer(env.db, env.reloj.ahora())).toBe(0);
    const filas = await env.db
      .select()
      .from(notificacion)
      .where(eq(notificacion.tipo, TIPO_NOTIFICACION.contratoPorVencer));
    expect(filas.map((f) => f.mensaje).sort()).toEqual([
      'El contrato del transportista TRANSPORTES 20100000001 (RUC 20100000001) vence el 30/11/2026.',
      'El contrato del transportista TRANSPORTES 20100000002 (RUC 20100000002) vence el 20/11/2026.',
    ]);
    await c.esperar(() => c.eventos().filter((e) => e.tipo === TIPO_NOTIFICACION.contratoPorVencer).length === 2);
    c.cerrar();
  });
});
