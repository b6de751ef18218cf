import { PARAMETRO, TIPOS_DOCUMENTO_DECLARACION, TOLERANCIA_DEFECTO } from '@cronos/contract';
import { and, asc, desc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOTx, Tx } from '../../db/client';
import {
  controlMovimiento,
  declaracion,
  declaracionConsulta,
  declaracionMovimiento,
  declaracionObservacion,
  declaracionTolerancia,
  empresaUsuario,
  movimiento,
  movimientoDetalle,
  movimientoDocumento,
  parametroSeccion,
  verificacion,
} from '../../db/schema';
import { type OrdenesPermitidos, ordenLista } from '../../platform/paginacion';

export type Declaracion = typeof declaracion.$inferSelect;
export type NuevaDeclaracion = typeof declaracion.$inferInsert;

const nombreParametro = (grupo: number, columna: SQL) =>
  sql<
    string | null
  >`(select ${parametroSeccion.nombre} from ${parametroSeccion} where ${parametroSeccion.codigoParametro} = ${grupo} and ${parametroSeccion.codigo} = ${columna}::text and ${parametroSeccion.estadoAnulado} = 0 limit 1)`;

/** Whether a value exists (and is enabled) in a lookup group. */
export async function existeEnParametro(db: DbOTx, grupo: number, codigo: string) {
  const [f] = await db
    .select({ c: parametroSeccion.codigo })
    .from(parametroSeccion)
    .where(
      and(
        eq(parametroSeccion.codigoParametro, grupo),
        eq(parametroSeccion.codigo, codigo),
        eq(parametroSeccion.estadoAnulado, 0),
      ),
    );
  return Boolean(f);
}

const columnasLista = {
  d: declaracion,
  razonSocial: empresaUsuario.razonSocial,
  aduana: nombreParametro(PARAMETRO.aduanaSalida, sql`${declaracion.codigoAduana}`),
  regimen: nombreParametro(PARAMETRO.regimenAduanero, sql`${declaracion.codigoRegimen}`),
};

/** Search columns (Columna keys): number, company, regime. */
export const COLUMNAS_DECLARACION: Record<string, SQL> = {
  'D.NUMERO_DECLARACION': sql`${declaracion.numeroDeclaracion}`,
  'E.RAZON_SOCIAL': sql`${empresaUsuario.razonSocial}`,
  'D.REGIMEN': sql`${declaracion.codigoRegimen}`,
};

export interface FiltroDeclaraciones {
  empresa: number | null;
  busqueda?: SQL | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
}

function dondeDeclaraciones(f: FiltroDeclaraciones) {
  const c: (SQL | undefined)[] = [f.busqueda];
  if (f.empresa !== null) c.push(eq(declaracion.codigoEmpresaUsuario, f.empresa));
  if (f.desde) c.push(gte(declaracion.fechaNumeracion, f.desde));
  if (f.hasta) c.push(sql`${declaracion.fechaNumeracion} <= ${f.hasta}`);
  return and(...c);
}

/**
 * What the declarations list sorts by (its header): the number, unique within a company (its unique index serves
 * the company's list; declaracion_numero_idx every company's).
 */
const ORDENES_DECLARACION: OrdenesPermitidos<'numeroDeclaracion'> = {
  numeroDeclaracion: [declaracion.numeroDeclaracion],
};

export async function listarDeclaraciones(
  db: DbOTx,
  f: FiltroDeclaraciones,
  limite: number,
  desde: number,
  orden: { OrdenarPor?: 'numeroDeclaracion'; Orden?: 'asc' | 'desc' } = {},
) {
  const donde = dondeDeclaraciones(f);
  const [filas, [total]] = await Promise.all([
    db
      .select(columnasLista)
      .from(declaracion)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, declaracion.codigoEmpresaUsuario))
      .where(donde)
      .orderBy(
        ...ordenLista(
          orden,
          ORDENES_DECLARACION,
          [desc(declaracion.fechaRegistro), desc(declaracion.codigoDeclaracion)],
          declaracion.codigoDeclaracion,
        ),
      )
      .limit(limite)
      .offset(desde),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(declaracion)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, declaracion.codigoEmpresaUsuario))
      .where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** Batches of the list for the Excel file (constant memory). */
