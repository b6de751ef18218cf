import {
  type ConsultaPaginada,
  DIAS_VIGENCIA_TRANSPORTISTA,
  EMPRESA_OPERADOR,
  fechaLima,
  inicioDiaLima,
  MENSAJES_FINANZAS as M,
  PERIODO_MINIMO_FACTURACION,
  type PreviaEmpresa,
  sumarDias,
  UNIDADES_TARIFA,
} from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { empresaParaListar } from '../../platform/tenencia';
import * as repo from './finanzas.repository';
import { calcularLinea, calcularTotales } from '../../platform/dinero';
import { numeroCompleto } from './ubl';

import { d2, emitirEnTx, hoyDe, type LineaVoucher, type Motor, R, UNIDAD_SUNAT } from './comprobantes.service';

// ---------------------------------------------------------------- facturación automática
const limitesPeriodo = (periodo: string) => {
  const [a, m] = periodo.split('-').map(Number) as [number, number];
  const siguiente = m === 12 ? `${a + 1}-01` : `${a}-${String(m + 1).padStart(2, '0')}`;
  return {
    desde: inicioDiaLima(`${periodo}-01`),
    hasta: inicioDiaLima(`${siguiente}-01`),
    primerDia: `${periodo}-01`,
    ultimoDia: sumarDias(`${siguiente}-01`, -1),
  };
};

type Servicio = NonNullable<Awaited<ReturnType<typeof repo.tarifaPorCodigo>>>;
/** A registration line of the preview remembers what it renews, so issuing it extends that registration. */
type LineaCorrida = LineaVoucher & { registro?: repo.RegistroPorVencer };
type Previa = PreviaEmpresa & { _lineas: LineaCorrida[] };

const DIA_MS = 86_400_000;
const diasEntre = (desde: string, hasta: string) => Math.round((Date.parse(hasta) - Date.parse(desde)) / DIA_MS);

/**
 * Storage days of a lot within a period: every Lima calendar day from the later of its entry day and the period's
 * first day through the earlier of the day it was emptied (still in storage: the period's last day) and the
 * period's last day, both ends included — a day begun in storage is a day billed. Periods never overlap, so a lot
 * that stays for months is billed each day exactly once.
 */
export function diasAlmacenaje(
  entrada: string,
  salida: string | null,
  primerDia: string,
  ultimoDia: string,
): { dias: number; desde: string; hasta: string } {
  const desde = entrada > primerDia ? entrada : primerDia;
  const hasta = salida !== null && salida < ultimoDia ? salida : ultimoDia;
  return { dias: hasta < desde ? 0 : diasEntre(desde, hasta) + 1, desde, hasta };
}

/** The active priced service of a unit (weighing, storage) or of a code (registrations), with its price. */
async function servicioConPrecio(db: DbOTx, s: Servicio | undefined, fecha: string) {
  if (!s || s.estadoAnulado) return null;
  const precio = await repo.precioEn(db, s.codigoServicio, fecha);
  return precio === null ? null : { ...s, precio };
}

const lineaDe = (
  s: Servicio & { precio: string },
  cantidad: number,
  descripcion: string,
  origen: string[],
): LineaCorrida => ({
  ...calcularLinea({ cantidad, valorUnitario: s.precio, afectacionIgv: s.afectacionIgv }),
  descripcion,
  unidad: UNIDAD_SUNAT[s.unidad] ?? 'ZZ',
  codigoServicio: s.codigoServicio,
  origen,
});

/**
 * The last day a run on `hoy` bills of a period (docs/adr/0100-corte-facturacion.md): a month already over is billed
 * through its last day; the month in course through yesterday, the last day already lived in full (a day still
 * going on would bill storage not yet used, and orders weighed later that day would be missed by the next run).
 * Null on the month's first day: nothing of it has closed yet.
 */
export function corteDe(periodo: string, hoy: string): string | null {
  const { primerDia, ultimoDia } = limitesPeriodo(periodo);
  if (hoy > ultimoDia) return ultimoDia;
  const ayer = sumarDias(hoy, -1);
  return ayer < primerDia ? null : ayer;
}

/**
 * What a run of the period on this day would bill, per company and currency, each line traced to its origin:
 * weighed orders (order codes), storage days (lot, its order and days), and registrations due (carrier or
 * importer) — only what happened from the day after the company's period was last billed through the cut-off.
 * A company already billed through the cut-off is listed as billed, with no lines.
 */
