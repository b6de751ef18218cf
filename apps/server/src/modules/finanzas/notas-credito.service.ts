import { type EmitirNotaCredito, MENSAJES_FINANZAS as M } from '@cronos/contract';
import Decimal from 'decimal.js';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, noEncontrado, reglaNegocio } from '../../platform/errores';
import { exigirEmpresa } from '../../platform/tenencia';
import { d2, emitirEnTx, fila, hoyDe, type LineaVoucher, type Motor, R } from './comprobantes.service';
import * as repo from './finanzas.repository';
import { calcularLinea, calcularTotales, TASA_IGV } from '../../platform/dinero';
import { sincronizarBloqueo } from './pagos.service';
import { numeroCompleto } from './ubl';

/** A credit note against a factura or boleta: all its lines, or some with smaller quantities; never above the balance. */
export async function emitirNotaCredito(ctx: Ctx, motor: Motor, d: EmitirNotaCredito) {
  const firmante = await motor.firmante();
  const r = await ctx.db.transaction(async (tx) => {
    await repo.bloquearComprobante(tx, d.codigoComprobante);
    const ref = await repo.comprobanteCompleto(tx, d.codigoComprobante);
    if (!ref) throw noEncontrado();
    exigirEmpresa(ctx.actor, ref.codigoEmpresaUsuario, R);
    if (ref.tipoComprobante === '07') throw reglaNegocio(M.referenciaInvalida);
    const originales = await repo.lineasDe(tx, ref.codigoComprobante);
    const elegidas = d.monto
      ? []
      : d.lineas?.length
        ? d.lineas
        : originales.map((l) => ({ orden: l.orden, cantidad: Number(l.cantidad) }));
    const errores: Record<string, string[]> = {};
    const lineas: LineaVoucher[] = d.monto ? [lineaPorMonto(d.monto, d.motivo, originales)] : [];
    for (const [i, e] of elegidas.entries()) {
      const o = originales.find((x) => x.orden === e.orden);
      if (!o) {
        errores[`lineas.${i}.orden`] = ['La línea no existe en el comprobante'];
        continue;
      }
      if (new Decimal(e.cantidad).gt(o.cantidad)) {
        errores[`lineas.${i}.cantidad`] = ['La cantidad supera la del comprobante'];
        continue;
      }
      lineas.push({
        ...calcularLinea({ cantidad: e.cantidad, valorUnitario: o.valorUnitario, afectacionIgv: o.afectacionIgv }),
        descripcion: o.descripcion,
        unidad: o.unidad,
        codigoServicio: o.codigoServicio,
        origen: o.origen,
      });
    }
    if (Object.keys(errores).length) throw errorCampos(errores);
    const saldo = new Decimal((await repo.comprobantePorCodigo(tx, ref.codigoComprobante))?.saldo ?? '0');
    if (calcularTotales(lineas).total.gt(saldo)) throw reglaNegocio(M.notaExcede);
    const hoy = hoyDe(ctx);
    const e = await emitirEnTx(tx, ctx, firmante, {
      tipoComprobante: '07',
      serie: ref.tipoComprobante === '01' ? 'FC01' : 'BC01',
      codigoEmpresaUsuario: ref.codigoEmpresaUsuario,
      moneda: ref.moneda,
      lineas,
      fechaVencimiento: hoy,
      // A credit note names the buyer of the voucher it corrects (a person on a boleta to a person).
      persona:
        ref.tipoDocumentoAdquirente === '1'
          ? { tipoDocumento: '1', numeroDocumento: ref.rucAdquirente, nombre: ref.razonSocialAdquirente }
          : undefined,
      referencia: {
        codigoComprobante: ref.codigoComprobante,
        tipoComprobante: ref.tipoComprobante,
        serieNumero: numeroCompleto(ref.serie, ref.numero),
        motivo: d.motivo,
        codigoMotivo: d.codigoMotivo,
      },
    });
    await sincronizarBloqueo(tx, ref.codigoEmpresaUsuario, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'NOTA_CREDITO_EMITIR',
      entidad: 'comprobante',
      codigoEntidad: e.codigoComprobante,
      despues: { numero: e.numero, referencia: numeroCompleto(ref.serie, ref.numero), total: d2(e.total) },
      codigoEmpresaUsuario: ref.codigoEmpresaUsuario,
    });
    return e;
  });
  motor.avisarCola();
  return fila(ctx, r.codigoComprobante);
}

/**
 * A credit note for an amount (IGV included) on a voucher whose lines share one tax treatment: one line whose
 * taxable value is the amount without IGV, rounded to cents; when no value in cents gives exactly the amount
 * (IGV is rounded too), the closest note below it.
 */
function lineaPorMonto(monto: number, motivo: string, originales: { afectacionIgv: string }[]): LineaVoucher {
  const afectaciones = new Set(originales.map((o) => o.afectacionIgv));
  const afectacionIgv = originales[0]?.afectacionIgv ?? '10';
  if (afectaciones.size !== 1) throw errorCampos({ monto: [M.notaMontoMixta] });
  const total = new Decimal(monto);
  const linea = (valor: Decimal) => ({
    ...calcularLinea({ cantidad: 1, valorUnitario: valor.toFixed(2), afectacionIgv }),
    descripcion: motivo,
    unidad: 'ZZ',
    codigoServicio: null,
    origen: [],
  });
  if (afectacionIgv !== '10') return linea(total);
  let base = total.div(TASA_IGV.plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  while (calcularTotales([linea(base)]).total.gt(total)) base = base.minus('0.01');
  return linea(base);
}
