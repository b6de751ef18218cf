/**
 * The kardex history of the year data set (scripts/generar-anio.ts): for every lot its entry at the lot's date
 * (the order's invoice line) and, for a lot partly taken, an exit of what was taken three days later.
 *
 * Production writes the ledger one entry at a time through the kardex trigger (migration kardex_saldos), which
 * locks the product's saldo_producto row and keeps the running balance and the weighted average value. Writing
 * ~800 000 entries that way takes minutes on PostgreSQL and far longer on the embedded database, so the data set
 * writes them in bulk with the trigger's own arithmetic, one month per transaction (in date order):
 * - `codigo_kardex` is given in written order (date, lot, entry before exit), after the last existing entry;
 * - the product balance is the month's opening balance (kept in saldo_producto) plus a running sum by window
 *   function, the lot balance is the lot's own (what it had after that entry);
 * - the value (weighted average cost: an entry adds quantity × the line's unit FOB, an exit takes quantity × the
 *   average before it, a balance of zero is worth zero) is a recurrence with the trigger's rounding, so it is
 *   computed by one ordered pass of a temporary PL/pgSQL function, not by floating-point window arithmetic;
 * - SUNAT table 12 type, table 10 document type and number as the trigger fills them;
 * - saldo_producto ends at each product's last row, as the trigger leaves it.
 * The insert trigger is disabled only inside each month's transaction (a failure re-enables it with the
 * rollback); the append-only trigger and every CHECK stay in force. `verificarHistoriaKardex` checks the rules
 * on the written ledger, and the server test `historia-kardex.test.ts` proves the rows equal the trigger's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

const filas = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The history's rows with `fecha` in [desde, hasta) (either end open when null), unordered. */
function filasHistoria(desde: string | null, hasta: string | null) {
  const rango = sql.join(
    [
      sql`true`,
      desde ? sql`x.fecha >= ${desde}::timestamptz` : undefined,
      hasta ? sql`x.fecha < ${hasta}::timestamptz` : undefined,
    ].filter((c) => c !== undefined),
    sql` and `,
  );
  return sql`select x.* from (
      select l.codigo_lote, l.codigo_empresa_almacen, l.codigo_catalogo_usuario, d.codigo_movimiento,
        dt.codigo_movimiento_detalle, 'E'::varchar as tipo, l.cantidad_ingresada as cantidad,
        l.cantidad_ingresada as saldo_lote, l.fecha_ingreso as fecha, dt.valor_fob as fob,
        d.codigo_tipo_documento as tipo_documento, coalesce(d.numero_documento, l.numero_documento) as numero_documento
      from lote l
      left join movimiento_documento d on d.codigo_movimiento_documento = l.codigo_movimiento_documento
      left join movimiento_detalle dt on dt.codigo_movimiento_documento = l.codigo_movimiento_documento
        and dt.codigo_catalogo_usuario = l.codigo_catalogo_usuario
      union all
      select l.codigo_lote, l.codigo_empresa_almacen, l.codigo_catalogo_usuario, null, null, 'S',
        l.cantidad_ingresada - l.cantidad_stock, l.cantidad_stock, l.fecha_ingreso + interval '3 days', null,
        null, l.numero_documento
      from lote l where l.cantidad_stock < l.cantidad_ingresada
    ) x where ${rango}`;
}

/** Month boundaries of the year: the first batch is open below, the last open above. */
function meses(anio: number) {
  return Array.from({ length: 12 }, (_, i) => ({
    desde: i === 0 ? null : new Date(Date.UTC(anio, i, 1)).toISOString(),
    hasta: i === 11 ? null : new Date(Date.UTC(anio, i + 1, 1)).toISOString(),
  }));
}

/**
 * The trigger's valuation, one ordered pass over the batch (gen_kardex): for each product it starts from the
 * kept saldo_producto and applies every row exactly as kardex_antes_de_insertar does (same numeric operations,
 * the value rounded to 5 decimals after each row as saldo_producto.valor stores it).
 */
