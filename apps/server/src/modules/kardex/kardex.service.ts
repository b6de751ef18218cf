import { type ConsultaKardex, finDiaLima, inicioDiaLima, TIPOS_OPERACION_SUNAT } from '@cronos/contract';
import type { Ctx } from '../../platform/contexto';
import { noEncontrado } from '../../platform/errores';
import { iso } from '../../platform/respuesta';
import { empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import * as repo from './kardex.repository';
import { aNumero, multiplicar } from '../../platform/dinero';

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const fecha = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * The product a kardex request reads: it must exist and belong to a company the actor may read (and to the
 * requested company when an operator names one); otherwise it does not exist for the actor (404).
 */
export async function exigirProducto(ctx: Ctx, codigoCatalogoUsuario: number, solicitada?: number) {
  const empresa = await repo.empresaDeProducto(ctx.db, codigoCatalogoUsuario);
  if (empresa === undefined) throw noEncontrado();
  exigirEmpresa(ctx.actor, empresa);
  const pedida = empresaParaListar(ctx.actor, solicitada);
  if (pedida !== null && pedida !== empresa) throw noEncontrado();
  return empresa;
}

/** An entry's quantities and values: in/out split, unit cost and the value of each side. */
export function montosKardex(f: Pick<repo.FilaKardexBd, 'tipo' | 'cantidad' | 'costoUnitario'>) {
  const cantidad = num(f.cantidad);
  const entrada = f.tipo === 'E' ? cantidad : 0;
  const salida = f.tipo === 'S' ? cantidad : 0;
  const costoUnitario = num(f.costoUnitario);
  return {
    entrada,
    salida,
    costoUnitario,
    valorEntrada: aNumero(multiplicar(entrada, costoUnitario), 5),
    valorSalida: aNumero(multiplicar(salida, costoUnitario), 5),
  };
}

/** A ledger row as the contract declares it: in/out split, and the balance of the product or of the lot. */
export function mapearFila(f: repo.FilaKardexBd, porLote: boolean) {
  const { entrada, salida, costoUnitario, valorEntrada, valorSalida } = montosKardex(f);
  const tipoOperacion = f.tipoOperacion ?? '99';
  return {
    codigoKardex: Number(f.codigoKardex),
    fecha: iso(fecha(f.fecha)),
    codigoMovimiento: f.codigoMovimiento,
    codigoIngreso: f.codigoIngreso,
    codigoLote: f.codigoLote,
    documentoLote: f.documentoLote,
    tipoDocumento: f.tipoDocumento,
    descripcionTipoDocumento: f.descripcionTipoDocumento,
    numeroDocumento: f.numeroDocumento,
    tipoOperacion,
    descripcionTipoOperacion: TIPOS_OPERACION_SUNAT[tipoOperacion] ?? 'Otros',
    entrada,
    salida,
    saldo: num(porLote ? f.saldoLote : f.saldoProducto),
    costoUnitario,
    costoPromedio: num(f.costoPromedio),
    valorEntrada,
    valorSalida,
    saldoValor: num(f.saldoValor),
    codigoConteo: f.codigoConteo,
    usuarioRegistro: f.usuarioRegistro,
  };
}

/** ListarKardex: one page of a product's (or one lot's) ledger with the balances kept when written. */
export async function listar(ctx: Ctx, q: ConsultaKardex) {
  await exigirProducto(ctx, q.CodigoCatalogoUsuario, q.CodigoEmpresaUsuario);
  if (q.CodigoLote !== undefined) {
    const producto = await repo.productoDeLote(ctx.db, q.CodigoLote);
    if (producto !== q.CodigoCatalogoUsuario) throw noEncontrado();
  }
  const { filas, total } = await repo.paginaKardex(ctx.db, {
    codigoCatalogoUsuario: q.CodigoCatalogoUsuario,
    codigoLote: q.CodigoLote,
    desde: q.DesdeFecha ? inicioDiaLima(q.DesdeFecha) : undefined,
    hasta: q.HastaFecha ? finDiaLima(q.HastaFecha) : undefined,
    orden: q.Orden,
    limite: q.limit,
    desplazamiento: (q.PageNumber - 1) * q.limit,
  });
  return {
    filas: filas.map((f) => mapearFila(f, q.CodigoLote !== undefined)),
    meta: { total, current_page: q.PageNumber, per_page: q.limit },
  };
}

/** The kardex's product filter: a company's products (the actor's own unless operator staff). */
export async function productos(ctx: Ctx, codigoEmpresaUsuario: number, descripcion?: string, soloConStock = false) {
  const empresa = empresaParaListar(ctx.actor, codigoEmpresaUsuario) ?? ctx.actor.codigoEmpresaUsuario;
  const filas = await repo.productosDeEmpresa(ctx.db, empresa, descripcion?.trim() || undefined, soloConStock);
  return filas.map((f) => ({ ...f, saldo: num(f.saldo) }));
}

/** The kardex's lot filter: every lot of a product the actor may read. */
export async function lotes(ctx: Ctx, codigoCatalogoUsuario: number) {
  await exigirProducto(ctx, codigoCatalogoUsuario);
  const filas = await repo.lotesDeProducto(ctx.db, codigoCatalogoUsuario);
  return filas.map((f) => ({
    ...f,
    fechaIngreso: iso(f.fechaIngreso),
    cantidadStock: num(f.cantidadStock),
    cantidadReservada: num(f.cantidadReservada),
  }));
}
