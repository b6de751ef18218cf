import {
  type ConsultaComprobantes,
  EMPRESA_OPERADOR,
  type EmitirComprobante,
  fechaLima,
  MENSAJES_FINANZAS as M,
  ROLES_MULTIEMPRESA_FINANZAS,
  sumarDias,
} from '@cronos/contract';
import Decimal from 'decimal.js';
import type { DbOTx, Tx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, noEncontrado } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { empresaParaEscribir, empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import type { Firmante } from './firma';
import { firmarXml } from './firma';
import { iso } from '../../platform/respuesta';
import * as repo from './finanzas.repository';
import { calcularLinea, calcularTotales, type LineaCalculada, montoEnLetras } from '../../platform/dinero';
import { construirUbl, numeroCompleto } from './ubl';

export const R = ROLES_MULTIEMPRESA_FINANZAS;

/** What the voucher services need beyond the request: the signer and a way to wake the sending queue. */
export interface Motor {
  firmante: () => Promise<Firmante>;
  avisarCola: () => void;
}

export const hoyDe = (ctx: Pick<Ctx, 'ahora'>) => fechaLima(ctx.ahora());
export const d2 = (v: Decimal.Value) => new Decimal(v).toFixed(2);

// ---------------------------------------------------------------- comprobantes
export type LineaVoucher = LineaCalculada & {
  descripcion: string;
  unidad: string;
  codigoServicio: number | null;
  origen: string[];
};

/** SUNAT unit codes (catálogo 03) for our units. */
export const UNIDAD_SUNAT: Record<string, string> = {
  ORDEN_PESADA: 'ZZ',
  DIA_ALMACEN: 'DAY',
  TARJETA: 'NIU',
  REGISTRO_ANUAL: 'ZZ',
};

interface DatosEmision {
  tipoComprobante: '01' | '03' | '07';
  serie: string;
  codigoEmpresaUsuario: number;
  moneda: string;
  lineas: LineaVoucher[];
  fechaVencimiento?: string;
  /** A boleta's buyer when a person (DNI) rather than the company billed. */
  persona?: { tipoDocumento: '1'; numeroDocumento: string; nombre: string };
  referencia?: {
    codigoComprobante: number;
    tipoComprobante: string;
    serieNumero: string;
    motivo: string;
    codigoMotivo: string;
  };
  codigoCorrida?: number;
}

/**
 * Issues one voucher inside the caller's transaction: next number of the series (locked until commit, so no
 * gaps), totals with decimal arithmetic, the UBL 2.1 XML signed, stored as sent, and queued for sending.
 */
export async function emitirEnTx(tx: Tx, ctx: Ctx, firmante: Firmante, d: DatosEmision) {
  const emisor = await repo.empresa(tx, EMPRESA_OPERADOR);
  const empresa = await repo.empresa(tx, d.codigoEmpresaUsuario);
  if (!emisor || !empresa) throw noEncontrado();
  const adquirente = d.persona
    ? { ruc: d.persona.numeroDocumento, razonSocial: d.persona.nombre, tipoDocumento: d.persona.tipoDocumento }
    : { ruc: empresa.ruc, razonSocial: empresa.razonSocial, tipoDocumento: '6' };
  const p = await repo.parametros(tx);
  const hoy = hoyDe(ctx);
  const fechaVencimiento = d.fechaVencimiento ?? sumarDias(hoy, p.diasCredito);
  const totales = calcularTotales(d.lineas);
  const montoLetras = montoEnLetras(totales.total, d.moneda);
  const numero = await repo.siguienteNumero(tx, d.tipoComprobante, d.serie);
  const xml = construirUbl({
    tipoComprobante: d.tipoComprobante,
    serie: d.serie,
    numero,
    fechaEmision: hoy,
    fechaVencimiento,
    moneda: d.moneda,
    montoLetras,
    emisor,
    adquirente,
    lineas: d.lineas,
    totales,
    referencia: d.referencia,
  });
  const firmado = firmarXml(xml, firmante);
  const codigoComprobante = await repo.insertarComprobante(
    tx,
    {
      codigoEmpresaUsuario: d.codigoEmpresaUsuario,
      tipoComprobante: d.tipoComprobante,
      serie: d.serie,
      numero,
      fechaEmision: hoy,
      fechaVencimiento,
      moneda: d.moneda,
      rucAdquirente: adquirente.ruc,
      razonSocialAdquirente: adquirente.razonSocial,
      tipoDocumentoAdquirente: adquirente.tipoDocumento,
      totalGravado: d2(totales.gravado),
      totalExonerado: d2(totales.exonerado),
      totalInafecto: d2(totales.inafecto),
      igv: d2(totales.igv),
      total: d2(totales.total),
      montoLetras,
      codigoComprobanteReferencia: d.referencia?.codigoComprobante ?? null,
      motivo: d.referencia?.motivo ?? null,
      codigoCorrida: d.codigoCorrida ?? null,
      xml: firmado.xml,
      hash: firmado.hash,
      usuarioRegistro: ctx.actor.nombreUsuario,
    },
    d.lineas.map((l, i) => ({
      orden: i + 1,
      codigoServicio: l.codigoServicio,
      descripcion: l.descripcion,
      unidad: l.unidad,
      cantidad: l.cantidad.toFixed(3),
      valorUnitario: d2(l.valorUnitario),
      afectacionIgv: l.afectacionIgv,
      valorVenta: d2(l.valorVenta),
      igv: d2(l.igv),
      origen: l.origen,
    })),
  );
  return { codigoComprobante, numero: numeroCompleto(d.serie, numero), total: totales.total };
}

/** The largest amount a voucher's columns hold (numeric(14,2)). */
const TOTAL_MAXIMO = new Decimal('999999999999.99');

/**
 * Lines of a voucher by hand: a service priced on `fecha` by its tariff, or free text with its own unit value and
 * tax treatment. All of one currency: `moneda` when given, else that of the services (PEN without any).
 */
export async function lineasDeServicios(
  db: DbOTx,
  lineas: EmitirComprobante['lineas'],
  fecha: string,
  monedaPedida?: string | null,
) {
  const salida: LineaVoucher[] = [];
  let moneda: string | null = monedaPedida ?? null;
  const errores: Record<string, string[]> = {};
  for (const [i, l] of lineas.entries()) {
    if (!l.codigoServicio) {
      if (!l.descripcion || l.valorUnitario == null || !l.afectacionIgv) {
        errores[`lineas.${i}.descripcion`] = [M.lineaLibreIncompleta];
        continue;
      }
      salida.push({
        ...calcularLinea({ cantidad: l.cantidad, valorUnitario: l.valorUnitario, afectacionIgv: l.afectacionIgv }),
        descripcion: l.descripcion,
        unidad: 'ZZ',
        codigoServicio: null,
        origen: [],
      });
      continue;
    }
    const t = await repo.tarifa(db, l.codigoServicio);
    if (!t || t.estadoAnulado) {
      errores[`lineas.${i}.codigoServicio`] = [M.servicioNoExiste];
      continue;
    }
    const precio = await repo.precioEn(db, t.codigoServicio, fecha);
    if (precio === null) {
      errores[`lineas.${i}.codigoServicio`] = [M.sinPrecio];
      continue;
    }
    if (moneda && moneda !== t.moneda) errores[`lineas.${i}.codigoServicio`] = [M.monedasDistintas];
    moneda ??= t.moneda;
    salida.push({
      ...calcularLinea({ cantidad: l.cantidad, valorUnitario: precio, afectacionIgv: t.afectacionIgv }),
      descripcion: l.descripcion || t.descripcion,
      unidad: UNIDAD_SUNAT[t.unidad] ?? 'ZZ',
      codigoServicio: t.codigoServicio,
      origen: [],
    });
  }
  if (Object.keys(errores).length) throw errorCampos(errores);
  // The amounts are stored as numeric(14,2): a larger total (and so a larger line) would fail the insert.
  if (calcularTotales(salida).total.gt(TOTAL_MAXIMO)) throw errorCampos({ lineas: [M.totalExcede] });
  return { lineas: salida, moneda: moneda ?? 'PEN' };
}

/** A factura or boleta issued by hand. */
export async function emitir(ctx: Ctx, motor: Motor, d: EmitirComprobante) {
  const codigoEmpresa = empresaParaEscribir(ctx.actor, d.codigoEmpresaUsuario, R);
  const firmante = await motor.firmante();
  const r = await ctx.db.transaction(async (tx) => {
    const { lineas, moneda } = await lineasDeServicios(tx, d.lineas, hoyDe(ctx), d.moneda);
    const e = await emitirEnTx(tx, ctx, firmante, {
      tipoComprobante: d.tipoComprobante,
      serie: d.tipoComprobante === '01' ? 'F001' : 'B001',
      codigoEmpresaUsuario: codigoEmpresa,
      moneda,
      lineas,
      persona: d.persona ?? undefined,
    });
    await auditar(tx, ctx, {
      tipo: 'COMPROBANTE_EMITIR',
      entidad: 'comprobante',
      codigoEntidad: e.codigoComprobante,
      despues: { numero: e.numero, total: d2(e.total) },
      codigoEmpresaUsuario: codigoEmpresa,
    });
    return e;
  });
  motor.avisarCola();
  return fila(ctx, r.codigoComprobante);
}

export const mapearPago = (p: Awaited<ReturnType<typeof repo.pagosDe>>[number]) => ({
  codigoPago: p.codigoPago,
  codigoComprobante: p.codigoComprobante,
  monto: d2(p.monto),
  fechaPago: p.fechaPago,
  metodo: p.metodo,
  referencia: p.referencia,
  usuarioRegistro: p.usuarioRegistro,
  fechaRegistro: iso(p.fechaRegistro),
  estadoAnulado: p.estadoAnulado,
  motivoAnulacion: p.motivoAnulacion,
  usuarioAnulacion: p.usuarioAnulacion,
  fechaAnulacion: p.fechaAnulacion ? iso(p.fechaAnulacion) : null,
});

/** Days past due and the late fee (balance × rate % × days) on `hoy`. */
export function atraso(fechaVencimiento: string, saldo: Decimal, tasa: string, hoy: string) {
  const dias = Math.max(0, Math.round((Date.parse(hoy) - Date.parse(fechaVencimiento)) / 86_400_000));
  const mora = saldo.gt(0)
    ? saldo.times(tasa).div(100).times(dias).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    : new Decimal(0);
  return { dias: saldo.gt(0) ? dias : 0, mora };
}

function estadoDe(f: repo.FilaComprobanteBd) {
  if (f.tipoComprobante === '07') return 'EMITIDA';
  const saldo = new Decimal(f.saldo);
  if (saldo.lte(0)) return new Decimal(f.acreditado).gte(f.total) ? 'ANULADO' : 'PAGADO';
  return saldo.lt(f.total) ? 'PARCIAL' : 'PENDIENTE';
}
const mapear = (f: repo.FilaComprobanteBd) => ({
  codigoComprobante: f.codigoComprobante,
  tipoComprobante: f.tipoComprobante,
  serie: f.serie,
  numero: f.numero,
  fechaEmision: f.fechaEmision,
  fechaVencimiento: f.fechaVencimiento,
  codigoEmpresaUsuario: f.codigoEmpresaUsuario,
  ruc: f.ruc,
  razonSocial: f.razonSocial,
  moneda: f.moneda,
  total: d2(f.total),
  saldo: d2(f.saldo),
  estado: estadoDe(f),
  estadoEnvio: f.estadoEnvio,
  hash: f.hash,
});

export async function fila(ctx: Ctx, codigoComprobante: number) {
  const f = await repo.comprobantePorCodigo(ctx.db, codigoComprobante);
  if (!f) throw noEncontrado();
  return mapear(f);
}

export async function listarComprobantes(ctx: Ctx, q: ConsultaComprobantes) {
  const { filas, total } = await repo.listarComprobantes(
    ctx.db,
    q,
    empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, R),
  );
  return { filas: filas.map(mapear), meta: meta(q, total) };
}