const FUNCION_VALORES = sql.raw(`create or replace function pg_temp.gen_valores_kardex()
returns table (codigo_kardex bigint, costo_unitario numeric, costo_promedio numeric, saldo_valor numeric)
language plpgsql as $$
declare
  r record;
  actual integer := null;
  s_cantidad numeric;
  s_valor numeric;
  n_cantidad numeric;
  n_valor numeric;
  costo numeric;
begin
  for r in select g.codigo_kardex as k, g.codigo_catalogo_usuario as p, g.tipo as t, g.cantidad as q, g.fob as f
           from gen_kardex g order by g.codigo_catalogo_usuario, g.codigo_kardex loop
    if actual is distinct from r.p then
      actual := r.p;
      select s.cantidad, s.valor into s_cantidad, s_valor from saldo_producto s where s.codigo_catalogo_usuario = r.p;
      if not found then s_cantidad := 0; s_valor := 0; end if;
    end if;
    if r.t = 'E' then
      costo := coalesce(r.f, case when s_cantidad > 0 then s_valor / s_cantidad else 0 end);
      n_cantidad := s_cantidad + r.q;
      n_valor := s_valor + r.q * costo;
    else
      costo := case when s_cantidad > 0 then s_valor / s_cantidad else 0 end;
      n_cantidad := s_cantidad - r.q;
      n_valor := case when n_cantidad = 0 then 0 else s_valor - r.q * costo end;
    end if;
    codigo_kardex := r.k;
    costo_unitario := round(costo, 5);
    costo_promedio := round(case when n_cantidad > 0 then n_valor / n_cantidad else costo end, 5);
    saldo_valor := round(n_valor, 5);
    return next;
    s_cantidad := n_cantidad;
    s_valor := round(n_valor, 5);
  end loop;
end $$`);

/** One batch of the history in bulk (inside the caller's transaction). Returns the rows written. */
async function escribirTramo(tx: Db, desde: string | null, hasta: string | null) {
  await tx.execute(sql`alter table kardex disable trigger kardex_antes_de_insertar`);
  await tx.execute(sql`drop table if exists gen_kardex`);
  await tx.execute(sql`create temp table gen_kardex as
    with f as (${filasHistoria(desde, hasta)}),
    n as (
      select f.*, (select coalesce(max(k.codigo_kardex), 0) from kardex k)
        + row_number() over (order by f.fecha, f.codigo_lote, f.tipo) as codigo_kardex
      from f
    )
    select n.*, coalesce(s.cantidad, 0) + sum(case when n.tipo = 'E' then n.cantidad else -n.cantidad end)
        over (partition by n.codigo_catalogo_usuario order by n.codigo_kardex) as saldo_producto
    from n left join saldo_producto s on s.codigo_catalogo_usuario = n.codigo_catalogo_usuario`);
  await tx.execute(FUNCION_VALORES);
  await tx.execute(sql`insert into kardex (codigo_kardex, codigo_lote, codigo_empresa_almacen,
      codigo_catalogo_usuario, codigo_movimiento, codigo_movimiento_detalle, tipo, cantidad, saldo_lote, fecha,
      usuario_registro, saldo_producto, tipo_operacion, tipo_documento, numero_documento, costo_unitario,
      costo_promedio, saldo_valor)
    select g.codigo_kardex, g.codigo_lote, g.codigo_empresa_almacen, g.codigo_catalogo_usuario, g.codigo_movimiento,
      g.codigo_movimiento_detalle, g.tipo, g.cantidad, g.saldo_lote, g.fecha, 'generador', g.saldo_producto,
      case when g.tipo = 'E' and g.codigo_movimiento is null then '16' when g.tipo = 'E' then '02' else '01' end,
      g.tipo_documento, g.numero_documento, v.costo_unitario, v.costo_promedio, v.saldo_valor
    from gen_kardex g join pg_temp.gen_valores_kardex() v on v.codigo_kardex = g.codigo_kardex
    order by g.codigo_kardex`);
  await tx.execute(sql`insert into saldo_producto (codigo_catalogo_usuario, cantidad, valor)
    select distinct on (k.codigo_catalogo_usuario) k.codigo_catalogo_usuario, k.saldo_producto, k.saldo_valor
    from kardex k join (select distinct codigo_catalogo_usuario from gen_kardex) p on p.codigo_catalogo_usuario = k.codigo_catalogo_usuario
    order by k.codigo_catalogo_usuario, k.codigo_kardex desc
    on conflict (codigo_catalogo_usuario) do update set cantidad = excluded.cantidad, valor = excluded.valor,
      fecha_actualizacion = now()`);
  await tx.execute(sql`select setval(pg_get_serial_sequence('kardex', 'codigo_kardex'),
    greatest((select max(codigo_kardex) from kardex), 1))`);
  const [{ n } = { n: 0 }] = filas<{ n: number }>(await tx.execute(sql`select count(*)::int as n from gen_kardex`));
  await tx.execute(sql`drop table gen_kardex`);
  await tx.execute(sql`alter table kardex enable trigger kardex_antes_de_insertar`);
  return n;
}

