import {
  type ConsultaPaginada,
  EMPRESA_OPERADOR,
  inicioDiaLima,
  MENSAJES_FINANZAS as M,
  type PreviaEmpresa,
  sumarDias,
  UNIDADES_TARIFA,
} from '@cronos/contract';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { empresaParaListar } from '../../platform/tenencia';
import * as repo from './finanzas.repository';
import { calcularLinea, calcularTotales } from './montos';
import { numeroCompleto } from './ubl';

import { d2, emitirEnTx, type LineaVoucher, type Motor, R, UNIDAD_SUNAT } from './comprobantes.service';

// ---------------------------------------------------------------- facturación automática
const limitesPeriodo = (periodo: string) => {
  const [a, m] = periodo.split('-').map(Number) as [number, number];
  const siguiente = m === 12 ? `${a + 1}-01` : `${a}-${String(m + 1).padStart(2, '0')}`;
  return {
    desde: inicioDiaLima(`${periodo}-01`),
    hasta: inicioDiaLima(`${siguiente}-01`),
    ultimoDia: sumarDias(`${siguiente}-01`, -1),
  };
};

/** What a run of the period would bill: per company, its lines traced to the orders they come from. */
export async function previsualizar(
  ctx: Pick<Ctx, 'db' | 'actor' | 'ahora'>,
  periodo: string,
  empresaSolicitada: number | null | undefined,
) {
  const filtro = empresaParaListar(ctx.actor as Ctx['actor'], empresaSolicitada, R);
  const { desde, hasta, ultimoDia } = limitesPeriodo(periodo);
  const servicio = await repo.servicioPorUnidad(ctx.db, 'ORDEN_PESADA');
  if (!servicio) return [];
  const precio = await repo.precioEn(ctx.db, servicio.codigoServicio, ultimoDia);
  if (precio === null) return [];
  const ordenes = await repo.ordenesPesadas(ctx.db, desde, hasta, filtro);
  const porEmpresa = new Map<number, string[]>();
  for (const o of ordenes)
    porEmpresa.set(o.codigoEmpresaUsuario, [...(porEmpresa.get(o.codigoEmpresaUsuario) ?? []), o.codigoIngreso]);
  const empresas = new Map(
    (await repo.empresasPorCodigo(ctx.db, [...porEmpresa.keys()])).map((e) => [e.codigoEmpresaUsuario, e]),
  );
  const facturados = new Map((await repo.periodosFacturados(ctx.db, periodo)).map((f) => [f.codigoEmpresaUsuario, f]));
  const salida: (PreviaEmpresa & { _lineas: LineaVoucher[] })[] = [];
  for (const [codigo, codigos] of porEmpresa) {
    const e = empresas.get(codigo);
    if (!e || codigo === EMPRESA_OPERADOR) continue;
    const linea: LineaVoucher = {
      ...calcularLinea({ cantidad: codigos.length, valorUnitario: precio, afectacionIgv: servicio.afectacionIgv }),
      descripcion: `${servicio.descripcion} (${UNIDADES_TARIFA.ORDEN_PESADA.toLowerCase()}) — periodo ${periodo}`,
      unidad: UNIDAD_SUNAT.ORDEN_PESADA ?? 'ZZ',
      codigoServicio: servicio.codigoServicio,
      origen: codigos,
    };
    const t = calcularTotales([linea]);
    const f = facturados.get(codigo);
    salida.push({
      codigoEmpresaUsuario: codigo,
      ruc: e.ruc,
      razonSocial: e.razonSocial,
      moneda: servicio.moneda,
      tipoComprobante: '01',
      facturado: Boolean(f),
      comprobante: f ? numeroCompleto(f.serie, f.numero) : null,
      lineas: [
        {
          codigoServicio: servicio.codigoServicio,
          descripcion: linea.descripcion,
          unidad: servicio.unidad,
          cantidad: linea.cantidad.toString(),
          valorUnitario: d2(linea.valorUnitario),
          afectacionIgv: linea.afectacionIgv,
          valorVenta: d2(linea.valorVenta),
          igv: d2(linea.igv),
          origen: codigos,
        },
      ],
      gravado: d2(t.gravado),
      exonerado: d2(t.exonerado),
      inafecto: d2(t.inafecto),
      igv: d2(t.igv),
      total: d2(t.total),
      _lineas: [linea],
    });
  }
  return salida;
}

export async function previsualizarPublico(ctx: Ctx, periodo: string, empresa: number) {
  return (await previsualizar(ctx, periodo, empresa)).map(({ _lineas, ...r }) => r);
}

/**
 * Issues the period: one factura per company not yet billed for it. The (company, period) key is claimed in the
 * same transaction as the voucher, so a second run (even a concurrent one) bills nothing twice.
 */
export async function emitirCorrida(
  ctx: Ctx,
  motor: Motor,
  periodo: string,
  empresaSolicitada: number | null | undefined,
) {
  const previa = await previsualizar(ctx, periodo, empresaSolicitada);
  const filtro = empresaParaListar(ctx.actor, empresaSolicitada, R);
  const firmante = await motor.firmante();
  const r = await ctx.db.transaction(async (tx) => {
    const corrida = await repo.insertarCorrida(tx, {
      periodo,
      codigoEmpresaUsuario: filtro,
      resultado: '',
      usuarioRegistro: ctx.actor.nombreUsuario,
    });
    const emitidos: string[] = [];
    let omitidas = 0;
    for (const p of previa) {
      if (p.facturado || !(await repo.reclamarPeriodo(tx, p.codigoEmpresaUsuario, periodo, corrida.codigoCorrida))) {
        omitidas += 1;
        continue;
      }
      const e = await emitirEnTx(tx, ctx, firmante, {
        tipoComprobante: '01',
        serie: 'F001',
        codigoEmpresaUsuario: p.codigoEmpresaUsuario,
        moneda: p.moneda,
        lineas: p._lineas,
        codigoCorrida: corrida.codigoCorrida,
      });
      await repo.asignarComprobantePeriodo(tx, p.codigoEmpresaUsuario, periodo, e.codigoComprobante);
      emitidos.push(`${e.numero} ${p.razonSocial} ${p.moneda} ${d2(e.total)}`);
    }
    const resultado = previa.length
      ? `${emitidos.length} comprobante(s) emitido(s)${omitidas ? `, ${omitidas} empresa(s) ya facturada(s) en el periodo` : ''}${emitidos.length ? `: ${emitidos.join('; ')}` : ''}`
      : M.nadaQueFacturar;
    const c = await repo.actualizarCorrida(tx, corrida.codigoCorrida, {
      comprobantesEmitidos: emitidos.length,
      empresasOmitidas: omitidas,
      resultado,
    });
    await auditar(tx, ctx, {
      tipo: 'FACTURACION_CORRIDA',
      entidad: 'corrida_facturacion',
      codigoEntidad: c.codigoCorrida,
      despues: { periodo, emitidos: emitidos.length, omitidas },
    });
    return c;
  });
  motor.avisarCola();
  return { ...r, fechaRegistro: iso(r.fechaRegistro) };
}

export async function listarCorridas(ctx: Ctx, q: ConsultaPaginada) {
  const { filas, total } = await repo.listarCorridas(
    ctx.db,
    q,
    empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, R),
  );
  return { filas: filas.map((f) => ({ ...f, fechaRegistro: iso(f.fechaRegistro) })), meta: meta(q, total) };
}