export async function previsualizar(
  ctx: Pick<Ctx, 'db' | 'actor' | 'ahora'>,
  periodo: string,
  empresaSolicitada: number | null | undefined,
): Promise<Previa[]> {
  const db = ctx.db;
  const filtro = empresaParaListar(ctx.actor as Ctx['actor'], empresaSolicitada, R);
  const { desde, primerDia } = limitesPeriodo(periodo);
  const corte = corteDe(periodo, hoyDe(ctx));
  if (corte === null) return [];
  const hasta = inicioDiaLima(sumarDias(corte, 1));
  const facturados = (await repo.periodosFacturados(db, periodo)).filter(
    (f) => filtro === null || f.codigoEmpresaUsuario === filtro,
  );
  const cortePrevio = new Map(facturados.map((f) => [f.codigoEmpresaUsuario, f.fechaCorte]));
  /** The first day still to bill for a company; null when it is billed through the cut-off. */
  const inicioDe = (empresa: number) => {
    const previo = cortePrevio.get(empresa);
    if (previo === undefined) return primerDia;
    return previo >= corte ? null : sumarDias(previo, 1);
  };
  const tramo = (empresa: number) => {
    const inicio = inicioDe(empresa) ?? corte;
    return inicio === primerDia && corte === limitesPeriodo(periodo).ultimoDia
      ? `periodo ${periodo}`
      : `periodo ${periodo}, del ${inicio} al ${corte}`;
  };
  const [pesaje, almacenaje, regTransp, regImport] = await Promise.all([
    repo.servicioPorUnidad(db, 'ORDEN_PESADA').then((s) => servicioConPrecio(db, s, corte)),
    repo.servicioPorUnidad(db, 'DIA_ALMACEN').then((s) => servicioConPrecio(db, s, corte)),
    repo.tarifaPorCodigo(db, 'REG_TRANSP').then((s) => servicioConPrecio(db, s, corte)),
    repo.tarifaPorCodigo(db, 'REG_IMPORT').then((s) => servicioConPrecio(db, s, corte)),
  ]);
  const lineas = new Map<number, LineaCorrida[]>();
  const agregar = (empresa: number, l: LineaCorrida) => {
    if (empresa !== EMPRESA_OPERADOR) lineas.set(empresa, [...(lineas.get(empresa) ?? []), l]);
  };

  if (pesaje) {
    const porEmpresa = new Map<number, string[]>();
    for (const o of await repo.ordenesPesadas(db, desde, hasta, filtro)) {
      const inicio = inicioDe(o.codigoEmpresaUsuario);
      if (inicio === null || fechaLima(new Date(o.fechaRegistro)) < inicio) continue;
      porEmpresa.set(o.codigoEmpresaUsuario, [...(porEmpresa.get(o.codigoEmpresaUsuario) ?? []), o.codigoIngreso]);
    }
    for (const [empresa, codigos] of porEmpresa) {
      const d = `${pesaje.descripcion} (${UNIDADES_TARIFA.ORDEN_PESADA.toLowerCase()}) — ${tramo(empresa)}`;
      agregar(empresa, lineaDe(pesaje, codigos.length, d, codigos));
    }
  }
  if (almacenaje) {
    const porEmpresa = new Map<number, { dias: number; origen: string[] }>();
    for (const l of await repo.lotesEnAlmacen(db, desde, hasta, filtro)) {
      const inicio = inicioDe(l.codigoEmpresaUsuario);
      if (inicio === null) continue;
      const salida = l.fechaSalida ? fechaLima(new Date(l.fechaSalida)) : null;
      const r = diasAlmacenaje(fechaLima(new Date(l.fechaIngreso)), salida, inicio, corte);
      if (r.dias <= 0) continue;
      const a = porEmpresa.get(l.codigoEmpresaUsuario) ?? { dias: 0, origen: [] };
      a.dias += r.dias;
      a.origen.push(
        `${l.codigoIngreso ?? l.numeroDocumento} lote ${l.codigoLote}: ${r.dias} d (${r.desde} a ${r.hasta})`,
      );
      porEmpresa.set(l.codigoEmpresaUsuario, a);
    }
    for (const [empresa, a] of porEmpresa) {
      const d = `${almacenaje.descripcion} (${UNIDADES_TARIFA.DIA_ALMACEN.toLowerCase()}) — ${tramo(empresa)}`;
      agregar(empresa, lineaDe(almacenaje, a.dias, d, a.origen));
    }
  }
  for (const r of await repo.registrosPorVencer(db, primerDia, corte, filtro)) {
    const inicio = inicioDe(r.codigoEmpresaUsuario);
    if (inicio === null || r.fechaCese < inicio) continue;
    const s = r.tipo === 'TRANSPORTISTA' ? regTransp : regImport;
    if (!s) continue;
    const nuevo = renovacionDe(r.fechaCese);
    const quien = r.tipo === 'TRANSPORTISTA' ? 'transportista' : 'importador';
    const d = `${s.descripcion}: ${quien} ${r.razonSocial} (${r.ruc}), vence ${r.fechaCese}, renovado del ${nuevo.fechaInicio} al ${nuevo.fechaCese}`;
    agregar(r.codigoEmpresaUsuario, { ...lineaDe(s, 1, d, [`${quien} ${r.ruc}`]), registro: r });
  }

  // Companies billed through the cut-off: listed as billed (the run leaves them out), with their last vouchers.
  const completas = [...new Set(facturados.map((f) => f.codigoEmpresaUsuario))].filter(
    (c) => inicioDe(c) === null && c !== EMPRESA_OPERADOR,
  );
  const empresas = new Map(
    (await repo.empresasPorCodigo(db, [...lineas.keys(), ...completas])).map((e) => [e.codigoEmpresaUsuario, e]),
  );
  const salida: Previa[] = [];
  const codigos = [...new Set([...lineas.keys(), ...completas])].sort((a, b) => a - b);
  for (const codigo of codigos) {
    const e = empresas.get(codigo);
    if (!e) continue;
    const deEmpresa = facturados.filter((f) => f.codigoEmpresaUsuario === codigo);
    const comun = {
      codigoEmpresaUsuario: codigo,
      ruc: e.ruc,
      razonSocial: e.razonSocial,
      tipoComprobante: '01',
      corte,
      facturadoHasta: cortePrevio.get(codigo) ?? null,
    };
    const todas = lineas.get(codigo);
    if (!todas) {
      const f = deEmpresa[0];
      salida.push({
        ...comun,
        moneda: f?.moneda ?? pesaje?.moneda ?? 'PEN',
        facturado: true,
        comprobante: f?.serie && f.numero ? numeroCompleto(f.serie, f.numero) : null,
        lineas: [],
        gravado: '0.00',
        exonerado: '0.00',
        inafecto: '0.00',
        igv: '0.00',
        total: '0.00',
        _lineas: [],
      });
      continue;
    }
    const porMoneda = new Map<string, LineaCorrida[]>();
    for (const l of todas) {
      const moneda =
        l.codigoServicio === regImport?.codigoServicio
          ? regImport.moneda
          : monedaDe(l, [pesaje, almacenaje, regTransp]);
      porMoneda.set(moneda, [...(porMoneda.get(moneda) ?? []), l]);
    }
    for (const [moneda, ls] of porMoneda) {
      const t = calcularTotales(ls);
      const f = deEmpresa.find((x) => x.moneda === moneda) ?? deEmpresa[0];
      salida.push({
        ...comun,
        moneda,
        facturado: false,
        comprobante: f?.serie && f.numero ? numeroCompleto(f.serie, f.numero) : null,
        lineas: ls.map((l) => ({
          codigoServicio: l.codigoServicio ?? 0,
          descripcion: l.descripcion,
          unidad: unidadDe(l, [pesaje, almacenaje, regTransp, regImport]),
          cantidad: l.cantidad.toString(),
          valorUnitario: d2(l.valorUnitario),
          afectacionIgv: l.afectacionIgv,
          valorVenta: d2(l.valorVenta),
          igv: d2(l.igv),
          origen: l.origen,
        })),
        gravado: d2(t.gravado),
        exonerado: d2(t.exonerado),
        inafecto: d2(t.inafecto),
        igv: d2(t.igv),
        total: d2(t.total),
        _lineas: ls,
      });
    }
  }
  return salida;
}

