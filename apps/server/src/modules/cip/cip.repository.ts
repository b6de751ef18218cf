import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import {
  almacen,
  catalogoUsuario,
  cip,
  cipInsumo,
  empresaUsuario,
  equivalenciaCatalogo,
  kardex,
  lote,
  produccion,
  produccionConsumo,
} from '../../db/schema';
import { contieneSinAcentos, patronContiene, sinAcentos } from '../../platform/paginacion';

/** Searchable columns of the CIP list (Columna keys). */
export const COLUMNAS_CIP = {
  producto: sinAcentos(catalogoUsuario.descripcion),
  codigoInterno: catalogoUsuario.codigoInterno,
  razonSocial: sinAcentos(empresaUsuario.razonSocial),
};
export const COLUMNAS_PRODUCCION = {
  producto: sinAcentos(catalogoUsuario.descripcion),
  razonSocial: sinAcentos(empresaUsuario.razonSocial),
};

export const condicionEmpresaCip = (empresa: number) => eq(cip.codigoEmpresaUsuario, empresa);
export const condicionEstadoCip = (estado: number) => eq(cip.codigoEstado, estado);
export const condicionProductoCip = (producto: number) => eq(cip.codigoCatalogoUsuario, producto);
export const condicionEmpresaProduccion = (empresa: number) => eq(produccion.codigoEmpresaUsuario, empresa);
export const condicionProductoProduccion = (producto: number) => eq(produccion.codigoCatalogoUsuario, producto);

const columnasFila = {
  codigoCip: cip.codigoCip,
  codigoEmpresaUsuario: cip.codigoEmpresaUsuario,
  razonSocial: empresaUsuario.razonSocial,
  codigoCatalogoUsuario: cip.codigoCatalogoUsuario,
  producto: catalogoUsuario.descripcion,
  codigoInterno: catalogoUsuario.codigoInterno,
  codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
  numeroVersion: cip.numeroVersion,
  fechaInicioVigencia: cip.fechaInicioVigencia,
  fechaFinVigencia: cip.fechaFinVigencia,
  codigoEstado: cip.codigoEstado,
  insumos: sql<number>`(select count(*)::int from ${cipInsumo} where ${cipInsumo.codigoCip} = ${cip.codigoCip})`,
  usuarioRegistro: cip.usuarioRegistro,
  fechaRegistro: cip.fechaRegistro,
};

export async function listarCip(db: DbOTx, donde: (SQL | undefined)[], limite: number, desde: number) {
  const condicion = and(...donde);
  const [filas, [total]] = await Promise.all([
    db
      .select(columnasFila)
      .from(cip)
      .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, cip.codigoCatalogoUsuario))
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cip.codigoEmpresaUsuario))
      .where(condicion)
      .orderBy(desc(cip.fechaRegistro), desc(cip.codigoCip))
      .limit(limite)
      .offset(desde),
    db
      .select({ n: count() })
      .from(cip)
      .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, cip.codigoCatalogoUsuario))
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cip.codigoEmpresaUsuario))
      .where(condicion),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** Versions of a product's CIP, newest first. */
export async function historial(db: DbOTx, producto: number) {
  return db
    .select(columnasFila)
    .from(cip)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, cip.codigoCatalogoUsuario))
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cip.codigoEmpresaUsuario))
    .where(eq(cip.codigoCatalogoUsuario, producto))
    .orderBy(desc(cip.numeroVersion));
}

export async function cabecera(db: DbOTx, codigoCip: number) {
  const [c] = await db
    .select({ ...columnasFila, c: cip })
    .from(cip)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, cip.codigoCatalogoUsuario))
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, cip.codigoEmpresaUsuario))
    .where(eq(cip.codigoCip, codigoCip))
    .limit(1);
  return c;
}

export async function insumos(db: DbOTx, codigoCip: number) {
  return db
    .select({
      i: cipInsumo,
      insumo: catalogoUsuario.descripcion,
      codigoInterno: catalogoUsuario.codigoInterno,
      codigoUnidadMedidaInsumo: catalogoUsuario.codigoUnidadMedida,
    })
    .from(cipInsumo)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, cipInsumo.codigoCatalogoUsuario))
    .where(eq(cipInsumo.codigoCip, codigoCip))
    .orderBy(asc(cipInsumo.orden), asc(cipInsumo.codigoCipInsumo));
}

