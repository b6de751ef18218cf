import type { DbOTx } from '../db/client';
import { logSistema } from '../db/schema';
import type { Ctx } from './contexto';

export interface EntradaAuditoria {
  tipo: string;
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
}
