import {
  etapa,
  type FormularioVerificacion,
  MENSAJES_ETAPAS,
  moduloTrasVerificacion,
  motivoRechazoEtapa,
  TIPO_NOTIFICACION,
} from '@cronos/contract';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { controlMovimiento, movimiento, verificacion, verificacionImagen } from '../../db/schema';
import type { ArchivoGuardado } from '../../platform/archivos';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { noEncontrado } from '../../platform/errores';
import { enlaceMovimiento, publicarNotificacion } from '../../platform/notificaciones';
import {
  buscarMovimientos,
  cargarMovimiento,
  controlesDe,
  empresaVisible,
  itemsConfigurados,
} from '../etapas/etapas.repository';
import { fueraDeEstado, registrarEtapa } from '../etapas/transicion';
import { acreditarIngresoVerificado } from '../inventario/stock-etapas';

export const moduloVerificacion = (tipoControl: number) => (tipoControl === 5 ? 'operator/exit' : 'operator/income');

/**
 * Verification search (spec 03 §4.1): any state, but an order still at entry control (state 1) has not
 * reached verification; with the screen's control type, neither has an order before that verification.
 */
export async function buscar(
  ctx: Ctx,
  q: { CodigoIngreso?: string; NumeroDocumentoIdentidad?: string },
  codigoTipoControl?: number,
) {
  const filas = await buscarMovimientos(ctx.db, ctx.actor, q, null);
  if (!filas.length) throw noEncontrado(MENSAJES_ETAPAS.sinDatos);
  const minimo = codigoTipoControl ? etapa(codigoTipoControl).desde : 2;
  const validas = filas.filter((f) => f.codigoEstadoMovimiento >= minimo);
  if (!validas.length) throw noEncontrado(MENSAJES_ETAPAS.sinDatosEtapa);
  return validas;
}

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

/**
 * The checklist of a verification for an order (ListarConfiguracionTipoControl). A verification saved and
 * not yet finalized resumes (images and Finalizar); otherwise the order must be at this stage.
 */
export async function configuracion(ctx: Ctx, codigoMovimiento: number, tipoControl: 3 | 5) {
  const m = await cargarMovimiento(ctx.db, ctx.actor, codigoMovimiento);
  const guardada = await verificacionDe(ctx.db, codigoMovimiento, tipoControl);
  if (guardada?.finalizado) throw fueraDeEstado(MENSAJES_ETAPAS.verificacionFinalizada);
  if (!guardada) {
    const motivo = motivoRechazoEtapa(tipoControl, { ...m, ...(await controlesDe(ctx.db, codigoMovimiento)) });
    if (motivo)
      throw fueraDeEstado(m.codigoEstadoMovimiento < etapa(tipoControl).desde ? MENSAJES_ETAPAS.sinDatosEtapa : motivo);
  }
  const items = await itemsConfigurados(ctx.db, tipoControl, m.codigoTipoIngreso);
  const imagenes = guardada ? await imagenesDe(ctx.db, codigoMovimiento, tipoControl) : [];
  return {
    codigoMovimiento,
    codigoIngreso: m.codigoIngreso,
    codigoTipocarga: m.codigoTipoCarga ?? 1,
    codigoTipoCarga: m.codigoTipoCarga ?? 1,
    numeroBultos: m.numeroBultos,
    numeroContenedor: m.numeroContenedor,
    codigoTipoIngreso: m.codigoTipoIngreso,
    detalleTipoControl: items,
    verificacion: guardada ?? null,
    imagenes,
  };
}

/** Saves a verification (type 3 or 5): its control record, without moving the order; images come next. */
export async function guardar(ctx: Ctx, f: FormularioVerificacion) {
  const tipo = f.codigoTipoControl as 3 | 5;
  const contenedor = f.codigoTipoCarga === 2;
  const r = await registrarEtapa(ctx, tipo, f.codigoMovimiento, {
    observacion: f.observacion,
    detalle: f.detalleTipoControl,
    tipoCarga: f.codigoTipoCarga,
    despues: async (tx, m, codigoControlMovimiento) => {
      const [v] = await tx
        .insert(verificacion)
        .values({
          codigoControlMovimiento,
          codigoMovimiento: m.codigoMovimiento,
          codigoTipoControl: tipo,
          codigoTipoCarga: f.codigoTipoCarga,
          numeroBultosVerificado: contenedor ? 0 : Number(f.numerobultosVerificado),
          marcaContenedor: contenedor ? (f.marcaContenedor ?? null) : null,
          fechaRegistro: ctx.ahora(),
        })
        .returning({ codigoVerificacionTipoControl: verificacion.codigoVerificacionTipoControl });
      if (!v) throw new Error('verificacion');
      return { codigoVerificacionTipoControl: v.codigoVerificacionTipoControl };
    },
  });
  return r.codigoVerificacionTipoControl as number;
}

