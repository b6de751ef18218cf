import { type ColumnaReporte, REPORTES, type TipoReporte, UNIDAD_MINCETUR } from '@cronos/contract';
import { type SQL, sql } from 'drizzle-orm';
import { letra, S_ENTERO, S_FECHA, S_HORA, S_NUMERO, S_TEXTO_SEGURO, S_VACIO } from '../../platform/xlsx';
import { MESES } from './filas';
import {
  COLUMNAS_MOVIMIENTO,
  condicionesMovimiento,
  cuerpo,
  DOC_POR_LOTE,
  type FiltroSql,
  INSTANTE_OP1,
  OP1_VALORES,
} from './reporte.repository';
import { condicionesLoteStock, condicionesStock, DESDE_STOCK, empresaStock, SELECT_STOCK } from './stock.repository';

/**
 * The sheet rows of an export rendered by the database: one `<row>` element per report row, with the same cells
 * the writer of excel.ts produces from a report row (same styles, same serial dates and times, same escaping and
 * formula rule, same sheet row numbers, cell references and N°). A year of the zone is up to millions of rows: building their XML
 * where the rows are read means the server process only moves bytes (the rows come through COPY in binary
 * format, xlsx-copia.repository.ts, and are never decoded into JavaScript strings), and that work runs on the database's
 * cores, beside the server's own.
 *
 * `fuente(clave)` gives the SQL expression of a column's value. Dates and times take an instant in epoch
 * seconds and show it on the Lima clock (UTC−5, no daylight saving: DOMAIN.md §8), as filas.ts does. `fila` is
 * the expression of the row's number in its sheet (text), `numero` the report's N° (the row's position in the
 * whole report). Every piece is fixed text or one of the given expressions: no value is ever spliced into the
 * statement.
 *
 * Each row and cell is one concat() call: a chain of || copies the growing string at every step, which made
 * the rendering cost several times the query itself.
 */
export function filaXmlSql(
  columnas: ColumnaReporte[],
  fuente: (clave: string) => string,
  fila: string,
  numero: string,
  {
    numeroMarcado = false,
    linea = false,
    compartidas,
  }: { numeroMarcado?: boolean; linea?: boolean; compartidas?: TextosCompartidosSql } = {},
): string {
  if (linea && columnas[0]?.clave !== 'id') throw new Error('una línea mantenida empieza por su N°');
  const valores = columnas.map((c) => (c.clave === 'id' && !numeroMarcado ? numero : fuente(c.clave)));
  /** Whether a column writes no cell (excel.ts skips null and empty values). */
  const vacia = (i: number) => {
    const c = columnas[i] as ColumnaReporte;
    if (c.clave === 'id' && numeroMarcado) return 'false';
    const v = valores[i] as string;
    return c.tipo === 'numero' || c.tipo === 'entero' || c.tipo === 'fecha' || c.tipo === 'hora'
      ? `(${v}) is null`
      : `(${v})::text is null or (${v})::text = ''`;
  };
  /** What an empty cell writes: nothing, or in a kept line a blank cell (the next cell then needs no reference). */
  const vacio = linea ? `'<c s="${S_VACIO}"/>'` : "''";
  const celdas = columnas.map((c, i) => {
    const col = letra(i);
    // A kept line (op2, op4: filas-mantenidas.repository.ts) starts with U+0001 where the server writes its opening
    // (`<row>` and the N° cell); no cell of it names a reference, so nothing in it depends on the row number.
    if (linea && i === 0) return "E'\\x01'";
    // The cell's opening: its reference only on the first column or after an empty one (excel.ts).
    const abre = linea
      ? "'<c'"
      : i === 0
        ? `'<c r="${col}', ${fila}, '"'`
        : `'<c', case when ${vacia(i - 1)} then concat(' r="${col}', ${fila}, '"') end`;
    // A kept row (filas-mantenidas.repository.ts) holds a mark where its N° goes: the cell as the number would be written.
    if (c.clave === 'id' && numeroMarcado) return `concat(${abre}, ' s="${S_ENTERO}"><v>', ${numero}, '</v></c>')`;
    const v = valores[i] as string;
    const numerica = (estilo: number, valor: string) =>
      `case when ${vacia(i)} then ${vacio} else concat(${abre}, ' s="${estilo}"><v>', ${valor}, '</v></c>') end`;
    switch (c.tipo) {
      case 'numero':
        return numerica(S_NUMERO, `(${v})::float8`);
      case 'entero':
        return numerica(S_ENTERO, `(${v})::bigint`);
      case 'fecha':
        return numerica(S_FECHA, `floor(((${v}) - 18000) / 86400)::int + 25569`);
      case 'hora':
        return numerica(S_HORA, `(floor((${v}) - 18000)::bigint % 86400)::float8 / 86400`);
      default:
        return compartidas?.claves.has(c.clave)
          ? celdaCompartidaSql(v, vacia(i), vacio)
          : celdaTextoSql(abre, v, vacia(i), vacio);
    }
  });
  if (linea) return `concat(${celdas.join(',\n')}, '</row>')`;
  return `concat('<row r="', ${fila}, '">', ${celdas.join(',\n')}, '</row>')`;
}

