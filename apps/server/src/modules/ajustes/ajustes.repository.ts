import { PARAMETRO, PARAMETRO_INVENTARIO } from '@cronos/contract';
import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { balanza, configuracionTipoControlDetalle, consultaExterna, parametroSeccion } from '../../db/schema';

// ---------------------------------------------------------------- balanzas
const columnasBalanza = {
  codigoTipoBalanza: balanza.codigoTipoBalanza,
  nombre: sql<string | null>`${parametroSeccion.nombre}`,
  protocolo: balanza.protocolo,
  host: balanza.host,
  puerto: balanza.puerto,
  activo: balanza.activo,
  fechaModificacion: balanza.fechaModificacion,
};

/** Every scale type's indicator configuration with the type's name (parameter group 27). */
export function listarBalanzas(db: DbOTx) {
  return db
    .select(columnasBalanza)
    .from(balanza)
    .leftJoin(
      parametroSeccion,
      and(
        eq(parametroSeccion.codigoParametro, PARAMETRO.tipoBalanza),
        eq(parametroSeccion.codigo, sql`${balanza.codigoTipoBalanza}::text`),
      ),
    )
    .orderBy(asc(balanza.codigoTipoBalanza));
}

export async function balanzaPorTipo(db: DbOTx, codigoTipoBalanza: number) {
  const filas = await listarBalanzas(db);
  return filas.find((f) => f.codigoTipoBalanza === codigoTipoBalanza);
}

export async function actualizarBalanza(
  tx: DbOTx,
  codigoTipoBalanza: number,
  cambios: { protocolo: string; host: string; puerto: number; activo: boolean },
  ahora: Date,
) {
  const [f] = await tx
    .update(balanza)
    .set({ ...cambios, fechaModificacion: ahora })
    .where(eq(balanza.codigoTipoBalanza, codigoTipoBalanza))
    .returning({ codigoTipoBalanza: balanza.codigoTipoBalanza });
  return f;
}

// ---------------------------------------------------------------- listas de control
const columnasItem = {
  codigoDetalleTipoControl: configuracionTipoControlDetalle.codigoDetalleTipoControl,
  codigoTipoControl: configuracionTipoControlDetalle.codigoTipoControl,
  codigoTipoIngreso: configuracionTipoControlDetalle.codigoTipoIngreso,
  codigoTipoCarga: configuracionTipoControlDetalle.codigoTipoCarga,
  descripcion: configuracionTipoControlDetalle.descripcion,
  orden: configuracionTipoControlDetalle.orden,
  estadoAnulado: configuracionTipoControlDetalle.estadoAnulado,
};

/** Every item of one list (control type × entry type), enabled or not, in the order the stages show them. */
export function itemsDeLista(db: DbOTx, codigoTipoControl: number, codigoTipoIngreso: string) {
  return db
    .select(columnasItem)
    .from(configuracionTipoControlDetalle)
    .where(
      and(
        eq(configuracionTipoControlDetalle.codigoTipoControl, codigoTipoControl),
        eq(configuracionTipoControlDetalle.codigoTipoIngreso, codigoTipoIngreso),
      ),
    )
    .orderBy(asc(configuracionTipoControlDetalle.orden), asc(configuracionTipoControlDetalle.codigoDetalleTipoControl));
}

export async function itemPorCodigo(db: DbOTx, codigo: number) {
  const [i] = await db
    .select(columnasItem)
    .from(configuracionTipoControlDetalle)
    .where(eq(configuracionTipoControlDetalle.codigoDetalleTipoControl, codigo));
  return i;
}

