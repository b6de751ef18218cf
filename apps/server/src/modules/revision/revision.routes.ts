import { apiRevision } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './revision.service';

const tags = ['Revisión de órdenes'];
const REVISION = ['operator/list', 'operator/check'];

/** Order review (spec 03 §2.6, §7.4) and the observed-orders inbox (operator/check). */
const revision: Modulo = async (app) => {
  rutaApi(app, apiRevision.listar, { acceso: { modulo: REVISION, accion: 'listar' }, tags }, async (req) => {
    const r = await servicio.listar(req.ctx(), req.query);
    return okPaginado(r.filas, r.meta);
  });

  // Ours: the review dialog's order detail (spec 03 §3.3) for screens that may not open the order editor.
  rutaApi(app, apiRevision.detalle, { acceso: { modulo: REVISION, accion: 'listar' }, tags }, async (req) =>
    ok(await servicio.detalle(req.ctx(), req.query.CodigoMovimiento)),
  );

  rutaApi(
    app,
    apiRevision.cambiarEstadoObservado,
    { acceso: { modulo: REVISION, accion: 'editar' }, tags },
    async (req) => ok(null, (await servicio.cambiarEstado(req.ctx(), req.body.data)).mensaje),
  );

  // Ours: the observed-orders inbox lifts an observation (DOMAIN.md §4); the spec names the inbox, not its call.
  rutaApi(
    app,
    apiRevision.levantarObservacion,
    { acceso: { modulo: 'operator/check', accion: 'editar' }, tags },
    async (req) => {
      const r = await servicio.cambiarEstado(req.ctx(), { ...req.body.data, estadoObservado: 1 }, true);
      return ok(null, r.mensaje);
    },
  );
};
export default revision;
