import { type ConsultaPaginada, type ConsultaStockLotes, PARAMETRO_INVENTARIO } from '@cronos/contract';
import { parametroInventario } from '../conteo/conteo.repository';
import type { Ctx } from '../../platform/contexto';
import { condicionBusqueda } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { empresaParaListar } from '../../platform/tenencia';
import * as repo from './kardex.repository';
import { aNumero, Decimal, multiplicar } from '../../platform/dinero';

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const LIMITE_PERMANENCIA_DEFECTO = 180;

/** The filter of a stock-by-lot list: tenancy first (a company user reads its own), then type and search. */
export function filtroStock(ctx: Ctx, q: Omit<ConsultaStockLotes, 'PageNumber' | 'limit'>): repo.FiltroStockLotes {
  const busqueda = condicionBusqueda(
    {
      PageNumber: 1,
      limit: 10,
      CodigoEmpresaUsuario: q.CodigoEmpresaUsuario,
      Columna: q.Columna,
      Valor: q.Valor,
    } satisfies ConsultaPaginada,
    repo.COLUMNAS_STOCK,
  );
  return {
    empresa: empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario),
    tipo: q.Tipo,
    diasMinimo: q.DiasMinimo,
    diasMaximo: q.DiasMaximo,
    soloReservados: q.SoloReservados,
    soloConStock: q.SoloConStock,
    busqueda,
    ahora: ctx.ahora(),
  };
}

export function mapearStock(b: repo.FilaStockBd) {
  const cantidadStock = num(b.cantidadStock);
  const cantidadReservada = num(b.cantidadReservada);
  const fobUnitario = num(b.fobUnitario);
  return {
    ...b,
    fechaIngreso: iso(b.fechaIngreso instanceof Date ? b.fechaIngreso : new Date(b.fechaIngreso)),
    diasEnZona: Number(b.diasEnZona),
    cantidadStock,
    cantidadReservada,
    cantidadDisponible: aNumero(new Decimal(cantidadStock).minus(cantidadReservada), 5),
    fobUnitario,
    fobTotal: aNumero(multiplicar(cantidadStock, fobUnitario), 5),
  };
}

/** finishedProducts / otherProducts: one page of lots with the filter's totals. */
export async function listarStock(ctx: Ctx, q: ConsultaStockLotes) {
  const { filas, totales } = await repo.paginaStockLotes(
    ctx.db,
    filtroStock(ctx, q),
    q.limit,
    (q.PageNumber - 1) * q.limit,
    q,
  );
  const stock = num(totales?.stock);
  const reservada = num(totales?.reservada);
  return {
    filas: filas.map(mapearStock),
    meta: { total: totales?.lotes ?? 0, current_page: q.PageNumber, per_page: q.limit },
    totales: {
      lotes: totales?.lotes ?? 0,
      cantidadStock: stock,
      cantidadReservada: reservada,
      cantidadDisponible: aNumero(new Decimal(stock).minus(reservada), 5),
      fobTotal: aNumero(totales?.fob ?? 0, 5),
    },
  };
}

/** inventory/control: the operator's stock dashboard (a company user sees its own company). */
export async function tablero(ctx: Ctx, codigoEmpresaUsuario: number) {
  const empresa = empresaParaListar(ctx.actor, codigoEmpresaUsuario);
  const limite =
    (await parametroInventario(ctx.db, PARAMETRO_INVENTARIO.limitePermanenciaDias)) ?? LIMITE_PERMANENCIA_DEFECTO;
  const aviso = Math.max(1, Math.round(limite / 6));
  const [grupos, productos] = await Promise.all([
    repo.agruparStock(ctx.db, empresa, ctx.ahora(), limite, aviso),
    repo.productosReservadosYSinStock(ctx.db, empresa),
  ]);
  const cifras = (g: { lotes: number; cantidad: string; fob: string }) => ({
    lotes: Number(g.lotes),
    cantidadStock: num(g.cantidad),
    fobTotal: aNumero(g.fob, 5),
  });
  const de = (grupo: string) => grupos.filter((g) => g.grupo === grupo);
  const vacio = { lotes: 0, cantidadStock: 0, fobTotal: 0 };
  const RANGOS = [
    { clave: '0', rango: '0–30 días', diasMinimo: 0, diasMaximo: 30 },
    { clave: '31', rango: '31–90 días', diasMinimo: 31, diasMaximo: 90 },
    { clave: '91', rango: '91–180 días', diasMinimo: 91, diasMaximo: 180 },
    { clave: '181', rango: 'Más de 180 días', diasMinimo: 181, diasMaximo: null },
  ];
  const total = de('total')[0];
  const cerca = de('limite')[0];
  const reserva = de('reserva')[0];
  return {
    limitePermanenciaDias: limite,
    avisoDias: aviso,
    total: total ? cifras(total) : vacio,
    porEmpresa: de('empresa')
      .map((g) => ({ ...cifras(g), codigoEmpresaUsuario: Number(g.clave), razonSocial: g.nombre ?? '' }))
      .sort((a, b) => b.fobTotal - a.fobTotal),
    porPartida: de('partida')
      .map((g) => ({ ...cifras(g), numeroPartida: g.clave }))
      .sort((a, b) => b.fobTotal - a.fobTotal)
      .slice(0, 15),
    porAntiguedad: RANGOS.map((r) => {
      const g = de('edad').find((x) => x.clave === r.clave);
      return { rango: r.rango, diasMinimo: r.diasMinimo, diasMaximo: r.diasMaximo, ...(g ? cifras(g) : vacio) };
    }),
    cercaLimite: cerca ? cifras(cerca) : vacio,
    lotesConReserva: reserva ? Number(reserva.lotes) : 0,
    productosConReserva: productos?.reservados ?? 0,
    productosSinStock: productos?.sinStock ?? 0,
  };
}
