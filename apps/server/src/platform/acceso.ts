import type { Accion } from '@cronos/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import type { CacheAcceso } from './cache-acceso';
import type { Actor, Ctx } from './contexto';
import { noAutenticado, prohibido } from './errores';
import { validarToken } from './sesiones';

/**
 * How a route is reached. Every /api route must declare one (checked when the route is registered):
 * - 'publico': no session (login, health, public verification pages);
 * - 'sesion': any signed-in user (lookups, own password, own menu);
 * - { modulo, accion }: the user's permission tree must grant that action on that menu node (or on one of
 *   several nodes, when a call serves several screens).
 */
export type Acceso = 'publico' | 'sesion' | { modulo: string | readonly string[]; accion: Accion };

declare module 'fastify' {
  interface FastifyContextConfig {
    acceso?: Acceso;
  }
  interface FastifyRequest {
    actor: Actor | null;
    ctx: () => Ctx;
  }
}

const BANDERA: Record<Accion, 'permiteListar' | 'permiteAgregar' | 'permiteEditar' | 'permiteEliminar'> = {
  listar: 'permiteListar',
  agregar: 'permiteAgregar',
  editar: 'permiteEditar',
  eliminar: 'permiteEliminar',
};

export function permite(actor: Actor, modulo: string | readonly string[], accion: Accion): boolean {
  const modulos = typeof modulo === 'string' ? [modulo] : modulo;
  return modulos.some((m) => actor.permisos.get(m)?.[BANDERA[accion]] === true);
}

const tokenDe = (req: FastifyRequest) => {
  const h = req.headers.authorization;
  if (!h) return null;
  const [tipo, valor] = h.split(' ');
  return tipo?.toLowerCase() === 'bearer' && valor ? valor : null;
};

/** The one place where sessions and permissions are enforced for every route of the API. */
export const acceso = fp(
  async (app: FastifyInstance, opts: { db: Db; ahora: () => Date; cache?: CacheAcceso }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('ctx', function (this: FastifyRequest): Ctx {
      if (!this.actor) throw noAutenticado();
      return { actor: this.actor, db: opts.db, idSolicitud: this.id, log: this.log, ahora: opts.ahora };
    });

    app.addHook('onRoute', (ruta) => {
      if (!ruta.url.startsWith('/api') || ruta.url.startsWith('/api/docs')) return;
      if (!ruta.config?.acceso) throw new Error(`La ruta ${ruta.method} ${ruta.url} no declara su acceso`);
    });

    // onRequest runs before the body is read: an upload without a session is refused before streaming.
    app.addHook('onRequest', async (req) => {
      const regla = req.routeOptions.config?.acceso;
      if (!regla || regla === 'publico') return;
      const token = tokenDe(req);
      const actor = token ? await validarToken(opts.db, token, opts.ahora(), opts.cache) : null;
      if (!actor) throw noAutenticado();
      req.actor = actor;
      if (regla !== 'sesion' && !permite(actor, regla.modulo, regla.accion)) throw prohibido();
    });
  },
  { name: 'acceso' },
);
