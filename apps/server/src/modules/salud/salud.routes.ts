import { MENSAJES } from '@cronos/contract';
import { REINTENTAR_SEGUNDOS } from '../../platform/base-no-disponible';
import type { Modulo } from '../tipos';

/** /api/health/live: the process answers. /api/health/ready: it can also reach its database. */
const salud: Modulo = async (app, { base }) => {
  app.get('/health/live', { config: { acceso: 'publico' }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  const listo = async (_req: unknown, reply: import('fastify').FastifyReply) => {
    try {
      await base.ping();
      return { status: 'ok', database: base.tipo };
    } catch {
      return reply
        .status(503)
        .header('retry-after', String(REINTENTAR_SEGUNDOS))
        .send({ status: 'error', database: base.tipo, message: MENSAJES.baseDatosNoDisponible });
    }
  };
  app.get('/health/ready', { config: { acceso: 'publico' }, schema: { hide: true } }, listo);
  app.get('/health', { config: { acceso: 'publico' }, schema: { hide: true } }, listo);
};
export default salud;
