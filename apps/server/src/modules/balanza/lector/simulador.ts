import { createServer, type Server, type Socket } from 'node:net';
import { CODIFICADORES, type EstadoIndicador, type Protocolo } from './protocolos';

export interface OpcionesSimulador {
  protocolo: Protocolo;
  /** 0 = any free port (read `puerto` after iniciar). */
  puerto?: number;
  host?: string;
  /** Frames per second are 1000 / intervaloMs; indicators send 10–20 a second. */
  intervaloMs?: number;
  /** Split every frame into pieces of 1..n bytes written separately (n = 1: byte by byte). */
  fragmentar?: number;
  /** Write noise bytes between frames. */
  ruido?: boolean;
  /** Demo mode: a new truck settles on the platform every `cicloMs` (motion first, then stable). */
  automatico?: boolean;
  cicloMs?: number;
}

const RUIDO = Uint8Array.from([0x00, 0xff, 0x13, 0x41, 0x0d, 0x7e, 0x35, 0x0a]);

/**
 * A weighbridge indicator on a TCP port (as a serial-to-TCP converter exposes one): it writes the current
 * weight continuously in its protocol. Tests, the demo and `scripts/simulador-balanza.ts` use it.
 */
export class SimuladorBalanza {
  private servidor: Server | null = null;
  private clientes = new Set<Socket>();
  private temporizador: NodeJS.Timeout | null = null;
  private estadoActual: EstadoIndicador = { peso: 0, estable: true };
  private siguienteCambio = 0;
  private semilla = 7;
  puerto = 0;
  readonly o: Required<OpcionesSimulador>;

  constructor(opciones: OpcionesSimulador) {
    this.o = {
      puerto: 0,
      host: '127.0.0.1',
      intervaloMs: 50,
      fragmentar: 0,
      ruido: false,
      automatico: false,
      cicloMs: 45_000,
      ...opciones,
    };
  }

  async iniciar() {
    this.servidor = createServer((s) => {
      this.clientes.add(s);
      s.on('close', () => this.clientes.delete(s));
      s.on('error', () => this.clientes.delete(s));
    });
    await new Promise<void>((ok, mal) => {
      this.servidor?.once('error', mal);
      this.servidor?.listen(this.o.puerto, this.o.host, () => ok());
    });
    const dir = this.servidor.address();
    this.puerto = typeof dir === 'object' && dir ? dir.port : this.o.puerto;
    this.temporizador = setInterval(() => this.emitir(), this.o.intervaloMs);
    this.temporizador.unref();
    this.servidor.unref();
    return this;
  }

  /** What the platform weighs now. */
  fijar(estado: Partial<EstadoIndicador>) {
    this.o.automatico = false;
    this.estadoActual = { ...this.estadoActual, sobrecarga: false, ...estado };
  }

  get estado() {
    return { ...this.estadoActual };
  }

  get conexiones() {
    return this.clientes.size;
  }

  /** Drops every connection (a cable pulled, a converter restarting); clients must reconnect. */
  cortarConexiones() {
    for (const s of this.clientes) s.destroy();
    this.clientes.clear();
  }

  async cerrar() {
    if (this.temporizador) clearInterval(this.temporizador);
    this.cortarConexiones();
    await new Promise<void>((ok) => (this.servidor ? this.servidor.close(() => ok()) : ok()));
    this.servidor = null;
  }

  private aleatorio() {
    // A tiny deterministic generator: the demo shows plausible, repeatable truck weights.
    this.semilla = (this.semilla * 1103515245 + 12345) % 2147483648;
    return this.semilla / 2147483648;
  }

  private programaAutomatico() {
    const ahora = Date.now();
    if (ahora >= this.siguienteCambio) {
      this.siguienteCambio = ahora + this.o.cicloMs;
      const peso = Math.round((8_000 + this.aleatorio() * 34_000) / 10) * 10;
      this.estadoActual = { peso, estable: false };
    } else if (!this.estadoActual.estable && ahora >= this.siguienteCambio - this.o.cicloMs + 1_500) {
      this.estadoActual = { ...this.estadoActual, estable: true };
    }
  }

  private emitir() {
    if (this.o.automatico) this.programaAutomatico();
    if (!this.clientes.size) return;
    const e = this.estadoActual;
    // While moving, the weight wobbles as a real platform does.
    const mostrado =
      e.estable || e.sobrecarga ? e : { ...e, peso: Math.max(0, e.peso + Math.round((this.aleatorio() - 0.5) * 400)) };
    const trama = CODIFICADORES[this.o.protocolo](mostrado);
    for (const s of this.clientes) {
      if (this.o.ruido) s.write(RUIDO.subarray(0, 1 + Math.floor(this.aleatorio() * RUIDO.length)));
      if (this.o.fragmentar > 0) {
        let i = 0;
        while (i < trama.length) {
          const n = 1 + Math.floor(this.aleatorio() * this.o.fragmentar);
          s.write(trama.subarray(i, i + n));
          i += n;
        }
      } else s.write(trama);
    }
  }
}