/**
 * Characters XML 1.0 cannot hold (C0 controls but tab, LF and CR; U+FFFE, U+FFFF), dropped as excel.ts does.
 * translate() walks the whole list for every character, so it only runs on the rare text the pattern finds.
 */
const INVALIDOS_XML = `E'${[...Array(32).keys()]
  .filter((c) => c > 0 && c !== 9 && c !== 10 && c !== 13)
  .map((c) => `\\x${c.toString(16).padStart(2, '0')}`)
  .join('')}\\ufffe\\uffff'`;
/** Text that needs any of the rules: an XML special or invalid character, a formula sign or blank first, a blank last. */
const PATRON_SIMPLE =
  "E'[&<>\"\\x01-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]|^[ \\t\\n\\r\\u00a0=+@-]|[ \\t\\n\\r\\u00a0]$'";
const PATRON_INVALIDOS = "E'[\\\\x01-\\\\x08\\\\x0b\\\\x0c\\\\x0e-\\\\x1f\\\\ufffe\\\\uffff]'";

/**
 * A text cell as excel.ts writes it (`t="str"`, the text in `<v>`): nothing for null or ''; text that a spreadsheet
 * could read as a formula gets the text style (quote prefix); with blanks at either end an inline string that keeps
 * them (xml:space); & < > " escaped. Most values need none of it: one pattern tells them apart (PATRON_SIMPLE)
 * and they are written as they are, which saved a fifth of the database's time per row (the escaping took four
 * replace() and a btrim() per cell).
 * `abre` is the concat() arguments of the cell's opening: `<c` and, where it names one, its reference; `vacia` the
 * condition of writing no cell (filaXmlSql's, which the next cell's reference also reads).
 */
function celdaTextoSql(abre: string, v: string, vacia: string, vacio: string) {
  const t = `(${v})::text`;
  const borde = `${t} <> btrim(${t}, E' \\t\\n\\r\\u00a0')`;
  return `case when ${vacia} then ${vacio}
    when ${t} !~ ${PATRON_SIMPLE} then concat(${abre}, ' t="str"><v>', ${t}, '</v></c>')
    else concat(${abre}, ' t="', case when ${borde} then 'inlineStr' else 'str' end, '"',
    case when left(${t}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then ' s="${S_TEXTO_SEGURO}"' end,
    case when ${borde} then '><is><t xml:space="preserve">' else '><v>' end,
    replace(replace(replace(replace(case when ${t} ~ ${PATRON_INVALIDOS} then translate(${t}, ${INVALIDOS_XML}, '') else ${t} end, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    case when ${borde} then '</t></is></c>' else '</v></c>' end) end`;
}

/**
 * The text columns of a kept line written as shared strings (textos-compartidos.repository.ts). Only texts that repeat
 * from line to line and have a bounded length (parameter names, the company, the catalogue product): an order's code or
 * a document's number would make the dictionary as long as the orders.
 */
export interface TextosCompartidosSql {
  claves: ReadonlySet<string>;
}

/**
 * A kept line's text cell as a shared string: the entry's position in the workbook's table, `<c t="s"><v>12</v></c>`,
 * the text style (quote prefix) as celdaTextoSql gives it to formula-looking text; the entry carries the text, escaped
 * and with its blanks kept when it is written (excel.ts). The renewal adds the missing entries before it renders.
 */
