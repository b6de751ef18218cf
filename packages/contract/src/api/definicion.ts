import { z } from 'zod';

/**
 * One definition per API route, shared by the server (which registers it with its request and response
 * schemas) and the web (which calls it by this object, never by a string path). Response schemas describe
 * what the client receives: the server's serializer writes only the declared fields, and in strict mode
 * (tests) a response with an undeclared field or a wrong type is an error.
 */

export type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How the body travels: JSON (default), or multipart/form-data for uploads (parsed by the route itself). */
export type CuerpoRuta = 'json' | 'multipart';
/** What the success answer is: the JSON envelope (default) or a file (Excel, PDF, image…). */
export type TipoRespuesta = 'json' | 'archivo';

export interface DefinicionRuta {
  metodo: Metodo;
  /** The spec's path under /api, e.g. '/Movimiento/ListarRegistro'. */
  ruta: string;
  /** Summary for /api/docs. */
  resumen?: string;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  cuerpo?: CuerpoRuta;
  /** The 2xx answer (an envelope built with `sobre`/`sobrePaginado`, or `archivo()`). */
  respuesta: z.ZodType;
  tipoRespuesta?: TipoRespuesta;
  /** Other success statuses the route may answer with their own shape (e.g. 201). */
  otras?: Record<number, z.ZodType>;
}

/** Declares a route; `const` keeps the literal path and method for the web's types. */
export const ruta = <const D extends DefinicionRuta>(d: D): D => d;

/** Paging meta of every paged list (spec 01 §7). */
export const metaPaginacion = z.object({
  total: z.number().int(),
  current_page: z.number().int(),
  per_page: z.number().int(),
  /** Lists over the orders count up to 10 000 rows: true when there are more than `total`. */
  totalAcotado: z.boolean().optional(),
});

/** Field errors as the forms read them: { campo: [mensajes] } (DOMAIN.md §2). */
export const erroresCampo = z.record(z.string(), z.array(z.string()));

/** Every 4xx/5xx answer. */
export const sobreError = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  errors: erroresCampo.optional(),
});
export type SobreError = z.infer<typeof sobreError>;

/*
 * A `{ data: formulario }` body is declared as `z.object({ data: formulario })`: the server keys its field errors
 * by the form's own names ('placaUno', 'documentos.0.productos.1.codigoCatalogoUsuario'), never 'data.placaUno'
 * (docs/adr/0011-errores-de-campo.md; apps/server/src/platform/manejo-errores.ts).
 */

/** `{ success: true, message, data }`. Where the spec says success is the string 'true', pass `exito: 'texto'`. */
export function sobre<T extends z.ZodType>(data: T, opciones: { exito?: 'booleano' | 'texto' } = {}) {
  return z.object({
    success: opciones.exito === 'texto' ? z.literal('true') : z.literal(true),
    message: z.string(),
    data,
  });
}

/** `{ success, message, data: [filas], meta }`. */
export function sobrePaginado<T extends z.ZodType>(fila: T) {
  return z.object({ success: z.literal(true), message: z.string(), data: z.array(fila), meta: metaPaginacion });
}

/** A success that carries no data (`data: null`). */
export const sobreVacio = sobre(z.null());

/** A file answer (download). Documented as binary; the server sends the bytes, the web receives a Blob. */
export const archivo = (tipoMime: string) => z.string().meta({ format: 'binary', description: tipoMime });

/** An instant as ISO 8601 text (what JSON makes of a timestamp). Mappers write `fecha.toISOString()`. */
export const instante = () => z.string().meta({ format: 'date-time' });
/** A calendar date yyyy-MM-dd. */
export const dia = () => z.string().meta({ format: 'date' });

/** Types a caller reads from a definition. */
export type QueryDe<D extends DefinicionRuta> = D['query'] extends z.ZodType ? z.input<D['query']> : undefined;
export type BodyDe<D extends DefinicionRuta> = D['cuerpo'] extends 'multipart'
  ? FormData
  : D['body'] extends z.ZodType
    ? z.input<D['body']>
    : undefined;
export type ParamsDe<D extends DefinicionRuta> = D['params'] extends z.ZodType ? z.input<D['params']> : undefined;
export type RespuestaDe<D extends DefinicionRuta> = D['tipoRespuesta'] extends 'archivo'
  ? Blob
  : z.output<D['respuesta']>;
/** What a server handler may return for the route: the envelope's input type. */
export type SalidaDe<D extends DefinicionRuta> = z.input<D['respuesta']>;