/** Catalogue products (enabled) among `codigos`, whatever their company: the caller checks the company. */
export async function productos(db: DbOTx, codigos: number[]) {
  if (!codigos.length) return [];
  return db
    .select()
    .from(catalogoUsuario)
    .where(and(inArray(catalogoUsuario.codigoCatalogoUsuario, codigos), eq(catalogoUsuario.estadoAnulado, 0)));
}

export async function equivalencias(db: DbOTx, codigos: number[]) {
  if (!codigos.length) return [];
  return db.select().from(equivalenciaCatalogo).where(inArray(equivalenciaCatalogo.codigoCatalogoUsuario, codigos));
}

/**
 * Products of a company for the CIP screens, with their free stock (stock − reserved of every lot): the first
 * PRODUCTOS_POR_BUSQUEDA by description, or those whose description or internal code contains `buscar` (a
 * company's catalogue runs to thousands of products: the screens search, they never load it whole).
 */
export const PRODUCTOS_POR_BUSQUEDA = 50;
export async function productosEmpresa(db: DbOTx, empresa: number, terminados: boolean, buscar?: string) {
  return db
    .select({
      codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario,
      descripcion: catalogoUsuario.descripcion,
      codigoInterno: catalogoUsuario.codigoInterno,
      codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
      codigoExistencia: catalogoUsuario.codigoExistencia,
      stockLibre: sql<string>`coalesce((select sum(${lote.cantidadStock} - ${lote.cantidadReservada}) from ${lote} where ${lote.codigoCatalogoUsuario} = ${catalogoUsuario.codigoCatalogoUsuario}), 0)`,
    })
    .from(catalogoUsuario)
    .where(
      and(
        eq(catalogoUsuario.codigoEmpresaUsuario, empresa),
        eq(catalogoUsuario.estadoAnulado, 0),
        terminados ? eq(catalogoUsuario.codigoExistencia, '02') : undefined,
        buscar
          ? or(
              contieneSinAcentos(catalogoUsuario.descripcion, buscar),
              sql`${catalogoUsuario.codigoInterno} ilike ${patronContiene(buscar)}`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(catalogoUsuario.descripcion))
    .limit(PRODUCTOS_POR_BUSQUEDA);
}

export async function siguienteVersion(tx: DbOTx, producto: number) {
  const [r] = await tx
    .select({ n: sql<number>`coalesce(max(${cip.numeroVersion}), 0)::int + 1` })
    .from(cip)
    .where(eq(cip.codigoCatalogoUsuario, producto));
  return r?.n ?? 1;
}

export async function insertarCip(tx: DbOTx, v: typeof cip.$inferInsert) {
  const [c] = await tx.insert(cip).values(v).returning({ codigoCip: cip.codigoCip, numeroVersion: cip.numeroVersion });
  return c;
}

/** Edits a draft or observed version (guarded: state and optional version); an observed one returns to draft. */
export async function actualizarBorrador(
  tx: DbOTx,
  codigoCip: number,
  v: Pick<typeof cip.$inferInsert, 'fechaInicioVigencia' | 'fechaFinVigencia' | 'descripcion'>,
  version?: number | null,
) {
  const [c] = await tx
    .update(cip)
    .set({ ...v, codigoEstado: 1, version: sql`${cip.version} + 1` })
    .where(
      and(
        eq(cip.codigoCip, codigoCip),
        inArray(cip.codigoEstado, [1, 4]),
        version ? eq(cip.version, version) : undefined,
      ),
    )
    .returning({ codigoCip: cip.codigoCip, numeroVersion: cip.numeroVersion });
  return c;
}

export async function reemplazarInsumos(tx: DbOTx, codigoCip: number, filas: (typeof cipInsumo.$inferInsert)[]) {
  await tx.delete(cipInsumo).where(eq(cipInsumo.codigoCip, codigoCip));
  if (filas.length) await tx.insert(cipInsumo).values(filas);
}

/** Guarded state change: only from `desde`, optionally at the version the screen read. */
export async function cambiarEstado(
  tx: DbOTx,
  codigoCip: number,
  desde: number[],
  v: Partial<typeof cip.$inferInsert> & { codigoEstado: number },
  version?: number | null,
) {
  const [c] = await tx
    .update(cip)
    .set({ ...v, version: sql`${cip.version} + 1` })
    .where(
      and(
        eq(cip.codigoCip, codigoCip),
        inArray(cip.codigoEstado, desde),
        version ? eq(cip.version, version) : undefined,
      ),
    )
    .returning({ codigoEstado: cip.codigoEstado });
  return c;
}

/** Approved versions of the product still valid on or after `desde` (other than `excepto`). */
export async function aprobadasVigentesDesde(tx: DbOTx, producto: number, desde: string, excepto: number) {
  return tx
    .select({ codigoCip: cip.codigoCip, numeroVersion: cip.numeroVersion, inicio: cip.fechaInicioVigencia })
    .from(cip)
    .where(
      and(
        eq(cip.codigoCatalogoUsuario, producto),
        eq(cip.codigoEstado, 3),
        ne(cip.codigoCip, excepto),
        or(isNull(cip.fechaFinVigencia), gte(cip.fechaFinVigencia, desde)),
      ),
    )
    .for('update');
}

export async function cerrarVigencia(tx: DbOTx, codigoCip: number, fin: string) {
  await tx
    .update(cip)
    .set({ fechaFinVigencia: fin, version: sql`${cip.version} + 1` })
    .where(eq(cip.codigoCip, codigoCip));
}

/** The approved version of the product valid on `fecha` (the latest start wins). */
export async function aprobadaVigente(db: DbOTx, producto: number, fecha: string) {
  const [c] = await db
    .select()
    .from(cip)
    .where(
      and(
        eq(cip.codigoCatalogoUsuario, producto),
        eq(cip.codigoEstado, 3),
        lte(cip.fechaInicioVigencia, fecha),
        or(isNull(cip.fechaFinVigencia), gte(cip.fechaFinVigencia, fecha)),
      ),
    )
    .orderBy(desc(cip.fechaInicioVigencia))
    .limit(1);
  return c;
}

/**
 * Lots of a product with free stock in the company's warehouses, oldest entry first, locked until the report
 * commits: a concurrent report of the same input waits here and then reads what this one left.
 */
export async function lotesLibres(db: DbOTx, producto: number, empresa: number) {
  return db
    .select({
      codigoLote: lote.codigoLote,
      codigoCatalogoUsuario: lote.codigoCatalogoUsuario,
      codigoEmpresaAlmacen: lote.codigoEmpresaAlmacen,
      numeroDocumento: lote.numeroDocumento,
      libre: sql<string>`(${lote.cantidadStock} - ${lote.cantidadReservada})::text`,
    })
    .from(lote)
    .innerJoin(almacen, eq(almacen.codigoEmpresaAlmacen, lote.codigoEmpresaAlmacen))
    .where(
      and(
        eq(lote.codigoCatalogoUsuario, producto),
        eq(almacen.codigoEmpresaUsuario, empresa),
        sql`${lote.cantidadStock} - ${lote.cantidadReservada} > 0`,
      ),
    )
    .orderBy(asc(lote.fechaIngreso), asc(lote.codigoLote))
    .for('update', { of: lote });
}

/**
 * Takes `cantidad` out of a lot's free stock. The condition is evaluated on the row as it is when the update
 * runs (after any concurrent writer commits), so two reports can never take the same units.
 */
export async function debitarLibre(tx: DbOTx, codigoLote: number, cantidad: string) {
  const [l] = await tx
    .update(lote)
    .set({ cantidadStock: sql`${lote.cantidadStock} - ${cantidad}::numeric` })
    .where(
      and(
        eq(lote.codigoLote, codigoLote),
        sql`${lote.cantidadStock} - ${lote.cantidadReservada} >= ${cantidad}::numeric`,
      ),
    )
    .returning({ cantidadStock: lote.cantidadStock });
  return l;
}

/** Writes a ledger entry (the database trigger fills balances and cost) and gives the unit cost it used. */
export async function insertarKardex(tx: DbOTx, v: typeof kardex.$inferInsert) {
  const [k] = await tx.insert(kardex).values(v).returning({ costoUnitario: kardex.costoUnitario });
  return k;
}

export async function primerAlmacen(db: DbOTx, empresa: number) {
  const [a] = await db
    .select({ codigoEmpresaAlmacen: almacen.codigoEmpresaAlmacen })
    .from(almacen)
    .where(eq(almacen.codigoEmpresaUsuario, empresa))
    .orderBy(asc(almacen.codigoEmpresaAlmacen))
    .limit(1);
  return a?.codigoEmpresaAlmacen;
}

export async function insertarLote(tx: DbOTx, v: typeof lote.$inferInsert) {
  const [l] = await tx.insert(lote).values(v).returning({ codigoLote: lote.codigoLote, saldo: lote.cantidadStock });
  return l;
}

export async function insertarProduccion(tx: DbOTx, v: typeof produccion.$inferInsert) {
  const [p] = await tx.insert(produccion).values(v).returning({ codigoProduccion: produccion.codigoProduccion });
  return p;
}

export async function asignarLoteProduccion(tx: DbOTx, codigoProduccion: number, codigoLote: number) {
  await tx.update(produccion).set({ codigoLote }).where(eq(produccion.codigoProduccion, codigoProduccion));
}

export async function insertarConsumos(tx: DbOTx, filas: (typeof produccionConsumo.$inferInsert)[]) {
  if (filas.length) await tx.insert(produccionConsumo).values(filas);
}

const columnasProduccion = {
  codigoProduccion: produccion.codigoProduccion,
  codigoEmpresaUsuario: produccion.codigoEmpresaUsuario,
  razonSocial: empresaUsuario.razonSocial,
  codigoCatalogoUsuario: produccion.codigoCatalogoUsuario,
  producto: catalogoUsuario.descripcion,
  numeroPartida: catalogoUsuario.numeroPartida,
  codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
  cantidad: produccion.cantidad,
  pesoNeto: produccion.pesoNeto,
  pesoBruto: produccion.pesoBruto,
  fechaProduccion: produccion.fechaProduccion,
  codigoCip: produccion.codigoCip,
  numeroVersion: cip.numeroVersion,
  codigoLote: produccion.codigoLote,
  observacion: produccion.observacion,
  usuarioRegistro: produccion.usuarioRegistro,
  fechaRegistro: produccion.fechaRegistro,
};

export async function listarProduccion(db: DbOTx, donde: (SQL | undefined)[], limite: number, desde: number) {
  const condicion = and(...donde);
  const base = () =>
    db
      .select(columnasProduccion)
      .from(produccion)
      .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, produccion.codigoCatalogoUsuario))
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, produccion.codigoEmpresaUsuario))
      .innerJoin(cip, eq(cip.codigoCip, produccion.codigoCip));
  const [filas, [total]] = await Promise.all([
    base()
      .where(condicion)
      .orderBy(desc(produccion.fechaRegistro), desc(produccion.codigoProduccion))
      .limit(limite)
      .offset(desde),
    db
      .select({ n: count() })
      .from(produccion)
      .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, produccion.codigoCatalogoUsuario))
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, produccion.codigoEmpresaUsuario))
      .where(condicion),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function buscarProduccion(db: DbOTx, codigoProduccion: number) {
  const [p] = await db
    .select(columnasProduccion)
    .from(produccion)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, produccion.codigoCatalogoUsuario))
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, produccion.codigoEmpresaUsuario))
    .innerJoin(cip, eq(cip.codigoCip, produccion.codigoCip))
    .where(eq(produccion.codigoProduccion, codigoProduccion))
    .limit(1);
  return p;
}