export async function* recorrerDeclaraciones(db: DbOTx, f: FiltroDeclaraciones, lote = 500) {
  for (let desde = 0; ; desde += lote) {
    const { filas } = await listarDeclaraciones(db, f, lote, desde);
    if (!filas.length) return;
    yield filas;
    if (filas.length < lote) return;
  }
}

export async function cargarDeclaracion(db: DbOTx, codigoDeclaracion: number, bloquear = false) {
  const q = db
    .select(columnasLista)
    .from(declaracion)
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, declaracion.codigoEmpresaUsuario))
    .where(eq(declaracion.codigoDeclaracion, codigoDeclaracion));
  const [f] = bloquear ? await q.for('update', { of: declaracion }) : await q;
  return f;
}

export async function declaracionPorNumero(db: DbOTx, codigoEmpresaUsuario: number, numero: string) {
  const [f] = await db
    .select()
    .from(declaracion)
    .where(and(eq(declaracion.codigoEmpresaUsuario, codigoEmpresaUsuario), eq(declaracion.numeroDeclaracion, numero)));
  return f;
}

export async function insertarDeclaracion(tx: Tx, v: NuevaDeclaracion) {
  const [f] = await tx.insert(declaracion).values(v).onConflictDoNothing().returning();
  return f;
}

/** Guarded by the version the form read: null when somebody else changed it first. */
export async function actualizarDeclaracion(
  tx: Tx,
  codigoDeclaracion: number,
  version: number | null,
  v: Partial<NuevaDeclaracion>,
) {
  const guardas = [eq(declaracion.codigoDeclaracion, codigoDeclaracion)];
  if (version !== null) guardas.push(eq(declaracion.version, version));
  const [f] = await tx
    .update(declaracion)
    .set({ ...v, version: sql`${declaracion.version} + 1` })
    .where(and(...guardas))
    .returning();
  return f ?? null;
}

export interface OrdenVinculada {
  codigoDeclaracion: number;
  codigoMovimiento: number;
  codigoIngreso: string;
  manual: boolean;
}

/**
 * Orders of declarations: those whose customs documents carry the declaration's number (padded or not), of
 * the same company, and those linked by hand.
 */
export async function ordenesDeDeclaraciones(db: DbOTx, ids: number[]): Promise<OrdenVinculada[]> {
  if (!ids.length) return [];
  const [porNumero, aMano] = await Promise.all([
    db
      .selectDistinct({
        codigoDeclaracion: declaracion.codigoDeclaracion,
        codigoMovimiento: movimiento.codigoMovimiento,
        codigoIngreso: movimiento.codigoIngreso,
      })
      .from(declaracion)
      .innerJoin(
        movimientoDocumento,
        and(
          or(
            eq(movimientoDocumento.numeroDocumento, declaracion.numeroDeclaracion),
            eq(movimientoDocumento.numeroDocumento, declaracion.numeroCorto),
          ),
          inArray(movimientoDocumento.codigoTipoDocumento, [...TIPOS_DOCUMENTO_DECLARACION]),
        ),
      )
      .innerJoin(
        movimiento,
        and(
          eq(movimiento.codigoMovimiento, movimientoDocumento.codigoMovimiento),
          eq(movimiento.codigoEmpresaUsuario, declaracion.codigoEmpresaUsuario),
        ),
      )
      .where(inArray(declaracion.codigoDeclaracion, ids)),
    db
      .select({
        codigoDeclaracion: declaracionMovimiento.codigoDeclaracion,
        codigoMovimiento: movimiento.codigoMovimiento,
        codigoIngreso: movimiento.codigoIngreso,
      })
      .from(declaracionMovimiento)
      .innerJoin(movimiento, eq(movimiento.codigoMovimiento, declaracionMovimiento.codigoMovimiento))
      .where(inArray(declaracionMovimiento.codigoDeclaracion, ids)),
  ]);
  const vistos = new Set<string>();
  const r: OrdenVinculada[] = [];
  for (const [lista, manual] of [
    [porNumero, false],
    [aMano, true],
  ] as const) {
    for (const o of lista) {
      const k = `${o.codigoDeclaracion}-${o.codigoMovimiento}`;
      if (vistos.has(k)) continue;
      vistos.add(k);
      r.push({ ...o, manual });
    }
  }
  return r.sort((a, b) => a.codigoMovimiento - b.codigoMovimiento);
}

