import {
  cambioEstadoTrabajador,
  consultaPaginada,
  entero,
  MENSAJES_ADMINISTRACION,
  trabajadorFormulario,
} from '@cronos/contract';
import { z } from 'zod';
import { ok, okPaginado } from '../../platform/respuesta';
import { leerFormulario } from '../parametros-generales/leer-formulario';
import type { Modulo } from '../tipos';
import * as servicio from './trabajador.service';
import { MODULO_TRABAJADORES } from './trabajador.service';

const tags = ['Trabajadores'];
const listar = { modulo: MODULO_TRABAJADORES, accion: 'listar' } as const;

/** Lista de Trabajadores (spec 02 §7 Workers). The bulk upload is CatalogoUsuario/RegistrarCatalogoMasivo. */
const trabajador: Modulo = async (app) => {
  app.get(
    '/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa',
    { config: { acceso: listar }, schema: { tags, querystring: consultaPaginada } },
    async (req) => {
      const { filas, meta } = await servicio.listar(req.ctx(), req.query);
      return okPaginado(filas, meta);
    },
  );

  app.get(
    '/ControlColaboradorEmpresa/record/:id',
    { config: { acceso: listar }, schema: { tags, params: z.object({ id: entero().positive() }) } },
    async (req) => ok(await servicio.consultar(req.ctx(), req.params.id)),
  );

  app.post(
    '/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa',
    { config: { acceso: listar }, schema: { tags, body: z.object({ data: z.unknown() }) } },
    async (req) => {
      const datos = leerFormulario(trabajadorFormulario, req.body.data, MENSAJES_ADMINISTRACION.rellenarObligatorios);
      return ok(await servicio.guardar(req.ctx(), datos), MENSAJES_ADMINISTRACION.trabajadorRegistrado);
    },
  );

  app.post(
    '/ControlColaboradorEmpresa/CambiarEstadoAnulado',
    {
      config: { acceso: { modulo: MODULO_TRABAJADORES, accion: 'editar' } },
      schema: { tags, body: cambioEstadoTrabajador },
    },
    async (req) => {
      await servicio.cambiarEstado(req.ctx(), req.body.codigoControlColaboradorEmpresa, req.body.estado);
      return ok(true, MENSAJES_ADMINISTRACION.estadoActualizado);
    },
  );
};
export default trabajador;
