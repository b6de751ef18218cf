/**
 * Small configuration that the gate reads on every order and that changes a few times a year (the stages' checklists),
 * kept in the API instance per database. Kept true as the access cache is (cache-acceso.ts): a trigger on the
 * configuration's tables announces 'c' on the channel 'cronos_acceso' when a change commits (migration 0042), every
 * instance forgets all it kept, and a change made by a request is forgotten at once by its own process
 * (`olvidarConfiguracion` after the transaction). Entries also expire after a minute, and a lost LISTEN connection
 * forgets everything. What is kept is frozen: a caller that changed it would change every later answer.
 */

const VIDA_ENTRADA_MS = 60_000;

/** Bumped by every announced or local change: an entry read under an older generation is not used. */
let generacion = 0;

interface Entrada {
  valor: unknown;
  generacion: number;
  leidaEn: number;
}

/** One map per database object (tests build several apps over different databases in one process). */
const porBase = new WeakMap<object, Map<string, Entrada>>();

function congelar<T>(v: T): T {
  if (Array.isArray(v)) for (const x of v) congelar(x);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) congelar(x);
  return v && typeof v === 'object' ? Object.freeze(v) : v;
}

/**
 * The value kept under `clave` for `base`, or what `leer` gives (then kept). A read that overlapped a change is
 * answered but not kept: it may have seen the database before the change.
 */
export async function leerConfiguracion<T>(base: object, clave: string, leer: () => Promise<T>): Promise<T> {
  const ahora = Date.now();
  let mapa = porBase.get(base);
  const e = mapa?.get(clave);
  if (e && e.generacion === generacion && ahora - e.leidaEn < VIDA_ENTRADA_MS) return e.valor as T;
  const antes = generacion;
  const valor = congelar(await leer());
  if (antes === generacion) {
    if (!mapa) {
      mapa = new Map();
      porBase.set(base, mapa);
    }
    mapa.set(clave, { valor, generacion: antes, leidaEn: ahora });
  }
  return valor;
}

/** A change of configuration (announced by the database, or made by this process): every kept value is read again. */
export function olvidarConfiguracion() {
  generacion += 1;
}

/** The payload the database announces on 'cronos_acceso' for a change of configuration. */
export const AVISO_CONFIGURACION = 'c';
