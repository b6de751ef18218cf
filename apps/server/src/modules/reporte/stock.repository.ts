import { PARAMETRO } from '@cronos/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOTx } from '../../db/client';
import { LIMITE_CONTEO } from '../../platform/paginacion';
import { type FilaBd, type FiltroSql, filasDe } from './reporte.repository';

/**
 * op6, the current stock by company, product and lot: the SQL of its screen page and of its export. Every
 * value is a bound parameter; identifiers are fixed text.
 */
export function condicionesStock(f: FiltroSql): SQL {
  return f.empresa === null ? condicionesLoteStock(f) : sql`${condicionesLoteStock(f)} and ${empresaStock(f)}`;
}

/** The company of the filter, on the warehouse (`a`); `true` for the whole zone. */
export function empresaStock(f: FiltroSql): SQL {
  return f.empresa === null ? sql`true` : sql`a.codigo_empresa_usuario = ${f.empresa}`;
}

/** The conditions on the lot alone (`l`): its stock and its entry dates, without the company. */
export function condicionesLoteStock(f: FiltroSql): SQL {
  const c: SQL[] = [sql`l.cantidad_stock > 0`];
  if (f.desde) c.push(sql`l.fecha_ingreso >= ${f.desde.toISOString()}::timestamptz`);
  if (f.hasta) c.push(sql`l.fecha_ingreso < ${f.hasta.toISOString()}::timestamptz`);
  return sql.join(c, sql` and `);
}

export const SELECT_STOCK =
  sql.raw(`e.ruc as "rucEmpresaUsuario", e.razon_social as "razonSocialEmpresaUsuario", a.nombre as almacen,
  cat.codigo_interno as "codigoInterno", cat.numero_partida as "numeroPartida", cat.descripcion as mercancia,
  coalesce(ex.nombre, cat.codigo_existencia) as existencia, cat.codigo_unidad_medida as "unidadMedida",
  l.numero_documento as "numeroDocumento", extract(epoch from l.fecha_ingreso)::float8 as "tFecha",
  l.cantidad_ingresada::float8 as "cantidadIngresada", l.cantidad_reservada::float8 as "cantidadReservada",
  l.cantidad_stock::float8 as cantidad, e.codigo_empresa_usuario as "kEmpresa", cat.codigo_catalogo_usuario as "kProducto",
  l.codigo_lote as "kLote"`);
export const DESDE_STOCK = sql.raw(`from lote l join almacen a on a.codigo_empresa_almacen = l.codigo_empresa_almacen
  join empresa_usuario e on e.codigo_empresa_usuario = a.codigo_empresa_usuario
  join catalogo_usuario cat on cat.codigo_catalogo_usuario = l.codigo_catalogo_usuario
  left join parametro_seccion ex on ex.codigo_parametro = ${PARAMETRO.codigoExistencia} and ex.codigo = cat.codigo_existencia`);
const ORDEN_STOCK = sql.raw(
  'order by e.razon_social, e.codigo_empresa_usuario, cat.descripcion, cat.codigo_catalogo_usuario, l.codigo_lote',
);

export async function paginaStock(db: DbOTx, f: FiltroSql, limite: number, desplazamiento: number) {
  const donde = condicionesStock(f);
  const [filas, total] = await Promise.all([
    db.execute(
      sql`select ${SELECT_STOCK} ${DESDE_STOCK} where ${donde} ${ORDEN_STOCK} limit ${limite} offset ${desplazamiento}`,
    ),
    db.execute(
      sql`select count(*)::int as n from (select 1 ${DESDE_STOCK} where ${donde} limit ${LIMITE_CONTEO + 1}) t`,
    ),
  ]);
  return { filas: filasDe(filas), total: Number(filasDe(total)[0]?.n ?? 0) };
}

/**
 * Every lot with stock, company by company (in the report's order), and within a company by keyset over
 * (product, lot): each statement sorts one company's lots only, not the whole zone's.
 */
export async function* lotesStock(db: DbOTx, f: FiltroSql, tamanio = 2000): AsyncGenerator<FilaBd[]> {
  const empresas = filasDe(
    await db.execute(
      sql`select e.codigo_empresa_usuario as id from empresa_usuario e
          where ${f.empresa === null ? sql`true` : sql`e.codigo_empresa_usuario = ${f.empresa}`}
          order by e.razon_social, e.codigo_empresa_usuario`,
    ),
  ).map((x) => Number(x.id));
  for (const empresa of empresas) {
    const donde = condicionesStock({ ...f, empresa });
    let cursor: FilaBd | undefined;
    for (;;) {
      const despues: SQL = cursor
        ? sql` and (cat.descripcion, cat.codigo_catalogo_usuario, l.codigo_lote) >
               (${cursor.mercancia}::text, ${Number(cursor.kProducto)}::int, ${Number(cursor.kLote)}::int)`
        : sql``;
      const filas = filasDe(
        await db.execute(
          sql`select ${SELECT_STOCK} ${DESDE_STOCK} where ${donde}${despues} ${ORDEN_STOCK} limit ${tamanio}`,
        ),
      );
      cursor = filas.at(-1);
      if (filas.length) yield filas;
      if (filas.length < tamanio) break;
    }
  }
}
