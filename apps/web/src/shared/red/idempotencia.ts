/**
 * Idempotency keys of mutations (server: platform/idempotencia.ts). Each JSON mutation carries an
 * `Idempotency-Key`. When it fails at the network level (the answer never arrived, so it may or may not have
 * been applied), the key is kept for that exact call (method, route, body): pressing Guardar again when the
 * network is back resends the same key, and the server answers with the stored result instead of applying it
 * twice. Any answer from the server forgets the key, so a later identical save is a new operation.
 */
const pendientes = new Map<string, string>();

const nuevaClave = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The key header for a call, or {} for reads and non-JSON bodies (uploads). */
export function cabeceraIdempotencia(
  metodo: string,
  ruta: string,
  cuerpo: unknown,
): { firma: string | null; cabecera: Record<string, string> } {
  if (metodo === 'GET' || typeof cuerpo !== 'string') return { firma: null, cabecera: {} };
  const firma = `${metodo} ${ruta}\n${cuerpo}`;
  const clave = pendientes.get(firma) ?? nuevaClave();
  pendientes.set(firma, clave);
  return { firma, cabecera: { 'idempotency-key': clave } };
}

/** After the call: `llego` = the server answered (keep the key only when it did not). */
export function terminarIdempotencia(firma: string | null, llego: boolean) {
  if (firma && llego) pendientes.delete(firma);
}
