import {
  type cambioEstadoObservado,
  type consultaOrdenesVerificacion,
  ESTADO_OBSERVADO,
  etapaPendiente,
  MENSAJES,
  MENSAJES_ETAPAS,
  OBSERVACION_NO_OBSERVADO,
  puedeLevantarObservacion,
  puedeObservar,
  TIPO_NOTIFICACION,
  ESQUEMAS_ENLACE_TEXTO,
  ETIQUETAS_TEXTO_ENRIQUECIDO,
  inicioDiaLima,
  finDiaLima,
} from '@cronos/contract';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, prohibido, solicitudInvalida } from '../../platform/errores';
import { enlaceMovimiento, publicarMovimientoObservado, publicarNotificacion } from '../../platform/notificaciones';
import { desplazamiento, metaAcotada } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import {
  cargarMovimiento,
  documentosDeMovimiento,
  empresaVisible,
  lineasDeMovimiento,
} from '../etapas/etapas.repository';
import { fueraDeEstado } from '../etapas/transicion';
import { archivosDeMovimiento } from '../movimiento/movimiento.repository';
import {
  COLUMNAS_BUSQUEDA,
  type ColumnaBusqueda,
  contarOrdenes,
  datosDeOrden,
  type FiltroOrdenes,
  marcarObservacion,
  paginaDeOrdenes,
  pesajesDeOrden,
} from './revision.repository';
import { aNumero, multiplicar, sumar } from '../../platform/dinero';

/** Rich text of an observation: formatting only; no scripts, handlers, styles, or javascript: links. */
export const sanitizarObservacion = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [...ETIQUETAS_TEXTO_ENRIQUECIDO],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: [...ESQUEMAS_ENLACE_TEXTO],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  }).trim();

/**
 * The plain text of a rich observation, for notifications and toasts: tags dropped and the entities the
 * sanitizer writes turned back into characters, so a '<b>' the reviewer typed reads '<b>', never '&lt;b&gt;'.
 * Whoever shows it renders text, not markup.
 */
const ENTIDADES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', amp: '&' };
const decodificar = (t: string) =>
  t.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (todo, e: string) => {
    if (e[0] === '#') {
      const n = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : todo;
    }
    return ENTIDADES[e.toLowerCase()] ?? todo;
  });
/**
 * The observation as plain text for the notice: each paragraph, line, item or heading on its own line, whether it
 * is closed ('</p>') or only opened ('<div>' as a browser's editor writes a new line), so two paragraphs never run
 * together ('No coincide' + 'Falta guía').
 */
