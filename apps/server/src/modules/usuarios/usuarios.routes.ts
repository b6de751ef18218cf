import {
  cambioEstadoUsuario,
  consultaPaginada,
  eliminarUsuario,
  entero,
  guardarPermisoUsuario,
  MENSAJES_USUARIOS,
  usuarioFormulario,
} from '@cronos/contract';
import { z } from 'zod';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './usuarios.service';
import { MODULOS_USUARIOS } from './usuarios.service';

const tags = ['Usuarios'];
const listar = { modulo: MODULOS_USUARIOS, accion: 'listar' } as const;
const plano = <T extends z.ZodType>(s: T) =>
  z.preprocess((b) => (b && typeof b === 'object' && 'data' in b && typeof b.data === 'object' ? b.data : b), s);

/** Users, administrators and their permission trees (spec 02 §7 Users and permissions). */
const usuarios: Modulo = async (app) => {
  app.get(
    '/Account/ListarDatos',
    {
      config: { acceso: listar },
      schema: {
        tags,
        querystring: consultaPaginada.extend({
          SoloAdministradores: z
            .enum(['true', 'false', '1', '0'])
            .transform((v) => v === 'true' || v === '1')
            .optional(),
        }),
      },
    },
    async (req) => {
      const { filas, meta } = await servicio.listar(req.ctx(), req.query);
      return okPaginado(filas, meta);
    },
  );

  app.get(
    '/Account/ConsultarArbolPermisoUsuario',
    { config: { acceso: listar }, schema: { tags, querystring: z.object({ CodigoUsuario: entero().positive() }) } },
    async (req) => ok(await servicio.arbolDeUsuario(req.ctx(), req.query.CodigoUsuario)),
  );

  // Route-level rule is "may list the users screens"; the service requires level 1 or 2 and the action flag.
  app.post(
    '/Account/Crear',
    { config: { acceso: listar }, schema: { tags, body: plano(usuarioFormulario) } },
    async (req) => {
      const r = await servicio.guardar(req.ctx(), req.body);
      return ok(r.codigoUsuario, r.mensaje);
    },
  );

  app.post(
    '/Account/GuardarPermisoUsuario',
    { config: { acceso: listar }, schema: { tags, body: plano(guardarPermisoUsuario) } },
    async (req) => {
      await servicio.guardarPermisos(req.ctx(), req.body);
      return ok(true, MENSAJES_USUARIOS.permisosGuardados);
    },
  );

  app.post(
    '/Account/CambiarEstadoAnulado',
    { config: { acceso: listar }, schema: { tags, body: plano(cambioEstadoUsuario) } },
    async (req) => {
      await servicio.cambiarEstado(req.ctx(), req.body.codigoUsuario, req.body.estado);
      return ok(true, MENSAJES_USUARIOS.estadoActualizado);
    },
  );

  app.post(
    '/Account/EliminarRegistro',
    { config: { acceso: listar }, schema: { tags, body: plano(eliminarUsuario) } },
    async (req) => {
      await servicio.eliminar(req.ctx(), req.body.codigoUsuario);
      return ok(true, MENSAJES_USUARIOS.eliminado);
    },
  );
};
export default usuarios;
