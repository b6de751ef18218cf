import {
  type cambioEstadoObservado,
  type consultaOrdenesVerificacion,
  ESTADO_OBSERVADO,
  MENSAJES,
  MENSAJES_ETAPAS,
  OBSERVACION_NO_OBSERVADO,
  PARAMETRO,
  puedeLevantarObservacion,
  puedeObservar,
  TIPO_NOTIFICACION,
  ESQUEMAS_ENLACE_TEXTO,
  ETIQUETAS_TEXTO_ENRIQUECIDO,
  inicioDiaLima,
  finDiaLima,
} from '@cronos/contract';
import { and, count, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import { controlMovimiento, empresaUsuario, movimiento, parametroSeccion } from '../../db/schema';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, prohibido, solicitudInvalida } from '../../platform/errores';
import { enlaceMovimiento, publicarMovimientoObservado, publicarNotificacion } from '../../platform/notificaciones';
import { desplazamiento, meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import {
  cargarMovimiento,
  documentosDeMovimiento,
  empresaVisible,
  lineasDeMovimiento,
} from '../etapas/etapas.repository';
import { fueraDeEstado } from '../etapas/transicion';
import { archivosDeMovimiento } from '../movimiento/movimiento.repository';

/** Rich text of an observation: formatting only; no scripts, handlers, styles, or javascript: links. */
export const sanitizarObservacion = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [...ETIQUETAS_TEXTO_ENRIQUECIDO],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: [...ESQUEMAS_ENLACE_TEXTO],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  }).trim();

const textoPlano = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();

const nombre = (grupo: number, columna: SQL) =>
  sql<
    string | null
  >`(select ${parametroSeccion.nombre} from ${parametroSeccion} where ${parametroSeccion.codigoParametro} = ${grupo} and ${parametroSeccion.codigo} = ${columna}::text limit 1)`;

const ETIQUETA_OBSERVADO: Record<number, string> = { 0: 'Pendiente', 1: 'No observado', 2: 'Observado' };

/** Filter columns (parameter group 8): keys mapped to columns, never SQL from the client. */
const COLUMNAS: Record<string, SQL> = {
  'M.CODIGO_INGRESO': sql`${movimiento.codigoIngreso}`,
  'E.RAZON_SOCIAL': sql`${empresaUsuario.razonSocial}`,
};
const escaparLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Order review list (spec 03 §2.6, §7.4); the observed-orders inbox is the same list with state 2. */
export async function listar(ctx: Ctx, q: z.infer<typeof consultaOrdenesVerificacion>) {
  const condiciones: (SQL | undefined)[] = [];
  const empresa = empresaVisible(ctx.actor, q.CodigoEmpresaUsuario);
  if (empresa !== null) condiciones.push(eq(movimiento.codigoEmpresaUsuario, empresa));
  if (q.CodigoEstadoObservado !== undefined)
    condiciones.push(eq(movimiento.codigoEstadoObservado, q.CodigoEstadoObservado));
  if (q.Columna === 'M.FECHA_REGISTRO') {
    if (q.DesdeFecha) condiciones.push(gte(movimiento.fechaRegistro, inicioDiaLima(q.DesdeFecha)));
    if (q.HastaFecha) {
      condiciones.push(lt(movimiento.fechaRegistro, finDiaLima(q.HastaFecha)));
    }
  } else if (q.Columna) {
    const columna = Object.hasOwn(COLUMNAS, q.Columna) ? COLUMNAS[q.Columna] : undefined;
    if (!columna) throw solicitudInvalida(MENSAJES.columnaNoPermitida);
    const valor = q.Valor?.trim();
    if (valor) condiciones.push(sql`${columna} ilike ${`%${escaparLike(valor)}%`}`);
  } else if (q.Valor?.trim()) throw solicitudInvalida(MENSAJES.columnaNoPermitida);
  const donde = and(...condiciones);
  const [filas, [total]] = await Promise.all([
    ctx.db
      .select({
        codigoMovimiento: movimiento.codigoMovimiento,
        codigoIngtreso: movimiento.codigoIngreso,
        codigoIngreso: movimiento.codigoIngreso,
        codigoEstadoMovimiento: movimiento.codigoEstadoMovimiento,
        descripcionEstadoMovimiento: nombre(PARAMETRO.estadoMovimiento, sql`${movimiento.codigoEstadoMovimiento}`),
        codigoEstadoObservado: movimiento.codigoEstadoObservado,
        tipoOperacion: nombre(PARAMETRO.tipoOperacion, sql`${movimiento.codigoTipoOperacion}`),
        tipoIngreso: nombre(PARAMETRO.tipoIngreso, sql`${movimiento.codigoTipoIngreso}`),
        fechaRegistro: movimiento.fechaRegistro,
        razonSocial: empresaUsuario.razonSocial,
        estadoAnulado: movimiento.estadoAnulado,
        observacion: movimiento.observacion,
      })
      .from(movimiento)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, movimiento.codigoEmpresaUsuario))
      .where(donde)
      .orderBy(desc(movimiento.fechaRegistro), desc(movimiento.codigoMovimiento))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    // Every order has its company (not null, foreign key): the total joins the companies only when the filter
    // is on the company's name, so it can be counted from an index of the orders alone.
    q.Columna === 'E.RAZON_SOCIAL'
      ? ctx.db
          .select({ n: count() })
          .from(movimiento)
          .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, movimiento.codigoEmpresaUsuario))
          .where(donde)
      : ctx.db.select({ n: count() }).from(movimiento).where(donde),
  ]);
  return {
    filas: filas.map((f) => ({
      ...f,
      fechaRegistro: iso(f.fechaRegistro),
      estadoObservado: ETIQUETA_OBSERVADO[f.codigoEstadoObservado] ?? '',
    })),
    meta: meta(q, total?.n ?? 0),
  };
}

