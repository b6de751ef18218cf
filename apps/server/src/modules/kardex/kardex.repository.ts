import { PARAMETRO } from '@cronos/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { filasJson } from '../../db/filas-json';
import { catalogoUsuario, lote, movimiento, movimientoDocumento, saldoProducto } from '../../db/schema';
import { contieneSinAcentos, type OrdenesPermitidos, ordenLista, sinAcentos } from '../../platform/paginacion';

/** The rows a driver returns from `execute` (PGlite and node-postgres both answer `{ rows }`). */
const filasDe = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The company of a product; undefined when it does not exist. */
export async function empresaDeProducto(db: DbOTx, codigoCatalogoUsuario: number) {
  return (await productoDe(db, codigoCatalogoUsuario))?.empresa;
}

/** A product's company and internal code (what names its kardex file). */
export async function productoDe(db: DbOTx, codigoCatalogoUsuario: number) {
  const [p] = await db
    .select({
      empresa: catalogoUsuario.codigoEmpresaUsuario,
      codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario,
      codigoInterno: catalogoUsuario.codigoInterno,
    })
    .from(catalogoUsuario)
    .where(eq(catalogoUsuario.codigoCatalogoUsuario, codigoCatalogoUsuario))
    .limit(1);
  return p;
}

/** The product of a lot; undefined when it does not exist. */
export async function productoDeLote(db: DbOTx, codigoLote: number) {
  const [l] = await db
    .select({ producto: lote.codigoCatalogoUsuario })
    .from(lote)
    .where(eq(lote.codigoLote, codigoLote))
    .limit(1);
  return l?.producto;
}

export interface FiltroKardex {
  codigoCatalogoUsuario: number;
  codigoLote?: number;
  desde?: Date;
  hasta?: Date;
  orden: 'asc' | 'desc';
  limite: number;
  desplazamiento: number;
}

const condicionKardex = (f: Omit<FiltroKardex, 'orden' | 'limite' | 'desplazamiento'>) =>
  sql.join(
    [
      sql`k.codigo_catalogo_usuario = ${f.codigoCatalogoUsuario}`,
      f.codigoLote ? sql`k.codigo_lote = ${f.codigoLote}` : undefined,
      f.desde ? sql`k.fecha >= ${f.desde.toISOString()}::timestamptz` : undefined,
      f.hasta ? sql`k.fecha < ${f.hasta.toISOString()}::timestamptz` : undefined,
    ].filter((c) => c !== undefined),
    sql` and `,
  );

export interface FilaKardexBd {
  codigoKardex: string | number;
  fecha: string | Date;
  codigoMovimiento: number | null;
  codigoIngreso: string | null;
  codigoLote: number;
  documentoLote: string;
  tipoDocumento: string | null;
  descripcionTipoDocumento: string | null;
  numeroDocumento: string | null;
  tipoOperacion: string | null;
  tipo: 'E' | 'S';
  cantidad: string;
  saldoLote: string;
  saldoProducto: string;
  costoUnitario: string | null;
  costoPromedio: string | null;
  saldoValor: string | null;
  codigoConteo: number | null;
  usuarioRegistro: string | null;
}

/** The columns of a kardex row (the balances are the ones kept when the entry was written). */
export const COLUMNAS_KARDEX =
  sql.raw(`k.codigo_kardex as "codigoKardex", k.fecha, k.codigo_movimiento as "codigoMovimiento",
  m.codigo_ingreso as "codigoIngreso", k.codigo_lote as "codigoLote", l.numero_documento as "documentoLote",
  k.tipo_documento as "tipoDocumento",
  (select ps.nombre from parametro_seccion ps where ps.codigo_parametro = ${PARAMETRO.tipoDocumentoMovimiento} and ps.codigo = k.tipo_documento limit 1) as "descripcionTipoDocumento",
  k.numero_documento as "numeroDocumento", k.tipo_operacion as "tipoOperacion", k.tipo, k.cantidad,
  k.saldo_lote as "saldoLote", k.saldo_producto as "saldoProducto", k.costo_unitario as "costoUnitario",
  k.costo_promedio as "costoPromedio", k.saldo_valor as "saldoValor", k.codigo_conteo as "codigoConteo",
  k.usuario_registro as "usuarioRegistro"`);

