import { type ConsultaCatalogo, MENSAJES_CATALOGO, type ORDEN_CATALOGO, PARAMETRO } from '@cronos/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOTx } from '../../db/client';
import {
  almacen,
  arancel,
  catalogoUsuario,
  equivalenciaCatalogo,
  lote,
  movimientoDetalle,
  parametroSeccion,
} from '../../db/schema';
import {
  condicionBusqueda,
  contieneSinAcentos,
  desplazamiento,
  type OrdenesPermitidos,
  ordenLista,
  patronContiene,
  sinAcentos,
} from '../../platform/paginacion';
import { mismaVersion } from '../../platform/version';

const unidad = alias(parametroSeccion, 'unidad');
const unirUnidad = and(
  eq(unidad.codigoParametro, PARAMETRO.unidadMedida),
  eq(unidad.codigo, catalogoUsuario.codigoUnidadMedida),
);

/** Searchable columns of Catálogo de Productos: lookup 14's keys and the field names. */
export const COLUMNAS_CATALOGO = {
  'C.CODIGO_INTERNO': catalogoUsuario.codigoInterno,
  'C.DESCRIPCION': sinAcentos(catalogoUsuario.descripcion),
  'C.NUMERO_PARTIDA': catalogoUsuario.numeroPartida,
  codigoInterno: catalogoUsuario.codigoInterno,
  descripcion: sinAcentos(catalogoUsuario.descripcion),
  numeroPartida: catalogoUsuario.numeroPartida,
};

const fila = {
  codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario,
  codigoEmpresaUsuario: catalogoUsuario.codigoEmpresaUsuario,
  codigoInterno: catalogoUsuario.codigoInterno,
  descripcion: catalogoUsuario.descripcion,
  numeroPartida: catalogoUsuario.numeroPartida,
  codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
  descripcionUnidadMedida: unidad.nombre,
  codigoExistencia: catalogoUsuario.codigoExistencia,
  estadoAnulado: catalogoUsuario.estadoAnulado,
  fechaRegistro: catalogoUsuario.fechaRegistro,
  usuarioRegistro: catalogoUsuario.usuarioRegistro,
  version: catalogoUsuario.version,
};

/** The header sorts of Catálogo de Productos, each read from an index (schema) for the zone and within a company. */
const ORDENES_CATALOGO: OrdenesPermitidos<(typeof ORDEN_CATALOGO)[number]> = {
  codigoInterno: [catalogoUsuario.codigoInterno],
  descripcion: [catalogoUsuario.descripcion],
  numeroPartida: [catalogoUsuario.numeroPartida],
  fechaRegistro: [catalogoUsuario.fechaRegistro],
};

/** The heading is stored as 10 digits but shown (and typed) as 8528.72.00.00: a search by it ignores the dots. */
const COLUMNAS_PARTIDA = new Set(['C.NUMERO_PARTIDA', 'numeroPartida']);

export async function listar(db: DbOTx, q: ConsultaCatalogo, empresa: number | null) {
  const busqueda = q.Valor && COLUMNAS_PARTIDA.has(q.Columna ?? '') ? { ...q, Valor: q.Valor.replaceAll('.', '') } : q;
  const condiciones: (SQL | undefined)[] = [condicionBusqueda(busqueda, COLUMNAS_CATALOGO)];
  if (empresa !== null) condiciones.push(eq(catalogoUsuario.codigoEmpresaUsuario, empresa));
  const donde = and(...condiciones);
  const [filas, [total]] = await Promise.all([
    db
      .select(fila)
      .from(catalogoUsuario)
      .leftJoin(unidad, unirUnidad)
      .where(donde)
      .orderBy(
        ...ordenLista(
          q,
          ORDENES_CATALOGO,
          [desc(catalogoUsuario.fechaRegistro), desc(catalogoUsuario.codigoCatalogoUsuario)],
          catalogoUsuario.codigoCatalogoUsuario,
        ),
      )
      .limit(q.limit)
      .offset(desplazamiento(q)),
    db.select({ n: count() }).from(catalogoUsuario).where(donde),
  ]);
  return { filas, total: total?.n ?? 0 };
}