/** Stores uploaded photos of a saved verification (the files are already on disk, checked by content). */
export async function agregarImagenes(
  ctx: Ctx,
  c: { CodigoMovimiento: number; CodigoTipoControl: number },
  archivos: ArchivoGuardado[],
) {
  return ctx.db.transaction(async (tx) => {
    const m = await cargarMovimiento(tx, ctx.actor, c.CodigoMovimiento);
    const v = await verificacionDe(tx, m.codigoMovimiento, c.CodigoTipoControl);
    if (!v) throw fueraDeEstado(MENSAJES_ETAPAS.procedimientosAnteriores);
    const filas = await tx
      .insert(verificacionImagen)
      .values(
        archivos.map((a) => ({
          codigoVerificacionTipoControl: v.codigoVerificacionTipoControl,
          codigoMovimiento: m.codigoMovimiento,
          codigoTipoControl: c.CodigoTipoControl,
          nombreArchivo: a.nombreArchivo,
          rutaArchivo: a.rutaArchivo,
          tipoContenido: a.tipoContenido,
          tamanio: a.tamanio,
          usuarioRegistro: ctx.actor.nombreUsuario,
          codigoUsuarioRegistro: ctx.actor.codigoUsuario,
          fechaRegistro: ctx.ahora(),
        })),
      )
      .returning({ codigoVerificacionImagen: verificacionImagen.codigoVerificacionImagen });
    await auditar(tx, ctx, {
      tipo: 'VERIFICACION_IMAGENES',
      detalle: `${archivos.length} imagen(es) de ${etapa(c.CodigoTipoControl).nombre} de la orden ${m.codigoIngreso}`,
      entidad: 'verificacion',
      codigoEntidad: v.codigoVerificacionTipoControl,
      despues: { archivos: archivos.map((a) => ({ nombreArchivo: a.nombreArchivo, tamanio: a.tamanio })) },
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    return { codigoVerificacionTipoControl: v.codigoVerificacionTipoControl, imagenes: filas.length };
  });
}

/**
 * 'Finalizar registro': needs at least one photo; guarded so it happens once. Finalizing an entry
 * verification credits the order's lots (DOMAIN.md §5) in the same transaction.
 */
export async function finalizar(ctx: Ctx, codigoMovimiento: number, tipoControl: 3 | 5) {
  return ctx.db.transaction(async (tx) => {
    const m = await cargarMovimiento(tx, ctx.actor, codigoMovimiento, true);
    const v = await verificacionDe(tx, codigoMovimiento, tipoControl);
    if (!v) throw fueraDeEstado(MENSAJES_ETAPAS.verificacionNoRegistrada);
    if (v.finalizado) throw fueraDeEstado(MENSAJES_ETAPAS.verificacionFinalizada);
    const [n] = await tx
      .select({ n: count() })
      .from(verificacionImagen)
      .where(eq(verificacionImagen.codigoVerificacionTipoControl, v.codigoVerificacionTipoControl));
    if (!n?.n) throw fueraDeEstado(MENSAJES_ETAPAS.verificacionSinImagenes);
    const [hecho] = await tx
      .update(controlMovimiento)
      .set({ finalizado: true, fechaFinalizacion: ctx.ahora(), codigoUsuarioFinalizacion: ctx.actor.codigoUsuario })
      .where(
        and(
          eq(controlMovimiento.codigoControlMovimiento, v.codigoControlMovimiento),
          eq(controlMovimiento.finalizado, false),
        ),
      )
      .returning({ c: controlMovimiento.codigoControlMovimiento });
    if (!hecho) throw fueraDeEstado(MENSAJES_ETAPAS.verificacionFinalizada);
    const lineasAcreditadas =
      tipoControl === 3 ? await acreditarIngresoVerificado(tx, m, ctx.actor.nombreUsuario, ctx.ahora()) : 0;
    await auditar(tx, ctx, {
      tipo: `ETAPA_${tipoControl}_FINALIZADA`,
      detalle: `${etapa(tipoControl).nombre} finalizada de la orden ${m.codigoIngreso}`,
      entidad: 'movimiento',
      codigoEntidad: codigoMovimiento,
      despues: { codigoVerificacionTipoControl: v.codigoVerificacionTipoControl, lineasAcreditadas },
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    await publicarVerificacionFinalizada(tx, ctx, m, tipoControl);
    return { codigoVerificacionTipoControl: v.codigoVerificacionTipoControl, lineasAcreditadas };
  });
}

/**
 * "Verificación finalizada": the next stage (exit weighing after 3, exit control after 5) may act now, so its
 * staff hear it (and their screens refresh the order); the company learns its cargo was verified.
 */
function publicarVerificacionFinalizada(
  tx: DbOTx,
  ctx: Ctx,
  m: { codigoMovimiento: number; codigoIngreso: string; codigoEmpresaUsuario: number; codigoEstadoMovimiento: number },
  tipoControl: 3 | 5,
) {
  const siguiente = moduloTrasVerificacion(tipoControl);
  return publicarNotificacion(tx, ctx, {
    tipo: TIPO_NOTIFICACION.verificacionFinalizada,
    titulo: `Orden ${m.codigoIngreso}: ${etapa(tipoControl).nombre.toLowerCase()} finalizada`,
    mensaje:
      tipoControl === 3
        ? `La carga de la orden ${m.codigoIngreso} fue verificada; puede pasar al pesaje de salida.`
        : `La carga de la orden ${m.codigoIngreso} fue verificada a la salida; puede pasar al control de salida.`,
    enlace: enlaceMovimiento(m.codigoMovimiento),
    datos: {
      codigoMovimiento: m.codigoMovimiento,
      codigoIngreso: m.codigoIngreso,
      tipoControl,
      estado: m.codigoEstadoMovimiento,
    },
    codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    modulos: siguiente ? [siguiente] : [],
  });
}

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

/** Verified operations (spec 03 §2.5, §3.8): entry and exit photos of an order found by code or ticket. */
export async function listarImagenes(ctx: Ctx, q: { CodigoIngreso?: string; NumeroTicket?: string }) {
  const valor = q.CodigoIngreso ?? q.NumeroTicket ?? '';
  const empresa = empresaVisible(ctx.actor);
  const condiciones = [
    q.CodigoIngreso
      ? eq(movimiento.codigoIngreso, valor)
      : or(eq(movimiento.numeroTicket, valor), eq(movimiento.codigoIngreso, valor)),
  ];
  if (empresa !== null) condiciones.push(eq(movimiento.codigoEmpresaUsuario, empresa));
  const [m] = await ctx.db
    .select({ codigoMovimiento: movimiento.codigoMovimiento, codigoIngreso: movimiento.codigoIngreso })
    .from(movimiento)
    .where(and(...condiciones))
    .limit(1);
  if (!m) throw noEncontrado(MENSAJES_ETAPAS.sinDatos);
  const [entrada, salida] = await Promise.all([
    verificacionDe(ctx.db, m.codigoMovimiento, 3),
    verificacionDe(ctx.db, m.codigoMovimiento, 5),
  ]);
  return {
    codigoMovimiento: entrada || salida ? m.codigoMovimiento : 0,
    codigoIngreso: m.codigoIngreso,
    codigoVerificacionTipoControlEntrada: entrada?.codigoVerificacionTipoControl ?? 0,
    codigoVerificacionTipoControlSalida: salida?.codigoVerificacionTipoControl ?? 0,
    imagenesEntrada: entrada ? await imagenesDe(ctx.db, m.codigoMovimiento, 3) : [],
    imagenesSalida: salida ? await imagenesDe(ctx.db, m.codigoMovimiento, 5) : [],
  };
}

export async function imagenParaDescarga(ctx: Ctx, codigoVerificacionImagen: number) {
  const [i] = await ctx.db
    .select()
    .from(verificacionImagen)
    .where(eq(verificacionImagen.codigoVerificacionImagen, codigoVerificacionImagen));
  if (!i) throw noEncontrado();
  await cargarMovimiento(ctx.db, ctx.actor, i.codigoMovimiento);
  return i;
}
