import { apiUsuarios, MENSAJES_USUARIOS } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './usuarios.service';
import { MODULOS_USUARIOS } from './usuarios.service';

const tags = ['Usuarios'];
const listar = { modulo: MODULOS_USUARIOS, accion: 'listar' } as const;

/** Users, administrators and their permission trees (spec 02 §7 Users and permissions). */
const usuarios: Modulo = async (app) => {
  rutaApi(app, apiUsuarios.listar, { acceso: listar, tags }, async (req) => {
    const { filas, meta } = await servicio.listar(req.ctx(), req.query);
    return okPaginado(filas, meta);
  });

  rutaApi(app, apiUsuarios.arbolDeUsuario, { acceso: listar, tags }, async (req) =>
    ok(await servicio.arbolDeUsuario(req.ctx(), req.query.CodigoUsuario)),
  );

  // Route-level rule is "may list the users screens"; the service requires level 1 or 2 and the action flag.
  rutaApi(app, apiUsuarios.guardar, { acceso: listar, tags }, async (req) => {
    const r = await servicio.guardar(req.ctx(), req.body);
    return ok(r.codigoUsuario, r.mensaje);
  });

  rutaApi(app, apiUsuarios.guardarPermisos, { acceso: listar, tags }, async (req) => {
    await servicio.guardarPermisos(req.ctx(), req.body);
    return ok(true, MENSAJES_USUARIOS.permisosGuardados);
  });

  rutaApi(app, apiUsuarios.cambiarEstado, { acceso: listar, tags }, async (req) => {
    await servicio.cambiarEstado(req.ctx(), req.body.codigoUsuario, req.body.estado);
    return ok(true, MENSAJES_USUARIOS.estadoActualizado);
  });

  rutaApi(app, apiUsuarios.eliminar, { acceso: listar, tags }, async (req) => {
    await servicio.eliminar(req.ctx(), req.body.codigoUsuario);
    return ok(true, MENSAJES_USUARIOS.eliminado);
  });
};
export default usuarios;