export async function buscarPorCodigo(db: DbOTx, codigoCatalogoUsuario: number) {
  const [f] = await db
    .select(fila)
    .from(catalogoUsuario)
    .leftJoin(unidad, unirUnidad)
    .where(eq(catalogoUsuario.codigoCatalogoUsuario, codigoCatalogoUsuario))
    .limit(1);
  return f;
}

/**
 * Product search of the order and certificate dialogs: enabled products of one company, by code and/or
 * description, with the available stock (stock minus reservations) of a warehouse when one is given.
 */
export async function buscarProductos(
  db: DbOTx,
  filtro: { empresa: number; codigo?: number; descripcion?: string; almacen?: number; soloConStock?: boolean },
) {
  const condiciones: SQL[] = [
    eq(catalogoUsuario.codigoEmpresaUsuario, filtro.empresa),
    eq(catalogoUsuario.estadoAnulado, 0),
  ];
  if (filtro.codigo) condiciones.push(eq(catalogoUsuario.codigoCatalogoUsuario, filtro.codigo));
  if (filtro.descripcion) {
    condiciones.push(
      sql`(${contieneSinAcentos(catalogoUsuario.descripcion, filtro.descripcion)} or ${catalogoUsuario.codigoInterno} ilike ${patronContiene(filtro.descripcion)})`,
    );
  }
  const stock =
    filtro.almacen === undefined
      ? sql<string | null>`null`
      : sql<
          string | null
        >`(select coalesce(sum(l.cantidad_stock - l.cantidad_reservada), 0) from lote l where l.codigo_catalogo_usuario = "catalogo_usuario"."codigo_catalogo_usuario" and l.codigo_empresa_almacen = ${filtro.almacen})`;
  if (filtro.almacen !== undefined && filtro.soloConStock) condiciones.push(sql`${stock} > 0`);
  const filas = await db
    .select({
      codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario,
      descripcion: catalogoUsuario.descripcion,
      codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
      codigoInterno: catalogoUsuario.codigoInterno,
      numeroPartida: catalogoUsuario.numeroPartida,
      codigoExistencia: catalogoUsuario.codigoExistencia,
      descripcionUnidadMedida: unidad.nombre,
      stockDisponible: stock,
    })
    .from(catalogoUsuario)
    .leftJoin(unidad, unirUnidad)
    .where(and(...condiciones))
    .orderBy(asc(catalogoUsuario.descripcion))
    .limit(50);
  return filas.map((f) => ({ ...f, stockDisponible: f.stockDisponible === null ? null : Number(f.stockDisponible) }));
}

export async function almacenDeEmpresa(db: DbOTx, empresa: number, codigoEmpresaAlmacen?: number | null) {
  const condiciones = [eq(almacen.codigoEmpresaUsuario, empresa), eq(almacen.estadoAnulado, 0)];
  if (codigoEmpresaAlmacen) condiciones.push(eq(almacen.codigoEmpresaAlmacen, codigoEmpresaAlmacen));
  const [a] = await db
    .select({ codigoEmpresaAlmacen: almacen.codigoEmpresaAlmacen })
    .from(almacen)
    .where(and(...condiciones))
    .orderBy(asc(almacen.codigoEmpresaAlmacen))
    .limit(1);
  return a?.codigoEmpresaAlmacen;
}

/** Enabled values of a lookup group, as a set of codes. */
export async function codigosParametro(db: DbOTx, codigoParametro: number) {
  const filas = await db
    .select({ codigo: parametroSeccion.codigo, nombre: parametroSeccion.nombre })
    .from(parametroSeccion)
    .where(and(eq(parametroSeccion.codigoParametro, codigoParametro), eq(parametroSeccion.estadoAnulado, 0)))
    .orderBy(asc(parametroSeccion.orden), asc(parametroSeccion.codigoSeccion));
  return filas;
}

/**
 * The field errors of a form's lookup fields (each `[field, group]` of `listas`) whose value is not an enabled code of
 * its group; a value the record already had (`antes`) stays valid even if its code was disabled since. Empty when all
 * are valid.
 */