async function cargar(ctx: Ctx, codigoComprobante: number) {
  const c = await repo.comprobanteCompleto(ctx.db, codigoComprobante);
  if (!c) throw noEncontrado();
  exigirEmpresa(ctx.actor, c.codigoEmpresaUsuario, R);
  return c;
}

export async function consultarComprobante(ctx: Ctx, codigoComprobante: number) {
  const c = await cargar(ctx, codigoComprobante);
  const f = await repo.comprobantePorCodigo(ctx.db, codigoComprobante);
  if (!f) throw noEncontrado();
  const [lineas, pagos, notas, p, ref] = await Promise.all([
    repo.lineasDe(ctx.db, codigoComprobante),
    repo.pagosDe(ctx.db, codigoComprobante),
    repo.notasDe(ctx.db, codigoComprobante),
    repo.parametros(ctx.db),
    c.codigoComprobanteReferencia ? repo.comprobanteCompleto(ctx.db, c.codigoComprobanteReferencia) : undefined,
  ]);
  const { dias, mora } = atraso(c.fechaVencimiento, new Decimal(f.saldo), p.tasaMoraDiaria, hoyDe(ctx));
  return {
    ...mapear(f),
    totalGravado: d2(c.totalGravado),
    totalExonerado: d2(c.totalExonerado),
    totalInafecto: d2(c.totalInafecto),
    igv: d2(c.igv),
    montoLetras: c.montoLetras,
    motivo: c.motivo,
    referencia: ref ? numeroCompleto(ref.serie, ref.numero) : null,
    codigoCorrida: c.codigoCorrida,
    diasAtraso: dias,
    mora: d2(mora),
    errorEnvio: c.errorEnvio,
    tieneCdr: Boolean(c.cdr),
    lineas: lineas.map((l) => ({
      orden: l.orden,
      descripcion: l.descripcion,
      unidad: l.unidad,
      cantidad: new Decimal(l.cantidad).toString(),
      valorUnitario: d2(l.valorUnitario),
      afectacionIgv: l.afectacionIgv,
      valorVenta: d2(l.valorVenta),
      igv: d2(l.igv),
      origen: l.origen,
    })),
    pagos: pagos.map(mapearPago),
    notas: notas.map((n) => ({
      codigoComprobante: n.codigoComprobante,
      numero: numeroCompleto(n.serie, n.numero),
      total: d2(n.total),
    })),
  };
}

/** The signed XML exactly as stored and sent. */
export async function xmlComprobante(ctx: Ctx, codigoComprobante: number) {
  const c = await cargar(ctx, codigoComprobante);
  return {
    contenido: c.xml,
    nombre: `${c.rucAdquirente}-${c.tipoComprobante}-${numeroCompleto(c.serie, c.numero)}.xml`,
  };
}
export async function cdrComprobante(ctx: Ctx, codigoComprobante: number) {
  const c = await cargar(ctx, codigoComprobante);
  if (!c.cdr) throw noEncontrado('El comprobante aún no tiene constancia de recepción (CDR)');
  return { contenido: c.cdr, nombre: `R-${c.tipoComprobante}-${numeroCompleto(c.serie, c.numero)}.xml` };
}
export { cargar as cargarComprobante };
