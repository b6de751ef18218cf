import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import {
  controlMovimiento,
  controlMovimientoDetalle,
  movimiento,
  movimientoArchivo,
  verificacion,
  verificacionImagen,
} from '../../db/schema';
import { preparada } from '../../platform/preparadas';

/** A photo as the images search reads it (instants as epoch milliseconds, turned into ISO text by the service). */
export interface ImagenLeida {
  codigoVerificacionImagen: number;
  nombreArchivo: string;
  rutaArchivo: string;
  fechaRegistro: number;
}

/**
 * The verified-operations images of an order found by its code (or by ticket or code), within a company when
 * given: the order, the ids of its entry (3) and exit (5) verifications and the photos of each, in one prepared
 * statement (one round trip for the images search). Undefined when no order matches.
 */
export async function imagenesDeOrden(
  db: DbOTx,
  q: { CodigoIngreso?: string; NumeroTicket?: string },
  codigoEmpresaUsuario: number | null,
) {
  const porCodigo = Boolean(q.CodigoIngreso);
  const forma = `${porCodigo ? 'c' : 't'}${codigoEmpresaUsuario !== null ? 'm' : ''}`;
  const consulta = preparada(db, `verificacion_imagenes_${forma}`, (nombre) => {
    const valor = sql.placeholder('valor');
    const condiciones: SQL[] = [
      porCodigo
        ? eq(movimiento.codigoIngreso, valor)
        : (or(eq(movimiento.numeroTicket, valor), eq(movimiento.codigoIngreso, valor)) as SQL),
    ];
    if (codigoEmpresaUsuario !== null)
      condiciones.push(eq(movimiento.codigoEmpresaUsuario, sql.placeholder('empresa')));
    // The outer order, qualified by hand: in a select of one table drizzle writes columns without their table,
    // and inside these subqueries "codigo_movimiento" would be the inner table's own column.
    const orden = sql`${sql.identifier('movimiento')}.${sql.identifier('codigo_movimiento')}`;
    const verificacionTipo = (tipo: number) =>
      sql<number | null>`(select ${verificacion.codigoVerificacionTipoControl} from ${verificacion}
        where ${verificacion.codigoMovimiento} = ${orden} and ${verificacion.codigoTipoControl} = ${sql.raw(String(tipo))} limit 1)`;
    const i = verificacionImagen;
    const fotos = (tipo: number) =>
      sql<
        ImagenLeida[]
      >`(select coalesce(json_agg(json_build_object('codigoVerificacionImagen', ${i.codigoVerificacionImagen},
          'nombreArchivo', ${i.nombreArchivo},
          'rutaArchivo', '/api/Verificacion/DescargarImagen?CodigoVerificacionImagen=' || ${i.codigoVerificacionImagen},
          'fechaRegistro', floor(extract(epoch from ${i.fechaRegistro}) * 1000)) order by ${i.codigoVerificacionImagen}), '[]'::json)
        from ${i} where ${i.codigoMovimiento} = ${orden} and ${i.codigoTipoControl} = ${sql.raw(String(tipo))})`;
    return db
      .select({
        codigoMovimiento: movimiento.codigoMovimiento,
        codigoIngreso: movimiento.codigoIngreso,
        entrada: verificacionTipo(3),
        salida: verificacionTipo(5),
        imagenesEntrada: fotos(3),
        imagenesSalida: fotos(5),
      })
      .from(movimiento)
      .where(and(...condiciones))
      .limit(1)
      .prepare(nombre);
  });
  const [m] = await consulta.execute({ valor: q.CodigoIngreso ?? q.NumeroTicket ?? '', empresa: codigoEmpresaUsuario });
  return m;
}

/** The saved verification of an order for a control type (3 entry, 5 exit), with its record's state. */
export async function verificacionDe(db: DbOTx, codigoMovimiento: number, tipoControl: number) {
  const [v] = await db
    .select({
      codigoVerificacionTipoControl: verificacion.codigoVerificacionTipoControl,
      codigoTipoCarga: verificacion.codigoTipoCarga,
      numeroBultosVerificado: verificacion.numeroBultosVerificado,
      marcaContenedor: verificacion.marcaContenedor,
      finalizado: controlMovimiento.finalizado,
      codigoControlMovimiento: controlMovimiento.codigoControlMovimiento,
    })
    .from(verificacion)
    .innerJoin(controlMovimiento, eq(controlMovimiento.codigoControlMovimiento, verificacion.codigoControlMovimiento))
    .where(and(eq(verificacion.codigoMovimiento, codigoMovimiento), eq(verificacion.codigoTipoControl, tipoControl)));
  return v;
}

