import { apiNotificaciones, CIERRE_CANAL, type MensajeServidorCanal, mensajeClienteCanal } from '@cronos/contract';
import websocket, { type WebsocketHandler } from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { type OpcionesRuta, rutaApi } from '../../platform/contrato';
import { validarToken } from '../../platform/sesiones';
import type { Modulo } from '../tipos';
import { CentralNotificaciones, type Suscriptor } from './central';
import { avisarContratosPorVencer } from './contratos';

const ESPERA_AUTENTICACION_MS = 10_000;
const BARRIDO_MS = 30_000;
const TRABAJO_CONTRATOS_MS = 3_600_000;
const BUFFER_MAXIMO = 1_000_000;

/** A plain GET of the channel (no Upgrade header). */
const SOLO_WEBSOCKET = 'El canal de notificaciones requiere una conexión WebSocket.';

/**
 * The 'notifications-cronos' channel: GET /api/notifications-cronos upgraded to a WebSocket. The first
 * message must be { tipo: 'autenticar', token, desde? } (browsers cannot put a bearer header on a WebSocket,
 * and a token in the URL would end up in logs). Then the server replays what came after `desde`, answers
 * { tipo: 'listo', ultimo }, and pushes each event that concerns the user. The channel closes with 4401 when
 * the session ends (logout, 40 min idle, 12 h, disabled user).
 */
const notificaciones: Modulo = async (app, { base, db, ahora, trabajos }) => {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const central = new CentralNotificaciones(base, ahora, app.log);
  await central.iniciar();
  const vivos = new WeakMap<WebSocket, boolean>();

  const barrido = setInterval(() => {
    central.revisarSesiones().catch((e) => app.log.error({ err: e }, 'revisión de sesiones del canal'));
    for (const s of app.websocketServer?.clients ?? []) {
      if (vivos.get(s) === false) s.terminate();
      else {
        vivos.set(s, false);
        s.ping();
      }
    }
  }, BARRIDO_MS);
  barrido.unref();
  // Contracts about to expire: a background job, one instance at a time, 5 s after a start and then every hour.
  trabajos.registrar({
    nombre: 'aviso-contratos-por-vencer',
    esperaInicialMs: 5_000,
    intervaloMs: TRABAJO_CONTRATOS_MS,
    reintentoMs: 60_000,
    ejecutar: () => avisarContratosPorVencer(db, ahora()),
  });
  app.addHook('onClose', async () => {
    clearInterval(barrido);
    await central.detener();
  });

  const abrirCanal: WebsocketHandler = (socket, req) => {
    vivos.set(socket, true);
    app.metricas?.conexionesTiempoReal.inc();
    socket.on('pong', () => vivos.set(socket, true));
    let suscriptor: Suscriptor | null = null;
    let autenticando = false;
    const enviados = new Set<number>();
    /** Without a cursor the client starts at 'listo': events up to its `ultimo` are history, even if they arrive live late. */
    let piso = 0;

    const enviar = (m: MensajeServidorCanal) => {
      if (socket.readyState !== socket.OPEN) return;
      if (m.tipo === 'evento') {
        // A replayed event may also arrive live: each id goes out once per connection.
        if (enviados.has(m.evento.codigoNotificacion) || m.evento.codigoNotificacion <= piso) return;
        enviados.add(m.evento.codigoNotificacion);
        if (enviados.size > 2000) for (const id of [...enviados].slice(0, 1000)) enviados.delete(id);
      }
      if (socket.bufferedAmount > BUFFER_MAXIMO) {
        socket.terminate(); // a client that does not read: it will reconnect and replay
        return;
      }
      socket.send(JSON.stringify(m));
    };
    const cerrar = (codigo: number, motivo: 'sesion' | 'protocolo') => {
      enviar({ tipo: 'cerrado', motivo });
      socket.close(codigo, motivo);
    };
    const limite = setTimeout(() => cerrar(CIERRE_CANAL.protocolo, 'protocolo'), ESPERA_AUTENTICACION_MS);

    socket.on('close', () => {
      app.metricas?.conexionesTiempoReal.dec();
      clearTimeout(limite);
      if (suscriptor) central.desuscribir(suscriptor);
    });
    socket.on('message', async (datos) => {
      let m: ReturnType<typeof mensajeClienteCanal.parse>;
      try {
        m = mensajeClienteCanal.parse(JSON.parse(datos.toString()));
      } catch {
        return cerrar(CIERRE_CANAL.protocolo, 'protocolo');
      }
      if (m.tipo === 'ping') return enviar({ tipo: 'pong' });
      if (suscriptor || autenticando) return cerrar(CIERRE_CANAL.protocolo, 'protocolo');
      autenticando = true;
      clearTimeout(limite);
      try {
        const actor = await validarToken(db, m.token, ahora());
        if (!actor) return cerrar(CIERRE_CANAL.sesion, 'sesion');
        if (socket.readyState !== socket.OPEN) return;
        // Live events are held while the missed ones are replayed, then flushed (duplicates dropped).
        let retenidos: MensajeServidorCanal[] | null = [];
        const s: Suscriptor = {
          actor,
          enviar: (x) => (retenidos ? retenidos.push(x) : enviar(x)),
          terminarSesion: () => cerrar(CIERRE_CANAL.sesion, 'sesion'),
        };
        suscriptor = s;
        central.suscribir(s);
        const ultimo = await central.ultimoId();
        if (m.desde === undefined) piso = ultimo;
        else {
          for (const a of await central.perdidos(actor, m.desde))
            enviar({ tipo: 'evento', evento: a.evento, perdido: true });
        }
        enviar({ tipo: 'listo', ultimo });
        const pendientes = retenidos;
        retenidos = null;
        for (const x of pendientes) enviar(x);
      } catch (e) {
        req.log.error({ err: e }, 'no se pudo abrir el canal de notificaciones');
        socket.close(1011, 'error');
      }
    });
  };

  // The upgraded request runs `abrirCanal` (@fastify/websocket's wsHandler); the route stays documented.
  const canal = { wsHandler: abrirCanal } as unknown as OpcionesRuta['opciones'];
  rutaApi(
    app,
    apiNotificaciones.canal,
    { acceso: 'publico', tags: ['Notificaciones'], opciones: canal },
    (_req, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ success: false, message: SOLO_WEBSOCKET, data: null }),
  );
};
export default notificaciones;
