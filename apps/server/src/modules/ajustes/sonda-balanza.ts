import { createConnection } from 'node:net';
import { performance } from 'node:perf_hooks';
import { crearDecodificador, type Lectura, type Protocolo } from '../balanza/lector/protocolos';
import { SimuladorBalanza } from '../balanza/lector/simulador';

export interface ResultadoSonda {
  motivo: 'ok' | 'sin-conexion' | 'sin-lectura';
  milisegundos: number;
  lectura: Lectura | null;
}

/**
 * Connects once to a scale's indicator and waits for its first decodable frame, within `limiteMs` in all: the
 * "Probar conexión" of the settings hub and the scale lines of the support page. It does not touch the weighing
 * reader (modules/balanza/lector/registro.ts), so a test never disturbs a capture in progress. host 'simulador'
 * starts a built-in simulator of that protocol for the duration of the test, as the reader does.
 */
export async function sondearBalanza(
  c: { protocolo: string; host: string; puerto: number },
  limiteMs = 3_000,
): Promise<ResultadoSonda> {
  const protocolo = c.protocolo as Protocolo;
  let simulador: SimuladorBalanza | undefined;
  let host = c.host;
  let puerto = c.puerto;
  const inicio = performance.now();
  if (c.host === 'simulador') {
    simulador = await new SimuladorBalanza({ protocolo, automatico: true }).iniciar();
    host = '127.0.0.1';
    puerto = simulador.puerto;
  }
  try {
    return await new Promise<ResultadoSonda>((resolver) => {
      const decodificador = crearDecodificador(protocolo);
      let conectado = false;
      let terminado = false;
      const socket = createConnection({ host, port: puerto });
      const fin = (motivo: ResultadoSonda['motivo'], lectura: Lectura | null = null) => {
        if (terminado) return;
        terminado = true;
        clearTimeout(limite);
        socket.destroy();
        resolver({ motivo, lectura, milisegundos: Math.round(performance.now() - inicio) });
      };
      const limite = setTimeout(() => fin(conectado ? 'sin-lectura' : 'sin-conexion'), limiteMs);
      socket.setTimeout(limiteMs);
      socket.on('connect', () => {
        conectado = true;
      });
      socket.on('data', (trozo: Buffer) => {
        const [primera] = decodificador.alimentar(trozo);
        if (primera) fin('ok', primera);
      });
      socket.on('timeout', () => fin(conectado ? 'sin-lectura' : 'sin-conexion'));
      socket.on('error', () => fin('sin-conexion'));
      socket.on('close', () => fin(conectado ? 'sin-lectura' : 'sin-conexion'));
    });
  } finally {
    await simulador?.cerrar();
  }
}
