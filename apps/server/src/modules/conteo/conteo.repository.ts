import { PARAMETRO_INVENTARIO } from '@cronos/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { catalogoUsuario, conteo, conteoDetalle, empresaUsuario, lote, parametroSeccion } from '../../db/schema';
import { sinAcentos } from '../../platform/paginacion';

/** A parameter of the inventory group as a positive number, or undefined when missing or not a number. */
export async function parametroInventario(db: DbOTx, codigo: string) {
  const [p] = await db
    .select({ v: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(
      and(
        eq(parametroSeccion.codigoParametro, PARAMETRO_INVENTARIO.grupo),
        eq(parametroSeccion.codigo, codigo),
        eq(parametroSeccion.estadoAnulado, 0),
      ),
    )
    .limit(1);
  const n = Number(p?.v);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Lots with stock of a company (optionally of some products): the count's snapshot. */
/** How many of these catalogue codes are products of the company (the rest are unknown or another company's). */
export async function contarProductosDeEmpresa(db: DbOTx, empresa: number, productos: number[]) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(catalogoUsuario)
    .where(
      and(eq(catalogoUsuario.codigoEmpresaUsuario, empresa), inArray(catalogoUsuario.codigoCatalogoUsuario, productos)),
    );
  return r?.n ?? 0;
}

export async function lotesParaConteo(db: DbOTx, empresa: number, productos?: number[]) {
  return db
    .select({
      codigoLote: lote.codigoLote,
      codigoCatalogoUsuario: lote.codigoCatalogoUsuario,
      cantidadStock: lote.cantidadStock,
    })
    .from(lote)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, lote.codigoCatalogoUsuario))
    .where(
      and(
        eq(catalogoUsuario.codigoEmpresaUsuario, empresa),
        sql`${lote.cantidadStock} > 0`,
        productos?.length ? inArray(lote.codigoCatalogoUsuario, productos) : undefined,
      ),
    )
    .orderBy(asc(catalogoUsuario.descripcion), asc(lote.codigoLote));
}

export async function insertarConteo(tx: DbOTx, v: typeof conteo.$inferInsert) {
  const [c] = await tx.insert(conteo).values(v).returning({ codigoConteo: conteo.codigoConteo });
  return c;
}

export async function insertarDetalle(tx: DbOTx, filas: (typeof conteoDetalle.$inferInsert)[]) {
  if (filas.length) await tx.insert(conteoDetalle).values(filas);
}

export async function cabecera(db: DbOTx, codigoConteo: number) {
  const [c] = await db
    .select({ c: conteo, razonSocial: empresaUsuario.razonSocial, ruc: empresaUsuario.ruc })
    .from(conteo)
    .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, conteo.codigoEmpresaUsuario))
    .where(eq(conteo.codigoConteo, codigoConteo))
    .limit(1);
  return c;
}

export async function lineas(db: DbOTx, codigoConteo: number) {
  return db
    .select({
      codigoConteoDetalle: conteoDetalle.codigoConteoDetalle,
      codigoLote: conteoDetalle.codigoLote,
      codigoCatalogoUsuario: conteoDetalle.codigoCatalogoUsuario,
      producto: catalogoUsuario.descripcion,
      codigoInterno: catalogoUsuario.codigoInterno,
      numeroDocumento: lote.numeroDocumento,
      cantidadTeorica: conteoDetalle.cantidadTeorica,
      cantidadContada: conteoDetalle.cantidadContada,
      justificacion: conteoDetalle.justificacion,
      decision: conteoDetalle.decision,
    })
    .from(conteoDetalle)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, conteoDetalle.codigoCatalogoUsuario))
    .innerJoin(lote, eq(lote.codigoLote, conteoDetalle.codigoLote))
    .where(eq(conteoDetalle.codigoConteo, codigoConteo))
    .orderBy(asc(conteoDetalle.codigoConteoDetalle));
}

/** Search columns of the counts list (Columna keys): the count's number and its company. */
export const COLUMNAS_CONTEO: Record<string, SQL> = {
  'C.CODIGO_CONTEO': sql`${conteo.codigoConteo}`,
  'E.RAZON_SOCIAL': sinAcentos(
    sql`(select ${empresaUsuario.razonSocial} from ${empresaUsuario} where ${empresaUsuario.codigoEmpresaUsuario} = ${conteo.codigoEmpresaUsuario})`,
  ),
};

export async function pagina(
  db: DbOTx,
  empresa: number | null,
  estado: number,
  busqueda: SQL | undefined,
  limite: number,
  desplazamiento: number,
) {
  const donde = and(
    empresa !== null ? eq(conteo.codigoEmpresaUsuario, empresa) : undefined,
    estado > 0 ? eq(conteo.estado, estado) : undefined,
    busqueda,
  );
  const [filas, [total]] = await Promise.all([
    db
      .select({
        codigoConteo: conteo.codigoConteo,
        codigoEmpresaUsuario: conteo.codigoEmpresaUsuario,
        razonSocial: empresaUsuario.razonSocial,
        estado: conteo.estado,
        fechaApertura: conteo.fechaApertura,
        usuarioApertura: conteo.usuarioApertura,
        fechaLimiteJustificacion: conteo.fechaLimiteJustificacion,
        lineas: sql<number>`(select count(*)::int from conteo_detalle d where d.codigo_conteo = ${conteo.codigoConteo})`,
        diferencias: sql<number>`(select count(*)::int from conteo_detalle d where d.codigo_conteo = ${conteo.codigoConteo} and d.cantidad_contada is not null and d.cantidad_contada <> d.cantidad_teorica)`,
      })
      .from(conteo)
      .innerJoin(empresaUsuario, eq(empresaUsuario.codigoEmpresaUsuario, conteo.codigoEmpresaUsuario))
      .where(donde)
      .orderBy(desc(conteo.codigoConteo))
      .limit(limite)
      .offset(desplazamiento),
    db.select({ n: count() }).from(conteo).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

/** Guarded state change: only from `desde`; undefined when somebody moved it first. */
export async function cambiarEstado(
  tx: DbOTx,
  codigoConteo: number,
  desde: number[],
  cambios: Partial<typeof conteo.$inferInsert>,
  version?: number | null,
) {
  const [c] = await tx
    .update(conteo)
    .set({ ...cambios, version: sql`${conteo.version} + 1` })
    .where(
      and(
        eq(conteo.codigoConteo, codigoConteo),
        inArray(conteo.estado, desde),
        version ? eq(conteo.version, version) : undefined,
      ),
    )
    .returning();
  return c;
}

export async function fijarContada(tx: DbOTx, codigoConteoDetalle: number, cantidad: string) {
  await tx
    .update(conteoDetalle)
    .set({ cantidadContada: cantidad })
    .where(eq(conteoDetalle.codigoConteoDetalle, codigoConteoDetalle));
}

export async function fijarJustificacion(tx: DbOTx, codigoConteoDetalle: number, texto: string) {
  await tx
    .update(conteoDetalle)
    .set({ justificacion: texto })
    .where(eq(conteoDetalle.codigoConteoDetalle, codigoConteoDetalle));
}

export async function fijarDecision(tx: DbOTx, codigoConteoDetalle: number, decision: number) {
  await tx.update(conteoDetalle).set({ decision }).where(eq(conteoDetalle.codigoConteoDetalle, codigoConteoDetalle));
}
