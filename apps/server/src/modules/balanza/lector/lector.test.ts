import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FallaBalanza, LectorBalanza } from './lector-balanza';
import {
  CODIFICADORES,
  controlYaohua,
  crearDecodificador,
  type Lectura,
  PROTOCOLOS,
  type Protocolo,
  tramaToledo,
  tramaYaohua,
} from './protocolos';
import { SimuladorBalanza } from './simulador';

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const RUIDO = Uint8Array.from([0x00, 0xff, 0x0d, 0x0a, 0x41, 0x13, 0x7e, 0x03, 0x30, 0x39]);

/** Feeds a stream one byte at a time, as the worst serial-to-TCP converter would deliver it. */
function byteAByte(protocolo: Protocolo, flujo: Uint8Array) {
  const d = crearDecodificador(protocolo);
  const salida: Lectura[] = [];
  for (const b of flujo) salida.push(...d.alimentar(Uint8Array.of(b)));
  return salida;
}
const unir = (...partes: Uint8Array[]) => Uint8Array.from(partes.flatMap((p) => [...p]));

describe('protocolos de indicadores (DOMAIN.md §9)', () => {
  it('Yaohua: el ejemplo de la especificación es 23 960 kg y su control XOR es "15"', () => {
    const trama = bytes('\x02+023960015\x03');
    const [l] = byteAByte('yaohua', trama);
    expect(l?.peso).toBe(23960);
    expect(l?.estable).toBeNull();
    expect(String.fromCharCode(...controlYaohua(bytes('+0239600')))).toBe('15');
    expect(tramaYaohua({ peso: 23960, estable: true })).toEqual(trama);
  });

  it('Yaohua: una trama con el control alterado es ruido', () => {
    expect(byteAByte('yaohua', bytes('\x02+023960016\x03'))).toEqual([]);
  });

  it('ASCII: ST/US/OL y GS/NT, con CRLF', () => {
    const flujo = bytes('ST,GS,+0023960kg\r\nUS,GS,+0023100kg\r\nOL,GS,+9999999kg\r\nST,NT,-0000040kg\r\n');
    const l = byteAByte('ascii', flujo);
    expect(l.map((x) => [x.peso, x.estable, x.sobrecarga, x.neto])).toEqual([
      [23960, true, false, false],
      [23100, false, false, false],
      [9999999, false, true, false],
      [-40, true, false, true],
    ]);
    expect(l[0]?.trama).toBe('ST,GS,+0023960kg\\x0d\\x0a');
  });

  it('Toledo: estado B lleva movimiento, signo y fuera de rango; la tara viene en la trama', () => {
    const estable = tramaToledo({ peso: 23960, estable: true, tara: 1500 });
    const movimiento = tramaToledo({ peso: 23100, estable: false });
    const sobrecarga = tramaToledo({ peso: 0, estable: true, sobrecarga: true });
    const l = byteAByte('toledo', unir(estable, movimiento, sobrecarga));
    expect(l.map((x) => [x.peso, x.tara, x.estable, x.sobrecarga])).toEqual([
      [23960, 1500, true, false],
      [23100, 0, false, false],
      [0, 0, true, true],
    ]);
  });

  it('Toledo: es tolerante con los bits fijos y con un byte de control después de CR', () => {
    // Status A with decimal code 1 (×10) and fixed bits cleared; then a checksum byte after CR.
    const trama = Uint8Array.from([0x02, 0x01 | 0x20, 0x30, 0x20, ...bytes('002396'), ...bytes('000000'), 0x0d, 0x5a]);
    const [l] = byteAByte('toledo', unir(trama, tramaToledo({ peso: 100, estable: true })));
    expect(l?.peso).toBe(23960);
  });

  for (const protocolo of PROTOCOLOS) {
    it(`${protocolo}: reensambla byte a byte entre ruido y descarta tramas cortadas`, () => {
      const cod = CODIFICADORES[protocolo];
      const buena = cod({ peso: 18250, estable: true });
      const cortada = cod({ peso: 99999, estable: true }).subarray(0, 6);
      const flujo = unir(RUIDO, buena, RUIDO, cortada, cod({ peso: 18260, estable: true }), RUIDO, buena);
      const l = byteAByte(protocolo, flujo);
      expect(l.map((x) => x.peso)).toEqual([18250, 18260, 18250]);
      expect(l.every((x) => x.trama.length > 0)).toBe(true);
    });
  }
});

