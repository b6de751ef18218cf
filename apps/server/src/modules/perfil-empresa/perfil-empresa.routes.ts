import {
  apiPerfilEmpresa,
  empleoFormulario,
  fechaLima,
  MENSAJES_ADMINISTRACION,
  prorrogaFormulario,
} from '@cronos/contract';
import { conArchivos, enviarArchivo, leerMultipart, MB } from '../../platform/archivos';
import { rutaApi } from '../../platform/contrato';
import { errorCampos } from '../../platform/errores';
import { ok, okPaginado } from '../../platform/respuesta';
import { leerFormulario } from '../parametros-generales/leer-formulario';
import type { Modulo } from '../tipos';
import * as servicio from './perfil-empresa.service';
import { MODULO_EMPRESA } from './perfil-empresa.service';

const tags = ['Empresa'];
const listar = { modulo: MODULO_EMPRESA, accion: 'listar' } as const;
const editar = { modulo: MODULO_EMPRESA, accion: 'editar' } as const;

const REGLA_PDF = {
  tipos: ['pdf'] as const,
  maxBytes: 1 * MB,
  mensajeTamanio: MENSAJES_ADMINISTRACION.pdfTamanio,
  mensajeTipo: MENSAJES_ADMINISTRACION.pdfTipo,
};

/** Company profile: company form, notification e-mails, additional data, employment counts, extensions. */
const perfilEmpresa: Modulo = async (app, { config }) => {
  rutaApi(app, apiPerfilEmpresa.consultar, { acceso: listar, tags }, async (req) =>
    ok(await servicio.consultar(req.ctx(), req.query.CodigoEmpresaUsuario)),
  );

  rutaApi(app, apiPerfilEmpresa.actualizarEmpresa, { acceso: editar, tags }, async (req) =>
    ok(await servicio.actualizarEmpresa(req.ctx(), req.body.data), MENSAJES_ADMINISTRACION.datosActualizados),
  );

  rutaApi(app, apiPerfilEmpresa.actualizarCorreos, { acceso: editar, tags }, async (req) =>
    ok(
      await servicio.actualizarCorreos(
        req.ctx(),
        req.body.data.codigoEmpresaUsuario,
        req.body.data.correoElectronicoNotificacion,
        req.body.data.version,
      ),
      MENSAJES_ADMINISTRACION.datosActualizados,
    ),
  );

  rutaApi(app, apiPerfilEmpresa.actualizarAdicionales, { acceso: editar, tags }, async (req) =>
    ok(await servicio.actualizarAdicionales(req.ctx(), req.body.data), MENSAJES_ADMINISTRACION.datosActualizados),
  );

  rutaApi(app, apiPerfilEmpresa.listarEmpleo, { acceso: listar, tags }, async (req) => {
    const { filas, meta } = await servicio.listarEmpleo(req.ctx(), req.query);
    return okPaginado(filas, meta);
  });

  rutaApi(app, apiPerfilEmpresa.consultarEmpleo, { acceso: listar, tags }, async (req) =>
    ok(
      await servicio.consultarEmpleo(req.ctx(), req.query.CodigoEmpresaUsuarioEmpleado, req.query.CodigoEmpresaUsuario),
    ),
  );

  rutaApi(app, apiPerfilEmpresa.guardarEmpleo, { acceso: listar, tags }, async (req) => {
    const datos = leerFormulario(empleoFormulario, req.body.data, MENSAJES_ADMINISTRACION.rellenarObligatorios);
    return ok(await servicio.guardarEmpleo(req.ctx(), datos), MENSAJES_ADMINISTRACION.empleoGuardado);
  });

  rutaApi(app, apiPerfilEmpresa.cambiarEstadoEmpleo, { acceso: editar, tags }, async (req) => {
    await servicio.cambiarEstadoEmpleo(req.ctx(), req.body.CodigoEmpresaUsuarioEmpleado, req.body.estado);
    return ok(true, MENSAJES_ADMINISTRACION.estadoActualizado);
  });

  rutaApi(app, apiPerfilEmpresa.listarProrrogas, { acceso: listar, tags }, async (req) => {
    const ctx = req.ctx();
    const { filas, meta } = await servicio.listarProrrogas(ctx, req.query, fechaLima(ctx.ahora()));
    return okPaginado(filas, meta);
  });

  rutaApi(app, apiPerfilEmpresa.registrarProrroga, { acceso: editar, tags }, async (req) => {
    const ctx = req.ctx();
    // Refused before the upload is read: nobody else may add extensions.
    servicio.exigirPuedeProrrogar(ctx);
    const { campos, archivos } = await leerMultipart(req, config.archivosDir, { archivo: REGLA_PDF });
    return conArchivos(config.archivosDir, archivos, async () => {
      const datos = leerFormulario(prorrogaFormulario, campos, MENSAJES_ADMINISTRACION.rellenarObligatorios);
      const pdf = archivos[0];
      if (!pdf) throw errorCampos({ archivo: ['Debe adjuntar un archivo.'] });
      const codigo = await servicio.registrarProrroga(ctx, datos, pdf, fechaLima(ctx.ahora(), -1));
      return ok(codigo, MENSAJES_ADMINISTRACION.prorrogaRegistrada);
    });
  });

  rutaApi(app, apiPerfilEmpresa.descargarProrroga, { acceso: listar, tags }, async (req, reply) => {
    const archivo = await servicio.archivoProrroga(req.ctx(), req.query.CodigoEmpresaListaBlanca);
    return enviarArchivo(reply, config.archivosDir, archivo);
  });
};
export default perfilEmpresa;