export async function valoresFueraDeLista<T extends object>(
  db: DbOTx,
  listas: readonly (readonly [keyof T & string, number])[],
  datos: T,
  antes?: Partial<Record<keyof T, unknown>> | null,
) {
  const errores: Record<string, string[]> = {};
  for (const [campo, grupo] of listas) {
    const valor = datos[campo];
    if (!valor || valor === antes?.[campo]) continue;
    if (!(await codigosParametro(db, grupo)).some((c) => c.codigo === valor))
      errores[campo] = [MENSAJES_CATALOGO.valorNoValido];
  }
  return errores;
}

export async function partidasExistentes(db: DbOTx, partidas: string[]) {
  if (partidas.length === 0) return new Set<string>();
  const filas = await db
    .select({ p: arancel.numeroPartida })
    .from(arancel)
    .where(inArray(arancel.numeroPartida, partidas));
  return new Set(filas.map((f) => f.p));
}

export async function codigosInternosExistentes(db: DbOTx, empresa: number, codigos: string[]) {
  if (codigos.length === 0) return new Set<string>();
  const filas = await db
    .select({ c: catalogoUsuario.codigoInterno })
    .from(catalogoUsuario)
    .where(and(eq(catalogoUsuario.codigoEmpresaUsuario, empresa), inArray(catalogoUsuario.codigoInterno, codigos)));
  return new Set(filas.map((f) => f.c ?? ''));
}

export type NuevoProducto = typeof catalogoUsuario.$inferInsert;

/** Inserts products in batches (one statement per 1000 rows keeps bound parameters well under the limit). */
export async function insertarProductos(tx: DbOTx, productos: NuevoProducto[]) {
  const creados: { codigoCatalogoUsuario: number }[] = [];
  for (let i = 0; i < productos.length; i += 1000) {
    creados.push(
      ...(await tx
        .insert(catalogoUsuario)
        .values(productos.slice(i, i + 1000))
        .returning({ codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario })),
    );
  }
  return creados;
}

/**
 * Initial stock: one lot 'STOCK INICIAL' per product and its kardex entry ('E'), written by one statement
 * (lots and their kardex rows through a CTE; the rows travel as one JSON parameter).
 */
export async function registrarStockInicial(
  tx: DbOTx,
  entradas: { codigoCatalogoUsuario: number; codigoEmpresaAlmacen: number; cantidad: number }[],
  usuarioRegistro: string,
  fecha: Date,
) {
  if (entradas.length === 0) return;
  const filas = JSON.stringify(
    entradas.map((e) => ({ c: e.codigoCatalogoUsuario, a: e.codigoEmpresaAlmacen, q: String(e.cantidad) })),
  );
  await tx.execute(sql`
    with datos as (select * from json_to_recordset(${filas}::json) as x(c int, a int, q numeric)),
    nuevos as (
      insert into lote (codigo_empresa_almacen, codigo_catalogo_usuario, numero_documento, cantidad_ingresada, cantidad_stock, fecha_ingreso)
      select a, c, 'STOCK INICIAL', q, q, ${fecha} from datos
      returning codigo_lote, codigo_empresa_almacen, codigo_catalogo_usuario, cantidad_stock
    )
    insert into kardex (codigo_lote, codigo_empresa_almacen, codigo_catalogo_usuario, tipo, cantidad, saldo_lote, fecha, usuario_registro)
    select codigo_lote, codigo_empresa_almacen, codigo_catalogo_usuario, 'E', cantidad_stock, cantidad_stock, ${fecha}, ${usuarioRegistro}
    from nuevos`);
}

export async function actualizarProducto(
  tx: DbOTx,
  codigo: number,
  cambios: Pick<NuevoProducto, 'numeroPartida' | 'codigoUnidadMedida' | 'codigoExistencia'>,
  version?: number | null,
) {
  const [f] = await tx
    .update(catalogoUsuario)
    .set({ ...cambios, version: sql`${catalogoUsuario.version} + 1` })
    .where(and(eq(catalogoUsuario.codigoCatalogoUsuario, codigo), mismaVersion(catalogoUsuario.version, version)))
    .returning({ codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario });
  return f;
}

