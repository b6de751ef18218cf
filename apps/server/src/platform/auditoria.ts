import type { TipoAuditoria } from '@cronos/contract';
import type { FastifyInstance } from 'fastify';
import type { DbOTx } from '../db/client';
import { logSistema } from '../db/schema';
import type { Ctx } from './contexto';

export interface EntradaAuditoria {
  /** A kind of the audit vocabulary (packages/contract/src/auditoria.ts). */
  tipo: TipoAuditoria;
  detalle?: string;
  entidad?: string;
  codigoEntidad?: string | number;
  antes?: unknown;
  despues?: unknown;
  codigoEmpresaUsuario?: number;
}

/** Never store secrets in the log, whatever a caller passes. */
const SECRETOS = new Set(['contrasenia', 'contraseniaHash', 'checkPass', 'token', 'tokenHash']);
const limpio = (v: unknown) =>
  v === undefined ? null : JSON.stringify(v, (k, x) => (SECRETOS.has(k) ? undefined : x));

/** Writes the audit row of a mutation. Call it with the transaction of the change it records. */
export async function auditar(tx: DbOTx, ctx: Pick<Ctx, 'actor' | 'idSolicitud'>, e: EntradaAuditoria) {
  await tx.insert(logSistema).values({
    tipo: e.tipo,
    detalle: e.detalle ?? null,
    entidad: e.entidad ?? null,
    codigoEntidad: e.codigoEntidad === undefined ? null : String(e.codigoEntidad),
    antes: limpio(e.antes),
    despues: limpio(e.despues),
    codigoUsuario: ctx.actor.codigoUsuario,
    codigoEmpresaUsuario: e.codigoEmpresaUsuario ?? ctx.actor.codigoEmpresaUsuario,
    idSolicitud: ctx.idSolicitud,
  });
  solicitudesAuditadas.add(ctx.idSolicitud);
}

/**
 * Requests that wrote an audit row, until they answer: in strict mode a successful mutating request that is
 * not here (and whose route does not say why it writes none) is answered as an error (platform/app check).
 */
export const solicitudesAuditadas = new Set<string>();

const MUTANTES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Strict mode: a successful POST/PUT/PATCH/DELETE under /api that wrote no audit row is answered 500 (naming
 * the route), unless its route says why it writes none (`sinAuditoria`) or the answer is an idempotent replay.
 * Every test that calls a mutating verb is therefore also a test that the verb audits.
 */
export function vigilarAuditoria(app: FastifyInstance, estricto: boolean) {
  // A plain callback, not an async hook: every read passes here and a promise per request adds up at the gate.
  app.addHook('onResponse', (req, _reply, listo) => {
    if (solicitudesAuditadas.size > 0) solicitudesAuditadas.delete(req.id);
    listo();
  });
  if (!estricto) return;
  app.addHook('onSend', async (req, reply, payload) => {
    if (!MUTANTES.has(req.method) || reply.statusCode >= 300 || !req.url.startsWith('/api/')) return payload;
    if (req.routeOptions.config?.sinAuditoria || reply.getHeader('idempotent-replayed')) return payload;
    if (solicitudesAuditadas.has(req.id)) return payload;
    const ruta = `${req.method} ${req.routeOptions.url ?? req.url}`;
    req.log.error({ ruta }, 'mutación sin fila de auditoría');
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({ success: false, message: `Mutación sin fila de auditoría: ${ruta}`, data: null });
  });
}
