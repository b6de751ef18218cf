import type { ConsultaComprobantes, ConsultaPaginada, ORDEN_COMPROBANTES } from '@cronos/contract';
import { and, asc, count, desc, eq, lte, min, ne, sql } from 'drizzle-orm';
import type { DbOTx, Tx } from '../../db/client';
import {
  certificadoFirma,
  comprobante,
  comprobanteLinea,
  empresaUsuario,
  parametroFinanzas,
  precioServicio,
  servicioTarifa,
} from '../../db/schema';
import {
  type ColumnasPermitidas,
  condicionBusqueda,
  desplazamiento,
  type OrdenesPermitidos,
  ordenLista,
} from '../../platform/paginacion';
import { mismaVersion } from '../../platform/version';

// ---------------------------------------------------------------- parámetros y certificado
export async function parametros(db: DbOTx) {
  const [p] = await db.select().from(parametroFinanzas).where(eq(parametroFinanzas.codigo, 1));
  return p ?? { codigo: 1, diasCredito: 30, diasBloqueo: 15, tasaMoraDiaria: '0.0500', version: 1 };
}

/**
 * Saves the finance parameters (one row; finance and Configuración general edit it) read at `version`: false,
 * and nothing written, when someone saved them meanwhile. A caller that sends no version is not checked.
 */
export async function guardarParametros(
  db: DbOTx,
  v: { diasCredito: number; diasBloqueo: number; tasaMoraDiaria?: string },
  version: number | null | undefined,
) {
  // The row may not exist yet (defaults): it is created at version 1, as a form reading the defaults saw it.
  await db.insert(parametroFinanzas).values({ codigo: 1 }).onConflictDoNothing();
  const hechas = await db
    .update(parametroFinanzas)
    .set({ ...v, version: sql`${parametroFinanzas.version} + 1` })
    .where(and(eq(parametroFinanzas.codigo, 1), mismaVersion(parametroFinanzas.version, version)))
    .returning({ codigo: parametroFinanzas.codigo });
  return hechas.length > 0;
}
/** Companies with a voucher: their block flag follows their debt (a flag set with no voucher is left alone). */
export async function empresasConComprobantes(db: DbOTx) {
  const r = await db.selectDistinct({ codigo: comprobante.codigoEmpresaUsuario }).from(comprobante);
  return r.map((x) => x.codigo);
}

export async function certificadoGuardado(db: DbOTx) {
  const [c] = await db.select().from(certificadoFirma).where(eq(certificadoFirma.codigo, 1));
  return c;
}
export async function guardarCertificado(db: DbOTx, clavePem: string, certificadoPem: string) {
  await db.insert(certificadoFirma).values({ codigo: 1, clavePem, certificadoPem }).onConflictDoNothing();
}

export async function empresa(db: DbOTx, codigoEmpresaUsuario: number) {
  const [e] = await db
    .select({
      codigoEmpresaUsuario: empresaUsuario.codigoEmpresaUsuario,
      ruc: empresaUsuario.ruc,
      razonSocial: empresaUsuario.razonSocial,
    })
    .from(empresaUsuario)
    .where(and(eq(empresaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario), eq(empresaUsuario.estadoAnulado, 0)));
  return e;
}

// ---------------------------------------------------------------- tarifas
const precioVigente = (hoy: string) =>
  sql<
    string | null
  >`(select p.precio::text from precio_servicio p where p.codigo_servicio = servicio_tarifa.codigo_servicio and p.vigente_desde <= ${hoy} order by p.vigente_desde desc limit 1)`;
const desdeVigente = (hoy: string) =>
  sql<
    string | null
  >`(select p.vigente_desde::text from precio_servicio p where p.codigo_servicio = servicio_tarifa.codigo_servicio and p.vigente_desde <= ${hoy} order by p.vigente_desde desc limit 1)`;

const COLUMNAS_TARIFA = { codigo: servicioTarifa.codigo, descripcion: servicioTarifa.descripcion };

export function filaTarifa(db: DbOTx, hoy: string) {
  return db
    .select({
      codigoServicio: servicioTarifa.codigoServicio,
      codigo: servicioTarifa.codigo,
      descripcion: servicioTarifa.descripcion,
      unidad: servicioTarifa.unidad,
      moneda: servicioTarifa.moneda,
      afectacionIgv: servicioTarifa.afectacionIgv,
      precio: precioVigente(hoy),
      vigenteDesde: desdeVigente(hoy),
      estadoAnulado: servicioTarifa.estadoAnulado,
      version: servicioTarifa.version,
    })
    .from(servicioTarifa);
}