/**
 * Writes the kardex history of the year's lots in bulk, one month per transaction in date order (see the
 * header). The ledger must not have entries of these lots yet. `informar` gets each month's rows and time.
 */
export async function escribirHistoriaKardex(db: Db, anio: number, informar?: (mes: number, filas: number) => void) {
  for (const [i, m] of meses(anio).entries()) {
    const n = await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      return escribirTramo(tx as unknown as Db, m.desde, m.hasta);
    });
    informar?.(i + 1, n);
  }
  await db.execute(sql`analyze kardex`);
  await db.execute(sql`analyze saldo_producto`);
}

/**
 * The same history written as production writes it: row by row through the kardex trigger, one transaction a
 * month (the reference the bulk writer is tested against; far slower on a year).
 */
export async function escribirHistoriaPorTrigger(db: Db, anio: number) {
  for (const m of meses(anio)) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into kardex (codigo_lote, codigo_empresa_almacen, codigo_catalogo_usuario,
          codigo_movimiento, codigo_movimiento_detalle, tipo, cantidad, saldo_lote, fecha, usuario_registro)
        select h.codigo_lote, h.codigo_empresa_almacen, h.codigo_catalogo_usuario, h.codigo_movimiento,
          h.codigo_movimiento_detalle, h.tipo, h.cantidad, h.saldo_lote, h.fecha, 'generador'
        from (${filasHistoria(m.desde, m.hasta)}) h order by h.fecha, h.codigo_lote, h.tipo`);
    });
  }
}

export interface VerificacionKardex {
  asientos: number;
  /** Rows whose product balance is not the previous row's ± its quantity (in written order). */
  saldoProductoMal: number;
  /** Rows whose lot balance is not the lot's previous row ± its quantity. */
  saldoLoteMal: number;
  /** Products whose kept saldo_producto is not their last row's balance. */
  saldoGuardadoMal: number;
  /** Products whose kept balance is not the sum of their lots' stock. */
  lotesMal: number;
  negativos: number;
}

/** The ledger's rules checked over the whole table (zero everywhere but `asientos` when it holds). */
export async function verificarHistoriaKardex(db: Db): Promise<VerificacionKardex> {
  const [v] = filas<VerificacionKardex>(
    await db.execute(sql`select
      (select count(*)::int from kardex) as asientos,
      (select count(*)::int from (
        select saldo_producto, coalesce(lag(saldo_producto) over w, 0)
          + case when tipo = 'E' then cantidad else -cantidad end as esperado
        from kardex window w as (partition by codigo_catalogo_usuario order by codigo_kardex)) x
        where saldo_producto <> esperado) as "saldoProductoMal",
      (select count(*)::int from (
        select saldo_lote, coalesce(lag(saldo_lote) over w, 0)
          + case when tipo = 'E' then cantidad else -cantidad end as esperado
        from kardex window w as (partition by codigo_lote order by codigo_kardex)) x
        where saldo_lote <> esperado) as "saldoLoteMal",
      (select count(*)::int from saldo_producto s
        left join lateral (select k.saldo_producto from kardex k where k.codigo_catalogo_usuario = s.codigo_catalogo_usuario
          order by k.codigo_kardex desc limit 1) u on true
        where s.cantidad <> coalesce(u.saldo_producto, 0)) as "saldoGuardadoMal",
      (select count(*)::int from (select codigo_catalogo_usuario, sum(cantidad_stock) as stock from lote group by 1) l
        full join saldo_producto s on s.codigo_catalogo_usuario = l.codigo_catalogo_usuario
        where coalesce(l.stock, 0) <> coalesce(s.cantidad, 0)) as "lotesMal",
      (select count(*)::int from kardex where saldo_producto < 0 or saldo_lote < 0) as negativos`),
  );
  if (!v) throw new Error('verificación');
  return v;
}