/**
 * One page of a product's (or lot's) ledger in written order, and the count of the filter.
 *
 * The page is chosen on the ledger's key alone (`kardex_producto_orden_idx` / `kardex_lote_orden_idx`, read
 * index-only once vacuumed) and only its rows are joined to their lot, order and document type: skipping rows
 * costs an index entry each, not a row with its joins. A page past the middle is read from the other end of
 * the ledger in the opposite order (the last page costs what the first does) and put back in the asked order.
 */
export async function paginaKardex(db: DbOTx, f: FiltroKardex) {
  const donde = condicionKardex(f);
  const total =
    filasDe<{ n: number }>(await db.execute(sql`select count(*)::int as n from kardex k where ${donde}`))[0]?.n ?? 0;
  const limite = Math.max(0, Math.min(f.limite, total - f.desplazamiento));
  if (limite === 0) return { filas: [] as FilaKardexBd[], total };
  const desdeElFinal = total - f.desplazamiento - limite;
  const alReves = desdeElFinal < f.desplazamiento;
  const pedido = f.orden === 'desc' ? 'desc' : 'asc';
  const lectura = alReves ? (pedido === 'asc' ? 'desc' : 'asc') : pedido;
  const r = await db.execute(sql`select ${COLUMNAS_KARDEX}
    from (select k.codigo_kardex from kardex k where ${donde}
      order by k.codigo_kardex ${sql.raw(lectura)} limit ${limite} offset ${alReves ? desdeElFinal : f.desplazamiento}) p
    join kardex k on k.codigo_kardex = p.codigo_kardex
    join lote l on l.codigo_lote = k.codigo_lote
    left join movimiento m on m.codigo_movimiento = k.codigo_movimiento
    order by k.codigo_kardex ${sql.raw(pedido)}`);
  return { filas: filasDe<FilaKardexBd>(r), total };
}

/** Products of a company with their kept balance, by description. */
export async function productosDeEmpresa(
  db: DbOTx,
  codigoEmpresaUsuario: number,
  descripcion?: string,
  soloConStock = false,
) {
  return db
    .select({
      codigoCatalogoUsuario: catalogoUsuario.codigoCatalogoUsuario,
      descripcion: catalogoUsuario.descripcion,
      codigoInterno: catalogoUsuario.codigoInterno,
      numeroPartida: catalogoUsuario.numeroPartida,
      codigoUnidadMedida: catalogoUsuario.codigoUnidadMedida,
      codigoExistencia: catalogoUsuario.codigoExistencia,
      saldo: sql<string>`coalesce(${saldoProducto.cantidad}, 0)`,
    })
    .from(catalogoUsuario)
    .leftJoin(saldoProducto, eq(saldoProducto.codigoCatalogoUsuario, catalogoUsuario.codigoCatalogoUsuario))
    .where(
      and(
        eq(catalogoUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario),
        descripcion ? contieneSinAcentos(catalogoUsuario.descripcion, descripcion) : undefined,
        soloConStock ? sql`${saldoProducto.cantidad} > 0` : undefined,
      ),
    )
    .orderBy(asc(catalogoUsuario.descripcion))
    .limit(200);
}

