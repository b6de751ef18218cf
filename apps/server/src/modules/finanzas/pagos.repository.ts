import type { ConsultaDeuda, ConsultaPaginada, ORDEN_DEUDA } from '@cronos/contract';
import { and, asc, count, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOTx, Tx } from '../../db/client';
import { comprobante, empresaUsuario, pagoComprobante } from '../../db/schema';
import { condicionBusqueda, desplazamiento, type OrdenesPermitidos, ordenLista } from '../../platform/paginacion';
import { COLUMNAS_COMPROBANTE, saldoSql, seleccionComprobante } from './comprobantes.repository';

// ---------------------------------------------------------------- pagos y deuda
export async function insertarPago(tx: Tx, v: typeof pagoComprobante.$inferInsert) {
  const [p] = await tx.insert(pagoComprobante).values(v).returning();
  return p as typeof pagoComprobante.$inferSelect;
}
/** A payment, its row locked until the transaction ends (two annulments of one payment wait for each other). */
export async function pagoParaAnular(tx: Tx, codigoPago: number) {
  const [p] = await tx.select().from(pagoComprobante).where(eq(pagoComprobante.codigoPago, codigoPago)).for('update');
  return p;
}
export async function anularPago(tx: Tx, codigoPago: number, motivo: string, usuario: string, fecha: Date) {
  const [p] = await tx
    .update(pagoComprobante)
    .set({ estadoAnulado: true, motivoAnulacion: motivo, usuarioAnulacion: usuario, fechaAnulacion: fecha })
    .where(and(eq(pagoComprobante.codigoPago, codigoPago), eq(pagoComprobante.estadoAnulado, false)))
    .returning();
  return p;
}
export function pagosDe(db: DbOTx, codigoComprobante: number) {
  return db
    .select()
    .from(pagoComprobante)
    .where(eq(pagoComprobante.codigoComprobante, codigoComprobante))
    .orderBy(asc(pagoComprobante.fechaPago), asc(pagoComprobante.codigoPago));
}
export async function listarPagos(db: DbOTx, q: ConsultaPaginada, empresaFiltro: number | null) {
  const numero = sql<string>`(${comprobante.serie} || '-' || lpad(${comprobante.numero}::text, 8, '0'))`;
  const donde = and(
    condicionBusqueda(q, { numero, ruc: comprobante.rucAdquirente, razonSocial: comprobante.razonSocialAdquirente }),
    empresaFiltro === null ? undefined : eq(comprobante.codigoEmpresaUsuario, empresaFiltro),
  );
  const base = db
    .select({
      codigoPago: pagoComprobante.codigoPago,
      codigoComprobante: pagoComprobante.codigoComprobante,
      monto: sql<string>`${pagoComprobante.monto}::text`,
      fechaPago: pagoComprobante.fechaPago,
      metodo: pagoComprobante.metodo,
      referencia: pagoComprobante.referencia,
      usuarioRegistro: pagoComprobante.usuarioRegistro,
      fechaRegistro: pagoComprobante.fechaRegistro,
      estadoAnulado: pagoComprobante.estadoAnulado,
      motivoAnulacion: pagoComprobante.motivoAnulacion,
      usuarioAnulacion: pagoComprobante.usuarioAnulacion,
      fechaAnulacion: pagoComprobante.fechaAnulacion,
      numero,
      razonSocial: comprobante.razonSocialAdquirente,
      moneda: comprobante.moneda,
    })
    .from(pagoComprobante)
    .innerJoin(comprobante, eq(comprobante.codigoComprobante, pagoComprobante.codigoComprobante));
  const [filas, [total]] = await Promise.all([
    base.where(donde).orderBy(desc(pagoComprobante.codigoPago)).limit(q.limit).offset(desplazamiento(q)),
    db
      .select({ n: count() })
      .from(pagoComprobante)
      .innerJoin(comprobante, eq(comprobante.codigoComprobante, pagoComprobante.codigoComprobante))
      .where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** Vouchers with something owed (facturas and boletas), optionally only overdue ones, oldest first. */
export function condicionDeuda(empresaFiltro: number | null, hoy: string, soloVencidos: boolean, q?: ConsultaPaginada) {
  return and(
    inArray(comprobante.tipoComprobante, ['01', '03']),
    sql`${saldoSql} > 0`,
    empresaFiltro === null ? undefined : eq(comprobante.codigoEmpresaUsuario, empresaFiltro),
    soloVencidos ? lt(comprobante.fechaVencimiento, hoy) : undefined,
    q ? condicionBusqueda(q, COLUMNAS_COMPROBANTE) : undefined,
  );
}
/**
 * What the debt report sorts by (its header): days late, which is the due date the other way round (so the index
 * (company, due date, id) serves it, as it serves the report's own order).
 */
const ORDENES_DEUDA: OrdenesPermitidos<(typeof ORDEN_DEUDA)[number]> = {
  diasAtraso: [{ inversa: comprobante.fechaVencimiento }],
};

export async function listarDeuda(db: DbOTx, donde: SQL | undefined, q: ConsultaDeuda | null) {
  const consulta = seleccionComprobante(db)
    .where(donde)
    .orderBy(
      ...ordenLista(
        q ?? {},
        ORDENES_DEUDA,
        [asc(comprobante.fechaVencimiento), asc(comprobante.codigoComprobante)],
        comprobante.codigoComprobante,
      ),
    );
  const [filas, [total]] = await Promise.all([
    q ? consulta.limit(q.limit).offset(desplazamiento(q)) : consulta,
    db.select({ n: count() }).from(comprobante).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** True when the company owes a voucher whose due date is more than `diasBloqueo` days before `hoy`. */
export async function tieneDeudaVencida(db: DbOTx, codigoEmpresaUsuario: number, limite: string) {
  const [r] = await db
    .select({ n: count() })
    .from(comprobante)
    .where(
      and(
        eq(comprobante.codigoEmpresaUsuario, codigoEmpresaUsuario),
        inArray(comprobante.tipoComprobante, ['01', '03']),
        lt(comprobante.fechaVencimiento, limite),
        sql`${saldoSql} > 0`,
      ),
    );
  return (r?.n ?? 0) > 0;
}
export async function fijarBloqueo(db: DbOTx, codigoEmpresaUsuario: number, bloqueo: boolean) {
  const r = await db
    .update(empresaUsuario)
    .set({ indicadorBloqueo: bloqueo })
    .where(
      and(
        eq(empresaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario),
        or(eq(empresaUsuario.indicadorBloqueo, !bloqueo)),
      ),
    )
    .returning({ c: empresaUsuario.codigoEmpresaUsuario });
  return r.length > 0;
}
