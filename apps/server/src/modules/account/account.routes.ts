import { apiSesion, apiUsuarios, MENSAJES } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './account.service';

const tags = ['Sesión'];

const account: Modulo = async (app, { db, ahora, config }) => {
  const politica = {
    lentoDesde: 3,
    retardoMs: config.LOGIN_RETARDO_MS,
    bloqueoDesde: config.LOGIN_INTENTOS_BLOQUEO,
    bloqueoMinutos: config.LOGIN_BLOQUEO_MINUTOS,
  };

  // The sign-in is the one route of /api/docs without the bearer token.
  app.addHook('onRoute', (r) => {
    if (r.url.endsWith(apiSesion.login.ruta)) r.schema = { ...r.schema, security: [] };
  });

  rutaApi(app, apiSesion.login, { acceso: 'publico', tags }, async (req) => {
    const data = await servicio.iniciarSesion(
      db,
      req.body,
      { ip: req.ip, agente: req.headers['user-agent'], idSolicitud: req.id },
      ahora,
      politica,
    );
    return ok(data, 'Bienvenido');
  });

  rutaApi(app, apiSesion.logout, { acceso: 'sesion', tags }, async (req) => {
    await servicio.cerrarSesion(req.ctx());
    return ok(null, 'Sesión cerrada');
  });

  rutaApi(app, apiSesion.consultarSesion, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.consultarSesion(req.ctx())),
  );

  rutaApi(app, apiSesion.menuDeUsuario, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.menuDeUsuario(req.ctx(), req.query.CodigoUsuario)),
  );

  rutaApi(
    app,
    apiUsuarios.arbolDeRol,
    { acceso: { modulo: ['administration/users', 'administration/staff'], accion: 'listar' }, tags: ['Usuarios'] },
    async (req) => ok(await servicio.arbolDeRol(req.ctx(), req.query.CodigoRol)),
  );

  rutaApi(app, apiSesion.cambiarContrasenia, { acceso: 'sesion', tags }, async (req) => {
    await servicio.cambiarContrasenia(req.ctx(), req.body, politica);
    return ok(null, MENSAJES.contraseniaActualizada);
  });
};
export default account;
