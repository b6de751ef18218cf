import { apiSalud, MENSAJES } from '@cronos/contract';
import type { FastifyReply } from 'fastify';
import { REINTENTAR_SEGUNDOS } from '../../platform/base-no-disponible';
import { rutaApi } from '../../platform/contrato';
import { noAutenticado, noEncontrado } from '../../platform/errores';
import { tokenValido } from '../../platform/metricas';
import type { Modulo } from '../tipos';

const tags = ['Salud'];

/**
 * /api/health/live: the process answers. /api/health/ready (and /api/health): it can also reach its database.
 * /api/health/jobs: the background jobs' figures of this instance (settings administrators).
 * /api/metrics: the instance's figures for Prometheus, with the METRICAS_TOKEN bearer (no user session).
 */
const salud: Modulo = async (app, { base, trabajos, config }) => {
  // Public: /api/docs shows them without the bearer lock.
  app.addHook('onRoute', (r) => {
    if (r.schema && r.config?.acceso === 'publico') r.schema.security = [];
  });
  rutaApi(app, apiSalud.vivo, { acceso: 'publico', tags }, () => ({ status: 'ok' as const }));

  const listo = async (reply: FastifyReply) => {
    try {
      await base.ping();
      return { status: 'ok' as const, database: base.tipo };
    } catch {
      return reply
        .status(503)
        .header('retry-after', String(REINTENTAR_SEGUNDOS))
        .send({ status: 'error', database: base.tipo, message: MENSAJES.baseDatosNoDisponible });
    }
  };
  rutaApi(app, apiSalud.listo, { acceso: 'publico', tags }, (_req, reply) => listo(reply));
  rutaApi(app, apiSalud.salud, { acceso: 'publico', tags }, (_req, reply) => listo(reply));
  rutaApi(app, apiSalud.trabajos, { acceso: { modulo: 'administration/parametters', accion: 'listar' }, tags }, () => ({
    status: 'ok' as const,
    instancia: trabajos.instancia,
    trabajos: trabajos.metricas().map((m) => ({ ...m, ultimoExito: m.ultimoExito?.toISOString() ?? null })),
  }));

  // Public to the session check (a scraper has no user): its own token instead. Registered without a token too (the
  // contract lists it), answering 404 as an unknown path would.
  rutaApi(app, apiSalud.metricas, { acceso: 'publico', tags }, async (req, reply) => {
    const { metricas } = app;
    if (!metricas || !config.METRICAS_TOKEN) throw noEncontrado();
    if (!tokenValido(req.headers.authorization, config.METRICAS_TOKEN)) {
      throw noAutenticado('El token de métricas no es válido.');
    }
    const texto = await metricas.texto();
    return reply.header('content-type', metricas.tipoContenido).header('cache-control', 'no-store').send(texto);
  });
};
export default salud;