const abiertos: { cerrar: () => Promise<void> | void }[] = [];
afterEach(async () => {
  for (const a of abiertos.splice(0)) await a.cerrar();
});

async function montar(protocolo: Protocolo, opciones: Partial<ConstructorParameters<typeof SimuladorBalanza>[0]> = {}) {
  const simulador = await new SimuladorBalanza({
    protocolo,
    intervaloMs: 10,
    fragmentar: 1,
    ruido: true,
    ...opciones,
  }).iniciar();
  const lector = new LectorBalanza({
    host: '127.0.0.1',
    puerto: simulador.puerto,
    protocolo,
    reconexionMs: 20,
    reconexionMaximaMs: 40,
  }).iniciar();
  abiertos.push({ cerrar: () => lector.detener() }, { cerrar: () => simulador.cerrar() });
  return { simulador, lector };
}

const hasta = async (condicion: () => boolean) => {
  while (!condicion()) await new Promise((r) => setTimeout(r, 10));
};

describe('lector de balanza por TCP', () => {
  for (const protocolo of PROTOCOLOS) {
    it(`${protocolo}: toma solo un peso estable, rechaza movimiento y sobrecarga, y se reconecta tras un corte`, async () => {
      const { simulador, lector } = await montar(protocolo);
      await hasta(() => lector.connected);

      simulador.fijar({ peso: 23960, estable: true });
      const captura = await lector.capturar(5_000);
      expect(captura.peso).toBe(23960);
      expect(captura.protocolo).toBe(protocolo);
      expect(captura.trama.length).toBeGreaterThan(5);

      simulador.fijar({ peso: 24000, estable: false });
      // Yaohua carries no motion flag: the simulator's wobbling weight is what makes it unstable.
      await expect(lector.capturar(300)).rejects.toMatchObject({ motivo: 'inestable' });

      simulador.fijar({ peso: 0, estable: true, sobrecarga: true });
      await expect(lector.capturar(300)).rejects.toMatchObject({ motivo: 'sobrecarga' });

      simulador.cortarConexiones();
      await hasta(() => !lector.connected);
      expect(lector.estado().connected).toBe(false);
      await expect(lector.capturar(100)).rejects.toMatchObject({ motivo: 'sin-conexion' });

      simulador.fijar({ peso: 31420, estable: true });
      await hasta(() => lector.connected);
      expect((await lector.capturar(5_000)).peso).toBe(31420);
    });
  }

  it('un indicador inalcanzable informa connected: false y la captura falla sin esperar un peso', async () => {
    const libre = await new Promise<number>((ok) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const dir = s.address();
        s.close(() => ok(typeof dir === 'object' && dir ? dir.port : 0));
      });
    });
    const lector = new LectorBalanza({
      host: '127.0.0.1',
      puerto: libre,
      protocolo: 'toledo',
      reconexionMs: 20,
    }).iniciar();
    abiertos.push({ cerrar: () => lector.detener() });
    await new Promise((r) => setTimeout(r, 50));
    expect(lector.estado().connected).toBe(false);
    const e = await lector.capturar(1_000).catch((x) => x);
    expect(e).toBeInstanceOf(FallaBalanza);
    expect(e.motivo).toBe('sin-conexion');
  });

  it('un indicador que deja de enviar (conexión abierta y muda) se da por perdido', async () => {
    // A converter that accepts and never writes (indicator unplugged behind it): the watchdog drops the link.
    const sockets = new Set<import('node:net').Socket>();
    const callado = createServer((s) => sockets.add(s)).listen(0, '127.0.0.1');
    await new Promise((r) => callado.once('listening', r));
    const dir = callado.address();
    const lector = new LectorBalanza({
      host: '127.0.0.1',
      puerto: typeof dir === 'object' && dir ? dir.port : 0,
      protocolo: 'ascii',
      silencioMs: 150,
      reconexionMs: 5_000,
    }).iniciar();
    abiertos.push(
      { cerrar: () => lector.detener() },
      {
        cerrar: () =>
          new Promise<void>((ok) => {
            for (const s of sockets) s.destroy();
            callado.close(() => ok());
          }),
      },
    );
    await hasta(() => lector.connected);
    await hasta(() => !lector.connected);
    expect(lector.estado().connected).toBe(false);
  });
});