function celdaCompartidaSql(v: string, vacia: string, vacio: string) {
  const t = `(${v})::text`;
  return `case when ${vacia} then ${vacio}
    else concat('<c t="s"', case when left(${t}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then ' s="${S_TEXTO_SEGURO}"' end, '><v>',
      (select x.codigo from reporte_texto x where x.texto = ${t}), '</v></c>') end`;
}

const texto = (v: string) => `'${v.replaceAll("'", "''")}'`;
/** The Lima wall clock of an instant in epoch seconds, as a timestamp. */
const relojLima = (t: string) => `(to_timestamp((${t}) - 18000) at time zone 'UTC')`;
/** op2's month: 'MARZO 2026' (filas.ts). */
const mesSql = (t: string) =>
  `case when (${t}) is null then null else concat((array[${MESES.map(texto).join(', ')}])[extract(month from ${relojLima(t)})::int], ' ', extract(year from ${relojLima(t)})::int) end`;

/**
 * The value of each column of a report over the CTE `f` (the report's select list, filas.ts's mapping): most
 * columns are their own alias; dates and times come from instants; op2 shows the weight as its quantity in KGS.
 */
export function fuenteDe(tipo: TipoReporte): (clave: string) => string {
  const alias = (a: string) => `f."${a}"`;
  switch (tipo) {
    case 'op1':
      return (clave) => {
        const origen = INSTANTE_OP1[clave] ?? clave;
        if (!(origen in OP1_VALORES)) throw new Error(`op1 sin valor para la columna ${clave}`);
        return alias(origen);
      };
    case 'op2':
      return (clave) =>
        ({
          fechaIngreso: alias('tFecha'),
          mes: mesSql(alias('tFecha')),
          cantidad: alias('peso'),
          unidadMedida: texto(UNIDAD_MINCETUR),
          valorTotalFob: alias('valorTotal'),
        })[clave] ?? alias(clave);
    case 'op5':
      return (clave) => ({ fechaIngreso: alias('tFecha'), fechaRegistro: alias('tRegistro') })[clave] ?? alias(clave);
    default:
      return (clave) => (clave === 'fechaIngreso' ? alias('tFecha') : alias(clave));
  }
}

/** Every row of a report rendered by the statement that reads it: the sheet row and N° from `f.g`. */
const FILA_XML = Object.fromEntries(
  (Object.keys(REPORTES) as TipoReporte[]).map((tipo) => [
    tipo,
    sql.raw(filaXmlSql(REPORTES[tipo].columnas, fuenteDe(tipo), 'f.fila', 'f.g + 1')),
  ]),
) as Record<TipoReporte, SQL>;

/** Where a batch starts: its first key, the report rows before it, and how many movements or lots it takes. */
export interface LimiteLote {
  /** Movement reports: the first movement's (fecha_ingreso, codigo_movimiento); op3's kept rows, its declaration. */
  fecha?: string;
  id?: number;
  hijo?: number;
  /** op6: the company and the first lot's (product description, product, lot). */
  empresa?: number;
  descripcion?: string;
  producto?: number;
  lote?: number;
  /** Report rows before the batch (its first row's 0-based position) and the movements or lots it takes. */
  antes: number;
  cantidad: number;
  /** op1: the report's rows (every batch's count is then known, and checked). */
  total?: number;
}

/** How many report rows a movement gives (op1 one; op2, op4, op5 its lines; op3 its customs declarations). */
const FILAS_POR_MOVIMIENTO: Record<string, string> = {
  op2: 'select count(*) from movimiento_detalle x where x.codigo_movimiento = m.codigo_movimiento',
  op4: 'select count(*) from movimiento_detalle x where x.codigo_movimiento = m.codigo_movimiento',
  op5: 'select count(*) from movimiento_detalle x where x.codigo_movimiento = m.codigo_movimiento',
  op3: "select count(*) from movimiento_documento x where x.codigo_movimiento = m.codigo_movimiento and x.codigo_tipo_documento in ('4', '5', '9')",
};

