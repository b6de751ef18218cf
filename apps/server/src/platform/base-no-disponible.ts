/**
 * Whether an error means the database cannot be reached right now (as opposed to a bad statement): the
 * network failures of the socket, PostgreSQL's connection-exception class 08 and its shutdown / start-up
 * codes, and node-postgres' own messages for a lost or timed-out connection. Drizzle wraps driver errors, so
 * the `cause` chain is followed. Such a request answers 503 with Retry-After; the pool replaces the broken
 * connections, so the next request after the database is back simply works.
 */
const CODIGOS_RED = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections. */
const CODIGOS_SQL = new Set(['57P01', '57P02', '57P03', '53300']);
const MENSAJES_PG = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

/** Seconds the client is told to wait before trying again. */
export const REINTENTAR_SEGUNDOS = 5;

export function esBaseNoDisponible(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 6 && e && typeof e === 'object'; i++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (CODIGOS_RED.has(code) || CODIGOS_SQL.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && MENSAJES_PG.some((m) => message.startsWith(m))) return true;
    // A refused connection to a name with several addresses is an AggregateError of ECONNREFUSED.
    if (Array.isArray(errors) && errors.some((x) => esBaseNoDisponible(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
