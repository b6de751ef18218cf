import { apiTrabajadores, MENSAJES_ADMINISTRACION, trabajadorFormulario } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import { leerFormulario } from '../parametros-generales/leer-formulario';
import type { Modulo } from '../tipos';
import * as servicio from './trabajador.service';
import { MODULO_TRABAJADORES } from './trabajador.service';

const tags = ['Trabajadores'];
const listar = { modulo: MODULO_TRABAJADORES, accion: 'listar' } as const;

/** Lista de Trabajadores (spec 02 §7 Workers). The bulk upload is CatalogoUsuario/RegistrarCatalogoMasivo. */
const trabajador: Modulo = async (app) => {
  rutaApi(app, apiTrabajadores.listar, { acceso: listar, tags }, async (req) => {
    const { filas, meta } = await servicio.listar(req.ctx(), req.query);
    return okPaginado(filas, meta);
  });

  rutaApi(app, apiTrabajadores.consultar, { acceso: listar, tags }, async (req) =>
    ok(await servicio.consultar(req.ctx(), req.params.id)),
  );

  rutaApi(app, apiTrabajadores.guardar, { acceso: listar, tags }, async (req) => {
    const datos = leerFormulario(trabajadorFormulario, req.body.data, MENSAJES_ADMINISTRACION.rellenarObligatorios);
    return ok(await servicio.guardar(req.ctx(), datos), MENSAJES_ADMINISTRACION.trabajadorRegistrado);
  });

  rutaApi(
    app,
    apiTrabajadores.cambiarEstado,
    { acceso: { modulo: MODULO_TRABAJADORES, accion: 'editar' }, tags },
    async (req) => {
      await servicio.cambiarEstado(req.ctx(), req.body.codigoControlColaboradorEmpresa, req.body.estado);
      return ok(true, MENSAJES_ADMINISTRACION.estadoActualizado);
    },
  );
};
export default trabajador;