/** Declarations of one order (by its documents' numbers or linked by hand). */
export async function declaracionesDeMovimiento(db: DbOTx, codigoMovimiento: number, codigoEmpresaUsuario: number) {
  const porNumero = db
    .select({ codigoDeclaracion: declaracion.codigoDeclaracion })
    .from(declaracion)
    .innerJoin(
      movimientoDocumento,
      and(
        or(
          eq(movimientoDocumento.numeroDocumento, declaracion.numeroDeclaracion),
          eq(movimientoDocumento.numeroDocumento, declaracion.numeroCorto),
        ),
        inArray(movimientoDocumento.codigoTipoDocumento, [...TIPOS_DOCUMENTO_DECLARACION]),
      ),
    )
    .where(
      and(
        eq(movimientoDocumento.codigoMovimiento, codigoMovimiento),
        eq(declaracion.codigoEmpresaUsuario, codigoEmpresaUsuario),
      ),
    );
  const aMano = db
    .select({ codigoDeclaracion: declaracionMovimiento.codigoDeclaracion })
    .from(declaracionMovimiento)
    .where(eq(declaracionMovimiento.codigoMovimiento, codigoMovimiento));
  const ids = [...new Set([...(await porNumero), ...(await aMano)].map((x) => x.codigoDeclaracion))];
  if (!ids.length) return [];
  return db
    .select()
    .from(declaracion)
    .where(inArray(declaracion.codigoDeclaracion, ids))
    .orderBy(asc(declaracion.codigoDeclaracion));
}

export async function vincularMovimiento(tx: Tx, codigoDeclaracion: number, codigoMovimiento: number, usuario: string) {
  const [f] = await tx
    .insert(declaracionMovimiento)
    .values({ codigoDeclaracion, codigoMovimiento, usuarioRegistro: usuario })
    .onConflictDoNothing()
    .returning();
  return f;
}

export async function movimientoPorIngreso(db: DbOTx, codigoIngreso: string) {
  const [m] = await db.select().from(movimiento).where(eq(movimiento.codigoIngreso, codigoIngreso.toUpperCase()));
  return m;
}

/**
 * A document of an order with the sums of its lines, exact (numeric text): the weight, and the FOB value
 * (each line's quantity × unit FOB).
 */
export async function documentoConPeso(db: DbOTx, codigoMovimientoDocumento: number) {
  const [d] = await db
    .select({
      doc: movimientoDocumento,
      codigoEmpresaUsuario: movimiento.codigoEmpresaUsuario,
      numeroBultos: movimiento.numeroBultos,
      peso: sql<string>`coalesce((select sum(${movimientoDetalle.peso}) from ${movimientoDetalle} where ${movimientoDetalle.codigoMovimientoDocumento} = ${movimientoDocumento.codigoMovimientoDocumento}), 0)::text`,
      fob: sql<string>`coalesce((select sum(${movimientoDetalle.cantidad} * ${movimientoDetalle.valorFOB}) from ${movimientoDetalle} where ${movimientoDetalle.codigoMovimientoDocumento} = ${movimientoDocumento.codigoMovimientoDocumento}), 0)::text`,
    })
    .from(movimientoDocumento)
    .innerJoin(movimiento, eq(movimiento.codigoMovimiento, movimientoDocumento.codigoMovimiento))
    .where(eq(movimientoDocumento.codigoMovimientoDocumento, codigoMovimientoDocumento));
  return d;
}

/** What the order says, what the scale weighed and what the inspector counted, per order. */
export async function cifrasDeMovimientos(db: DbOTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      codigoMovimiento: movimiento.codigoMovimiento,
      codigoIngreso: movimiento.codigoIngreso,
      codigoTipoOperacion: movimiento.codigoTipoOperacion,
      codigoEstadoObservado: movimiento.codigoEstadoObservado,
      numeroBultos: movimiento.numeroBultos,
      razonSocial: empresaUsuario.razonSocial,
      pesoDocumentos: sql<number>`coalesce((select sum(${movimientoDetalle.peso}) from ${movimientoDetalle} where ${movimientoDetalle.codigoMovimiento} = ${movimiento.codigoMovimiento}), 0)::float8`,
      pesoBalanza: sql<
        number | null
      >`(select ${controlMovimiento.pesoNeto}::float8 from ${controlMovimiento} where ${controlMovimiento.codigoMovimiento} = ${movimiento.codigoMovimiento} and ${controlMovimiento.codigoTipoControl} = 4)`,
      bultosContados: sql<
        number | null
      >`(select ${verificacion.numeroBultosVerificado} from ${verificacion} where ${verificacion.codigoMovimiento} = ${movimiento.codigoMovimiento} order by case when ${verificacion.codigoTipoControl} = (case when ${movimiento.codigoTipoOperacion} = 2 then 5 else 3 end) then 0 else 1 end limit 1)`,
      observadoAutomaticamente: sql<boolean>`exists (select 1 from ${declaracionObservacion} where ${declaracionObservacion.codigoMovimiento} = ${movimiento.codigoMovimiento})`,
    })
    .from(movimiento)
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, movimiento.codigoEmpresaUsuario))
    .where(inArray(movimiento.codigoMovimiento, ids));
}

