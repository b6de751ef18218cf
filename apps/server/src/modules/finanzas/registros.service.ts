import {
  type ConsultaPaginada,
  DIAS_VIGENCIA_TRANSPORTISTA,
  MENSAJES_FINANZAS as M,
  sumarDias,
} from '@cronos/contract';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { noEncontrado, reglaNegocio } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import * as repo from './finanzas.repository';
import { calcularLinea } from '../../platform/dinero';

import { emitirEnTx, fila, hoyDe, type LineaVoucher, type Motor, R, UNIDAD_SUNAT } from './comprobantes.service';

/**
 * finances/trucks: renews a carrier's yearly registration (from today, DIAS_VIGENCIA_TRANSPORTISTA days) and bills
 * its fee (tariff REG_TRANSP) to the carrier's user company, in one transaction.
 */
export async function renovarTransportista(ctx: Ctx, motor: Motor, codigoTransportistaUsuario: number) {
  const firmante = await motor.firmante();
  const r = await ctx.db.transaction(async (tx) => {
    const t = await repo.transportistaParaRenovar(tx, codigoTransportistaUsuario);
    if (!t || t.estadoAnulado) throw noEncontrado();
    exigirEmpresa(ctx.actor, t.codigoEmpresaUsuario, R);
    const tarifa = await repo.tarifaPorCodigo(tx, 'REG_TRANSP');
    const hoy = hoyDe(ctx);
    const precio = tarifa && !tarifa.estadoAnulado ? await repo.precioEn(tx, tarifa.codigoServicio, hoy) : null;
    if (!tarifa || precio === null) throw reglaNegocio(M.sinTarifaRegistro);
    const fechaCese = sumarDias(hoy, DIAS_VIGENCIA_TRANSPORTISTA);
    await repo.renovarTransportista(tx, t.codigoTransportistaUsuario, hoy, fechaCese, ctx.actor.nombreUsuario);
    const linea: LineaVoucher = {
      ...calcularLinea({ cantidad: 1, valorUnitario: precio, afectacionIgv: tarifa.afectacionIgv }),
      descripcion: `${tarifa.descripcion}: ${t.razonSocial} (${t.ruc}) del ${hoy} al ${fechaCese}`,
      unidad: UNIDAD_SUNAT.REGISTRO_ANUAL ?? 'ZZ',
      codigoServicio: tarifa.codigoServicio,
      origen: [t.ruc],
    };
    const e = await emitirEnTx(tx, ctx, firmante, {
      tipoComprobante: '01',
      serie: 'F001',
      codigoEmpresaUsuario: t.codigoEmpresaUsuario,
      moneda: tarifa.moneda,
      lineas: [linea],
    });
    await auditar(tx, ctx, {
      tipo: 'TRANSPORTISTA_RENOVACION_FACTURADA',
      entidad: 'transportista_usuario',
      codigoEntidad: t.codigoTransportistaUsuario,
      antes: { fechaInicio: t.fechaInicio, fechaCese: t.fechaCese },
      despues: { fechaInicio: hoy, fechaCese, comprobante: e.numero },
      codigoEmpresaUsuario: t.codigoEmpresaUsuario,
    });
    return e;
  });
  motor.avisarCola();
  return fila(ctx, r.codigoComprobante);
}

// ---------------------------------------------------------------- importadores (finances/importador)
/** The importers' yearly registrations with their due date; VENCIDO once the end date is before today. */
export async function listarRegistroImportadores(ctx: Ctx, q: ConsultaPaginada & { SoloVencidos?: 'true' | 'false' }) {
  const hoy = hoyDe(ctx);
  const { filas, total } = await repo.listarRegistroImportadores(
    ctx.db,
    q,
    empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, R),
    hoy,
    q.SoloVencidos === 'true',
  );
  return {
    filas: filas.map((f) => ({
      ...f,
      estadoRegistro: f.fechaCese < hoy ? ('VENCIDO' as const) : ('VIGENTE' as const),
    })),
    meta: meta(q, total),
  };
}

/**
 * finances/importador: renews an importer's yearly registration (from today, a year) and bills its fee (tariff
 * REG_IMPORT) to the importer's user company, in one transaction with one audit row. Without a priced tariff,
 * nothing changes.
 */
export async function renovarImportador(ctx: Ctx, motor: Motor, codigoImportador: number) {
  const firmante = await motor.firmante();
  const r = await ctx.db.transaction(async (tx) => {
    const i = await repo.importadorParaRenovar(tx, codigoImportador);
    if (!i || i.estadoAnulado) throw noEncontrado();
    exigirEmpresa(ctx.actor, i.codigoEmpresaUsuario, R);
    const tarifa = await repo.tarifaPorCodigo(tx, 'REG_IMPORT');
    const hoy = hoyDe(ctx);
    const precio = tarifa && !tarifa.estadoAnulado ? await repo.precioEn(tx, tarifa.codigoServicio, hoy) : null;
    if (!tarifa || precio === null) throw reglaNegocio(M.sinTarifaImportador);
    const fechaCese = sumarDias(hoy, DIAS_VIGENCIA_TRANSPORTISTA);
    await repo.renovarImportador(tx, i.codigoImportador, hoy, fechaCese);
    const linea: LineaVoucher = {
      ...calcularLinea({ cantidad: 1, valorUnitario: precio, afectacionIgv: tarifa.afectacionIgv }),
      descripcion: `${tarifa.descripcion}: ${i.razonSocial} (${i.ruc}) del ${hoy} al ${fechaCese}`,
      unidad: UNIDAD_SUNAT.REGISTRO_ANUAL ?? 'ZZ',
      codigoServicio: tarifa.codigoServicio,
      origen: [`importador ${i.ruc}`],
    };
    const e = await emitirEnTx(tx, ctx, firmante, {
      tipoComprobante: '01',
      serie: 'F001',
      codigoEmpresaUsuario: i.codigoEmpresaUsuario,
      moneda: tarifa.moneda,
      lineas: [linea],
    });
    await auditar(tx, ctx, {
      tipo: 'IMPORTADOR_RENOVACION_FACTURADA',
      entidad: 'importador',
      codigoEntidad: i.codigoImportador,
      antes: { fechaInicio: i.fechaInicio, fechaCese: i.fechaCese },
      despues: { fechaInicio: hoy, fechaCese, comprobante: e.numero },
      codigoEmpresaUsuario: i.codigoEmpresaUsuario,
    });
    return e;
  });
  motor.avisarCola();
  return fila(ctx, r.codigoComprobante);
}