export async function consumos(db: DbOTx, codigoProduccion: number) {
  return db
    .select({
      codigoCatalogoUsuario: produccionConsumo.codigoCatalogoUsuario,
      insumo: catalogoUsuario.descripcion,
      codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
      codigoLote: produccionConsumo.codigoLote,
      numeroDocumentoLote: lote.numeroDocumento,
      cantidad: produccionConsumo.cantidad,
      cantidadMerma: produccionConsumo.cantidadMerma,
    })
    .from(produccionConsumo)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, produccionConsumo.codigoCatalogoUsuario))
    .innerJoin(lote, eq(lote.codigoLote, produccionConsumo.codigoLote))
    .where(eq(produccionConsumo.codigoProduccion, codigoProduccion))
    .orderBy(asc(produccionConsumo.codigoProduccionConsumo));
}

/** Every CIP version of the filter with its inputs, for the Excel (bounded). */
export async function cipsConInsumos(db: DbOTx, donde: (SQL | undefined)[]) {
  const { filas } = await listarCip(db, donde, 5000, 0);
  const codigos = filas.map((f) => f.codigoCip);
  const todos = codigos.length
    ? await db
        .select({
          codigoCip: cipInsumo.codigoCip,
          i: cipInsumo,
          insumo: catalogoUsuario.descripcion,
          codigoUnidadMedidaInsumo: catalogoUsuario.codigoUnidadMedida,
        })
        .from(cipInsumo)
        .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, cipInsumo.codigoCatalogoUsuario))
        .where(inArray(cipInsumo.codigoCip, codigos))
        .orderBy(asc(cipInsumo.codigoCip), asc(cipInsumo.orden))
    : [];
  return { filas, insumos: todos };
}
