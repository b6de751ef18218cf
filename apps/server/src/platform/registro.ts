import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** The path of a request without its query string. */
const sinConsulta = (url: string) => url.split('?', 1)[0];

/**
 * The request log: one line per request, written when it answers, instead of Fastify's two (incoming, completed),
 * which halves the logging of the gate's reads (thousands a second). The line names the route's pattern, not the
 * address: no value of the query string (a document number searched at the gate, a name) reaches the logs.
 */
export class RegistroDeSolicitudes extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    const datos = {
      metodo: req.method,
      ruta: req.routeOptions.url ?? sinConsulta(req.url),
      estado: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      ip: req.ip,
    };
    if (error) req.log.error({ ...datos, err: error }, 'request errored');
    else req.log.info(datos, 'request completed');
  }

  override routeNotFound(req: FastifyRequest) {
    req.log.info({ metodo: req.method, ruta: sinConsulta(req.url) }, 'ruta inexistente');
  }
}
