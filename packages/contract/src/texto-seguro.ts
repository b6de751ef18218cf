import type { z } from 'zod';
import { MENSAJES } from './mensajes';

/**
 * One rule for every text a request carries: no control characters. NUL makes PostgreSQL refuse the whole
 * statement and the others are invisible garbage in screens, reports and Excel files. C0 (U+0000–U+001F),
 * DEL and C1 (U+0080–U+009F) are refused; a multi-line field (an observation, a description typed in a text
 * area) may still carry tab, line feed and carriage return.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about exactly those characters
const CONTROL_LINEA = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about exactly those characters
const CONTROL_MULTILINEA = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether a text breaks the rule (true = it has a control character it may not have). */
export function tieneCaracteresControl(texto: string, multilinea = false): boolean {
  return (multilinea ? CONTROL_MULTILINEA : CONTROL_LINEA).test(texto);
}

const MULTILINEA = new WeakSet<z.ZodType>();

/**
 * Marks a text field as multi-line (tab and line breaks allowed). Call it on the finished string schema
 * (after trim/max…), before `.optional()` or `.nullable()`.
 */
export function multilinea<T extends z.ZodType>(esquema: T): T {
  MULTILINEA.add(esquema);
  return esquema;
}
export const esMultilinea = (esquema: z.ZodType) => MULTILINEA.has(esquema);

/** Any value (free JSON): every string inside it, keys included, is checked as multi-line text. */
function valorLibreConControl(v: unknown, profundidad = 0): boolean {
  if (typeof v === 'string') return tieneCaracteresControl(v, true);
  if (profundidad > 50 || v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some((x) => valorLibreConControl(x, profundidad + 1));
  return Object.entries(v).some(
    ([k, x]) => tieneCaracteresControl(k, true) || valorLibreConControl(x, profundidad + 1),
  );
}

const error = { error: MENSAJES.caracteresNoPermitidos };
const cache = new WeakMap<z.ZodType, z.ZodType>();

type Def = Record<string, unknown> & { type: string };
const esEsquema = (v: unknown): v is z.ZodType => typeof v === 'object' && v !== null && '_zod' in v;

/**
 * The same schema with the rule on every text it accepts: each string field refuses control characters
 * (multi-line fields keep tab and line breaks) and each free value (`unknown`, `any`) refuses them in any
 * string it holds. The server applies it to the body, query and params of every route, so no route can
 * forget it.
 */
export function conTextoSeguro<T extends z.ZodType>(esquema: T): T {
  return endurecer(esquema) as T;
}

function endurecer(s: z.ZodType): z.ZodType {
  const hecho = cache.get(s);
  if (hecho) return hecho;
  const def = s._zod.def as unknown as Def;
  let nuevo: z.ZodType = s;
  switch (def.type) {
    case 'string': {
      const ml = MULTILINEA.has(s);
      nuevo = (s as z.ZodString).refine((v) => typeof v !== 'string' || !tieneCaracteresControl(v, ml), error);
      if (ml) MULTILINEA.add(nuevo);
      break;
    }
    case 'unknown':
    case 'any':
      nuevo = s.refine((v) => !valorLibreConControl(v), error);
      break;
    default: {
      const cambios = hijosEndurecidos(def);
      if (cambios) nuevo = (s as unknown as { clone: (d: unknown) => z.ZodType }).clone(mezclar(def, cambios));
    }
  }
  cache.set(s, nuevo);
  cache.set(nuevo, nuevo);
  return nuevo;
}

/** Definition fields that hold schemas, by kind; null when nothing inside changes. */
function hijosEndurecidos(def: Def): Record<string, unknown> | null {
  const cambios: Record<string, unknown> = {};
  let hay = false;
  const uno = (clave: string) => {
    const v = def[clave];
    if (!esEsquema(v)) return;
    const n = endurecer(v);
    if (n !== v) {
      cambios[clave] = n;
      hay = true;
    }
  };
  const lista = (clave: string) => {
    const v = def[clave];
    if (!Array.isArray(v)) return;
    const n = v.map((x) => (esEsquema(x) ? endurecer(x) : x));
    if (n.some((x, i) => x !== v[i])) {
      cambios[clave] = n;
      hay = true;
    }
  };
  switch (def.type) {
    case 'object': {
      const forma = def.shape as Record<string, z.ZodType>;
      const nueva: Record<string, z.ZodType> = {};
      let cambio = false;
      for (const [k, v] of Object.entries(forma)) {
        nueva[k] = endurecer(v);
        if (nueva[k] !== v) cambio = true;
      }
      if (cambio) {
        cambios.shape = nueva;
        hay = true;
      }
      uno('catchall');
      break;
    }
    case 'array':
      uno('element');
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
    case 'promise':
      uno('innerType');
      break;
    case 'pipe':
      uno('in');
      uno('out');
      break;
    case 'union':
      lista('options');
      break;
    case 'intersection':
      uno('left');
      uno('right');
      break;
    case 'record':
    case 'map':
      uno('keyType');
      uno('valueType');
      break;
    case 'set':
      uno('valueType');
      break;
    case 'tuple':
      lista('items');
      uno('rest');
      break;
    case 'lazy': {
      const obtener = def.getter as () => z.ZodType;
      cambios.getter = () => endurecer(obtener());
      hay = true;
      break;
    }
  }
  return hay ? cambios : null;
}

function mezclar(def: Def, cambios: Record<string, unknown>) {
  const d = Object.getOwnPropertyDescriptors(def);
  for (const [k, v] of Object.entries(cambios))
    d[k] = { value: v, enumerable: true, configurable: true, writable: true };
  return Object.defineProperties({}, d);
}