/** Order detail of the review dialog (spec 03 §3.3). */
/** A document's FOB total: Σ quantity × unit FOB of its lines, in cents (unit prices alone say nothing). */
export const totalFob = (lineas: { cantidad: number; valorFOB: number }[]) =>
  Math.round(lineas.reduce((s, l) => s + l.cantidad * l.valorFOB, 0) * 100) / 100;

export async function detalle(ctx: Ctx, codigoMovimiento: number) {
  const m = await cargarMovimiento(ctx.db, ctx.actor, codigoMovimiento);
  const [documentos, lineas, pesajes, [extra], files] = await Promise.all([
    documentosDeMovimiento(ctx.db, codigoMovimiento),
    lineasDeMovimiento(ctx.db, codigoMovimiento),
    ctx.db
      .select({
        codigoTipoControl: controlMovimiento.codigoTipoControl,
        codigoTipoBalanza: controlMovimiento.codigoTipoBalanza,
        peso: sql<number | null>`${controlMovimiento.peso}::float8`,
        pesoCarreta: sql<number | null>`${controlMovimiento.pesoCarreta}::float8`,
        pesoBruto: sql<number | null>`${controlMovimiento.pesoBruto}::float8`,
        pesoTara: sql<number | null>`${controlMovimiento.pesoTara}::float8`,
        pesoNeto: sql<number | null>`${controlMovimiento.pesoNeto}::float8`,
        fechaRegistro: controlMovimiento.fechaRegistro,
      })
      .from(controlMovimiento)
      .where(
        and(
          eq(controlMovimiento.codigoMovimiento, codigoMovimiento),
          inArray(controlMovimiento.codigoTipoControl, [2, 4]),
        ),
      ),
    ctx.db
      .select({
        descripcionTipoCarga: nombre(PARAMETRO.tipoCarga, sql`${movimiento.codigoTipoCarga}`),
        tipoMercaderia: nombre(PARAMETRO.tipoMercaderia, sql`${movimiento.codigoTipoMercaderia}`),
        razonSocial: empresaUsuario.razonSocial,
      })
      .from(movimiento)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, movimiento.codigoEmpresaUsuario))
      .where(eq(movimiento.codigoMovimiento, codigoMovimiento)),
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
    const [hecho] = await tx
      .update(movimiento)
      .set({
        codigoEstadoObservado: f.estadoObservado,
        observacion,
        fechaModificacion: ctx.ahora(),
        version: sql`${movimiento.version} + 1`,
      })
      .where(
        and(
          eq(movimiento.codigoMovimiento, m.codigoMovimiento),
          eq(movimiento.codigoEstadoObservado, desde),
          levantar ? eq(movimiento.estadoAnulado, 0) : ne(movimiento.codigoEstadoMovimiento, 5),
        ),
      )
      .returning({ codigoMovimiento: movimiento.codigoMovimiento });
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
