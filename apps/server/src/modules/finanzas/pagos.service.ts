import {
  type AnularPago,
  type ConsultaDeuda,
  type ConsultaPaginada,
  fechaLima,
  MENSAJES_FINANZAS as M,
  type RegistrarPago,
  ROLES_ANULAN_PAGO,
  sumarDias,
} from '@cronos/contract';
import Decimal from 'decimal.js';
import type { DbOTx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import * as repo from './finanzas.repository';
import { numeroCompleto } from './ubl';

import { atraso, d2, mapearPago, hoyDe, R } from './comprobantes.service';

// ---------------------------------------------------------------- pagos, deuda y bloqueo

/**
 * Whether a company's debt blocks it (spec 03 §4.6): a factura or boleta still owed more than `diasBloqueo`
 * days after its due date. Read live by security control, so a payment lifts it at once.
 */
export async function deudaBloquea(db: DbOTx, codigoEmpresaUsuario: number, ahora: Date) {
  const p = await repo.parametros(db);
  return repo.tieneDeudaVencida(db, codigoEmpresaUsuario, sumarDias(fechaLima(ahora), -p.diasBloqueo));
}

/** Keeps the company's `indicadorBloqueo` equal to what its debt says. */
export async function sincronizarBloqueo(db: DbOTx, codigoEmpresaUsuario: number, ahora: Date) {
  const bloquea = await deudaBloquea(db, codigoEmpresaUsuario, ahora);
  await repo.fijarBloqueo(db, codigoEmpresaUsuario, bloquea);
  return bloquea;
}

/**
 * Brings every company with vouchers in line with its debt: after the credit or blocking days change (from the
 * finance screen or the settings hub), a company whose debt no longer blocks it is let through at once, and one
 * that is now late enough is blocked. A company flagged by hand without vouchers is not touched.
 */
export async function sincronizarBloqueos(tx: DbOTx, ahora: Date) {
  for (const c of await repo.empresasConComprobantes(tx)) await sincronizarBloqueo(tx, c, ahora);
}

/** A full or partial payment: never above the balance (the voucher row is locked meanwhile); lifts the block. */
export async function registrarPago(ctx: Ctx, d: RegistrarPago) {
  return ctx.db.transaction(async (tx) => {
    await repo.bloquearComprobante(tx, d.codigoComprobante);
    const c = await repo.comprobantePorCodigo(tx, d.codigoComprobante);
    if (!c) throw noEncontrado();
    exigirEmpresa(ctx.actor, c.codigoEmpresaUsuario, R);
    if (c.tipoComprobante === '07') throw reglaNegocio(M.pagoNoAplica);
    if (new Decimal(d.monto).gt(c.saldo)) throw errorCampos({ monto: [`${M.pagoExcede} (${d2(c.saldo)})`] });
    // Money received tomorrow, or before the voucher existed, is a typing error: it would also move the late
    // fee and the debt block.
    if (d.fechaPago > hoyDe(ctx)) throw errorCampos({ fechaPago: [M.pagoFechaFutura] });
    if (d.fechaPago < c.fechaEmision) {
      throw errorCampos({ fechaPago: [`${M.pagoAntesDeEmision} (${c.fechaEmision.split('-').reverse().join('/')})`] });
    }
    const p = await repo.insertarPago(tx, {
      codigoComprobante: d.codigoComprobante,
      monto: d2(d.monto),
      fechaPago: d.fechaPago,
      metodo: d.metodo,
      referencia: d.referencia ?? null,
      usuarioRegistro: ctx.actor.nombreUsuario,
    });
    const bloqueada = await sincronizarBloqueo(tx, c.codigoEmpresaUsuario, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'PAGO_REGISTRAR',
      entidad: 'pago_comprobante',
      codigoEntidad: p.codigoPago,
      despues: { comprobante: numeroCompleto(c.serie, c.numero), monto: d2(d.monto), bloqueada },
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    });
    return mapearPago(p);
  });
}

/**
 * Annuls a payment entered by mistake (the treasurer or the administrator, with a reason): it stays listed, leaves
 * the voucher's balance, and the company's debt block is recomputed in the same transaction, so security control
 * sees it at once.
 */
export async function anularPago(ctx: Ctx, d: AnularPago) {
  if (!ROLES_ANULAN_PAGO.includes(ctx.actor.codigoRol)) throw prohibido();
  return ctx.db.transaction(async (tx) => {
    const previo = await repo.pagoParaAnular(tx, d.codigoPago);
    if (!previo) throw noEncontrado();
    await repo.bloquearComprobante(tx, previo.codigoComprobante);
    const c = await repo.comprobantePorCodigo(tx, previo.codigoComprobante);
    if (!c) throw noEncontrado();
    exigirEmpresa(ctx.actor, c.codigoEmpresaUsuario, R);
    if (previo.estadoAnulado) throw reglaNegocio(M.pagoYaAnulado);
    const p = await repo.anularPago(tx, d.codigoPago, d.motivo, ctx.actor.nombreUsuario, ctx.ahora());
    if (!p) throw reglaNegocio(M.pagoYaAnulado);
    const bloqueada = await sincronizarBloqueo(tx, c.codigoEmpresaUsuario, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'PAGO_ANULAR',
      entidad: 'pago_comprobante',
      codigoEntidad: p.codigoPago,
      antes: { comprobante: numeroCompleto(c.serie, c.numero), monto: d2(previo.monto), estadoAnulado: false },
      despues: { estadoAnulado: true, motivo: d.motivo, bloqueada },
      codigoEmpresaUsuario: c.codigoEmpresaUsuario,
    });
    return mapearPago(p);
  });
}

export async function listarPagos(ctx: Ctx, q: ConsultaPaginada) {
  const { filas, total } = await repo.listarPagos(ctx.db, q, empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, R));
  return {
    filas: filas.map((f) => ({
      ...f,
      monto: d2(f.monto),
      fechaRegistro: iso(f.fechaRegistro),
      fechaAnulacion: f.fechaAnulacion ? iso(f.fechaAnulacion) : null,
    })),
    meta: meta(q, total),
  };
}

/** Debt report rows (spec 03 §3.12): paged, or all of them for the Excel. */
export async function deuda(ctx: Ctx, q: ConsultaDeuda, paginado: boolean) {
  const hoy = hoyDe(ctx);
  const p = await repo.parametros(ctx.db);
  const donde = repo.condicionDeuda(
    empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, R),
    hoy,
    q.SoloVencidos === 'true',
    q,
  );
  const { filas, total } = await repo.listarDeuda(ctx.db, donde, paginado ? q : null);
  return {
    filas: filas.map((f) => {
      const saldo = new Decimal(f.saldo);
      const { dias, mora } = atraso(f.fechaVencimiento, saldo, p.tasaMoraDiaria, hoy);
      return {
        codigoComprobante: f.codigoComprobante,
        fechaEmision: f.fechaEmision,
        fechaVencimiento: f.fechaVencimiento,
        diasAtraso: dias,
        serie: f.serie,
        numero: f.numero,
        ruc: f.ruc,
        razonSocial: f.razonSocial,
        moneda: f.moneda,
        montoFactura: d2(f.total),
        montoAdeudado: d2(saldo),
        mora: d2(mora),
        deudaTotal: d2(saldo.plus(mora)),
      };
    }),
    meta: meta(q, total),
  };
}
