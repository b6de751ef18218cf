import { apiTransportista, MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './transportista.service';

/** Screens that read the carriers list: the trucks screens and the order form. */
const LEEN = ['administration/trucks', 'finances/trucks', 'operations/order/register'] as const;
const REGISTRAN = ['administration/trucks', 'operations/order/register'] as const;

const transportistaRutas: Modulo = async (app) => {
  const tags = ['Transportistas'];
  rutaApi(app, apiTransportista.listar, { acceso: { modulo: LEEN, accion: 'listar' }, tags }, async (req) => {
    const r = await servicio.listarTransportistas(req.ctx(), req.query);
    return okPaginado(r.filas, r.meta);
  });
  rutaApi(
    app,
    apiTransportista.guardarVigencia,
    { acceso: { modulo: REGISTRAN, accion: 'agregar' }, tags },
    async (req) => ok(await servicio.guardarVigencia(req.ctx(), req.body), M.conContrato),
  );
};
export default transportistaRutas;
