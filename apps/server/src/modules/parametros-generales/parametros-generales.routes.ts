import {
  cambioEstadoParametro,
  consultaPaginada,
  entero,
  MENSAJES_ADMINISTRACION,
  parametroFormulario,
  seccionFormulario,
} from '@cronos/contract';
import { z } from 'zod';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { leerFormulario } from './leer-formulario';
import * as servicio from './parametros-generales.service';
import { MODULO_PARAMETROS } from './parametros-generales.service';

const tags = ['Parámetros'];
const listar = { modulo: MODULO_PARAMETROS, accion: 'listar' } as const;

const leerParametro = (v: unknown) =>
  leerFormulario(parametroFormulario, v, MENSAJES_ADMINISTRACION.rellenarObligatorios);
const leerSeccion = (v: unknown) => leerFormulario(seccionFormulario, v, MENSAJES_ADMINISTRACION.rellenarObligatorios);
const cuerpoData = z.object({ data: z.unknown() });

/** Parámetros Generales: lookup groups and their sections (spec 02 §7 Parameters). */
const parametrosGenerales: Modulo = async (app) => {
  app.get(
    '/Parametro/ListarDatos',
    { config: { acceso: listar }, schema: { tags, querystring: consultaPaginada } },
    async (req) => {
      const { filas, meta } = await servicio.listar(req.ctx(), req.query);
      return okPaginado(filas, meta);
    },
  );

  app.get(
    '/Parametro/ConsultarBandejaParametroTabla',
    { config: { acceso: listar }, schema: { tags, querystring: z.object({ CodigoParametro: entero().positive() }) } },
    async (req) => ok(await servicio.bandeja(req.ctx(), req.query.CodigoParametro)),
  );

  app.post(
    '/Parametro/GuardarParametro',
    { config: { acceso: listar }, schema: { tags, body: cuerpoData } },
    async (req) =>
      ok(
        await servicio.guardarParametro(req.ctx(), leerParametro(req.body.data)),
        MENSAJES_ADMINISTRACION.parametroRegistrado,
      ),
  );

  app.post(
    '/Parametro/CambiarEstadoAnuladoParametro',
    {
      config: { acceso: { modulo: MODULO_PARAMETROS, accion: 'editar' } },
      schema: { tags, body: cambioEstadoParametro },
    },
    async (req) => {
      await servicio.cambiarEstadoParametro(req.ctx(), req.body.codigoParametro, req.body.estadoAnulado);
      return ok(true, MENSAJES_ADMINISTRACION.estadoActualizado);
    },
  );

  app.get(
    '/ParametroSeccion/ListarDatos',
    {
      config: { acceso: listar },
      schema: { tags, querystring: consultaPaginada.extend({ CodigoParametro: entero().positive() }) },
    },
    async (req) => {
      const { filas, meta } = await servicio.listarSecciones(req.ctx(), req.query.CodigoParametro, req.query);
      return okPaginado(filas, meta);
    },
  );

  app.post(
    '/ParametroSeccion/GuardarParametroSeccion',
    { config: { acceso: listar }, schema: { tags, body: cuerpoData } },
    async (req) =>
      ok(
        await servicio.guardarSeccion(req.ctx(), leerSeccion(req.body.data)),
        MENSAJES_ADMINISTRACION.seccionRegistrada,
      ),
  );
};
export default parametrosGenerales;
