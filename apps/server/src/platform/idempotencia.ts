import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { solicitudIdempotente } from '../db/schema';
import { AppError } from './errores';

declare module 'fastify' {
  interface FastifyRequest {
    claveIdempotencia: string | null;
  }
}

const CLAVE = /^[A-Za-z0-9_-]{8,100}$/;
const VIGENCIA_MS = 24 * 3600_000;
/** A first request still "running" after this long is considered lost (crashed instance): a retry runs. */
const EN_CURSO_MS = 2 * 60_000;
const MUTACIONES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Idempotency keys for mutations (nothing is sent twice when the network comes back). A signed-in
 * request with `Idempotency-Key` runs once per user and key; a repeat gets the stored answer with
 * `idempotent-replayed: true`, or 409 while the first is still running. Server errors (5xx) are not stored, so
 * they can be retried. Requests without the header behave as before.
 */
export const idempotencia = fp(
  async (app: FastifyInstance, opts: { db: Db; ahora: () => Date }) => {
    app.decorateRequest('claveIdempotencia', null);
    let ultimaLimpieza = 0;

    // Only mutating routes carry these hooks: a read never pays for them.
    const antes = async (req: FastifyRequest, reply: FastifyReply) => {
      const clave = req.headers['idempotency-key'];
      if (!MUTACIONES.has(req.method) || typeof clave !== 'string' || !req.actor) return;
      if (!CLAVE.test(clave)) throw new AppError(400, 'Idempotency-Key inválida');
      const ahora = opts.ahora();
      const ruta = req.url.slice(0, 300);
      const codigoUsuario = req.actor.codigoUsuario;
      const [nueva] = await opts.db
        .insert(solicitudIdempotente)
        .values({ codigoUsuario, clave, ruta, fecha: ahora })
        .onConflictDoNothing()
        .returning({ clave: solicitudIdempotente.clave });
      if (nueva) {
        req.claveIdempotencia = clave;
        return;
      }
      const [previa] = await opts.db
        .select()
        .from(solicitudIdempotente)
        .where(and(eq(solicitudIdempotente.codigoUsuario, codigoUsuario), eq(solicitudIdempotente.clave, clave)));
      if (!previa) throw new AppError(409, 'La solicitud anterior aún se está procesando. Intente nuevamente.');
      if (previa.ruta !== ruta) throw new AppError(422, 'Idempotency-Key ya usada en otra operación');
      if (previa.codigoEstado !== null) {
        reply.header('idempotent-replayed', 'true').code(previa.codigoEstado);
        if (previa.tipoContenido) reply.type(previa.tipoContenido);
        return reply.send(previa.cuerpo ?? '');
      }
      if (ahora.getTime() - previa.fecha.getTime() < EN_CURSO_MS) {
        throw new AppError(409, 'La solicitud anterior aún se está procesando. Intente nuevamente.');
      }
      // The first attempt was lost: this one takes over the key (only one retry wins the update).
      const [tomada] = await opts.db
        .update(solicitudIdempotente)
        .set({ fecha: ahora })
        .where(
          and(
            eq(solicitudIdempotente.codigoUsuario, codigoUsuario),
            eq(solicitudIdempotente.clave, clave),
            eq(solicitudIdempotente.fecha, previa.fecha),
          ),
        )
        .returning({ clave: solicitudIdempotente.clave });
      if (!tomada) throw new AppError(409, 'La solicitud anterior aún se está procesando. Intente nuevamente.');
      req.claveIdempotencia = clave;
    };

    const alResponder = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const clave = req.claveIdempotencia;
      if (!clave || !req.actor) return payload;
      req.claveIdempotencia = null;
      const donde = and(
        eq(solicitudIdempotente.codigoUsuario, req.actor.codigoUsuario),
        eq(solicitudIdempotente.clave, clave),
      );
      if (reply.statusCode >= 500 || (payload !== null && typeof payload !== 'string')) {
        await opts.db.delete(solicitudIdempotente).where(donde);
      } else {
        const tipo = reply.getHeader('content-type');
        await opts.db
          .update(solicitudIdempotente)
          .set({
            codigoEstado: reply.statusCode,
            cuerpo: (payload as string | null) ?? '',
            tipoContenido: typeof tipo === 'string' ? tipo.slice(0, 100) : null,
          })
          .where(donde);
      }
      const t = opts.ahora().getTime();
      if (t - ultimaLimpieza > 3600_000) {
        ultimaLimpieza = t;
        await opts.db.delete(solicitudIdempotente).where(lt(solicitudIdempotente.fecha, new Date(t - VIGENCIA_MS)));
      }
      return payload;
    };

    app.addHook('onRoute', (ruta) => {
      if (![ruta.method].flat().some((m) => MUTACIONES.has(m))) return;
      ruta.preHandler = [antes as preHandlerHookHandler, ...[ruta.preHandler ?? []].flat()];
      ruta.onSend = [...[ruta.onSend ?? []].flat(), alResponder as onSendHookHandler];
    });
  },
  { name: 'idempotencia', dependencies: ['acceso'] },
);
