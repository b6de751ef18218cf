import { apiTablero, MENSAJES_TABLERO } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './tablero.service';
import { enviarDescarga, TIPO_PDF } from '../../platform/descarga';

const tags = ['Tablero'];
/** Changing the alarms is a setting: whoever may edit the general parameters. */
const AJUSTES = { modulo: 'administration/parametters', accion: 'editar' } as const;

/** The live board of the zone: every signed-in user sees it; a company user only its own orders. */
const tablero: Modulo = async (app) => {
  rutaApi(app, apiTablero.resumen, { acceso: 'sesion', tags }, async (req) => ok(await servicio.resumen(req.ctx())));
  rutaApi(app, apiTablero.lista, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.lista(req.ctx(), req.query)),
  );
  rutaApi(app, apiTablero.lineaTiempo, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.lineaTiempo(req.ctx(), req.query.CodigoMovimiento)),
  );
  rutaApi(app, apiTablero.ticket, { acceso: 'sesion', tags }, async (req, reply) => {
    const { contenido, nombre } = await servicio.ticket(req.ctx(), req.query.CodigoMovimiento);
    return enviarDescarga(reply, { tipo: TIPO_PDF, nombre }, contenido);
  });
  rutaApi(app, apiTablero.umbrales, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.listarUmbrales(req.ctx())),
  );
  rutaApi(app, apiTablero.guardarUmbrales, { acceso: AJUSTES, tags }, async (req) => {
    await servicio.guardarUmbrales(req.ctx(), req.body.data);
    return ok(null, MENSAJES_TABLERO.umbralesGuardados);
  });
};
export default tablero;