/** Orders that have at least one declaration (by number or by hand), newest first, paged. */
/** Search columns of the reconciliation list (Columna keys): the order and its company. */
export const COLUMNAS_CONCILIACION: Record<string, SQL> = {
  'M.CODIGO_INGRESO': sql`${movimiento.codigoIngreso}`,
  'E.RAZON_SOCIAL': sql`(select ${empresaUsuario.razonSocial} from ${empresaUsuario} where ${empresaUsuario.codigoEmpresaUsuario} = ${movimiento.codigoEmpresaUsuario})`,
};

export async function movimientosConDeclaracion(
  db: DbOTx,
  empresa: number | null,
  busqueda: SQL | undefined,
  limite: number,
  desde: number,
) {
  const conDeclaracion = sql`(exists (select 1 from ${declaracionMovimiento} where ${declaracionMovimiento.codigoMovimiento} = ${movimiento.codigoMovimiento})
    or exists (select 1 from ${movimientoDocumento} join ${declaracion} on ${declaracion.codigoEmpresaUsuario} = ${movimiento.codigoEmpresaUsuario}
      and ${movimientoDocumento.numeroDocumento} in (${declaracion.numeroDeclaracion}, ${declaracion.numeroCorto})
      where ${movimientoDocumento.codigoMovimiento} = ${movimiento.codigoMovimiento}
      and ${inArray(movimientoDocumento.codigoTipoDocumento, [...TIPOS_DOCUMENTO_DECLARACION])}))`;
  const donde = and(
    conDeclaracion,
    empresa === null ? undefined : eq(movimiento.codigoEmpresaUsuario, empresa),
    busqueda,
  );
  const [filas, [total]] = await Promise.all([
    db
      .select({ codigoMovimiento: movimiento.codigoMovimiento })
      .from(movimiento)
      .where(donde)
      .orderBy(desc(movimiento.fechaRegistro), desc(movimiento.codigoMovimiento))
      .limit(limite)
      .offset(desde),
    db.select({ n: sql<number>`count(*)::int` }).from(movimiento).where(donde),
  ]);
  return { ids: filas.map((f) => f.codigoMovimiento), total: total?.n ?? 0 };
}

export async function leerTolerancia(db: DbOTx, bloquear = false) {
  const consulta = db.select().from(declaracionTolerancia).where(eq(declaracionTolerancia.codigo, 1));
  const [t] = bloquear ? await consulta.for('update') : await consulta;
  return t
    ? { porcentajePeso: Number(t.porcentajePeso), bultos: t.bultos }
    : { porcentajePeso: TOLERANCIA_DEFECTO.porcentajePeso, bultos: TOLERANCIA_DEFECTO.bultos };
}

export async function guardarTolerancia(tx: Tx, t: { porcentajePeso: number; bultos: number }, ahora: Date) {
  const v = { porcentajePeso: t.porcentajePeso.toFixed(2), bultos: t.bultos, fechaModificacion: ahora };
  await tx
    .insert(declaracionTolerancia)
    .values({ codigo: 1, ...v })
    .onConflictDoUpdate({ target: declaracionTolerancia.codigo, set: v });
}

/** The automatic observation's mark: true only for the first caller for this order. */
export async function marcarObservacionAutomatica(tx: Tx, codigoMovimiento: number, texto: string, ahora: Date) {
  const [f] = await tx
    .insert(declaracionObservacion)
    .values({ codigoMovimiento, texto, fechaRegistro: ahora })
    .onConflictDoNothing()
    .returning({ codigoMovimiento: declaracionObservacion.codigoMovimiento });
  return Boolean(f);
}

