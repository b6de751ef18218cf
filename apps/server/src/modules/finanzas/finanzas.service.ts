import {
  type ConsultaPaginada,
  EMPRESA_OPERADOR,
  type EmitirComprobante,
  type EmitirNotaCredito,
  fechaLima,
  type GuardarTarifa,
  inicioDiaLima,
  MENSAJES_FINANZAS as M,
  type PreviaEmpresa,
  ROLES_MULTIEMPRESA_FINANZAS,
  type RegistrarPago,
  sumarDias,
  UNIDADES_TARIFA,
  DIAS_VIGENCIA_TRANSPORTISTA,
} from '@cronos/contract';
import Decimal from 'decimal.js';
import type { DbOTx, Tx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, noEncontrado, reglaNegocio } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { empresaParaEscribir, empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import type { Firmante } from './firma';
import { firmarXml } from './firma';
import * as repo from './finanzas.repository';
import { calcularLinea, calcularTotales, type LineaCalculada, montoEnLetras } from './montos';
import { construirUbl, numeroCompleto } from './ubl';

const R = ROLES_MULTIEMPRESA_FINANZAS;

/** What the voucher services need beyond the request: the signer and a way to wake the sending queue. */
export interface Motor {
  firmante: () => Promise<Firmante>;
  avisarCola: () => void;
}

const hoyDe = (ctx: Pick<Ctx, 'ahora'>) => fechaLima(ctx.ahora());
const d2 = (v: Decimal.Value) => new Decimal(v).toFixed(2);

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
      await repo.actualizarTarifa(tx, d.codigoServicio, datos);
    } else {
      codigoServicio = (await repo.insertarTarifa(tx, { ...datos, usuarioRegistro: ctx.actor.nombreUsuario }))
        .codigoServicio;
    }
    const vigente = await repo.precioEn(tx, codigoServicio, d.vigenteDesde);
    if (vigente === null || !new Decimal(vigente).eq(d.precio)) {
      const nuevo = await repo.agregarPrecio(tx, {
        codigoServicio,
        precio: d2(d.precio),
        vigenteDesde: d.vigenteDesde,
        usuarioRegistro: ctx.actor.nombreUsuario,
      });
      if (!nuevo) throw errorCampos({ vigenteDesde: [M.precioRepetido] });
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

// ---------------------------------------------------------------- comprobantes
type LineaVoucher = LineaCalculada & {
  descripcion: string;
  unidad: string;
  codigoServicio: number | null;
  origen: string[];
};

/** SUNAT unit codes (catálogo 03) for our units. */
const UNIDAD_SUNAT: Record<string, string> = {
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
async function emitirEnTx(tx: Tx, ctx: Ctx, firmante: Firmante, d: DatosEmision) {
  const emisor = await repo.empresa(tx, EMPRESA_OPERADOR);
  const adquirente = await repo.empresa(tx, d.codigoEmpresaUsuario);
  if (!emisor || !adquirente) throw noEncontrado();
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

/** Lines from services and quantities, priced on `fecha`; all of one currency. */
async function lineasDeServicios(db: DbOTx, lineas: EmitirComprobante['lineas'], fecha: string) {
  const salida: LineaVoucher[] = [];
  let moneda: string | null = null;
  const errores: Record<string, string[]> = {};
  for (const [i, l] of lineas.entries()) {
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
  return { lineas: salida, moneda: moneda ?? 'PEN' };
}

/** A factura or boleta issued by hand. */
export async function emitir(ctx: Ctx, motor: Motor, d: EmitirComprobante) {
  const codigoEmpresa = empresaParaEscribir(ctx.actor, d.codigoEmpresaUsuario, R);
  const firmante = await motor.firmante();
  const r = await ctx.db.transaction(async (tx) => {
    const { lineas, moneda } = await lineasDeServicios(tx, d.lineas, hoyDe(ctx));
    const e = await emitirEnTx(tx, ctx, firmante, {
      tipoComprobante: d.tipoComprobante,
      serie: d.tipoComprobante === '01' ? 'F001' : 'B001',
      codigoEmpresaUsuario: codigoEmpresa,
      moneda,
      lineas,
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
    const elegidas = d.lineas?.length
      ? d.lineas
      : originales.map((l) => ({ orden: l.orden, cantidad: Number(l.cantidad) }));
    const errores: Record<string, string[]> = {};
    const lineas: LineaVoucher[] = [];
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

/** Days past due and the late fee (balance × rate % × days) on `hoy`. */
function atraso(fechaVencimiento: string, saldo: Decimal, tasa: string, hoy: string) {
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

async function fila(ctx: Ctx, codigoComprobante: number) {
  const f = await repo.comprobantePorCodigo(ctx.db, codigoComprobante);
  if (!f) throw noEncontrado();
  return mapear(f);
}

export async function listarComprobantes(ctx: Ctx, q: ConsultaPaginada) {
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

// ---------------------------------------------------------------- pagos, deuda y bloqueo
const mapearPago = (p: Awaited<ReturnType<typeof repo.pagosDe>>[number]) => ({
  codigoPago: p.codigoPago,
  codigoComprobante: p.codigoComprobante,
  monto: d2(p.monto),
  fechaPago: p.fechaPago,
  metodo: p.metodo,
  referencia: p.referencia,
  usuarioRegistro: p.usuarioRegistro,
  fechaRegistro: iso(p.fechaRegistro),
});

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

/** A full or partial payment: never above the balance (the voucher row is locked meanwhile); lifts the block. */
export async function registrarPago(ctx: Ctx, d: RegistrarPago) {
  return ctx.db.transaction(async (tx) => {
    await repo.bloquearComprobante(tx, d.codigoComprobante);
    const c = await repo.comprobantePorCodigo(tx, d.codigoComprobante);
    if (!c) throw noEncontrado();
    exigirEmpresa(ctx.actor, c.codigoEmpresaUsuario, R);
    if (c.tipoComprobante === '07') throw reglaNegocio(M.pagoNoAplica);
    if (new Decimal(d.monto).gt(c.saldo)) throw errorCampos({ monto: [`${M.pagoExcede} (${d2(c.saldo)})`] });
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

export async function listarPagos(ctx: Ctx, q: ConsultaPaginada) {
  const { filas, total } = await repo.listarPagos(ctx.db, q, empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, R));
  return {
    filas: filas.map((f) => ({ ...f, monto: d2(f.monto), fechaRegistro: iso(f.fechaRegistro) })),
    meta: meta(q, total),
  };
}

/** Debt report rows (spec 03 §3.12): paged, or all of them for the Excel. */
export async function deuda(ctx: Ctx, q: ConsultaPaginada & { SoloVencidos?: 'true' | 'false' }, paginado: boolean) {
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

export async function parametros(ctx: Ctx) {
  const p = await repo.parametros(ctx.db);
  return {
    diasCredito: p.diasCredito,
    diasBloqueo: p.diasBloqueo,
    tasaMoraDiaria: new Decimal(p.tasaMoraDiaria).toString(),
  };
}

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
