import { cambioEstadoObservado, consultaOrdenesVerificacion, entero, porMovimiento } from '@cronos/contract';
import { z } from 'zod';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './revision.service';

const tags = ['Revisión de órdenes'];
const REVISION = ['operator/list', 'operator/check'];

/** Order review (spec 03 §2.6, §7.4) and the observed-orders inbox (operator/check). */
const revision: Modulo = async (app) => {
  app.get(
    '/Movimiento/ListarDatosOrdenesVerificacion',
    {
      config: { acceso: { modulo: REVISION, accion: 'listar' } },
      schema: { tags, querystring: consultaOrdenesVerificacion },
    },
    async (req) => {
      const r = await servicio.listar(req.ctx(), req.query);
      return okPaginado(r.filas, r.meta);
    },
  );

  // Ours: the review dialog's order detail (spec 03 §3.3) for screens that may not open the order editor.
  app.get(
    '/Movimiento/ConsultarOrdenVerificacion',
    { config: { acceso: { modulo: REVISION, accion: 'listar' } }, schema: { tags, querystring: porMovimiento } },
    async (req) => ok(await servicio.detalle(req.ctx(), req.query.CodigoMovimiento)),
  );

  app.post(
    '/Movimiento/CambiarEstadoObservado',
    {
      config: { acceso: { modulo: REVISION, accion: 'editar' } },
      schema: { tags, body: z.object({ data: cambioEstadoObservado }) },
    },
    async (req) => {
      const r = await servicio.cambiarEstado(req.ctx(), req.body.data);
      return ok(null, r.mensaje);
    },
  );

  // Ours: the observed-orders inbox lifts an observation (DOMAIN.md §4); the spec names the inbox, not its call.
  app.post(
    '/Movimiento/LevantarObservacion',
    {
      config: { acceso: { modulo: 'operator/check', accion: 'editar' } },
      schema: {
        tags,
        body: z.object({
          data: z.object({
            codigoMovimiento: entero().positive(),
            observacion: z.string().max(20_000).optional().nullable(),
          }),
        }),
      },
    },
    async (req) => {
      const d = req.body.data;
      const r = await servicio.cambiarEstado(req.ctx(), { ...d, estadoObservado: 1 }, true);
      return ok(null, r.mensaje);
    },
  );
};
export default revision;
