import { cambioContrasenia, entero, loginEntrada, MENSAJES } from '@cronos/contract';
import { z } from 'zod';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './account.service';

const account: Modulo = async (app, { db, ahora, config }) => {
  const politica = {
    lentoDesde: 3,
    retardoMs: config.LOGIN_RETARDO_MS,
    bloqueoDesde: config.LOGIN_INTENTOS_BLOQUEO,
    bloqueoMinutos: config.LOGIN_BLOQUEO_MINUTOS,
  };

  app.post(
    '/Account/Login',
    { config: { acceso: 'publico' }, schema: { tags: ['Sesión'], body: loginEntrada, security: [] } },
    async (req) => {
      const data = await servicio.iniciarSesion(
        db,
        req.body,
        { ip: req.ip, agente: req.headers['user-agent'], idSolicitud: req.id },
        ahora,
        politica,
      );
      return ok(data, 'Bienvenido');
    },
  );

  app.post('/Account/Logout', { config: { acceso: 'sesion' }, schema: { tags: ['Sesión'] } }, async (req) => {
    await servicio.cerrarSesion(req.ctx());
    return ok(null, 'Sesión cerrada');
  });

  app.get('/Account/ConsultarSesion', { config: { acceso: 'sesion' }, schema: { tags: ['Sesión'] } }, async (req) =>
    ok(await servicio.consultarSesion(req.ctx())),
  );

  app.get(
    '/Account/ConsultarPermisoPorRolUsuario',
    {
      config: { acceso: 'sesion' },
      schema: { tags: ['Sesión'], querystring: z.object({ CodigoUsuario: entero().positive() }) },
    },
    async (req) => ok(await servicio.menuDeUsuario(req.ctx(), req.query.CodigoUsuario)),
  );

  app.get(
    '/Account/ConsultarPermisoPorRol',
    {
      config: { acceso: { modulo: ['administration/users', 'administration/staff'], accion: 'listar' } },
      schema: { tags: ['Usuarios'], querystring: z.object({ CodigoRol: entero().positive() }) },
    },
    async (req) => ok(await servicio.arbolDeRol(req.ctx(), req.query.CodigoRol)),
  );

  app.post(
    '/Account/ActualizaContrasenia',
    { config: { acceso: 'sesion' }, schema: { tags: ['Sesión'], body: cambioContrasenia } },
    async (req) => {
      await servicio.cambiarContrasenia(req.ctx(), req.body, politica);
      return ok(null, MENSAJES.contraseniaActualizada);
    },
  );
};
export default account;
