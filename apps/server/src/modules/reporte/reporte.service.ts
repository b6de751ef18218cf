import {
  DIAS_RANGO_MAXIMO,
  diasEntre,
  EMPRESA_OPERADOR,
  FILAS_VISTA_PREVIA,
  type FiltroReporte,
  type FilaReporte,
  MENSAJES_REPORTE,
  PARAMETRO,
  REPORTES,
  type RespuestaReporte,
  TIPOS_REPORTE_EMPRESA,
  type TipoReporte,
} from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import type { Actor, Ctx } from '../../platform/contexto';
import { AppError, errorCampos, noEncontrado } from '../../platform/errores';
import {
  type FilaBd,
  type FiltroSql,
  lotesMovimientos,
  nombreParametro,
  paginaMovimientos,
  razonSocialEmpresa,
} from './reporte.repository';
import { lotesStock, paginaStock } from './stock.repository';
import { filaReporte } from './filas';
import { metaAcotada } from '../../platform/paginacion';

export const esOperador = (actor: Actor) => actor.codigoEmpresaUsuario === EMPRESA_OPERADOR;

/** Lima midnight of a yyyy-MM-dd day, plus `dias`. */
const inicioDiaLima = (dia: string, dias = 0) => new Date(Date.parse(`${dia}T05:00:00Z`) + dias * 86_400_000);

/**
 * The filter the server runs, whatever the screen sent (spec 03 §5.7, §6; DOMAIN.md §6):
 * - the operator company (company 1) may pick any company (none, -1 or 1 = the whole zone) and all six types;
 *   a user company gets op1 and op3 only, on its own data (another company's id is a 404);
 * - an end date before the start date becomes the start date;
 * - with both dates and the whole zone selected, the range must not exceed 365 days.
 */
export function resolverFiltro(actor: Actor, tipo: TipoReporte, q: FiltroReporte): FiltroSql {
  let empresa: number | null;
  if (esOperador(actor)) {
    const pedida = q.CodigoEmpresaUsuario;
    empresa = pedida <= 0 || pedida === EMPRESA_OPERADOR ? null : pedida;
  } else {
    if (!TIPOS_REPORTE_EMPRESA.includes(tipo)) throw new AppError(403, MENSAJES_REPORTE.tipoNoPermitido);
    if (q.CodigoEmpresaUsuario > 0 && q.CodigoEmpresaUsuario !== actor.codigoEmpresaUsuario) throw noEncontrado();
    empresa = actor.codigoEmpresaUsuario;
  }
  const desde = q.DesdeFecha ?? null;
  let hasta = q.HastaFecha ?? null;
  if (desde && hasta && hasta < desde) hasta = desde;
  if (desde && hasta && empresa === null && diasEntre(desde, hasta) > DIAS_RANGO_MAXIMO) {
    throw errorCampos({ HastaFecha: [MENSAJES_REPORTE.rangoFechas] }, MENSAJES_REPORTE.rangoFechas);
  }
  const def = REPORTES[tipo];
  return {
    tipo,
    empresa,
    tipoOperacion: def.filtroTipoMovimiento && q.CodigoTipoOperacion > 0 ? q.CodigoTipoOperacion : null,
    estado: def.filtroEstado && q.CodigoEstadoMovimiento > 0 ? q.CodigoEstadoMovimiento : null,
    desde: desde ? inicioDiaLima(desde) : null,
    hasta: hasta ? inicioDiaLima(hasta, 1) : null,
  };
}

/** One page of a report for the screen: { data: rows, meta } (spec 03 §7.5 "data.data rows"). */
export async function consultar(ctx: Ctx, tipo: TipoReporte, q: FiltroReporte): Promise<RespuestaReporte> {
  const f = resolverFiltro(ctx.actor, tipo, q);
  const desplazamiento = (q.PageNumber - 1) * q.limit;
  const r =
    tipo === 'op6'
      ? await paginaStock(ctx.db, f, q.limit, desplazamiento)
      : await paginaMovimientos(ctx.db, f, q.limit, desplazamiento);
  return {
    data: r.filas.map((fila, i) => filaReporte(tipo, fila, desplazamiento + i + 1)),
    meta: metaAcotada(q, r.total),
  };
}

