import { consultaPaginada, MENSAJES_MOVIMIENTO as M, transportistaVigenciaFormulario } from '@cronos/contract';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './transportista.service';

/** Screens that read the carriers list: the trucks screens and the order form. */
const LEEN = ['administration/trucks', 'finances/trucks', 'operations/order/register'] as const;
const REGISTRAN = ['administration/trucks', 'operations/order/register'] as const;

const transportistaRutas: Modulo = async (app) => {
  const tags = ['Transportistas'];
  app.get(
    '/TransportistaUsuario/ListarDatos',
    { config: { acceso: { modulo: LEEN, accion: 'listar' } }, schema: { tags, querystring: consultaPaginada } },
    async (req) => {
      const r = await servicio.listarTransportistas(req.ctx(), req.query);
      return okPaginado(r.filas, r.meta);
    },
  );
  app.post(
    '/TransportistaUsuario/GuardarTransportistaVigencia',
    {
      config: { acceso: { modulo: REGISTRAN, accion: 'agregar' } },
      schema: { tags, body: transportistaVigenciaFormulario },
    },
    async (req) => ok(await servicio.guardarVigencia(req.ctx(), req.body), M.conContrato),
  );
};
export default transportistaRutas;