/** What a saved verification recorded: its observation and the checklist items ticked. */
export async function registroDeVerificacion(db: DbOTx, codigoControlMovimiento: number) {
  const [c] = await db
    .select({ observacion: controlMovimiento.observacion })
    .from(controlMovimiento)
    .where(eq(controlMovimiento.codigoControlMovimiento, codigoControlMovimiento));
  const items = await db
    .select({ codigo: controlMovimientoDetalle.codigoDetalleTipoControl })
    .from(controlMovimientoDetalle)
    .where(
      and(
        eq(controlMovimientoDetalle.codigoControlMovimiento, codigoControlMovimiento),
        eq(controlMovimientoDetalle.verificacion, true),
      ),
    )
    .orderBy(asc(controlMovimientoDetalle.codigoDetalleTipoControl));
  return { observacion: c?.observacion ?? null, itemsMarcados: items.map((i) => i.codigo) };
}

export async function insertarVerificacion(tx: DbOTx, fila: typeof verificacion.$inferInsert) {
  const [v] = await tx
    .insert(verificacion)
    .values(fila)
    .returning({ codigoVerificacionTipoControl: verificacion.codigoVerificacionTipoControl });
  if (!v) throw new Error('verificacion');
  return v;
}

/** Inserts photos of a verification; with `unaVez`, a photo already registered is skipped (not returned). */
export function insertarImagenes(tx: DbOTx, filas: (typeof verificacionImagen.$inferInsert)[], unaVez = false) {
  const q = tx.insert(verificacionImagen).values(filas);
  return (unaVez ? q.onConflictDoNothing() : q).returning({
    codigoVerificacionImagen: verificacionImagen.codigoVerificacionImagen,
  });
}

export async function cuantasImagenes(db: DbOTx, codigoVerificacionTipoControl: number) {
  const [n] = await db
    .select({ n: count() })
    .from(verificacionImagen)
    .where(eq(verificacionImagen.codigoVerificacionTipoControl, codigoVerificacionTipoControl));
  return n?.n ?? 0;
}

/** Marks a verification's record finalized once (guarded); undefined when it already was. */
export async function marcarFinalizada(tx: DbOTx, codigoControlMovimiento: number, codigoUsuario: number, ahora: Date) {
  const [hecho] = await tx
    .update(controlMovimiento)
    .set({ finalizado: true, fechaFinalizacion: ahora, codigoUsuarioFinalizacion: codigoUsuario })
    .where(
      and(
        eq(controlMovimiento.codigoControlMovimiento, codigoControlMovimiento),
        eq(controlMovimiento.finalizado, false),
      ),
    )
    .returning({ c: controlMovimiento.codigoControlMovimiento });
  return hecho;
}

/** The photos of an order's verification, each with the call that serves it. */
export function imagenesDe(db: DbOTx, codigoMovimiento: number, tipoControl: number) {
  return db
    .select({
      codigoVerificacionImagen: verificacionImagen.codigoVerificacionImagen,
      nombreArchivo: verificacionImagen.nombreArchivo,
      rutaArchivo: sql<string>`'/api/Verificacion/DescargarImagen?CodigoVerificacionImagen=' || ${verificacionImagen.codigoVerificacionImagen}`,
      fechaRegistro: verificacionImagen.fechaRegistro,
    })
    .from(verificacionImagen)
    .where(
      and(
        eq(verificacionImagen.codigoMovimiento, codigoMovimiento),
        eq(verificacionImagen.codigoTipoControl, tipoControl),
      ),
    )
    .orderBy(asc(verificacionImagen.codigoVerificacionImagen));
}

export async function imagenPorCodigo(db: DbOTx, codigoVerificacionImagen: number) {
  const [i] = await db
    .select()
    .from(verificacionImagen)
    .where(eq(verificacionImagen.codigoVerificacionImagen, codigoVerificacionImagen));
  return i;
}

/** Files of one order among the given ids (another order's files are not returned). */
export function archivosDeOrden(db: DbOTx, codigoMovimiento: number, ids: number[]) {
  return db
    .select()
    .from(movimientoArchivo)
    .where(
      and(
        inArray(movimientoArchivo.codigoMovimientoArchivo, ids),
        eq(movimientoArchivo.codigoMovimiento, codigoMovimiento),
      ),
    );
}