/** Every lot of a product (with or without stock), oldest first. */
export async function lotesDeProducto(db: DbOTx, codigoCatalogoUsuario: number) {
  return db
    .select({
      codigoLote: lote.codigoLote,
      numeroDocumento: lote.numeroDocumento,
      codigoIngreso: movimiento.codigoIngreso,
      fechaIngreso: lote.fechaIngreso,
      cantidadStock: lote.cantidadStock,
      cantidadReservada: lote.cantidadReservada,
    })
    .from(lote)
    .leftJoin(movimientoDocumento, eq(movimientoDocumento.codigoMovimientoDocumento, lote.codigoMovimientoDocumento))
    .leftJoin(movimiento, eq(movimiento.codigoMovimiento, movimientoDocumento.codigoMovimiento))
    .where(eq(lote.codigoCatalogoUsuario, codigoCatalogoUsuario))
    .orderBy(asc(lote.fechaIngreso), asc(lote.codigoLote));
}

// ---------------------------------------------------------------------------------------------------------
// Stock by lot (finishedProducts / otherProducts)

export interface FiltroStockLotes {
  empresa: number | null;
  tipo: 'terminados' | 'otros' | 'todos';
  diasMinimo?: number;
  diasMaximo?: number;
  soloReservados?: boolean;
  soloConStock: boolean;
  busqueda?: ReturnType<typeof sql>;
  ahora: Date;
}

/** Search keys of the stock-by-lot lists (Columna). */
export const COLUMNAS_STOCK = {
  'C.DESCRIPCION': sinAcentos(sql.raw('c.descripcion')),
  'C.NUMERO_PARTIDA': sql.raw('c.numero_partida'),
  'M.CODIGO_INGRESO': sql.raw('m.codigo_ingreso'),
  'L.NUMERO_DOCUMENTO': sql.raw('l.numero_documento'),
  'E.RAZON_SOCIAL': sinAcentos(sql.raw('e.razon_social')),
};

const DESDE_STOCK = sql.raw(`from lote l
  join catalogo_usuario c on c.codigo_catalogo_usuario = l.codigo_catalogo_usuario
  join empresa_usuario e on e.codigo_empresa_usuario = c.codigo_empresa_usuario
  left join movimiento_documento md on md.codigo_movimiento_documento = l.codigo_movimiento_documento
  left join movimiento m on m.codigo_movimiento = md.codigo_movimiento
  left join movimiento_detalle dt on dt.codigo_movimiento_documento = l.codigo_movimiento_documento
    and dt.codigo_catalogo_usuario = l.codigo_catalogo_usuario`);

/** The instant `dias` whole days before `ahora` (a lot is n days old once n × 24 h have passed). */
const diasAtras = (ahora: Date, dias: number) => new Date(ahora.getTime() - dias * 86_400_000).toISOString();

const dondeStock = (f: FiltroStockLotes) =>
  sql.join(
    [
      f.tipo === 'terminados'
        ? sql`c.codigo_existencia = '02'`
        : f.tipo === 'otros'
          ? sql`c.codigo_existencia <> '02'`
          : undefined,
      f.diasMinimo ? sql`l.fecha_ingreso <= ${diasAtras(f.ahora, f.diasMinimo)}::timestamptz` : undefined,
      f.diasMaximo !== undefined
        ? sql`l.fecha_ingreso > ${diasAtras(f.ahora, f.diasMaximo + 1)}::timestamptz`
        : undefined,
      f.soloReservados ? sql`l.cantidad_reservada > 0` : undefined,
      f.empresa !== null ? sql`c.codigo_empresa_usuario = ${f.empresa}` : undefined,
      f.soloConStock ? sql`l.cantidad_stock > 0` : undefined,
      f.busqueda,
    ].filter((c) => c !== undefined),
    sql` and `,
  );

export interface FilaStockBd {
  codigoLote: number;
  codigoEmpresaUsuario: number;
  razonSocial: string;
  codigoCatalogoUsuario: number;
  producto: string;
  codigoExistencia: string;
  numeroPartida: string;
  codigoUnidadMedida: string;
  codigoMovimiento: number | null;
  codigoIngreso: string | null;
  numeroDocumento: string;
  fechaIngreso: string | Date;
  diasEnZona: number;
  cantidadStock: string;
  cantidadReservada: string;
  fobUnitario: string;
}

