import type { Db } from '../../../db/client';
import { configuracionBalanza } from '../balanza.repository';
import { type Captura, FallaBalanza, LectorBalanza } from './lector-balanza';
import { PROTOCOLOS, type Protocolo } from './protocolos';
import { SimuladorBalanza } from './simulador';

interface Activo {
  clave: string;
  lector: LectorBalanza;
  simulador?: SimuladorBalanza;
}

export interface OpcionesRegistro {
  /** How long a capture waits for a stable weight. */
  esperaEstableMs?: number;
  /** How long a capture waits for a reader that is still connecting. */
  esperaConexionMs?: number;
}

/**
 * One reader per scale type (parameter group 27), built from the `balanza` configuration and rebuilt when
 * an administrator changes it. host 'simulador' starts the built-in simulator on a local port and reads it
 * over TCP like any indicator, so the whole path is exercised even without a scale at the gate.
 */
export class RegistroBalanzas {
  private activos = new Map<number, Activo>();
  constructor(
    private readonly db: Db,
    private readonly o: OpcionesRegistro = {},
  ) {}

  private async configuracion(tipo: number) {
    return configuracionBalanza(this.db, tipo);
  }

  /** The reader of a scale type, started; null when the type has no indicator (type 2, disabled). */
  async lector(tipo: number): Promise<Activo | null> {
    const c = await this.configuracion(tipo);
    if (!c?.activo || !PROTOCOLOS.includes(c.protocolo as Protocolo)) {
      await this.soltar(tipo);
      return null;
    }
    const clave = `${c.protocolo}@${c.host}:${c.puerto}`;
    const actual = this.activos.get(tipo);
    if (actual?.clave === clave) return actual;
    await this.soltar(tipo);
    const protocolo = c.protocolo as Protocolo;
    let simulador: SimuladorBalanza | undefined;
    let host = c.host;
    let puerto = c.puerto;
    if (c.host === 'simulador') {
      simulador = await new SimuladorBalanza({ protocolo, automatico: true }).iniciar();
      host = '127.0.0.1';
      puerto = simulador.puerto;
    }
    const activo = { clave, lector: new LectorBalanza({ host, puerto, protocolo }).iniciar(), simulador };
    this.activos.set(tipo, activo);
    return activo;
  }

  /** A stable weight from the scale of this type, or a FallaBalanza saying why there is none. */
  async capturar(tipo: number): Promise<Captura> {
    const activo = await this.lector(tipo);
    if (!activo) throw new FallaBalanza('sin-conexion');
    const { lector } = activo;
    if (!lector.connected) await esperarConexion(lector, this.o.esperaConexionMs ?? 1_500);
    return lector.capturar(this.o.esperaEstableMs ?? 3_000);
  }

  async estado(tipo: number) {
    const activo = await this.lector(tipo);
    if (!activo) return { connected: false, simulador: false, ultimaLectura: null };
    return { ...activo.lector.estado(), simulador: Boolean(activo.simulador) };
  }

  async simulador(tipo: number) {
    return (await this.lector(tipo))?.simulador ?? null;
  }

  private async soltar(tipo: number) {
    const a = this.activos.get(tipo);
    if (!a) return;
    this.activos.delete(tipo);
    a.lector.detener();
    await a.simulador?.cerrar();
  }

  async cerrar() {
    for (const tipo of [...this.activos.keys()]) await this.soltar(tipo);
  }
}

function esperarConexion(lector: LectorBalanza, ms: number) {
  return new Promise<void>((resolver) => {
    const inicio = Date.now();
    const t = setInterval(() => {
      if (lector.connected || Date.now() - inicio >= ms) {
        clearInterval(t);
        resolver();
      }
    }, 25);
  });
}
