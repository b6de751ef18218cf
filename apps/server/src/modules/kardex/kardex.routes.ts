import { PassThrough } from 'node:stream';
import { apiKardex } from '@cronos/contract';
import type { FastifyReply } from 'fastify';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import { SalidaCerrada } from '../../platform/xlsx';
import type { Modulo } from '../tipos';
import { prepararKardexSunat, prepararStockLotes } from './exportar';
import * as servicio from './kardex.service';
import { listarStock, tablero } from './stock.service';
import { cabecerasDescarga, TIPO_XLSX } from '../../platform/descarga';

const tags = ['Kardex'];
/** Screens that read the ledger and its filters. */
const LEEN = ['inventory/kardex', 'inventory/control', 'inventory/controlInventory'] as const;
const LEEN_STOCK = ['inventory/finishedProducts', 'inventory/otherProducts', 'inventory/control'] as const;

/** Sends a file written while it is read; an error half-way cuts the download (the client sees it fail). */
function enviarArchivo(
  reply: FastifyReply,
  log: { error: (o: object, m: string) => void },
  a: { nombre: string; escribir: (s: PassThrough) => Promise<void> },
) {
  const salida = new PassThrough();
  cabecerasDescarga(reply, { tipo: TIPO_XLSX, nombre: a.nombre });
  a.escribir(salida).catch((e) => {
    if (e instanceof SalidaCerrada) return; // the client went away: nothing to report
    log.error({ err: e }, 'error al generar el Excel del kardex');
    salida.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return reply.send(salida);
}

/** The kardex: the ledger of a product or lot, its filters, SUNAT exports, stock by lot. */
const kardex: Modulo = async (app) => {
  rutaApi(app, apiKardex.listar, { acceso: { modulo: LEEN, accion: 'listar' }, tags }, async (req) => {
    const r = await servicio.listar(req.ctx(), req.query);
    return okPaginado(r.filas, r.meta);
  });
  rutaApi(app, apiKardex.productos, { acceso: { modulo: LEEN, accion: 'listar' }, tags }, async (req) =>
    ok(
      await servicio.productos(
        req.ctx(),
        req.query.CodigoEmpresaUsuario,
        req.query.Descripcion,
        req.query.SoloConStock,
      ),
    ),
  );
  rutaApi(app, apiKardex.lotes, { acceso: { modulo: LEEN, accion: 'listar' }, tags }, async (req) =>
    ok(await servicio.lotes(req.ctx(), req.query.CodigoCatalogoUsuario)),
  );
  rutaApi(app, apiKardex.exportar, { acceso: { modulo: LEEN, accion: 'listar' }, tags }, async (req, reply) => {
    const ctx = req.ctx();
    return enviarArchivo(reply, ctx.log, await prepararKardexSunat(ctx, req.query));
  });
  rutaApi(app, apiKardex.stockLotes, { acceso: { modulo: LEEN_STOCK, accion: 'listar' }, tags }, async (req) => {
    const r = await listarStock(req.ctx(), req.query);
    return { ...okPaginado(r.filas, r.meta), totales: r.totales };
  });
  rutaApi(app, apiKardex.tablero, { acceso: { modulo: 'inventory/control', accion: 'listar' }, tags }, async (req) =>
    ok(await tablero(req.ctx(), req.query.CodigoEmpresaUsuario)),
  );
  rutaApi(
    app,
    apiKardex.exportarStockLotes,
    { acceso: { modulo: LEEN_STOCK, accion: 'listar' }, tags },
    async (req, reply) => {
      const ctx = req.ctx();
      return enviarArchivo(reply, ctx.log, await prepararStockLotes(ctx, req.query));
    },
  );
};
export default kardex;
