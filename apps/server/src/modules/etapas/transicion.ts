import { etapa, MENSAJES_ETAPAS, motivoRechazoEtapa, type TipoControlEtapa } from '@cronos/contract';
import type { Tx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, errorCampos } from '../../platform/errores';
import { publicarCambioEtapa } from '../../platform/notificaciones';
import {
  cargarMovimiento,
  controlesDe,
  insertarControl,
  insertarDetalleControl,
  itemsConfigurados,
  type Movimiento,
  moverEstado,
} from './etapas.repository';

/** A stage refused because of the order's state: 409, the rule's message, nothing written. */
export const fueraDeEstado = (mensaje: string) => new AppError(409, mensaje);

export interface Item {
  codigoDetalleTipoContol: number;
  verificacion: boolean;
}

export interface DatosEtapa<T extends Record<string, unknown> = Record<string, unknown>> {
  observacion?: string | null;
  detalle?: Item[];
  tipoCarga?: number;
  pesos?: Partial<
    Record<'peso' | 'pesoCarreta' | 'pesoBruto' | 'pesoNeto' | 'pesoTara' | 'pesoTotalMercancia', number | null>
  > & { codigoTipoBalanza?: number };
  /** Checks of the stage itself, inside the transaction, after the order's state was checked. */
  antes?: (tx: Tx, m: Movimiento) => Promise<void>;
  /** Work of the stage after its record exists (link captures, stock, verification row). */
  despues?: (tx: Tx, m: Movimiento, codigoControlMovimiento: number) => Promise<T>;
}

const numero = (v: number | null | undefined) => (v === null || v === undefined ? null : String(v));

/**
 * Records one stage of one order (DOMAIN.md §4): in one transaction it locks the order, checks the
 * transition table, moves the state with a guarded update, writes the stage's control record (unique per
 * order and stage), its checked items, its audit row and its notification. Two inspectors pressing Guardar
 * at once: one success, one refusal with the rule's message, nothing else written.
 */
export async function registrarEtapa<T extends Record<string, unknown> = Record<string, unknown>>(
  ctx: Ctx,
  tipoControl: TipoControlEtapa,
  codigoMovimiento: number,
  d: DatosEtapa<T>,
) {
  const e = etapa(tipoControl);
  return ctx.db.transaction(async (tx) => {
    const m = await cargarMovimiento(tx, ctx.actor, codigoMovimiento, true);
    const controles = await controlesDe(tx, codigoMovimiento);
    const motivo = motivoRechazoEtapa(tipoControl, { ...m, ...controles });
    if (motivo) throw fueraDeEstado(motivo);
    await d.antes?.(tx, m);

    const detalle = d.detalle ?? [];
    if (detalle.length) {
      const permitidos = new Set(
        (await itemsConfigurados(tx, e.configuracion ?? tipoControl, m.codigoTipoIngreso, d.tipoCarga)).map(
          (i) => i.codigoDetalleTipoContol,
        ),
      );
      const ajenos = detalle.filter((i) => !permitidos.has(i.codigoDetalleTipoContol));
      if (ajenos.length) throw errorCampos({ detalleTipoControl: [MENSAJES_ETAPAS.detalleNoConfigurado] });
      const ids = detalle.map((i) => i.codigoDetalleTipoContol);
      if (new Set(ids).size !== ids.length)
        throw errorCampos({ detalleTipoControl: [MENSAJES_ETAPAS.detalleNoConfigurado] });
    }

    if (e.hasta !== null) {
      const movido = await moverEstado(tx, {
        codigoMovimiento,
        desde: e.desde,
        hasta: e.hasta,
        bloqueaObservada: Boolean(e.bloqueaObservada),
        ahora: ctx.ahora(),
      });
      if (!movido) throw fueraDeEstado(MENSAJES_ETAPAS.fueraDeEtapa(e.nombre));
    }

    const control = await insertarControl(tx, {
      codigoMovimiento,
      codigoTipoControl: tipoControl,
      estadoDesde: e.desde,
      estadoHasta: e.hasta,
      observacion: d.observacion?.trim() || null,
      codigoTipoBalanza: d.pesos?.codigoTipoBalanza ?? null,
      peso: numero(d.pesos?.peso),
      pesoCarreta: numero(d.pesos?.pesoCarreta),
      pesoBruto: numero(d.pesos?.pesoBruto),
      pesoNeto: numero(d.pesos?.pesoNeto),
      pesoTara: numero(d.pesos?.pesoTara),
      pesoTotalMercancia: numero(d.pesos?.pesoTotalMercancia),
      finalizado: !e.verificacion,
      fechaFinalizacion: e.verificacion ? null : ctx.ahora(),
      usuarioRegistro: ctx.actor.nombreUsuario,
      codigoUsuarioRegistro: ctx.actor.codigoUsuario,
      fechaRegistro: ctx.ahora(),
    });
    if (!control) throw fueraDeEstado(MENSAJES_ETAPAS.etapaYaRegistrada(e.nombre));

    await insertarDetalleControl(tx, control.codigoControlMovimiento, detalle);
    const extra = (await d.despues?.(tx, m, control.codigoControlMovimiento)) ?? ({} as T);

    await auditar(tx, ctx, {
      tipo: `ETAPA_${tipoControl}`,
      detalle: `${e.nombre} de la orden ${m.codigoIngreso}`,
      entidad: 'movimiento',
      codigoEntidad: codigoMovimiento,
      antes: { codigoEstadoMovimiento: m.codigoEstadoMovimiento },
      despues: { codigoEstadoMovimiento: e.hasta ?? m.codigoEstadoMovimiento, tipoControl, ...d.pesos, ...extra },
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    if (e.hasta !== null) {
      await publicarCambioEtapa(tx, ctx, {
        codigoMovimiento,
        codigoIngreso: m.codigoIngreso,
        codigoEmpresaUsuario: m.codigoEmpresaUsuario,
        desde: e.desde,
        hasta: e.hasta,
      });
    }
    return { codigoControlMovimiento: control.codigoControlMovimiento, movimiento: m, ...extra };
  });
}
