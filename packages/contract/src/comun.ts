import { z } from 'zod';
import { MENSAJES } from './mensajes';

/** Every response: { success, message, data }. Paged lists add meta. (DOMAIN.md §2) */
export interface Respuesta<T> {
  success: boolean | 'true' | 'false' | '100';
  message: string;
  data: T;
}
export interface MetaPaginacion {
  total: number;
  current_page: number;
  per_page: number;
  /** The total was counted only up to `total` rows and there are more ('Más de 10 000 registros'). */
  totalAcotado?: boolean;
}
export interface RespuestaPaginada<T> extends Respuesta<T[]> {
  meta: MetaPaginacion;
}
export interface RespuestaError {
  success: false;
  message: string;
  data: null;
  errors?: Record<string, string[]>;
}

/** A required text: trims, and an empty value gets the spec's 'Este es un campo requerido'. */
export const requerido = (max?: number) => {
  const base = z.string({ error: MENSAJES.requerido }).trim().min(1, { error: MENSAJES.requerido });
  return max ? base.max(max, { error: `Máximo ${max} caracteres` }) : base;
};

/** Numbers arrive as text in query strings; accept both. */
/**
 * An integer read from a query string or a form. The schema's own message covers only what is not a number: a
 * schema-level message would otherwise answer every check of it, and `PageNumber=0` or `limit=1000` was refused
 * with 'Debe ser un número'.
 */
const mensajeEntero = (iss: z.core.$ZodRawIssue) => {
  if (iss.code === 'too_small') return `Debe ser ${iss.inclusive ? 'como mínimo' : 'mayor que'} ${iss.minimum}`;
  if (iss.code === 'too_big') return `Debe ser ${iss.inclusive ? 'como máximo' : 'menor que'} ${iss.maximum}`;
  return iss.code === 'invalid_type' ? 'Debe ser un número' : undefined;
};
/** The range of the database's integer columns: a code beyond it (`?CodigoComprobante=99999999999`) was a 500. */
export const ENTERO_MAXIMO = 2_147_483_647;
export const entero = () =>
  // zod types this message as the number's own issue, but it is asked for every check added to the schema too.
  z.coerce
    .number({ error: (iss) => mensajeEntero(iss as z.core.$ZodRawIssue) })
    .int({ error: 'Debe ser un número entero', abort: true })
    .min(-ENTERO_MAXIMO - 1, { abort: true })
    .max(ENTERO_MAXIMO, { abort: true });

export const POR_PAGINA_DEFECTO = 10;
export const POR_PAGINA_MAXIMO = 100;

/**
 * Sort of a whole paged list, done by the server (sorting on the browser would only reorder the page shown):
 * `OrdenarPor` is one of the columns the list's screen may sort by (each backed by an index within the list's
 * filter; anything else is a 422 with `MENSAJES.ordenNoPermitido`, never SQL text) and `Orden` its direction.
 */
export const ordenarPor = <const K extends readonly [string, ...string[]]>(columnas: K) => ({
  OrdenarPor: z.enum(columnas, { error: MENSAJES.ordenNoPermitido }).optional(),
  Orden: z.enum(['asc', 'desc'], { error: 'El orden debe ser asc o desc' }).optional(),
});

/**
 * Query of every paged list (spec 01 §7): PageNumber, CodigoEmpresaUsuario (-1 = all, when allowed),
 * limit, Columna (a key of the endpoint's allowlist, checked on the server) and Valor (always bound).
 * A list that sorts adds `ordenarPor([...its columns])`.
 */
export const consultaPaginada = z.object({
  PageNumber: entero().min(1).default(1),
  CodigoEmpresaUsuario: entero().default(-1),
  limit: entero().min(1).max(POR_PAGINA_MAXIMO).default(POR_PAGINA_DEFECTO),
  Columna: z.string().max(60).optional(),
  Valor: z.string().max(200).optional(),
});
export type ConsultaPaginada = z.infer<typeof consultaPaginada>;

/** Whether a yyyy-MM-dd text names a day of the calendar (not 2026-02-30 nor 2026-13-45). */
export const fechaIsoValida = (iso: string) => {
  // Past year 9999 the round trip gives '+010000-06' back, which is no yyyy-MM-dd date.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
};

/**
 * yyyy-MM-dd (API dates, DOMAIN.md §8) of a day that exists: a shape-only check let 2026-02-30 through to the
 * queries and inserts, which failed with a 500 instead of telling the user which date to fix.
 */
export const fechaIso = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha debe tener el formato yyyy-MM-dd' })
    // A text that is no date at all gets the format message alone, not also 'La fecha no es válida'. Not by
    // aborting at the format: the control-character rule every text gets (texto-seguro.ts) comes after it.
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || fechaIsoValida(v), { error: 'La fecha no es válida' });

/** The version of the record the form read (optimistic lock): an edit carrying an older one answers 409. */
export const versionRegistro = () => entero().positive().nullish();
