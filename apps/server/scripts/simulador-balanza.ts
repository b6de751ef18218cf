/**
 * A weighbridge indicator simulator on a TCP port (DOMAIN.md §9), for the demo and for trying a real setup:
 *
 *   node --import tsx apps/server/scripts/simulador-balanza.ts --protocolo toledo --puerto 4401 [--automatico]
 *        [--fragmentar 3] [--ruido]
 *
 * Then point scale type 1 at it (table `balanza`: protocolo, host 127.0.0.1, puerto 4401). Commands on
 * stdin change what the platform weighs:
 *   <kg>          a stable weight, e.g. 23960
 *   mov <kg>      the vehicle is moving (unstable frames around <kg>)
 *   ol            overload
 *   corte         drop every connection (clients must reconnect)
 *   auto          a new truck settles every 45 s
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { PROTOCOLOS, type Protocolo } from '../src/modules/balanza/lector/protocolos';
import { SimuladorBalanza } from '../src/modules/balanza/lector/simulador';

const { values } = parseArgs({
  options: {
    protocolo: { type: 'string', default: 'toledo' },
    puerto: { type: 'string', default: '4401' },
    host: { type: 'string', default: '127.0.0.1' },
    intervalo: { type: 'string', default: '100' },
    fragmentar: { type: 'string', default: '0' },
    ruido: { type: 'boolean', default: false },
    automatico: { type: 'boolean', default: false },
    peso: { type: 'string', default: '0' },
  },
});
const protocolo = values.protocolo as Protocolo;
if (!PROTOCOLOS.includes(protocolo)) {
  console.error(`Protocolo desconocido: ${values.protocolo} (use ${PROTOCOLOS.join(', ')})`);
  process.exit(2);
}
const simulador = await new SimuladorBalanza({
  protocolo,
  host: values.host,
  puerto: Number(values.puerto),
  intervaloMs: Number(values.intervalo),
  fragmentar: Number(values.fragmentar),
  ruido: values.ruido,
  automatico: values.automatico,
}).iniciar();
if (!values.automatico) simulador.fijar({ peso: Number(values.peso), estable: true });
console.log(`Simulador ${protocolo} escuchando en ${values.host}:${simulador.puerto}`);

const lineas = createInterface({ input: process.stdin });
lineas.on('line', (l) => {
  const [orden = '', valor] = l.trim().toLowerCase().split(/\s+/);
  if (orden === 'ol') simulador.fijar({ sobrecarga: true });
  else if (orden === 'mov') simulador.fijar({ peso: Number(valor ?? simulador.estado.peso), estable: false });
  else if (orden === 'corte') simulador.cortarConexiones();
  else if (orden === 'auto') simulador.o.automatico = true;
  else if (/^-?\d+(\.\d+)?$/.test(orden)) simulador.fijar({ peso: Number(orden), estable: true });
  else if (orden) console.log('Órdenes: <kg> | mov <kg> | ol | corte | auto');
  console.log(JSON.stringify(simulador.estado));
});
const salir = async () => {
  await simulador.cerrar();
  process.exit(0);
};
process.on('SIGINT', salir);
process.on('SIGTERM', salir);
// The server socket is unref'd for embedding; as a script, stay alive until told to stop.
setInterval(() => {}, 1 << 30);