/**
 * Observes an order, whatever its state (a declaration registered after the order finished observes it too),
 * keeping an earlier observation's text before the new one.
 */
export async function observarMovimiento(tx: Tx, codigoMovimiento: number, texto: string, ahora: Date) {
  const [f] = await tx
    .update(movimiento)
    .set({
      codigoEstadoObservado: 2,
      observacion: sql`case when ${movimiento.codigoEstadoObservado} = 2 and coalesce(${movimiento.observacion}, '') <> '' then ${movimiento.observacion} || ${`<p>${texto}</p>`} else ${`<p>${texto}</p>`} end`,
      fechaModificacion: ahora,
      version: sql`${movimiento.version} + 1`,
    })
    .where(eq(movimiento.codigoMovimiento, codigoMovimiento))
    .returning({ codigoEstadoObservado: movimiento.codigoEstadoObservado, observacion: movimiento.observacion });
  return f;
}

export async function guardarConsulta(tx: Tx, v: typeof declaracionConsulta.$inferInsert) {
  const [f] = await tx.insert(declaracionConsulta).values(v).returning();
  return f;
}

export async function historialConsultas(db: DbOTx, codigoDeclaracion: number) {
  return db
    .select()
    .from(declaracionConsulta)
    .where(eq(declaracionConsulta.codigoDeclaracion, codigoDeclaracion))
    .orderBy(desc(declaracionConsulta.fechaConsulta), desc(declaracionConsulta.codigoConsulta));
}

export async function movimientoEmpresa(db: DbOTx, codigoMovimiento: number) {
  const [m] = await db
    .select({ e: movimiento.codigoEmpresaUsuario })
    .from(movimiento)
    .where(eq(movimiento.codigoMovimiento, codigoMovimiento));
  return m?.e;
}

/** The company of a queried declaration: the one that already has it, else the one with the importer's RUC. */
export async function empresaPorRucODeclaracion(db: DbOTx, numero: string, ruc: string | null) {
  const [d] = await db
    .select({ e: declaracion.codigoEmpresaUsuario })
    .from(declaracion)
    .where(eq(declaracion.numeroDeclaracion, numero))
    .limit(1);
  if (d) return d.e;
  if (!ruc) return null;
  const [e] = await db
    .select({ e: empresaUsuario.codigoEmpresaUsuario })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.ruc, ruc))
    .limit(1);
  return e?.e ?? null;
}

/** Customs documents of an order, each with the company's declaration of the same number when there is one. */
export async function documentosAduanerosDe(db: DbOTx, codigoMovimiento: number) {
  return db
    .select({
      codigoMovimientoDocumento: movimientoDocumento.codigoMovimientoDocumento,
      codigoMovimiento: movimiento.codigoMovimiento,
      codigoIngreso: movimiento.codigoIngreso,
      tipoDocumento: nombreParametro(
        PARAMETRO.tipoDocumentoMovimiento,
        sql`${movimientoDocumento.codigoTipoDocumento}`,
      ),
      numeroDocumento: movimientoDocumento.numeroDocumento,
      peso: sql<number>`coalesce((select sum(${movimientoDetalle.peso}) from ${movimientoDetalle} where ${movimientoDetalle.codigoMovimientoDocumento} = ${movimientoDocumento.codigoMovimientoDocumento}), 0)::float8`,
      codigoDeclaracion: sql<
        number | null
      >`(select ${declaracion.codigoDeclaracion} from ${declaracion} where ${declaracion.codigoEmpresaUsuario} = ${movimiento.codigoEmpresaUsuario} and ${movimientoDocumento.numeroDocumento} in (${declaracion.numeroDeclaracion}, ${declaracion.numeroCorto}) limit 1)`,
    })
    .from(movimientoDocumento)
    .innerJoin(movimiento, eq(movimiento.codigoMovimiento, movimientoDocumento.codigoMovimiento))
    .where(
      and(
        eq(movimientoDocumento.codigoMovimiento, codigoMovimiento),
        inArray(movimientoDocumento.codigoTipoDocumento, [...TIPOS_DOCUMENTO_DECLARACION]),
      ),
    )
    .orderBy(asc(movimientoDocumento.codigoMovimientoDocumento));
}