/** Guarded state change: only from the other state; no row means it was already there. */
export async function cambiarEstado(tx: DbOTx, codigo: number, estado: number) {
  const [f] = await tx
    .update(catalogoUsuario)
    .set({ estadoAnulado: estado, version: sql`${catalogoUsuario.version} + 1` })
    .where(and(eq(catalogoUsuario.codigoCatalogoUsuario, codigo), eq(catalogoUsuario.estadoAnulado, 1 - estado)))
    .returning({ codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario });
  return f;
}

/** Whether anything refers to the product (lines of orders, lots); then it may only be disabled. */
export async function tieneReferencias(db: DbOTx, codigo: number) {
  const r = await db.execute(
    sql`select (exists (select 1 from ${movimientoDetalle} where ${movimientoDetalle.codigoCatalogoUsuario} = ${codigo})
        or exists (select 1 from ${lote} where ${lote.codigoCatalogoUsuario} = ${codigo})) as usado`,
  );
  return (r as unknown as { rows: { usado: boolean }[] }).rows[0]?.usado === true;
}

export async function eliminarProducto(tx: DbOTx, codigo: number) {
  await tx.delete(equivalenciaCatalogo).where(eq(equivalenciaCatalogo.codigoCatalogoUsuario, codigo));
  const [f] = await tx
    .delete(catalogoUsuario)
    .where(eq(catalogoUsuario.codigoCatalogoUsuario, codigo))
    .returning({ codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario });
  return f;
}

const filaEquivalencia = {
  codigoEquivalenciaCatalogo: equivalenciaCatalogo.codigoEquivalenciaCatalogo,
  codigoCatalogoUsuario: equivalenciaCatalogo.codigoCatalogoUsuario,
  cantidadBase: equivalenciaCatalogo.cantidadBase,
  codigoUnidadMedidaBase: equivalenciaCatalogo.codigoUnidadMedidaBase,
  cantidadEquivalente: equivalenciaCatalogo.cantidadEquivalente,
  codigoUnidadMedidaEquivalencia: equivalenciaCatalogo.codigoUnidadMedidaEquivalencia,
  usuarioRegistro: equivalenciaCatalogo.usuarioRegistro,
  fechaRegistro: equivalenciaCatalogo.fechaRegistro,
};

export async function equivalencias(db: DbOTx, codigoCatalogoUsuario: number) {
  const filas = await db
    .select(filaEquivalencia)
    .from(equivalenciaCatalogo)
    .where(eq(equivalenciaCatalogo.codigoCatalogoUsuario, codigoCatalogoUsuario))
    .orderBy(asc(equivalenciaCatalogo.codigoEquivalenciaCatalogo));
  return filas.map((f) => ({
    ...f,
    cantidadBase: Number(f.cantidadBase),
    cantidadEquivalente: Number(f.cantidadEquivalente),
  }));
}

export async function buscarEquivalencia(db: DbOTx, codigo: number) {
  const [f] = await db
    .select({ ...filaEquivalencia, codigoEmpresaUsuario: catalogoUsuario.codigoEmpresaUsuario })
    .from(equivalenciaCatalogo)
    .innerJoin(catalogoUsuario, eq(catalogoUsuario.codigoCatalogoUsuario, equivalenciaCatalogo.codigoCatalogoUsuario))
    .where(eq(equivalenciaCatalogo.codigoEquivalenciaCatalogo, codigo))
    .limit(1);
  return f;
}

/** Inserts an equivalence; undefined when the same four values already exist (unique index). */
export async function insertarEquivalencia(tx: DbOTx, valores: typeof equivalenciaCatalogo.$inferInsert) {
  const [f] = await tx
    .insert(equivalenciaCatalogo)
    .values(valores)
    .onConflictDoNothing()
    .returning({ codigoEquivalenciaCatalogo: equivalenciaCatalogo.codigoEquivalenciaCatalogo });
  return f;
}

export async function eliminarEquivalencia(tx: DbOTx, codigo: number) {
  const [f] = await tx
    .delete(equivalenciaCatalogo)
    .where(eq(equivalenciaCatalogo.codigoEquivalenciaCatalogo, codigo))
    .returning({ codigoEquivalenciaCatalogo: equivalenciaCatalogo.codigoEquivalenciaCatalogo });
  return f;
}
