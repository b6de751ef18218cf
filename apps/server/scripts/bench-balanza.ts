/**
 * Scale reader figures (prints, asserts nothing): time from a capture request to a stable weight, per protocol,
 * with frames every 100 ms split into 1–3 byte pieces with noise; and time to notice a dropped link and read
 * again after the indicator comes back.
 *
 *   node --import tsx apps/server/scripts/bench-balanza.ts
 */
import { LectorBalanza } from '../src/modules/balanza/lector/lector-balanza';
import { PROTOCOLOS } from '../src/modules/balanza/lector/protocolos';
import { SimuladorBalanza } from '../src/modules/balanza/lector/simulador';

const esperar = async (c: () => boolean) => {
  while (!c()) await new Promise((r) => setTimeout(r, 5));
};
const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

for (const protocolo of PROTOCOLOS) {
  const sim = await new SimuladorBalanza({ protocolo, intervaloMs: 100, fragmentar: 3, ruido: true }).iniciar();
  const lector = new LectorBalanza({ host: '127.0.0.1', puerto: sim.puerto, protocolo, reconexionMs: 100 }).iniciar();
  await esperar(() => lector.connected);
  const tiempos: number[] = [];
  for (let i = 0; i < 10; i++) {
    sim.fijar({ peso: 20_000 + i * 10, estable: true });
    const t = performance.now();
    await lector.capturar(5_000);
    tiempos.push(performance.now() - t);
  }
  const t0 = performance.now();
  sim.cortarConexiones();
  await esperar(() => !lector.connected);
  const deteccion = performance.now() - t0;
  await esperar(() => lector.connected);
  const reconexion = performance.now() - t0;
  await lector.capturar(5_000);
  const lectura = performance.now() - t0;
  console.log(
    `${protocolo.padEnd(7)} captura estable: mediana ${mediana(tiempos).toFixed(0)} ms (máx ${Math.max(...tiempos).toFixed(0)} ms) · ` +
      `corte detectado en ${deteccion.toFixed(0)} ms, reconectado en ${reconexion.toFixed(0)} ms, peso leído de nuevo en ${lectura.toFixed(0)} ms`,
  );
  lector.detener();
  await sim.cerrar();
}
process.exit(0);