type ConPrecio = Awaited<ReturnType<typeof servicioConPrecio>>;
const monedaDe = (l: LineaVoucher, ss: ConPrecio[]) =>
  ss.find((s) => s?.codigoServicio === l.codigoServicio)?.moneda ?? 'PEN';
const unidadDe = (l: LineaVoucher, ss: ConPrecio[]) =>
  ss.find((s) => s?.codigoServicio === l.codigoServicio)?.unidad ?? '';

/** A registration due on `fechaCese` renewed by a run: the next year, right after it ends (no gap, no overlap). */
const renovacionDe = (fechaCese: string) => {
  const fechaInicio = sumarDias(fechaCese, 1);
  return { fechaInicio, fechaCese: sumarDias(fechaInicio, DIAS_VIGENCIA_TRANSPORTISTA) };
};

/**
 * A month the billing run can bill: not one that has not begun (it would bill storage days not yet lived and mark
 * the month as billed, so what really happens in it would never be billed), nor one before any voucher this system
 * signs could exist (1900-01 would only record 'nada que facturar'). The refusal names the form's field.
 */
function exigirPeriodoFacturable(ctx: Pick<Ctx, 'ahora'>, periodo: string, campo: string) {
  if (periodo > hoyDe(ctx).slice(0, 7)) throw errorCampos({ [campo]: [M.periodoFuturo] }, M.periodoFuturo);
  if (periodo < PERIODO_MINIMO_FACTURACION) throw errorCampos({ [campo]: [M.periodoAntiguo] }, M.periodoAntiguo);
  if (corteDe(periodo, hoyDe(ctx)) === null) {
    throw errorCampos({ [campo]: [M.periodoSinDiasCerrados] }, M.periodoSinDiasCerrados);
  }
}

