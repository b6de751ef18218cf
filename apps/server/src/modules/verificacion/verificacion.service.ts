import {
  etapa,
  type FormularioVerificacion,
  MENSAJES_ETAPAS,
  moduloTrasVerificacion,
  motivoRechazoEtapa,
  TIPO_NOTIFICACION,
} from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import type { ArchivoGuardado } from '../../platform/archivos';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { noEncontrado } from '../../platform/errores';
import { iso } from '../../platform/respuesta';
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
import {
  cuantasImagenes,
  imagenesDe,
  type ImagenLeida,
  imagenesDeOrden,
  imagenPorCodigo,
  insertarImagenes,
  insertarVerificacion,
  marcarFinalizada,
  registroDeVerificacion,
  verificacionDe,
} from './verificacion.repository';

export { verificacionDe };

/** The photos of a verification as the contract answers them (instants as ISO text). */
async function imagenesMapeadas(db: DbOTx, codigoMovimiento: number, tipoControl: number) {
  return (await imagenesDe(db, codigoMovimiento, tipoControl)).map((i) => ({
    ...i,
    fechaRegistro: iso(i.fechaRegistro),
  }));
}

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
  if (!filas.length) return { filas, aviso: MENSAJES_ETAPAS.sinDatos };
  const minimo = codigoTipoControl ? etapa(codigoTipoControl).desde : 2;
  const validas = filas.filter((f) => f.codigoEstadoMovimiento >= minimo);
  return { filas: validas, aviso: validas.length ? '' : MENSAJES_ETAPAS.sinDatosEtapa };
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
  const imagenes = guardada ? await imagenesMapeadas(ctx.db, codigoMovimiento, tipoControl) : [];
  return {
    codigoMovimiento,
    codigoIngreso: m.codigoIngreso,
    codigoTipocarga: m.codigoTipoCarga ?? 1,
    codigoTipoCarga: m.codigoTipoCarga ?? 1,
    numeroBultos: m.numeroBultos,
    numeroContenedor: m.numeroContenedor,
    codigoTipoIngreso: m.codigoTipoIngreso,
    detalleTipoControl: items,
    verificacion: guardada
      ? { ...guardada, ...(await registroDeVerificacion(ctx.db, guardada.codigoControlMovimiento)) }
      : null,
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
      const v = await insertarVerificacion(tx, {
        codigoControlMovimiento,
        codigoMovimiento: m.codigoMovimiento,
        codigoTipoControl: tipo,
        codigoTipoCarga: f.codigoTipoCarga,
        numeroBultosVerificado: contenedor ? 0 : Number(f.numerobultosVerificado),
        marcaContenedor: contenedor ? (f.marcaContenedor ?? null) : null,
        fechaRegistro: ctx.ahora(),
      });
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
    const filas = await insertarImagenes(
      tx,
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
    );
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
    if (!(await cuantasImagenes(tx, v.codigoVerificacionTipoControl)))
      throw fueraDeEstado(MENSAJES_ETAPAS.verificacionSinImagenes);
    const hecho = await marcarFinalizada(tx, v.codigoControlMovimiento, ctx.actor.codigoUsuario, ctx.ahora());
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

/**
 * A ticket or order code as a person reads it off the paper, without its leading zeros ('14', 'op14'), is the
 * registration's number: 9 digits for a ticket, OP and 7 digits for an order. Anything else is searched as typed.
 */
function completarCodigos(q: { CodigoIngreso?: string; NumeroTicket?: string }) {
  const op = (v: string) => {
    const d = /^OP(\d{1,7})$/i.exec(v.trim());
    return d ? `OP${(d[1] as string).padStart(7, '0')}` : v;
  };
  const ticket = (v: string) => (/^\d{1,9}$/.test(v.trim()) ? v.trim().padStart(9, '0') : op(v));
  return {
    ...(q.CodigoIngreso ? { CodigoIngreso: op(q.CodigoIngreso) } : {}),
    ...(q.NumeroTicket ? { NumeroTicket: ticket(q.NumeroTicket) } : {}),
  };
}

/** Verified operations (spec 03 §2.5, §3.8): entry and exit photos of an order found by code or ticket. */
export async function listarImagenes(ctx: Ctx, q: { CodigoIngreso?: string; NumeroTicket?: string }) {
  const m = await imagenesDeOrden(ctx.db, completarCodigos(q), empresaVisible(ctx.actor));
  if (!m) throw noEncontrado(MENSAJES_ETAPAS.sinDatos);
  const fotos = (imagenes: ImagenLeida[]) =>
    imagenes.map((i) => ({ ...i, fechaRegistro: iso(new Date(i.fechaRegistro)) }));
  return {
    codigoMovimiento: m.entrada || m.salida ? m.codigoMovimiento : 0,
    codigoIngreso: m.codigoIngreso,
    codigoVerificacionTipoControlEntrada: m.entrada ?? 0,
    codigoVerificacionTipoControlSalida: m.salida ?? 0,
    imagenesEntrada: m.entrada ? fotos(m.imagenesEntrada) : [],
    imagenesSalida: m.salida ? fotos(m.imagenesSalida) : [],
  };
}

export async function imagenParaDescarga(ctx: Ctx, codigoVerificacionImagen: number) {
  const i = await imagenPorCodigo(ctx.db, codigoVerificacionImagen);
  if (!i) throw noEncontrado();
  await cargarMovimiento(ctx.db, ctx.actor, i.codigoMovimiento);
  return i;
}
