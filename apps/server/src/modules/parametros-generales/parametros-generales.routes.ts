import { apiParametros, MENSAJES_ADMINISTRACION, parametroFormulario, seccionFormulario } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
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

/** Parámetros Generales: lookup groups and their sections (spec 02 §7 Parameters). */
const parametrosGenerales: Modulo = async (app) => {
  rutaApi(app, apiParametros.listar, { acceso: listar, tags }, async (req) => {
    const { filas, meta } = await servicio.listar(req.ctx(), req.query);
    return okPaginado(filas, meta);
  });

  rutaApi(app, apiParametros.bandeja, { acceso: listar, tags }, async (req) =>
    ok(await servicio.bandeja(req.ctx(), req.query.CodigoParametro)),
  );

  rutaApi(app, apiParametros.guardar, { acceso: listar, tags }, async (req) =>
    ok(
      await servicio.guardarParametro(req.ctx(), leerParametro(req.body.data)),
      MENSAJES_ADMINISTRACION.parametroRegistrado,
    ),
  );

  rutaApi(
    app,
    apiParametros.cambiarEstado,
    { acceso: { modulo: MODULO_PARAMETROS, accion: 'editar' }, tags },
    async (req) => {
      await servicio.cambiarEstadoParametro(req.ctx(), req.body.codigoParametro, req.body.estadoAnulado);
      return ok(true, MENSAJES_ADMINISTRACION.estadoActualizado);
    },
  );

  rutaApi(app, apiParametros.listarSecciones, { acceso: listar, tags }, async (req) => {
    const { filas, meta } = await servicio.listarSecciones(req.ctx(), req.query.CodigoParametro, req.query);
    return okPaginado(filas, meta);
  });

  rutaApi(app, apiParametros.guardarSeccion, { acceso: listar, tags }, async (req) =>
    ok(await servicio.guardarSeccion(req.ctx(), leerSeccion(req.body.data)), MENSAJES_ADMINISTRACION.seccionRegistrada),
  );
};
export default parametrosGenerales;
