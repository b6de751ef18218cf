import {
  CIERRE_CANAL,
  type EventoNotificacion,
  type MensajeServidorCanal,
  RUTA_CANAL_NOTIFICACIONES,
} from '@cronos/contract';

/**
 * Client of the 'notifications-cronos' channel (no React): one WebSocket per tab while a session is open.
 * - Authenticates with the first message (token + the last id seen), so what happened while disconnected is
 *   replayed once; ids already seen are dropped, so nothing is shown twice.
 * - Reconnects with exponential backoff (1 s → 30 s, with jitter) and an application heartbeat.
 * - Stops at logout / session expiry (4401 from the server or `detener()` from the session store).
 */
export interface EventoRecibido extends EventoNotificacion {
  /** Replayed after a reconnection (no toast for old news). */
  perdido: boolean;
  leido: boolean;
}
export type EstadoCanal = 'desconectado' | 'conectando' | 'conectado';

const ESPERA_MINIMA_MS = 1_000;
const ESPERA_MAXIMA_MS = 30_000;
const LATIDO_MS = 25_000;
const MAX_GUARDADOS = 30;
const claveCursor = (u: number) => `cronos.notificaciones.cursor.${u}`;
const claveLista = (u: number) => `cronos.notificaciones.lista.${u}`;

type Oyente = (e: EventoRecibido) => void;

class CanalNotificaciones {
  private ws: WebSocket | null = null;
  private token: string | null = null;
  private usuario = 0;
  private intentos = 0;
  private reintento: ReturnType<typeof setTimeout> | null = null;
  private latido: ReturnType<typeof setInterval> | null = null;
  private esperaPong = false;
  private vistos = new Set<number>();
  private oyentes = new Set<Oyente>();
  private cambios = new Set<() => void>();
  estado: EstadoCanal = 'desconectado';
  lista: EventoRecibido[] = [];

  iniciar(token: string, codigoUsuario: number) {
    if (this.token === token && this.ws) return;
    this.detener();
    this.token = token;
    this.usuario = codigoUsuario;
    try {
      this.lista = JSON.parse(localStorage.getItem(claveLista(codigoUsuario)) ?? '[]') as EventoRecibido[];
    } catch {
      this.lista = [];
    }
    this.vistos = new Set(this.lista.map((e) => e.codigoNotificacion));
    this.conectar();
    window.addEventListener('online', this.alVolverRed);
  }

  /** Unsubscribes (logout, expiry): closes the socket and cancels any pending reconnection. */
  detener() {
    this.token = null;
    window.removeEventListener('online', this.alVolverRed);
    if (this.reintento) clearTimeout(this.reintento);
    if (this.latido) clearInterval(this.latido);
    this.reintento = null;
    this.latido = null;
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000, 'logout');
    this.lista = [];
    this.vistos.clear();
    this.fijarEstado('desconectado');
  }

  suscribir(o: Oyente) {
    this.oyentes.add(o);
    return () => {
      this.oyentes.delete(o);
    };
  }
  alCambiar = (o: () => void) => {
    this.cambios.add(o);
    return () => {
      this.cambios.delete(o);
    };
  };
  instantanea = () => this.version;
  private version = 0;

  get noLeidos() {
    return this.lista.filter((e) => !e.leido).length;
  }
  /** Marks as read the given notifications (those the user saw), or all of them. */
  marcarLeidos(vistos?: ReadonlySet<number>) {
    if (this.noLeidos === 0) return;
    this.lista = this.lista.map((e) => (!vistos || vistos.has(e.codigoNotificacion) ? { ...e, leido: true } : e));
    this.guardar();
    this.avisar();
  }

  private alVolverRed = () => {
    // The network came back: try now instead of waiting for the backoff.
    if (this.token && !this.ws) {
      if (this.reintento) clearTimeout(this.reintento);
      this.intentos = 0;
      this.conectar();
    }
  };

  private conectar() {
    if (!this.token) return;
    const token = this.token;
    this.fijarEstado('conectando');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${RUTA_CANAL_NOTIFICACIONES}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      const cursor = Number(localStorage.getItem(claveCursor(this.usuario)) ?? '');
      ws.send(
        JSON.stringify({
          tipo: 'autenticar',
          token,
          ...(Number.isFinite(cursor) && cursor > 0 ? { desde: cursor } : {}),
        }),
      );
    };
    ws.onmessage = (m) => this.recibir(JSON.parse(String(m.data)) as MensajeServidorCanal);
    ws.onclose = (c) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.latido) clearInterval(this.latido);
      this.fijarEstado('desconectado');
      // The session ended: no reconnection (the API's 401 handling takes the user to /login).
      if (c.code === CIERRE_CANAL.sesion || c.code === CIERRE_CANAL.protocolo) return;
      this.programar();
    };
  }

  private programar() {
    if (!this.token) return;
    const base = Math.min(ESPERA_MAXIMA_MS, ESPERA_MINIMA_MS * 2 ** this.intentos);
    this.intentos += 1;
    this.reintento = setTimeout(() => this.conectar(), base / 2 + Math.random() * (base / 2));
  }

  private recibir(m: MensajeServidorCanal) {
    if (m.tipo === 'pong') {
      this.esperaPong = false;
      return;
    }
    if (m.tipo === 'listo') {
      this.intentos = 0;
      this.moverCursor(m.ultimo);
      this.fijarEstado('conectado');
      if (this.latido) clearInterval(this.latido);
      this.latido = setInterval(() => {
        // No answer to the previous ping: the connection is dead even if the browser has not noticed.
        if (this.esperaPong) return this.ws?.close(4000, 'sin latido');
        this.esperaPong = true;
        this.ws?.send(JSON.stringify({ tipo: 'ping' }));
      }, LATIDO_MS);
      return;
    }
    if (m.tipo !== 'evento') return;
    const e = m.evento;
    this.moverCursor(e.codigoNotificacion);
    if (this.vistos.has(e.codigoNotificacion)) return;
    this.vistos.add(e.codigoNotificacion);
    const recibido: EventoRecibido = { ...e, perdido: m.perdido === true, leido: false };
    this.lista = [recibido, ...this.lista].slice(0, MAX_GUARDADOS);
    this.guardar();
    for (const o of this.oyentes) o(recibido);
    this.avisar();
  }

  private moverCursor(id: number) {
    const clave = claveCursor(this.usuario);
    if (id > Number(localStorage.getItem(clave) ?? 0)) localStorage.setItem(clave, String(id));
  }
  private guardar() {
    if (this.usuario) localStorage.setItem(claveLista(this.usuario), JSON.stringify(this.lista));
  }
  private fijarEstado(e: EstadoCanal) {
    this.estado = e;
    this.avisar();
  }
  private avisar() {
    this.version += 1;
    for (const o of this.cambios) o();
  }
}

export const canalNotificaciones = new CanalNotificaciones();