/** The screen's preview: refused for the months a run refuses, so it never shows what could not be issued. */
export async function previsualizarPublico(ctx: Ctx, periodo: string, empresa: number) {
  exigirPeriodoFacturable(ctx, periodo, 'Periodo');
  return (await previsualizar(ctx, periodo, empresa)).map(({ _lineas, ...r }) => r);
}

/**
 * Issues the period through its cut-off: for each company with something not yet billed, one factura per currency.
 * The company's period is claimed from the cut-off the preview read to the new one in the same transaction as the
 * vouchers, so a second run (even a concurrent one) never bills a day or an order twice; a later run of the same
 * period bills only what happened after the last cut-off. A registration line extends its registration in the same
 * transaction; one renewed by hand meanwhile is left out.
 */
export async function emitirCorrida(
  ctx: Ctx,
  motor: Motor,
  periodo: string,
  empresaSolicitada: number | null | undefined,
) {
  exigirPeriodoFacturable(ctx, periodo, 'periodo');
  const corte = corteDe(periodo, hoyDe(ctx)) as string;
  const previos = new Map((await repo.periodosFacturados(ctx.db, periodo)).map((f) => [f.codigoEmpresaUsuario, f]));
  const previa = await previsualizar(ctx, periodo, empresaSolicitada);
  const filtro = empresaParaListar(ctx.actor, empresaSolicitada, R);
  const firmante = await motor.firmante();
  const r = await ctx.db.transaction(async (tx) => {
    const corrida = await repo.insertarCorrida(tx, {
      periodo,
      codigoEmpresaUsuario: filtro,
      resultado: '',
      usuarioRegistro: ctx.actor.nombreUsuario,
      fechaCorte: corte,
    });
    const emitidos: string[] = [];
    let omitidas = 0;
    const empresas = [...new Set(previa.map((p) => p.codigoEmpresaUsuario))];
    for (const empresa of empresas) {
      const deEmpresa = previa.filter((p) => p.codigoEmpresaUsuario === empresa);
      const previo = previos.get(empresa);
      if (
        deEmpresa.some((p) => p.facturado) ||
        (previo?.fechaCorte ?? null) !== (deEmpresa[0]?.facturadoHasta ?? null) ||
        !(await repo.reclamarPeriodo(
          tx,
          empresa,
          periodo,
          corrida.codigoCorrida,
          deEmpresa[0]?.facturadoHasta ?? null,
          corte,
        ))
      ) {
        omitidas += 1;
        continue;
      }
      let primero: number | null = null;
      for (const p of deEmpresa) {
        const lineas: LineaCorrida[] = [];
        for (const l of p._lineas) {
          if (l.registro) {
            const n = renovacionDe(l.registro.fechaCese);
            if (!(await repo.extenderRegistro(tx, l.registro, n.fechaInicio, n.fechaCese))) continue;
          }
          lineas.push(l);
        }
        if (!lineas.length) continue;
        const e = await emitirEnTx(tx, ctx, firmante, {
          tipoComprobante: '01',
          serie: 'F001',
          codigoEmpresaUsuario: empresa,
          moneda: p.moneda,
          lineas,
          codigoCorrida: corrida.codigoCorrida,
        });
        primero ??= e.codigoComprobante;
        emitidos.push(`${e.numero} ${p.razonSocial} ${p.moneda} ${d2(e.total)}`);
      }
      if (primero === null) {
        await repo.liberarPeriodo(
          tx,
          empresa,
          periodo,
          previo ? { fechaCorte: previo.fechaCorte, codigoCorrida: previo.codigoCorrida } : null,
        );
      } else await repo.asignarComprobantePeriodo(tx, empresa, periodo, primero);
    }
    const resultado = previa.length
      ? `${emitidos.length} comprobante(s) emitido(s) hasta el ${corte.split('-').reverse().join('/')}${omitidas ? `, ${omitidas} empresa(s) ya facturada(s) en el periodo` : ''}${emitidos.length ? `: ${emitidos.join('; ')}` : ''}`
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
      despues: { periodo, fechaCorte: corte, emitidos: emitidos.length, omitidas },
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