export async function listarTarifas(db: DbOTx, q: ConsultaPaginada, hoy: string) {
  const donde = condicionBusqueda(q, COLUMNAS_TARIFA);
  const [filas, [total]] = await Promise.all([
    filaTarifa(db, hoy).where(donde).orderBy(asc(servicioTarifa.codigo)).limit(q.limit).offset(desplazamiento(q)),
    db.select({ n: count() }).from(servicioTarifa).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function tarifaPorCodigo(db: DbOTx, codigo: string) {
  const [t] = await db.select().from(servicioTarifa).where(eq(servicioTarifa.codigo, codigo));
  return t;
}
export async function tarifa(db: DbOTx, codigoServicio: number) {
  const [t] = await db.select().from(servicioTarifa).where(eq(servicioTarifa.codigoServicio, codigoServicio));
  return t;
}
export async function insertarTarifa(tx: Tx, v: typeof servicioTarifa.$inferInsert) {
  const [t] = await tx.insert(servicioTarifa).values(v).returning();
  return t as typeof servicioTarifa.$inferSelect;
}
/** Updates a service while it still has the version the client read (none sent: not checked); false otherwise. */
export async function actualizarTarifa(
  tx: Tx,
  codigoServicio: number,
  v: Partial<typeof servicioTarifa.$inferInsert>,
  version: number | null | undefined,
) {
  const r = await tx
    .update(servicioTarifa)
    .set({ ...v, version: sql`${servicioTarifa.version} + 1` })
    .where(and(eq(servicioTarifa.codigoServicio, codigoServicio), mismaVersion(servicioTarifa.version, version)))
    .returning({ codigoServicio: servicioTarifa.codigoServicio });
  return r.length > 0;
}
/** Adds a price to the history; false when that start date already has one. */
export async function agregarPrecio(tx: Tx, v: typeof precioServicio.$inferInsert) {
  const r = await tx.insert(precioServicio).values(v).onConflictDoNothing().returning();
  return r.length > 0;
}
/** Corrects the price already set for that day (who and when are those of the correction). */
export async function corregirPrecio(tx: Tx, v: typeof precioServicio.$inferInsert & { vigenteDesde: string }) {
  await tx
    .update(precioServicio)
    .set({ precio: v.precio, usuarioRegistro: v.usuarioRegistro, fechaRegistro: sql`now()` })
    .where(and(eq(precioServicio.codigoServicio, v.codigoServicio), eq(precioServicio.vigenteDesde, v.vigenteDesde)));
}
export function historialPrecios(db: DbOTx, codigoServicio: number) {
  return db
    .select({
      codigoPrecio: precioServicio.codigoPrecio,
      precio: sql<string>`${precioServicio.precio}::text`,
      vigenteDesde: precioServicio.vigenteDesde,
      usuarioRegistro: precioServicio.usuarioRegistro,
      fechaRegistro: precioServicio.fechaRegistro,
    })
    .from(precioServicio)
    .where(eq(precioServicio.codigoServicio, codigoServicio))
    .orderBy(desc(precioServicio.vigenteDesde));
}
/** The price of a service on a day (the latest start on or before it). */
export async function precioEn(db: DbOTx, codigoServicio: number, fecha: string) {
  const [p] = await db
    .select({ precio: sql<string>`${precioServicio.precio}::text` })
    .from(precioServicio)
    .where(and(eq(precioServicio.codigoServicio, codigoServicio), lte(precioServicio.vigenteDesde, fecha)))
    .orderBy(desc(precioServicio.vigenteDesde))
    .limit(1);
  return p?.precio ?? null;
}

// ---------------------------------------------------------------- comprobantes
/** Takes the next number of a series; the row stays locked until the transaction ends, so numbers have no gaps. */
export async function siguienteNumero(tx: Tx, tipoComprobante: string, serie: string) {
  const r = await tx.execute(
    sql`insert into serie_comprobante (tipo_comprobante, serie, ultimo_numero) values (${tipoComprobante}, ${serie}, 1)
        on conflict (tipo_comprobante, serie) do update set ultimo_numero = serie_comprobante.ultimo_numero + 1
        returning ultimo_numero`,
  );
  const filas = (r as unknown as { rows: { ultimo_numero: number }[] }).rows;
  return Number(filas[0]?.ultimo_numero);
}

export async function insertarComprobante(
  tx: Tx,
  c: typeof comprobante.$inferInsert,
  lineas: Omit<typeof comprobanteLinea.$inferInsert, 'codigoComprobante'>[],
) {
  const [fila] = await tx.insert(comprobante).values(c).returning({ codigoComprobante: comprobante.codigoComprobante });
  const codigoComprobante = fila?.codigoComprobante as number;
  if (lineas.length) await tx.insert(comprobanteLinea).values(lineas.map((l) => ({ ...l, codigoComprobante })));
  return codigoComprobante;
}

/** Σ payments of a voucher. */
const pagado = sql<string>`coalesce((select sum(p.monto) from pago_comprobante p where p.codigo_comprobante = comprobante.codigo_comprobante and not p.estado_anulado), 0)::text`;
/** Σ credit notes issued against a voucher. */
const acreditado = sql<string>`coalesce((select sum(n.total) from comprobante n where n.codigo_comprobante_referencia = comprobante.codigo_comprobante and n.tipo_comprobante = '07'), 0)::text`;
/** What is still owed: total − payments − credit notes (0 for a credit note itself). */
export const saldoSql = sql<string>`(case when ${comprobante.tipoComprobante} = '07' then 0 else ${comprobante.total} - coalesce((select sum(p.monto) from pago_comprobante p where p.codigo_comprobante = comprobante.codigo_comprobante and not p.estado_anulado), 0) - coalesce((select sum(n.total) from comprobante n where n.codigo_comprobante_referencia = comprobante.codigo_comprobante and n.tipo_comprobante = '07'), 0) end)`;

export const COLUMNAS_COMPROBANTE: ColumnasPermitidas = {
  numero: sql`(${comprobante.serie} || '-' || lpad(${comprobante.numero}::text, 8, '0'))`,
  serie: comprobante.serie,
  ruc: comprobante.rucAdquirente,
  razonSocial: comprobante.razonSocialAdquirente,
  tipoComprobante: comprobante.tipoComprobante,
  estadoEnvio: comprobante.estadoEnvio,
  fechaEmision: comprobante.fechaEmision,
};

/**
 * What the voucher list sorts by (its header): number within its series, issue date, buyer, total; each served
 * within a company by an index (company, keys, id): schema/finanzas.ts.
 */
export const ORDENES_COMPROBANTE: OrdenesPermitidos<(typeof ORDEN_COMPROBANTES)[number]> = {
  numero: [comprobante.serie, comprobante.numero],
  fechaEmision: [comprobante.fechaEmision],
  razonSocial: [comprobante.razonSocialAdquirente],
  total: [comprobante.total],
};

export function seleccionComprobante(db: DbOTx) {
  return db
    .select({
      codigoComprobante: comprobante.codigoComprobante,
      tipoComprobante: comprobante.tipoComprobante,
      serie: comprobante.serie,
      numero: comprobante.numero,
      fechaEmision: comprobante.fechaEmision,
      fechaVencimiento: comprobante.fechaVencimiento,
      codigoEmpresaUsuario: comprobante.codigoEmpresaUsuario,
      ruc: comprobante.rucAdquirente,
      razonSocial: comprobante.razonSocialAdquirente,
      moneda: comprobante.moneda,
      total: sql<string>`${comprobante.total}::text`,
      pagado,
      acreditado,
      saldo: sql<string>`${saldoSql}::text`,
      estadoEnvio: comprobante.estadoEnvio,
      hash: comprobante.hash,
    })
    .from(comprobante);
}
export type FilaComprobanteBd = Awaited<ReturnType<ReturnType<typeof seleccionComprobante>['execute']>>[number];

export async function listarComprobantes(db: DbOTx, q: ConsultaComprobantes, empresaFiltro: number | null) {
  const donde = and(
    condicionBusqueda(q, COLUMNAS_COMPROBANTE),
    empresaFiltro === null ? undefined : eq(comprobante.codigoEmpresaUsuario, empresaFiltro),
    // Still owed: a factura/boleta whose balance is above 0, however old (the pickers page through these only).
    q.ConSaldo === 'true' ? and(ne(comprobante.tipoComprobante, '07'), sql`${saldoSql} > 0`) : undefined,
  );
  const [filas, [total]] = await Promise.all([
    seleccionComprobante(db)
      .where(donde)
      .orderBy(
        ...ordenLista(
          q,
          ORDENES_COMPROBANTE,
          [desc(comprobante.fechaEmision), desc(comprobante.codigoComprobante)],
          comprobante.codigoComprobante,
        ),
      )
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(comprobante).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function comprobantePorCodigo(db: DbOTx, codigoComprobante: number) {
  const [c] = await seleccionComprobante(db).where(eq(comprobante.codigoComprobante, codigoComprobante));
  return c;
}
export async function comprobanteCompleto(db: DbOTx, codigoComprobante: number) {
  const [c] = await db.select().from(comprobante).where(eq(comprobante.codigoComprobante, codigoComprobante));
  return c;
}
export function lineasDe(db: DbOTx, codigoComprobante: number) {
  return db
    .select()
    .from(comprobanteLinea)
    .where(eq(comprobanteLinea.codigoComprobante, codigoComprobante))
    .orderBy(asc(comprobanteLinea.orden));
}
export function notasDe(db: DbOTx, codigoComprobante: number) {
  return db
    .select({
      codigoComprobante: comprobante.codigoComprobante,
      serie: comprobante.serie,
      numero: comprobante.numero,
      total: sql<string>`${comprobante.total}::text`,
    })
    .from(comprobante)
    .where(and(eq(comprobante.codigoComprobanteReferencia, codigoComprobante), eq(comprobante.tipoComprobante, '07')));
}
/** Locks a voucher row for a payment or a credit note (serializes concurrent ones). */
export async function bloquearComprobante(tx: Tx, codigoComprobante: number) {
  await tx.execute(sql`select 1 from comprobante where codigo_comprobante = ${codigoComprobante} for update`);
}

// ---------------------------------------------------------------- envío
/** Takes a queued voucher for sending (or one taken long ago by a process that died). */
export async function tomarParaEnvio(db: DbOTx, ahora: Date) {
  const vencido = new Date(ahora.getTime() - 5 * 60_000);
  const r = await db.execute(
    sql`update comprobante set estado_envio = 'ENVIANDO', tomado_en = ${ahora.toISOString()}, intentos_envio = intentos_envio + 1
        where codigo_comprobante = (
          select codigo_comprobante from comprobante
          where estado_envio = 'PENDIENTE' or (estado_envio = 'ENVIANDO' and tomado_en < ${vencido.toISOString()})
          order by codigo_comprobante limit 1 for update skip locked)
        returning codigo_comprobante, tipo_comprobante, serie, numero, xml`,
  );
  const filas = (
    r as unknown as {
      rows: { codigo_comprobante: number; tipo_comprobante: string; serie: string; numero: number; xml: string }[];
    }
  ).rows;
  return filas[0];
}
/**
 * The sending queue as the metrics read it: vouchers waiting to be sent (queued, or taken by a run not yet
 * answered) and the issue time of the oldest of them (null when none waits).
 */
export async function estadoColaEnvio(db: DbOTx) {
  const [f] = await db
    .select({ pendientes: count(), masAntiguo: min(comprobante.fechaRegistro) })
    .from(comprobante)
    .where(sql`${comprobante.estadoEnvio} in ('PENDIENTE', 'ENVIANDO')`);
  return { pendientes: f?.pendientes ?? 0, masAntiguo: f?.masAntiguo ?? null };
}
export async function registrarRespuestaEnvio(
  db: DbOTx,
  codigoComprobante: number,
  v: { estadoEnvio: string; cdr?: string | null; errorEnvio?: string | null; fechaEnvio?: Date | null },
) {
  await db
    .update(comprobante)
    .set({ ...v, tomadoEn: null })
    .where(and(eq(comprobante.codigoComprobante, codigoComprobante), eq(comprobante.estadoEnvio, 'ENVIANDO')));
}

export async function filaTarifaPorCodigo(db: DbOTx, codigoServicio: number, hoy: string) {
  const [f] = await filaTarifa(db, hoy).where(eq(servicioTarifa.codigoServicio, codigoServicio));
  return f;
}
/** The active service billed per weighed order (the monthly run bills it). */
export async function servicioPorUnidad(db: DbOTx, unidad: string) {
  const [t] = await db
    .select()
    .from(servicioTarifa)
    .where(and(eq(servicioTarifa.unidad, unidad), eq(servicioTarifa.estadoAnulado, 0)))
    .orderBy(asc(servicioTarifa.codigoServicio))
    .limit(1);
  return t;
}
