import {
  type ConsultaPaginada,
  type GuardarParametrosFinanzas,
  type GuardarTarifa,
  MENSAJES_FINANZAS as M,
} from '@cronos/contract';
import Decimal from 'decimal.js';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { conflicto, errorCampos, noEncontrado } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import * as repo from './finanzas.repository';

import { d2, hoyDe } from './comprobantes.service';
import { sincronizarBloqueos } from './pagos.service';

// ---------------------------------------------------------------- tarifas
export async function listarTarifas(ctx: Ctx, q: ConsultaPaginada) {
  const { filas, total } = await repo.listarTarifas(ctx.db, q, hoyDe(ctx));
  return { filas, meta: meta(q, total) };
}

export async function historialPrecios(ctx: Ctx, codigoServicio: number) {
  if (!(await repo.tarifa(ctx.db, codigoServicio))) throw noEncontrado();
  return (await repo.historialPrecios(ctx.db, codigoServicio)).map((p) => ({
    ...p,
    fechaRegistro: iso(p.fechaRegistro),
  }));
}

/** Creates or edits a service; its price goes to the history from `vigenteDesde` (earlier prices are kept). */
export async function guardarTarifa(ctx: Ctx, d: GuardarTarifa) {
  // A price planned more than a year ahead is a typo (9999-12-31): saved, it would be the latest start and the
  // service would have no price in force until then.
  const hoy = hoyDe(ctx);
  const limite = `${Number(hoy.slice(0, 4)) + 1}${hoy.slice(4)}`;
  if (d.vigenteDesde > limite) throw errorCampos({ vigenteDesde: [M.vigenciaLejana] });
  return ctx.db.transaction(async (tx) => {
    const mismoCodigo = await repo.tarifaPorCodigo(tx, d.codigo);
    if (mismoCodigo && mismoCodigo.codigoServicio !== d.codigoServicio) {
      throw errorCampos({ codigo: ['Ya existe un servicio con ese código'] });
    }
    let codigoServicio = d.codigoServicio ?? 0;
    const datos = {
      codigo: d.codigo,
      descripcion: d.descripcion,
      unidad: d.unidad,
      moneda: d.moneda,
      afectacionIgv: d.afectacionIgv,
    };
    if (d.codigoServicio) {
      if (!(await repo.tarifa(tx, d.codigoServicio))) throw noEncontrado();
      // The row stays locked by this update until the price is written, so two saves of one tariff cannot both
      // pass: the later one, read before the first was saved, would silently undo it (409, nothing changes).
      if (!(await repo.actualizarTarifa(tx, d.codigoServicio, datos, d.version))) throw conflicto();
    } else {
      codigoServicio = (await repo.insertarTarifa(tx, { ...datos, usuarioRegistro: ctx.actor.nombreUsuario }))
        .codigoServicio;
    }
    const vigente = await repo.precioEn(tx, codigoServicio, d.vigenteDesde);
    if (vigente === null || !new Decimal(vigente).eq(d.precio)) {
      const precio = {
        codigoServicio,
        precio: d2(d.precio),
        vigenteDesde: d.vigenteDesde,
        usuarioRegistro: ctx.actor.nombreUsuario,
      };
      if (!(await repo.agregarPrecio(tx, precio))) {
        // A price from today on (a typo corrected the same day, a scheduled one) is corrected in place: issued
        // vouchers keep their own values. One in force before today is history and stays as it was.
        if (d.vigenteDesde < hoyDe(ctx)) throw errorCampos({ vigenteDesde: [M.precioRepetido] });
        await repo.corregirPrecio(tx, precio);
      }
    }
    await auditar(tx, ctx, {
      tipo: 'TARIFA_GUARDAR',
      entidad: 'servicio_tarifa',
      codigoEntidad: codigoServicio,
      despues: d,
    });
    const fila = await repo.filaTarifaPorCodigo(tx, codigoServicio, hoyDe(ctx));
    if (!fila) throw noEncontrado();
    return fila;
  });
}

export async function parametros(ctx: Ctx) {
  const p = await repo.parametros(ctx.db);
  return {
    diasCredito: p.diasCredito,
    diasBloqueo: p.diasBloqueo,
    tasaMoraDiaria: new Decimal(p.tasaMoraDiaria).toString(),
    version: p.version,
  };
}

/**
 * Saves the credit days, the days late that block and the daily late fee, audited; then every company's block
 * flag is brought in line with its debt under the new parameters. Configuración general edits the same days: a
 * save over a version newer than the one the form read is a 409 and changes nothing (it would undo that change).
 */
export async function guardarParametros(ctx: Ctx, d: GuardarParametrosFinanzas) {
  const v = {
    diasCredito: d.diasCredito,
    diasBloqueo: d.diasBloqueo,
    tasaMoraDiaria: new Decimal(d.tasaMoraDiaria).toFixed(4),
  };
  await ctx.db.transaction(async (tx) => {
    const antes = await repo.parametros(tx);
    if (!(await repo.guardarParametros(tx, v, d.version))) throw conflicto(M.parametrosCambiaron);
    await sincronizarBloqueos(tx, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'PARAMETROS_FINANZAS_GUARDAR',
      entidad: 'parametro_finanzas',
      codigoEntidad: 1,
      antes: { diasCredito: antes.diasCredito, diasBloqueo: antes.diasBloqueo, tasaMoraDiaria: antes.tasaMoraDiaria },
      despues: v,
    });
  });
  return parametros(ctx);
}
