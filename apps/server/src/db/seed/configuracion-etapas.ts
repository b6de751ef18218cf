import type { DbOTx } from '../client';
import { balanza, configuracionTipoControlDetalle } from '../schema';

type Item = [tipoControl: number, tiposIngreso: string[], tipoCarga: number, descripcion: string];

const TODOS = ['VH', 'PE', 'PT'];
const VEHICULOS = ['VH', 'PT'];

/**
 * The checklist items of each control (spec 03 §7.1, §7.3). Configuration: seeded once with what gate and
 * inspection staff check in the zone, then edited by administrators; existing rows are never overwritten.
 */
const ITEMS: Item[] = [
  // Security control: the gate checks the items of type 6 on entry and on exit (spec 03 §7.1, §9).
  [6, TODOS, 0, 'Documento de identidad vigente y coincide con la orden'],
  [6, VEHICULOS, 0, 'Licencia de conducir vigente'],
  [6, VEHICULOS, 0, 'SOAT vigente'],
  [6, VEHICULOS, 0, 'Placa coincide con la orden'],
  [6, VEHICULOS, 0, 'Precintos intactos y registrados'],
  [6, TODOS, 0, 'Número de bultos coincide con la orden'],
  [6, ['PE'], 0, 'Bultos de mano declarados'],
  // Cargo verification on entry (3) and exit (5): loose cargo (1) and container (2).
  [3, TODOS, 1, 'Embalaje en buen estado'],
  [3, TODOS, 1, 'Rotulado coincide con los documentos'],
  [3, TODOS, 1, 'Mercancía coincide con la descripción declarada'],
  [3, VEHICULOS, 2, 'Contenedor sin daños visibles'],
  [3, VEHICULOS, 2, 'Precinto del contenedor intacto'],
  [3, VEHICULOS, 2, 'Número de contenedor coincide con la orden'],
  [3, VEHICULOS, 2, 'Puertas y cerrojos en buen estado'],
  [5, TODOS, 1, 'Embalaje en buen estado'],
  [5, TODOS, 1, 'Mercancía coincide con la descripción declarada'],
  [5, TODOS, 1, 'Cantidad de bultos coincide con la orden'],
  [5, VEHICULOS, 2, 'Contenedor sin daños visibles'],
  [5, VEHICULOS, 2, 'Precinto de salida colocado'],
  [5, VEHICULOS, 2, 'Número de contenedor coincide con la orden'],
];

export async function sembrarConfiguracionEtapas(db: DbOTx) {
  const filas = ITEMS.flatMap(([codigoTipoControl, tipos, codigoTipoCarga, descripcion], i) =>
    tipos.map((codigoTipoIngreso) => ({
      codigoTipoControl,
      codigoTipoIngreso,
      codigoTipoCarga,
      descripcion,
      orden: i + 1,
      usuarioRegistro: 'sistema',
    })),
  );
  await db.insert(configuracionTipoControlDetalle).values(filas).onConflictDoNothing();
  // Scale type 1 reads the built-in simulator until an administrator points it at a real indicator.
  await db
    .insert(balanza)
    .values([
      { codigoTipoBalanza: 1, protocolo: 'toledo', host: 'simulador', puerto: 0 },
      { codigoTipoBalanza: 2, protocolo: 'toledo', host: 'ninguno', puerto: 0, activo: false },
    ])
    .onConflictDoNothing();
}
