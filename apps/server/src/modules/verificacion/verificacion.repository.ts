import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { controlMovimiento, movimiento, movimientoArchivo, verificacion, verificacionImagen } from '../../db/schema';

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

/** An order found by its code, or by ticket or code (the images search), within a company when given. */
export async function movimientoPorCodigoOTicket(
  db: DbOTx,
  q: { CodigoIngreso?: string; NumeroTicket?: string },
  codigoEmpresaUsuario: number | null,
) {
  const valor = q.CodigoIngreso ?? q.NumeroTicket ?? '';
  const condiciones: (SQL | undefined)[] = [
    q.CodigoIngreso
      ? eq(movimiento.codigoIngreso, valor)
      : or(eq(movimiento.numeroTicket, valor), eq(movimiento.codigoIngreso, valor)),
  ];
  if (codigoEmpresaUsuario !== null) condiciones.push(eq(movimiento.codigoEmpresaUsuario, codigoEmpresaUsuario));
  const [m] = await db
    .select({ codigoMovimiento: movimiento.codigoMovimiento, codigoIngreso: movimiento.codigoIngreso })
    .from(movimiento)
    .where(and(...condiciones))
    .limit(1);
  return m;
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
