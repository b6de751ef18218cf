import { apiSoporte, MENSAJES_SOPORTE as M } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './soporte.service';

const tags = ['Soporte'];

/** The support page: every signed-in user reaches it; the report list is for roles 1 and 2. */
const soporte: Modulo = async (app, { base, config }) => {
  rutaApi(app, apiSoporte.informacion, { acceso: 'sesion', tags }, async () => ok(servicio.informacion(base)));
  rutaApi(app, apiSoporte.estado, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.estado(req.ctx(), base, config)),
  );
  rutaApi(app, apiSoporte.reportar, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.reportar(req.ctx(), req.body.data), M.reporteEnviado),
  );
  rutaApi(app, apiSoporte.listarReportes, { acceso: 'sesion', tags }, async (req) => {
    const r = await servicio.listarReportes(req.ctx(), req.query);
    return okPaginado(r.filas, r.meta);
  });
};
export default soporte;