const COLUMNAS_STOCK_SQL = (
  ahora: Date,
) => sql`l.codigo_lote as "codigoLote", c.codigo_empresa_usuario as "codigoEmpresaUsuario",
  e.razon_social as "razonSocial", c.codigo_catalogo_usuario as "codigoCatalogoUsuario", c.descripcion as producto,
  c.codigo_existencia as "codigoExistencia", c.numero_partida as "numeroPartida", c.codigo_unidad_medida as "codigoUnidadMedida",
  m.codigo_movimiento as "codigoMovimiento", m.codigo_ingreso as "codigoIngreso", l.numero_documento as "numeroDocumento",
  l.fecha_ingreso as "fechaIngreso",
  greatest(0, floor(extract(epoch from (${ahora.toISOString()}::timestamptz - l.fecha_ingreso)) / 86400))::int as "diasEnZona",
  l.cantidad_stock as "cantidadStock", l.cantidad_reservada as "cantidadReservada", coalesce(dt.valor_fob, 0) as "fobUnitario"`;

/**
 * What the stock-by-lot lists sort by (their header): product (catalogo_empresa_descripcion_idx, then its lots) and
 * days in the zone, which is the entry date the other way round (lote_en_stock_idx, as the lists' own order). Not
 * the FOB total: the lot's balance times its entry line's FOB, in two tables, which no index orders.
 */
const ORDENES_STOCK: OrdenesPermitidos<'producto' | 'diasEnZona'> = {
  producto: [sql`c.descripcion`, sql`c.codigo_catalogo_usuario`],
  diasEnZona: [{ inversa: sql`l.fecha_ingreso` }],
};

export async function paginaStockLotes(
  db: DbOTx,
  f: FiltroStockLotes,
  limite: number,
  desplazamiento: number,
  orden: { OrdenarPor?: 'producto' | 'diasEnZona'; Orden?: 'asc' | 'desc' } = {},
) {
  const donde = dondeStock(f);
  const porDefecto = [sql`l.fecha_ingreso`, sql`l.codigo_lote`];
  const ordenSql = sql.join(ordenLista(orden, ORDENES_STOCK, porDefecto, sql`l.codigo_lote`), sql`, `);
  const [filas, totales] = await Promise.all([
    db.execute(sql`select ${COLUMNAS_STOCK_SQL(f.ahora)} ${DESDE_STOCK} where ${donde}
      order by ${ordenSql} limit ${limite} offset ${desplazamiento}`),
    db.execute(sql`select count(*)::int as lotes, coalesce(sum(l.cantidad_stock), 0) as stock,
      coalesce(sum(l.cantidad_reservada), 0) as reservada, coalesce(sum(l.cantidad_stock * coalesce(dt.valor_fob, 0)), 0) as fob
      ${DESDE_STOCK} where ${donde}`),
  ]);
  const t = filasDe<{ lotes: number; stock: string; reservada: string; fob: string }>(totales)[0];
  return { filas: filasDe<FilaStockBd>(filas), totales: t };
}

/** Every row of the stock-by-lot filter, in batches (for the Excel file). */
export async function* recorrerStockLotes(db: DbOTx, f: FiltroStockLotes, lote = 2000) {
  let desde = 0;
  for (;;) {
    const r = await db.execute(sql`select ${COLUMNAS_STOCK_SQL(f.ahora)} ${DESDE_STOCK} where ${dondeStock(f)}
      and l.codigo_lote > ${desde} order by l.codigo_lote limit ${lote}`);
    const filas = filasDe<FilaStockBd>(r);
    if (filas.length === 0) return;
    yield filas;
    desde = filas.at(-1)?.codigoLote ?? desde;
    if (filas.length < lote) return;
  }
}

// ---------------------------------------------------------------------------------------------------------
// SUNAT exports (formats 12.1 and 13.1)