/**
 * The reports whose rows are kept rendered (filas-mantenidas.repository.ts): their table, their order, the column of
 * their XML, and the state row that says they are whole. op2 and op4 keep an order's lines in one row (`lineas`).
 */
export interface Mantenida {
  tabla: string;
  clave: string[];
  columna: string;
  estado: 'filas' | 'lineas';
  lineas?: boolean;
}
const CLAVE_ORDEN = ['m.fecha_ingreso', 'm.codigo_movimiento'];
export const MANTENIDAS: Partial<Record<TipoReporte, Mantenida>> = {
  op1: { tabla: 'reporte_op1_fila', clave: CLAVE_ORDEN, columna: 'xml', estado: 'filas' },
  op3: {
    tabla: 'reporte_op3_fila',
    clave: [...CLAVE_ORDEN, 'm.codigo_movimiento_documento'],
    columna: 'xml',
    estado: 'filas',
  },
  op2: { tabla: 'reporte_lineas_fila', clave: CLAVE_ORDEN, columna: 'xml_op2', estado: 'lineas', lineas: true },
  op4: { tabla: 'reporte_lineas_op4_fila', clave: CLAVE_ORDEN, columna: 'xml_op4', estado: 'lineas', lineas: true },
};

export const tieneFilasMantenidas = (tipo: TipoReporte) => tipo in MANTENIDAS;

/**
 * The statements of an export rendered by the database.
 * - `limites`: one pass over the report's keys (the movements' index; op6 the lots with stock, counted) that gives where
 *   every batch of `tamanio` movements (op6: lots, company by company) starts and how many report rows come
 *   before it. Read in the same snapshot as the batches, so each batch numbers its rows on its own and any
 *   number of batches run at once.
 * - `lote(l)`: the batch's rows as sheet XML, in the report's order, numbered for the sheets of `filasPorHoja`
 *   rows the writer makes.
 * - `totales` (the kept reports): the report's length, and op1's count of orders (a kept row missing shows as a
 *   difference), run beside `limites` on another connection.
 * Batches take `tamanio` rows by LIMIT from their first key: the planner then knows a batch is small and reads
 * it through the indexes (a range between two keys was estimated at a quarter of the table and read whole).
 */
