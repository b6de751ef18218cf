import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { balanza, controlMovimiento, pesaje } from '../../db/schema';

/** The configuration of a scale type (its indicator's protocol, host and port). */
export async function configuracionBalanza(db: DbOTx, codigoTipoBalanza: number) {
  const [c] = await db.select().from(balanza).where(eq(balanza.codigoTipoBalanza, codigoTipoBalanza));
  return c;
}

/** The weights recorded at entry weighing (vehicle and trailer), or undefined before it. */
export async function pesosDeIngreso(db: DbOTx, codigoMovimiento: number) {
  const [c] = await db
    .select({ peso: controlMovimiento.peso, pesoCarreta: controlMovimiento.pesoCarreta })
    .from(controlMovimiento)
    .where(and(eq(controlMovimiento.codigoMovimiento, codigoMovimiento), eq(controlMovimiento.codigoTipoControl, 2)));
  return c;
}

/** Stores one capture of the scale with its raw frame. */
export async function insertarCaptura(tx: DbOTx, fila: typeof pesaje.$inferInsert) {
  const [p] = await tx.insert(pesaje).values(fila).returning({ codigoPesaje: pesaje.codigoPesaje });
  if (!p) throw new Error('pesaje');
  return p;
}

/** The latest capture not yet used by a save (or the one named), for a stage, scale and trailer number. */
export async function capturaLibre(
  tx: DbOTx,
  c: {
    codigoMovimiento: number;
    codigoTipoControl: number;
    codigoTipoBalanza: number;
    numeroCarreta: number;
    codigoPesaje?: number | null;
  },
) {
  const condiciones = [
    eq(pesaje.codigoMovimiento, c.codigoMovimiento),
    eq(pesaje.codigoTipoControl, c.codigoTipoControl),
    eq(pesaje.codigoTipoBalanza, c.codigoTipoBalanza),
    eq(pesaje.numeroCarreta, c.numeroCarreta),
    isNull(pesaje.codigoControlMovimiento),
  ];
  if (c.codigoPesaje) condiciones.push(eq(pesaje.codigoPesaje, c.codigoPesaje));
  const [p] = await tx
    .select()
    .from(pesaje)
    .where(and(...condiciones))
    .orderBy(desc(pesaje.codigoPesaje))
    .limit(1);
  return p;
}

/** Links the captures a save used to its stage record (each capture is used once). */
export async function vincularCapturas(tx: DbOTx, codigos: number[], codigoControlMovimiento: number) {
  if (!codigos.length) return;
  await tx
    .update(pesaje)
    .set({ codigoControlMovimiento })
    .where(and(inArray(pesaje.codigoPesaje, codigos), isNull(pesaje.codigoControlMovimiento)));
}

/** Writes the saved weights on the stage record. */
export async function guardarPesosControl(
  tx: DbOTx,
  codigoControlMovimiento: number,
  pesos: Pick<
    typeof controlMovimiento.$inferInsert,
    'codigoTipoBalanza' | 'peso' | 'pesoCarreta' | 'pesoBruto' | 'pesoTara' | 'pesoNeto' | 'pesoTotalMercancia'
  >,
) {
  await tx
    .update(controlMovimiento)
    .set(pesos)
    .where(eq(controlMovimiento.codigoControlMovimiento, codigoControlMovimiento));
}