export async function datosEmpresa(db: DbOTx, codigoEmpresaUsuario: number) {
  const r = await db.execute(
    sql`select e.ruc, e.razon_social as "razonSocial", coalesce((select a.nombre from almacen a where a.codigo_empresa_usuario = e.codigo_empresa_usuario order by a.codigo_empresa_almacen limit 1), '') as establecimiento
      from empresa_usuario e where e.codigo_empresa_usuario = ${codigoEmpresaUsuario}`,
  );
  return filasDe<{ ruc: string; razonSocial: string; establecimiento: string }>(r)[0];
}

export interface ProductoExportar {
  codigoCatalogoUsuario: number;
  codigoInterno: string | null;
  descripcion: string;
  codigoExistencia: string;
  codigoUnidadMedida: string;
}

/** Products of the export: one, or every product of the company with entries in the period or a balance before it. */
export async function productosExportar(db: DbOTx, empresa: number, producto: number | undefined, hasta: Date) {
  const r =
    await db.execute(sql`select c.codigo_catalogo_usuario as "codigoCatalogoUsuario", c.codigo_interno as "codigoInterno",
      c.descripcion, c.codigo_existencia as "codigoExistencia", c.codigo_unidad_medida as "codigoUnidadMedida"
    from catalogo_usuario c where c.codigo_empresa_usuario = ${empresa}
      ${producto ? sql`and c.codigo_catalogo_usuario = ${producto}` : sql``}
      and exists (select 1 from kardex k where k.codigo_catalogo_usuario = c.codigo_catalogo_usuario and k.fecha < ${hasta.toISOString()}::timestamptz)
    order by c.codigo_catalogo_usuario`);
  return filasDe<ProductoExportar>(r);
}

/** The kept balance of a product just before an instant (its last entry before it), or zero. */
export async function saldoAntesDe(db: DbOTx, producto: number, desde: Date) {
  const r = await db.execute(sql`select k.saldo_producto as cantidad, k.saldo_valor as valor, k.costo_promedio as costo
    from kardex k where k.codigo_catalogo_usuario = ${producto} and k.fecha < ${desde.toISOString()}::timestamptz
    order by k.fecha desc, k.codigo_kardex desc limit 1`);
  return filasDe<{ cantidad: string; valor: string | null; costo: string | null }>(r)[0];
}

/** What the SUNAT books print of an entry: no lot, no document type's name (a row of the screen has them). */
export type FilaKardexExportarBd = Pick<
  FilaKardexBd,
  | 'codigoKardex'
  | 'fecha'
  | 'codigoIngreso'
  | 'tipoDocumento'
  | 'numeroDocumento'
  | 'tipoOperacion'
  | 'tipo'
  | 'cantidad'
  | 'saldoProducto'
  | 'costoUnitario'
  | 'costoPromedio'
  | 'saldoValor'
>;

/**
 * A product's entries of the period, in batches in written order (keyset on the ledger's key), with only the
 * columns the books print: joining the lot made the planner hash the whole lot table for every batch (a year
 * of a busy company: 8.8 s of 14 on the embedded database). Each batch comes as one JSON value
 * (db/filas-json.ts): numbers as numbers, the instant as ISO text.
 */
