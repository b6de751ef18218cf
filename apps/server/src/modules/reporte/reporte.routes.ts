import { apiReporte, fechaHoraLima, type filtroReporteArchivo, REPORTES } from '@cronos/contract';
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../../platform/contexto';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { crearLibro } from './excel';
import type { ParametroLibro } from './excel-partes';
import { escribirPdf } from './pdf';
import {
  filasCompletas,
  filasMantenidasPorLotes,
  textosDeLineasMantenidas,
} from './filas-mantenidas-exporte.repository';
import { conConexionesExporte } from './xlsx-copia.repository';
import { SalidaCerrada } from '../../platform/xlsx';
import { tieneFilasMantenidas } from './xlsx-sql.repository';
import { escribirDesdeBd } from './xlsx-lotes.repository';
import {
  consultar,
  describirFiltro,
  lineaFiltro,
  MAXIMO_VISTA_PREVIA,
  recorrer,
  resolverFiltro,
  total,
} from './reporte.service';
import { cabecerasDescarga, TIPO_PDF, TIPO_XLSX } from '../../platform/descarga';

const MODULO = 'reports/MovementMerchandise';
/** Connections (and so batches at once) of an export on a PostgreSQL server: one per core of a small server. */
const CONEXIONES_EXPORTE = 2;
const acceso = { modulo: MODULO, accion: 'listar' } as const;
const tags = ['Reportes'];

/** Movements report (spec 03 §2.8, §7.5): the four query calls, the Excel download and the PDF preview. */
const reporte: Modulo = async (app, { base }) => {
  rutaApi(app, apiReporte.ingresoSalida, { acceso, tags }, async (req) =>
    ok(await consultar(req.ctx(), 'op1', req.query)),
  );
  rutaApi(app, apiReporte.mincetur, { acceso, tags }, async (req) => ok(await consultar(req.ctx(), 'op2', req.query)));
  // op3 (declarations), op4 (free zone) and op5 (transfer requests) share the spec's declaration path.
  rutaApi(app, apiReporte.declaraciones, { acceso, tags }, async (req) => {
    const tipo = req.query.TipoReporte === 'op4' || req.query.TipoReporte === 'op5' ? req.query.TipoReporte : 'op3';
    return ok(await consultar(req.ctx(), tipo, req.query));
  });
  rutaApi(app, apiReporte.stock, { acceso, tags }, async (req) => ok(await consultar(req.ctx(), 'op6', req.query)));

  const preparar = (
    ctx: Ctx,
    q: z.infer<typeof filtroReporteArchivo>,
    reply: FastifyReply,
    extension: string,
    tipo: string,
    enLinea = false,
  ) => {
    const f = resolverFiltro(ctx.actor, q.TipoReporte, q);
    const def = REPORTES[q.TipoReporte];
    cabecerasDescarga(reply, { tipo, nombre: `${def.archivo}.${extension}`, enLinea });
    return { f, def };
  };

  // The file routes stream their bytes as they are produced: the rows never go through the serializer.
  // On a PostgreSQL server the database renders every report's sheet rows (xlsx-sql.repository.ts), two batches
  // at once on two connections of one snapshot, and they come as bytes through COPY (xlsx-copia.repository.ts). The
  // embedded database runs inside this process, one statement at a time, and renders text slower than the writer
  // does: there the rows go through the writer (measured on a year of op1: 62 s against 27 s), except op1's to op4's,
  // which are kept rendered (filas-mantenidas.repository.ts) and read in keyset batches.
  rutaApi(app, apiReporte.descargarExcel, { acceso, tags }, async (req, reply) => {
    const ctx = req.ctx();
    const { f, def } = preparar(ctx, req.query, reply, 'xlsx', TIPO_XLSX);
    const d = await describirFiltro(ctx, f, req.query);
    const parametros: ParametroLibro[] = [
      ['Reporte', def.nombre],
      ['Empresa usuaria', d.empresa],
    ];
    if (def.filtroTipoMovimiento) parametros.push(['Tipo de movimiento', d.tipoOperacion ?? 'Todos']);
    if (def.filtroEstado) parametros.push(['Estado', d.estado ?? 'Todos']);
    parametros.push(
      ['Desde', d.desde ?? 'Sin límite'],
      ['Hasta', d.hasta ?? 'Sin límite'],
      ['Generado el', fechaHoraLima(ctx.ahora())],
      ['Generado por', ctx.actor.nombreUsuario],
    );
    const libro = crearLibro('Reporte', def.columnas, { parametros });
    (async () => {
      if (base.tipo === 'postgres' && base.pool) {
        await conConexionesExporte(
          base.pool,
          CONEXIONES_EXPORTE,
          (conexiones) => escribirDesdeBd(conexiones, f, libro),
          base.observar,
        );
      } else if (tieneFilasMantenidas(f.tipo) && (await filasCompletas(ctx.db, f.tipo))) {
        for await (const filas of filasMantenidasPorLotes(ctx.db, f, libro.filasPorHoja)) {
          if (libro.cancelado) return;
          await libro.agregarFilasXml(filas);
        }
        const textos = await textosDeLineasMantenidas(ctx.db, f);
        if (textos) libro.compartir(textos);
      } else {
        for await (const lote of recorrer(ctx.db, f)) {
          if (libro.cancelado) return;
          await libro.agregarLote(lote);
        }
      }
      if (libro.cancelado) return;
      await libro.cerrar();
    })().catch((e) => {
      // The client leaving mid-download stops the export (its connections are given back): not a server error.
      if (e instanceof SalidaCerrada) return;
      ctx.log.error({ err: e }, 'error al generar el Excel del reporte');
      libro.salida.destroy(e instanceof Error ? e : new Error(String(e)));
    });
    return reply.send(libro.salida);
  });

  rutaApi(app, apiReporte.vistaPreliminar, { acceso, tags }, async (req, reply) => {
    const ctx = req.ctx();
    const { f, def } = preparar(ctx, req.query, reply, 'pdf', TIPO_PDF, true);
    const n = await total(ctx.db, f);
    const filtro = lineaFiltro(await describirFiltro(ctx, f, req.query), n);
    const salida = new PassThrough();
    escribirPdf(salida, def.columnas, recorrer(ctx.db, f, MAXIMO_VISTA_PREVIA), {
      titulo: def.nombre,
      filtro,
      generado: `Generado el ${fechaHoraLima(ctx.ahora())} por ${ctx.actor.nombreUsuario}`,
      total: n,
    }).catch((e) => {
      ctx.log.error({ err: e }, 'error al generar la vista preliminar');
      salida.destroy(e instanceof Error ? e : new Error(String(e)));
    });
    return reply.send(salida);
  });
};
export default reporte;