/** Whether another item of the same list and load type has this description. */
export async function descripcionRepetida(
  db: DbOTx,
  i: { codigoTipoControl: number; codigoTipoIngreso: string; codigoTipoCarga: number; descripcion: string },
  excepto?: number,
) {
  const [f] = await db
    .select({ codigo: configuracionTipoControlDetalle.codigoDetalleTipoControl })
    .from(configuracionTipoControlDetalle)
    .where(
      and(
        eq(configuracionTipoControlDetalle.codigoTipoControl, i.codigoTipoControl),
        eq(configuracionTipoControlDetalle.codigoTipoIngreso, i.codigoTipoIngreso),
        eq(configuracionTipoControlDetalle.codigoTipoCarga, i.codigoTipoCarga),
        sql`lower(${configuracionTipoControlDetalle.descripcion}) = lower(${i.descripcion})`,
        ...(excepto ? [ne(configuracionTipoControlDetalle.codigoDetalleTipoControl, excepto)] : []),
      ),
    )
    .limit(1);
  return Boolean(f);
}

export async function insertarItem(tx: DbOTx, fila: typeof configuracionTipoControlDetalle.$inferInsert) {
  const [{ ultimo } = { ultimo: 0 }] = await tx
    .select({ ultimo: max(configuracionTipoControlDetalle.orden) })
    .from(configuracionTipoControlDetalle)
    .where(
      and(
        eq(configuracionTipoControlDetalle.codigoTipoControl, fila.codigoTipoControl),
        eq(configuracionTipoControlDetalle.codigoTipoIngreso, fila.codigoTipoIngreso),
      ),
    );
  const [i] = await tx
    .insert(configuracionTipoControlDetalle)
    .values({ ...fila, orden: (ultimo ?? 0) + 1 })
    .returning({ codigo: configuracionTipoControlDetalle.codigoDetalleTipoControl });
  return i?.codigo;
}

export async function actualizarItem(
  tx: DbOTx,
  codigo: number,
  cambios: Partial<
    Pick<
      typeof configuracionTipoControlDetalle.$inferInsert,
      'descripcion' | 'codigoTipoCarga' | 'orden' | 'estadoAnulado'
    >
  >,
) {
  await tx
    .update(configuracionTipoControlDetalle)
    .set(cambios)
    .where(eq(configuracionTipoControlDetalle.codigoDetalleTipoControl, codigo));
}

// ---------------------------------------------------------------- plazos
/** The count justification window (hours), stored in the inventory parameter group (migration conteo_parametros). */
export async function plazoConteo(db: DbOTx) {
  const [p] = await db
    .select({ v: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(
      and(
        eq(parametroSeccion.codigoParametro, PARAMETRO_INVENTARIO.grupo),
        eq(parametroSeccion.codigo, PARAMETRO_INVENTARIO.plazoJustificacionHoras),
      ),
    );
  const n = Number(p?.v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export async function guardarPlazoConteo(tx: DbOTx, horas: number) {
  await tx
    .insert(parametroSeccion)
    .values({
      codigoParametro: PARAMETRO_INVENTARIO.grupo,
      codigo: PARAMETRO_INVENTARIO.plazoJustificacionHoras,
      nombre: String(horas),
      orden: 1,
    })
    .onConflictDoUpdate({
      target: [parametroSeccion.codigoParametro, parametroSeccion.codigo],
      set: { nombre: String(horas), estadoAnulado: 0, version: sql`${parametroSeccion.version} + 1` },
    });
}

// ---------------------------------------------------------------- consultas externas
export function leerConsultasExternas(db: DbOTx) {
  return db.select().from(consultaExterna);
}

/** A provider's switch: on unless an administrator turned it off. */
export async function consultaExternaActiva(db: DbOTx, codigo: string) {
  const [f] = await db
    .select({ activo: consultaExterna.activo })
    .from(consultaExterna)
    .where(eq(consultaExterna.codigo, codigo));
  return f?.activo ?? true;
}

export async function guardarConsultaExterna(tx: DbOTx, codigo: string, activo: boolean, usuario: string, ahora: Date) {
  await tx
    .insert(consultaExterna)
    .values({ codigo, activo, usuarioModificacion: usuario, fechaModificacion: ahora })
    .onConflictDoUpdate({
      target: consultaExterna.codigo,
      set: { activo, usuarioModificacion: usuario, fechaModificacion: ahora },
    });
}