export async function* recorrerKardexProducto(db: DbOTx, producto: number, desde: Date, hasta: Date, lote = 5000) {
  let despues = 0;
  for (;;) {
    const filas = await filasJson<FilaKardexExportarBd>(
      db,
      sql`select k.codigo_kardex as "codigoKardex", k.fecha, m.codigo_ingreso as "codigoIngreso",
        k.tipo_documento as "tipoDocumento", k.numero_documento as "numeroDocumento", k.tipo_operacion as "tipoOperacion",
        k.tipo, k.cantidad, k.saldo_producto as "saldoProducto", k.costo_unitario as "costoUnitario",
        k.costo_promedio as "costoPromedio", k.saldo_valor as "saldoValor"
      from kardex k left join movimiento m on m.codigo_movimiento = k.codigo_movimiento
      where k.codigo_catalogo_usuario = ${producto} and k.codigo_kardex > ${despues}
        and k.fecha >= ${desde.toISOString()}::timestamptz and k.fecha < ${hasta.toISOString()}::timestamptz
      order by k.codigo_kardex limit ${lote}`,
    );
    if (filas.length === 0) return;
    yield filas;
    despues = Number(filas.at(-1)?.codigoKardex ?? despues);
    if (filas.length < lote) return;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The operator's dashboard (inventory/control)

const EDAD = (ahora: Date) =>
  sql`greatest(0, floor(extract(epoch from (${ahora.toISOString()}::timestamptz - l.fecha_ingreso)) / 86400))::int`;

/** Lots with stock grouped by `clave` (company, heading or age bucket): lots, quantity and FOB value. */
export async function agruparStock(
  db: DbOTx,
  empresa: number | null,
  ahora: Date,
  limiteDias: number,
  avisoDias: number,
) {
  const donde = sql.join(
    [sql`l.cantidad_stock > 0`, empresa !== null ? sql`c.codigo_empresa_usuario = ${empresa}` : undefined].filter(
      (x) => x !== undefined,
    ),
    sql` and `,
  );
  const base = sql`select l.codigo_lote, c.codigo_empresa_usuario, e.razon_social, c.numero_partida, l.cantidad_stock,
      l.cantidad_reservada, l.cantidad_stock * coalesce(dt.valor_fob, 0) as fob, ${EDAD(ahora)} as edad
    ${DESDE_STOCK} where ${donde}`;
  const r = await db.execute(sql`with b as (${base})
    select 'empresa' as grupo, codigo_empresa_usuario::text as clave, min(razon_social) as nombre, count(*)::int as lotes,
      sum(cantidad_stock) as cantidad, sum(fob) as fob from b group by codigo_empresa_usuario
    union all
    select 'partida', numero_partida, null, count(*)::int, sum(cantidad_stock), sum(fob) from b group by numero_partida
    union all
    select 'edad', case when edad <= 30 then '0' when edad <= 90 then '31' when edad <= 180 then '91' else '181' end, null,
      count(*)::int, sum(cantidad_stock), sum(fob) from b group by 2
    union all
    select 'total', '', null, count(*)::int, coalesce(sum(cantidad_stock), 0), coalesce(sum(fob), 0) from b
    union all
    select 'limite', '', null, count(*)::int, coalesce(sum(cantidad_stock), 0), coalesce(sum(fob), 0) from b
      where edad >= ${limiteDias - avisoDias}
    union all
    select 'reserva', '', null, count(*)::int, count(distinct codigo_empresa_usuario::text || '-' || numero_partida), 0 from b
      where cantidad_reservada > 0`);
  return filasDe<{ grupo: string; clave: string; nombre: string | null; lotes: number; cantidad: string; fob: string }>(
    r,
  );
}

/** Products with reserved stock, and products with no stock at all (a kept balance of zero). */
export async function productosReservadosYSinStock(db: DbOTx, empresa: number | null) {
  const filtro = empresa !== null ? sql`and c.codigo_empresa_usuario = ${empresa}` : sql``;
  const r = await db.execute(sql`select
      (select count(distinct l.codigo_catalogo_usuario)::int from lote l join catalogo_usuario c on c.codigo_catalogo_usuario = l.codigo_catalogo_usuario
        where l.cantidad_reservada > 0 ${filtro}) as reservados,
      (select count(*)::int from catalogo_usuario c left join saldo_producto s on s.codigo_catalogo_usuario = c.codigo_catalogo_usuario
        where c.estado_anulado = 0 and coalesce(s.cantidad, 0) = 0 ${filtro}) as "sinStock"`);
  return filasDe<{ reservados: number; sinStock: number }>(r)[0];
}