export interface ConsultasXml {
  limites: SQL;
  lote: (l: LimiteLote) => SQL;
  totales?: SQL;
  /** The batches are orders' kept lines, which the writer opens (abrirLineas). */
  lineas?: boolean;
}
export function consultasXml(
  f: FiltroSql,
  { tamanio, filasPorHoja, mantenidas = false }: { tamanio: number; filasPorHoja: number; mantenidas?: boolean },
): ConsultasXml {
  const render = FILA_XML[f.tipo];
  const numerar = (orden: string, antes: number) =>
    sql`${antes}::bigint - 1 + row_number() over (order by ${sql.raw(orden)}) as g`;
  const salida = (desde: SQL) =>
    sql`select ${render} from (select f.*, (f.g % ${filasPorHoja}::int + 2)::text as fila from ${desde} f order by f.g) f`;

  if (f.tipo === 'op6') {
    const orden = 'cat.descripcion, cat.codigo_catalogo_usuario, l.codigo_lote';
    // The batches are company by company. Each company's lots are counted from the index of the lots with stock
    // (by warehouse), and a company's first batch starts at its first lot (the key ('', 0, 0): before every lot);
    // only the companies with more lots than a batch are numbered in the report's order, to find where their next
    // batches start. Numbering every lot of the zone took two sorts of every lot with stock by their text (2.3 s at a
    // million orders, 0.5 s this way).
    return {
      limites: sql`with por_empresa as (
          select e.codigo_empresa_usuario as emp, e.razon_social, sum(p.n)::int as n
          from (select l.codigo_empresa_almacen, count(*) as n from lote l where ${condicionesLoteStock(f)} group by 1) p
          join almacen a on a.codigo_empresa_almacen = p.codigo_empresa_almacen
          join empresa_usuario e on e.codigo_empresa_usuario = a.codigo_empresa_usuario
          where ${empresaStock(f)}
          group by e.codigo_empresa_usuario, e.razon_social),
        numeradas as (select emp, n, (sum(n) over (order by razon_social, emp) - n)::int as inicio from por_empresa)
        select emp as empresa, ''::text as descripcion, 0 as producto, 0 as lote, inicio as antes,
          least(${tamanio}::int, n) as cantidad
        from numeradas
        union all
        select x.emp, x.descripcion, x.prod, x.lote, nm.inicio + x.k, least(${tamanio}::int, nm.n - x.k)
        from (select a.codigo_empresa_usuario as emp, cat.descripcion::text as descripcion,
                cat.codigo_catalogo_usuario as prod, l.codigo_lote as lote,
                (row_number() over (partition by a.codigo_empresa_usuario order by ${sql.raw(orden)}) - 1)::int as k
              from lote l join almacen a on a.codigo_empresa_almacen = l.codigo_empresa_almacen
              join catalogo_usuario cat on cat.codigo_catalogo_usuario = l.codigo_catalogo_usuario
              where ${condicionesStock(f)} and a.codigo_empresa_usuario in (select emp from numeradas where n > ${tamanio}::int)) x
        join numeradas nm on nm.emp = x.emp
        where x.k > 0 and x.k % ${tamanio}::int = 0
        order by antes`,
      lote: (l: LimiteLote) =>
        salida(
          sql`(select ${SELECT_STOCK}, ${numerar(orden, l.antes)} ${DESDE_STOCK}
            where ${condicionesStock({ ...f, empresa: l.empresa ?? -1 })}
              and (cat.descripcion, cat.codigo_catalogo_usuario, l.codigo_lote) >= (${l.descripcion ?? ''}::text, ${l.producto ?? 0}::int, ${l.lote ?? 0}::int)
            order by ${sql.raw(orden)} limit ${l.cantidad}::int)`,
        ),
    };
  }

  const donde = condicionesMovimiento(f);
  const kept = mantenidas ? MANTENIDAS[f.tipo] : undefined;
  if (kept?.lineas) {
    // op2's and op4's kept lines: a batch is `tamanio` orders read in the report's order, the database only reads
    // them (no numbering: the writer puts each line's opening, abrirLineas). The limits sum the orders' lines in the
    // same pass that numbers the keys (from the index, which holds `lineas`); `totales` counts the report's lines,
    // the kept orders and the orders (a missing one stops the export).
    const clave = kept.clave.join(', ');
    return {
      limites: sql`select fecha::text as fecha, id, antes, ${tamanio}::int as cantidad from (
            select m.fecha_ingreso as fecha, m.codigo_movimiento as id, row_number() over w as k, sum(m.lineas) over w - m.lineas as antes
            from ${sql.raw(kept.tabla)} m where ${donde}
            window w as (order by ${sql.raw(clave)} rows unbounded preceding)) x
          where (k - 1) % ${tamanio}::int = 0 order by k`,
      totales: sql`select coalesce(sum(m.lineas), 0) as total, count(*) as guardadas,
          (select count(*) from movimiento m where ${donde}) as ordenes
        from ${sql.raw(kept.tabla)} m where ${donde}`,
      // An order without lines gives null, which COPY leaves out.
      lote: (l: LimiteLote) =>
        sql`select nullif(m.${sql.raw(kept.columna)}, '') from ${sql.raw(kept.tabla)} m where ${donde}
          and (m.fecha_ingreso, m.codigo_movimiento) >= (${l.fecha ?? ''}::timestamptz, ${l.id ?? 0}::int)
          order by ${sql.raw(clave)} limit ${l.cantidad}::int`,
      lineas: true,
    };
  }
  if (kept) {
    // The kept rows (filas-mantenidas.repository.ts) carry the order's filter and sort columns under the same names:
    // the same conditions pick them through their own indexes, in the report's order, and each batch only puts in
    // the sheet row numbers where U+0001 stands (and op3's N° where U+0002 does). op1's limits also count the orders
    // themselves (cheap, by index): a kept row missing stops the export.
    const clave = kept.clave.join(', ');
    const hijo = kept.clave[2] ?? 'null::int';
    const posicion = sql`row_number() over (order by ${sql.raw(clave)})`;
    return {
      // The report's length is counted by a statement of its own (`totales`), which the export runs on its other
      // connection while this one numbers the keys: with `count(*) over ()` here, the window kept every key of the
      // year (1M at a million orders) in a spilled tuple store before giving its first row, and the count of the
      // orders ran after it, on the same core, while nothing else could start.
      limites: sql`select fecha::text as fecha, id, hijo, k - 1 as antes, ${tamanio}::int as cantidad from (
            select m.fecha_ingreso as fecha, m.codigo_movimiento as id, ${sql.raw(hijo)} as hijo,
              row_number() over (order by ${sql.raw(clave)}) as k
            from ${sql.raw(kept.tabla)} m where ${donde}) x
          where (k - 1) % ${tamanio}::int = 0 order by k`,
      totales: sql`select (select count(*) from ${sql.raw(kept.tabla)} m where ${donde}) as total${
        f.tipo === 'op1' ? sql`, (select count(*) from movimiento m where ${donde}) as ordenes` : sql``
      }`,
      lote: (l: LimiteLote) => {
        // The row's N° (1-based position in the report) and its sheet row.
        const n = sql`(${l.antes}::bigint + ${posicion})`;
        const fila = sql`((${n} - 1) % ${filasPorHoja}::int + 2)::text`;
        const xml = kept.clave[2]
          ? sql`replace(replace(m.xml, E'\x02', ${n}::text), E'\x01', ${fila})`
          : sql`replace(m.xml, E'\x01', ${fila})`;
        const desde = kept.clave[2]
          ? sql`(m.fecha_ingreso, m.codigo_movimiento, ${sql.raw(kept.clave[2])}) >= (${l.fecha ?? ''}::timestamptz, ${l.id ?? 0}::int, ${l.hijo ?? 0}::int)`
          : sql`(m.fecha_ingreso, m.codigo_movimiento) >= (${l.fecha ?? ''}::timestamptz, ${l.id ?? 0}::int)`;
        return sql`select ${xml} from (select m.* from ${sql.raw(kept.tabla)} m where ${donde} and ${desde}
            order by ${sql.raw(clave)} limit ${l.cantidad}::int) m
          order by ${sql.raw(clave)}`;
      },
    };
  }
  const c = cuerpo(f.tipo);
  const porMovimiento = FILAS_POR_MOVIMIENTO[f.tipo];
  const orden = `m.fecha_ingreso, m.codigo_movimiento${c.hijo ? `, ${c.hijo}` : ''}`;
  return {
    limites: porMovimiento
      ? sql`select fecha::text as fecha, id, antes, ${tamanio}::int as cantidad from (
            select m.fecha_ingreso as fecha, m.codigo_movimiento as id, row_number() over w as k, sum(n.c) over w - n.c as antes
            from movimiento m cross join lateral (${sql.raw(porMovimiento)}) n(c) where ${donde}
            window w as (order by m.fecha_ingreso, m.codigo_movimiento)) x
          where (k - 1) % ${tamanio}::int = 0 order by fecha, id`
      : sql`select fecha::text as fecha, id, k - 1 as antes, ${tamanio}::int as cantidad, total from (
            select m.fecha_ingreso as fecha, m.codigo_movimiento as id, row_number() over (order by m.fecha_ingreso, m.codigo_movimiento) as k,
              count(*) over () as total
            from movimiento m where ${donde}) x
          where (k - 1) % ${tamanio}::int = 0 order by fecha, id`,
    lote: (l: LimiteLote) => {
      const desde = sql`from movimiento m where ${donde}
          and (m.fecha_ingreso, m.codigo_movimiento) >= (${l.fecha ?? ''}::timestamptz, ${l.id ?? 0}::int)
          order by m.fecha_ingreso, m.codigo_movimiento limit ${l.cantidad}::int`;
      const b = sql`b as materialized (select ${COLUMNAS_MOVIMIENTO} ${desde})`;
      const filas = sql`(select ${c.select}, ${numerar(orden, l.antes)} from b m ${c.desdeLote ?? c.desde})`;
      return f.tipo === 'op1' ? sql`with ${b}, ${DOC_POR_LOTE} ${salida(filas)}` : sql`with ${b} ${salida(filas)}`;
    },
  };
}