export const textoPlano = (html: string) =>
  decodificar(
    sanitizeHtml(html.replace(/<\/?(br|p|div|li|h\d|blockquote|ul|ol)\b/gi, '\n$&'), {
      allowedTags: [],
      allowedAttributes: {},
    }),
  )
    .split(/\n/)
    .map((linea) => linea.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');

const listaTipos = (texto: string | null) => (texto ? texto.split(',').map(Number) : []);

const ETIQUETA_OBSERVADO: Record<number, string> = { 0: 'Pendiente', 1: 'No observado', 2: 'Observado' };

/** Order review list (spec 03 §2.6, §7.4); the observed-orders inbox is the same list with state 2. */
export async function listar(ctx: Ctx, q: z.infer<typeof consultaOrdenesVerificacion>) {
  if (q.Columna && q.Columna !== 'M.FECHA_REGISTRO' && !COLUMNAS_BUSQUEDA.includes(q.Columna))
    throw solicitudInvalida(MENSAJES.columnaNoPermitida);
  if (!q.Columna && q.Valor?.trim()) throw solicitudInvalida(MENSAJES.columnaNoPermitida);
  const filtro: FiltroOrdenes = {
    codigoEmpresaUsuario: empresaVisible(ctx.actor, q.CodigoEmpresaUsuario),
    codigoEstadoObservado: q.CodigoEstadoObservado,
    ...(q.Columna === 'M.FECHA_REGISTRO'
      ? {
          desde: q.DesdeFecha ? inicioDiaLima(q.DesdeFecha) : undefined,
          hasta: q.HastaFecha ? finDiaLima(q.HastaFecha) : undefined,
        }
      : {}),
    ...(q.Columna && q.Columna !== 'M.FECHA_REGISTRO' && q.Valor?.trim()
      ? { columna: q.Columna as ColumnaBusqueda, valor: q.Valor.trim() }
      : {}),
  };
  const [filas, total] = await Promise.all([
    paginaDeOrdenes(ctx.db, filtro, q.limit, desplazamiento(q)),
    contarOrdenes(ctx.db, filtro),
  ]);
  return {
    filas: filas.map(({ registradas, finalizadas, ...f }) => ({
      ...f,
      // What the order really waits for, from the transition table, not the bare state name.
      descripcionEstadoMovimiento: etapaPendiente({
        codigoEstadoMovimiento: f.codigoEstadoMovimiento,
        registradas: listaTipos(registradas),
        finalizadas: listaTipos(finalizadas),
      }),
      fechaRegistro: iso(f.fechaRegistro),
      estadoObservado: ETIQUETA_OBSERVADO[f.codigoEstadoObservado] ?? '',
    })),
    meta: metaAcotada(q, total),
  };
}

/** Order detail of the review dialog (spec 03 §3.3). */
/** A document's FOB total: Σ quantity × unit FOB of its lines, in cents (unit prices alone say nothing). */
export const totalFob = (lineas: { cantidad: number; valorFOB: number }[]) =>
  aNumero(sumar(lineas.map((l) => multiplicar(l.cantidad, l.valorFOB))), 2);

export async function detalle(ctx: Ctx, codigoMovimiento: number) {
  const m = await cargarMovimiento(ctx.db, ctx.actor, codigoMovimiento);
  const [documentos, lineas, pesajes, extra, files] = await Promise.all([
    documentosDeMovimiento(ctx.db, codigoMovimiento),
    lineasDeMovimiento(ctx.db, codigoMovimiento),
    pesajesDeOrden(ctx.db, codigoMovimiento),
    datosDeOrden(ctx.db, codigoMovimiento),
    // The order's supporting and panel files (spec 03 §3.3 `files`), each with its download path.
    archivosDeMovimiento(ctx.db, codigoMovimiento),
  ]);
  return {
    codigoMovimiento: m.codigoMovimiento,
    codigoIngreso: m.codigoIngreso,
    razonSocial: extra?.razonSocial ?? '',
    codigoTipoMercaderia: m.codigoTipoMercaderia,
    tipoMercaderia: extra?.tipoMercaderia ?? m.codigoTipoMercaderia,
    descripcionTipoCarga: extra?.descripcionTipoCarga ?? '',
    numeroBultos: m.numeroBultos,
    placaUno: m.placaUno,
    codigoEstadoMovimiento: m.codigoEstadoMovimiento,
    codigoEstadoObservado: m.codigoEstadoObservado,
    estadoAnulado: m.estadoAnulado,
    observacion: m.observacion,
    pesajes: pesajes.map((p) => ({ ...p, fechaRegistro: iso(p.fechaRegistro) })),
    files: files.map((f) => ({ ...f, fechaRegistro: iso(f.fechaRegistro) })),
    documentos: documentos.map((d) => ({
      ...d,
      // A document's FOB value is the sum of its lines' quantity × unit FOB (rounded to cents).
      valorFOB: totalFob(lineas.filter((l) => l.codigoMovimientoDocumento === d.codigoMovimientoDocumento)),
      productos: lineas
        .filter((l) => l.codigoMovimientoDocumento === d.codigoMovimientoDocumento)
        .map((l) => ({
          descripcionCatalogoUsuario: l.descripcion,
          cantidad: l.cantidad,
          valorFOB: l.valorFOB,
          peso: l.peso,
          codigoTipoBulto: l.codigoTipoBulto,
        })),
    })),
  };
}

/**
 * Observar (2, with a sanitized rich text) or No observar (1, fixed text) a pending order; `levantar`
 * (2 → 1) is the observed-orders inbox's own call (operator/check), never inferred from the payload, so a
 * late 'No observar' can never lift an observation. Guarded by the current observation state: twenty
 * reviewers at once give one success.
 */
export async function cambiarEstado(ctx: Ctx, f: z.infer<typeof cambioEstadoObservado>, levantar = false) {
  return ctx.db.transaction(async (tx) => {
    const m = await cargarMovimiento(tx, ctx.actor, f.codigoMovimiento, true);
    if (!permite(ctx.actor, levantar ? 'operator/check' : 'operator/list', 'editar')) throw prohibido();
    if (levantar ? !puedeLevantarObservacion(m) : !puedeObservar(m)) {
      throw fueraDeEstado(
        levantar
          ? MENSAJES_ETAPAS.observacionNoLevantable
          : m.codigoEstadoMovimiento === 5
            ? MENSAJES_ETAPAS.ordenFinalizada
            : MENSAJES_ETAPAS.observacionYaRegistrada,
      );
    }
    let observacion = OBSERVACION_NO_OBSERVADO;
    if (f.estadoObservado === ESTADO_OBSERVADO.observado) {
      observacion = sanitizarObservacion(f.observacion ?? '');
      if (!textoPlano(observacion)) throw errorCampos({ observacion: [MENSAJES_ETAPAS.observacionRequerida] });
    } else if (levantar && f.observacion && textoPlano(f.observacion)) {
      observacion = sanitizarObservacion(f.observacion);
    }
    const desde = m.codigoEstadoObservado;
    const hecho = await marcarObservacion(tx, {
      codigoMovimiento: m.codigoMovimiento,
      desde,
      hasta: f.estadoObservado,
      observacion,
      levantar,
      ahora: ctx.ahora(),
    });
    if (!hecho)
      throw fueraDeEstado(levantar ? MENSAJES_ETAPAS.observacionNoLevantable : MENSAJES_ETAPAS.observacionYaRegistrada);
    await auditar(tx, ctx, {
      tipo: levantar
        ? 'MOVIMIENTO_OBSERVACION_LEVANTADA'
        : f.estadoObservado === 2
          ? 'MOVIMIENTO_OBSERVADO'
          : 'MOVIMIENTO_NO_OBSERVADO',
      detalle: `Revisión de la orden ${m.codigoIngreso}`,
      entidad: 'movimiento',
      codigoEntidad: m.codigoMovimiento,
      antes: { codigoEstadoObservado: desde, observacion: m.observacion },
      despues: { codigoEstadoObservado: f.estadoObservado, observacion },
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    if (f.estadoObservado === ESTADO_OBSERVADO.observado) {
      await publicarMovimientoObservado(tx, ctx, {
        codigoMovimiento: m.codigoMovimiento,
        codigoIngreso: m.codigoIngreso,
        codigoEmpresaUsuario: m.codigoEmpresaUsuario,
        observacion: textoPlano(observacion).slice(0, 300),
      });
    } else {
      // The review screens refresh; a lifted observation also tells the company and, at state 4, the exit gate.
      await publicarNotificacion(tx, ctx, {
        tipo: TIPO_NOTIFICACION.movimientoRevisado,
        titulo: levantar
          ? `Orden ${m.codigoIngreso}: observación levantada`
          : `Orden ${m.codigoIngreso}: revisada sin observaciones`,
        mensaje: levantar
          ? `Se levantó la observación de la orden ${m.codigoIngreso}.`
          : `La orden ${m.codigoIngreso} fue revisada sin observaciones.`,
        enlace: enlaceMovimiento(m.codigoMovimiento),
        datos: {
          codigoMovimiento: m.codigoMovimiento,
          codigoIngreso: m.codigoIngreso,
          estadoObservado: f.estadoObservado,
          estado: m.codigoEstadoMovimiento,
        },
        codigoEmpresaUsuario: m.codigoEmpresaUsuario,
        empresaCompleta: levantar,
        modulos: [
          'operator/list',
          'operator/check',
          ...(levantar && m.codigoEstadoMovimiento === 4 ? ['security/exit'] : []),
        ],
      });
    }
    return {
      mensaje: levantar
        ? MENSAJES_ETAPAS.observacionLevantada
        : f.estadoObservado === 2
          ? MENSAJES_ETAPAS.observacionGuardada
          : 'Se registró la orden como no observada',
    };
  });
}