/** Reads the next batch while the caller works on the current one (database and writer run side by side). */
async function* adelantado<T>(g: AsyncGenerator<T>): AsyncGenerator<T> {
  let siguiente = g.next();
  try {
    for (;;) {
      const r = await siguiente;
      if (r.done) return;
      siguiente = g.next();
      yield r.value;
    }
  } finally {
    await siguiente.catch(() => undefined);
    await g.return(undefined);
  }
}

/**
 * Every row of a report, in batches, numbered from 1 (the export's source): keyset batches (bounded statements,
 * other requests run between them on the embedded database's single connection), one batch read ahead.
 */
export async function* recorrer(db: DbOTx, f: FiltroSql, maximo = Number.POSITIVE_INFINITY) {
  const lotes = adelantado<FilaBd[]>(f.tipo === 'op6' ? lotesStock(db, f) : lotesMovimientos(db, f));
  let n = 0;
  for await (const lote of lotes) {
    const filas: FilaReporte[] = [];
    for (const fila of lote) {
      if (n >= maximo) break;
      n += 1;
      filas.push(filaReporte(f.tipo, fila, n));
    }
    if (filas.length) yield filas;
    if (n >= maximo) return;
  }
}

export async function total(db: DbOTx, f: FiltroSql) {
  const r = f.tipo === 'op6' ? await paginaStock(db, f, 1, 0) : await paginaMovimientos(db, f, 1, 0);
  return r.total;
}

export const MAXIMO_VISTA_PREVIA = FILAS_VISTA_PREVIA;

/** What a report was run with, as the Excel's parameters sheet and the preview's filter line show it. */
export interface FiltroDescrito {
  empresa: string;
  tipoOperacion: string | null;
  estado: string | null;
  /** dd/MM/yyyy, or null when the report has no such limit. */
  desde: string | null;
  hasta: string | null;
}

/**
 * The filter in words: the company (or the whole zone), the movement type and status the rows were filtered by,
 * and the dates the rows cover (an end before the start reads as the start, as it was run).
 */
export async function describirFiltro(ctx: Ctx, f: FiltroSql, q: FiltroReporte): Promise<FiltroDescrito> {
  const empresa =
    f.empresa === null ? 'Toda la zona' : ((await razonSocialEmpresa(ctx.db, f.empresa)) ?? `Empresa ${f.empresa}`);
  const nombre = async (grupo: number, codigo: number | null) =>
    codigo === null ? null : ((await nombreParametro(ctx.db, grupo, codigo)) ?? String(codigo));
  const dia = (v?: string) => (v ? `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)}` : null);
  const hasta = q.DesdeFecha && q.HastaFecha && q.HastaFecha < q.DesdeFecha ? q.DesdeFecha : q.HastaFecha;
  return {
    empresa,
    tipoOperacion: await nombre(PARAMETRO.tipoOperacion, f.tipoOperacion),
    estado: await nombre(PARAMETRO.estadoMovimiento, f.tipo === 'op1' ? f.estado : null),
    desde: dia(q.DesdeFecha),
    hasta: dia(hasta),
  };
}

/**
 * The preview's filter line, with the row count: a printed preview of only the entries must not read as the whole
 * movement.
 */
export function lineaFiltro(d: FiltroDescrito, filas: number) {
  const partes = [
    d.empresa,
    d.tipoOperacion ? `tipo de movimiento ${d.tipoOperacion}` : null,
    d.estado ? `estado ${d.estado}` : null,
    d.desde ? `desde ${d.desde}` : null,
    d.hasta ? `hasta ${d.hasta}` : null,
  ];
  return `Filtro: ${partes.filter(Boolean).join(', ')}. Filas: ${filas}.`;
}
