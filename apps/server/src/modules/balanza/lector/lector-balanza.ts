import { createConnection, type Socket } from 'node:net';
import { crearDecodificador, type Lectura, type Protocolo } from './protocolos';

export interface OpcionesLector {
  host: string;
  puerto: number;
  protocolo: Protocolo;
  /** First wait before reconnecting; doubles up to reconexionMaximaMs. */
  reconexionMs?: number;
  reconexionMaximaMs?: number;
  /** A connected indicator that sends nothing for this long is treated as lost (continuous output). */
  silencioMs?: number;
  /** A reading older than this is not the weight on the platform now. */
  frescuraMs?: number;
  /** Consecutive equal stable frames needed to accept a weight (protects against a flag set too early). */
  lecturasIguales?: number;
}

export type MotivoFalla = 'sin-conexion' | 'inestable' | 'sobrecarga';
export class FallaBalanza extends Error {
  constructor(readonly motivo: MotivoFalla) {
    super(motivo);
    this.name = 'FallaBalanza';
  }
}

export interface Captura {
  peso: number;
  trama: string;
  protocolo: Protocolo;
  fecha: Date;
}

export interface EstadoLector {
  connected: boolean;
  protocolo: Protocolo;
  ultimaLectura: (Lectura & { fecha: string }) | null;
}

interface LecturaFechada extends Lectura {
  t: number;
  n: number;
}

/**
 * A TCP client of one weighbridge indicator (serial-to-TCP converters are how indicators reach a gate).
 * It keeps reading, reassembling frames, reconnects with backoff when the link drops, and hands out a
 * weight only when the platform is stable: the indicator says so (when its protocol can) and the last
 * frames agree.
 */
export class LectorBalanza {
  private socket: Socket | null = null;
  private conectado = false;
  private detenido = true;
  private ventana: LecturaFechada[] = [];
  private espera = 0;
  private temporizador: NodeJS.Timeout | null = null;
  private vigilante: NodeJS.Timeout | null = null;
  private ultimoDato = 0;
  private recibidas = 0;
  private oyentes = new Set<() => void>();
  private readonly o: Required<OpcionesLector>;

  constructor(opciones: OpcionesLector) {
    this.o = {
      reconexionMs: 250,
      reconexionMaximaMs: 5_000,
      silencioMs: 5_000,
      frescuraMs: 2_000,
      lecturasIguales: 3,
      ...opciones,
    };
    this.espera = this.o.reconexionMs;
  }

  iniciar() {
    if (!this.detenido) return this;
    this.detenido = false;
    this.conectar();
    this.vigilante = setInterval(() => this.vigilar(), Math.max(100, Math.min(1000, this.o.silencioMs / 2)));
    this.vigilante.unref();
    return this;
  }

  detener() {
    this.detenido = true;
    if (this.temporizador) clearTimeout(this.temporizador);
    if (this.vigilante) clearInterval(this.vigilante);
    this.temporizador = null;
    this.vigilante = null;
    this.socket?.destroy();
    this.socket = null;
    this.conectado = false;
    this.avisar();
  }

  get connected() {
    return this.conectado;
  }

  estado(): EstadoLector {
    const u = this.ventana.at(-1);
    let ultimaLectura: EstadoLector['ultimaLectura'] = null;
    if (u) {
      const { t, n: _n, ...lectura } = u;
      ultimaLectura = { ...lectura, fecha: new Date(t).toISOString() };
    }
    return { connected: this.conectado, protocolo: this.o.protocolo, ultimaLectura };
  }

  /**
   * The stable weight on the platform now, or null (with the reason) when there is none. `despuesDe` keeps
   * only frames received after that frame number: a capture judges what arrives after the button press.
   */
  lecturaEstable(despuesDe = 0): { captura: Captura | null; motivo: MotivoFalla | null } {
    if (!this.conectado) return { captura: null, motivo: 'sin-conexion' };
    const ahora = Date.now();
    const recientes = this.ventana.filter((l) => l.n > despuesDe && ahora - l.t <= this.o.frescuraMs);
    const ultima = recientes.at(-1);
    if (!ultima) return { captura: null, motivo: 'inestable' };
    if (ultima.sobrecarga) return { captura: null, motivo: 'sobrecarga' };
    const ultimas = recientes.slice(-this.o.lecturasIguales);
    const estable =
      ultimas.length >= this.o.lecturasIguales &&
      ultimas.every((l) => l.estable !== false && !l.sobrecarga && l.peso === ultima.peso);
    if (!estable) return { captura: null, motivo: 'inestable' };
    return {
      captura: { peso: ultima.peso, trama: ultima.trama, protocolo: this.o.protocolo, fecha: new Date(ultima.t) },
      motivo: null,
    };
  }

  /**
   * Waits up to `esperaMs` for a stable weight. An unreachable indicator fails at once (the operator should
   * see it, not wait); motion or overload fail when the wait ends.
   */
  capturar(esperaMs = 3_000): Promise<Captura> {
    const desde = this.recibidas;
    return new Promise((resolver, rechazar) => {
      const probar = () => {
        const r = this.lecturaEstable(desde);
        if (r.captura) {
          fin();
          resolver(r.captura);
          return true;
        }
        if (r.motivo === 'sin-conexion') {
          fin();
          rechazar(new FallaBalanza('sin-conexion'));
          return true;
        }
        return false;
      };
      const limite = setTimeout(() => {
        if (probar()) return;
        const r = this.lecturaEstable(desde);
        fin();
        rechazar(new FallaBalanza(r.motivo ?? 'inestable'));
      }, esperaMs);
      const fin = () => {
        clearTimeout(limite);
        this.oyentes.delete(oyente);
      };
      const oyente = () => {
        probar();
      };
      this.oyentes.add(oyente);
      probar();
    });
  }

  private avisar() {
    for (const o of [...this.oyentes]) o();
  }

  private conectar() {
    if (this.detenido) return;
    const socket = createConnection({ host: this.o.host, port: this.o.puerto });
    this.socket = socket;
    const decodificador = crearDecodificador(this.o.protocolo);
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.conectado = true;
      this.espera = this.o.reconexionMs;
      this.ultimoDato = Date.now();
      this.ventana = [];
      this.avisar();
    });
    socket.on('data', (trozo: Buffer) => {
      this.ultimoDato = Date.now();
      const lecturas = decodificador.alimentar(trozo);
      if (!lecturas.length) return;
      for (const l of lecturas) {
        this.recibidas += 1;
        this.ventana.push({ ...l, t: this.ultimoDato, n: this.recibidas });
      }
      if (this.ventana.length > 50) this.ventana.splice(0, this.ventana.length - 50);
      this.avisar();
    });
    socket.on('error', () => {
      // 'close' follows; the reconnection is scheduled there.
    });
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.conectado = false;
      this.ventana = [];
      this.avisar();
      this.programarReconexion();
    });
  }

  private programarReconexion() {
    if (this.detenido || this.temporizador) return;
    this.temporizador = setTimeout(() => {
      this.temporizador = null;
      this.conectar();
    }, this.espera);
    this.temporizador.unref();
    this.espera = Math.min(this.espera * 2, this.o.reconexionMaximaMs);
  }

  /** An indicator that went silent (cable pulled behind a converter keeps TCP up) is a lost link. */
  private vigilar() {
    if (this.conectado && this.socket && Date.now() - this.ultimoDato > this.o.silencioMs) {
      this.socket.destroy();
    }
  }
}
