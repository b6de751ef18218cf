import {
  type BodyDe,
  type DefinicionRuta,
  type ParamsDe,
  type QueryDe,
  type SalidaDe,
  sobreError,
} from '@cronos/contract';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySerializerCompiler,
  RouteShorthandOptions,
} from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import type { Acceso } from './acceso';

/**
 * The response half of the contract (packages/contract/src/api): every route declares its answer per status,
 * Fastify serializes it with fast-json-stringify from the JSON Schema of the zod schema (only declared fields
 * leave the server, and faster than JSON.stringify), and in strict mode (tests, the browser suite) every
 * answer is also checked against its schema: an undeclared field, a missing one or a wrong type is an error
 * that names the route and the field, so a schema can never silently drop what a screen reads.
 */

const esZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

const cacheJson = new WeakMap<z.ZodType, object>();
/** JSON Schema (draft-07) of what the client receives (zod's output side). */
export function aJsonSchema(esquema: z.ZodType): object {
  let json = cacheJson.get(esquema);
  if (!json) {
    json = z.toJSONSchema(esquema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
    cacheJson.set(esquema, json);
  }
  return json;
}

/** A response that does not match its declared schema (strict mode only). */
export class ErrorContrato extends Error {
  constructor(
    readonly ruta: string,
    readonly estado: string | undefined,
    readonly errores: ErrorObject[],
  ) {
    const detalle = errores
      .slice(0, 8)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('; ');
    super(`La respuesta de ${ruta} (${estado ?? '?'}) no cumple su esquema: ${detalle}`);
    this.name = 'ErrorContrato';
  }
}

let ajv: Ajv | undefined;
const validadorDe = (json: object): ValidateFunction => {
  ajv ??= new Ajv({ allErrors: true, strict: false, validateFormats: false });
  return ajv.compile(json);
};

/**
 * Serializer compiler for zod response schemas. `estricto` adds the check of every answer against its schema
 * (on the JSON the client would read: dates as ISO text).
 */
export function compiladorSerializacion(estricto: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    const json = esZod(schema) ? aJsonSchema(schema) : (schema as object);
    const serializar = fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]);
    if (!estricto) return serializar as (d: unknown) => string;
    const validar = validadorDe(json);
    return (datos: unknown) => {
      const plano = JSON.parse(JSON.stringify(datos));
      if (!validar(plano)) throw new ErrorContrato(`${method} ${url}`, httpStatus, validar.errors ?? []);
      return serializar(datos);
    };
  };
}

/** The typed request of a route: query, body and params as the contract parses them. */
export type PeticionDe<D extends DefinicionRuta> = FastifyRequest<{
  Querystring: D['query'] extends z.ZodType ? z.output<D['query']> : unknown;
  Body: D['body'] extends z.ZodType ? z.output<D['body']> : unknown;
  Params: D['params'] extends z.ZodType ? z.output<D['params']> : unknown;
}>;

export interface OpcionesRuta {
  acceso: Acceso;
  tags: string[];
  /**
   * A mutating route (POST/PUT/DELETE) writes its audit row in the transaction of the change (checked in
   * strict mode). Routes that change nothing or audit elsewhere say why here.
   */
  sinAuditoria?: string;
  /** Extra route options (bodyLimit, onRequest hooks of uploads…). */
  opciones?: Omit<RouteShorthandOptions, 'schema' | 'config'>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Why a mutating route writes no audit row (see OpcionesRuta.sinAuditoria). */
    sinAuditoria?: string;
  }
}

type Manejador<D extends DefinicionRuta> = (
  req: PeticionDe<D>,
  reply: FastifyReply,
) => Promise<SalidaDe<D> | FastifyReply | undefined> | SalidaDe<D> | FastifyReply;

/** The Fastify schema of a definition: request parts, and the answer per status (success and error envelopes). */
export function esquemaDe(def: DefinicionRuta, tags: string[]): FastifySchema {
  const respuesta: Record<string, z.ZodType> = { 200: def.respuesta, '4xx': sobreError, '5xx': sobreError };
  for (const [estado, esquema] of Object.entries(def.otras ?? {}) as [string, z.ZodType][]) respuesta[estado] = esquema;
  return {
    tags,
    ...(def.resumen ? { summary: def.resumen } : {}),
    ...(def.query ? { querystring: def.query } : {}),
    ...(def.params ? { params: def.params } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(def.cuerpo === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    response: respuesta,
  };
}

/**
 * Registers a route of the contract: the spec's path and method, its schemas, its access rule. The handler's
 * request is typed by the definition and its return value must be the declared answer.
 */
export function rutaApi<D extends DefinicionRuta>(
  app: FastifyInstance,
  def: D,
  opciones: OpcionesRuta,
  manejador: Manejador<D>,
) {
  app.route({
    ...opciones.opciones,
    method: def.metodo,
    url: def.ruta,
    schema: esquemaDe(def, opciones.tags),
    config: {
      acceso: opciones.acceso,
      ...(opciones.sinAuditoria ? { sinAuditoria: opciones.sinAuditoria } : {}),
    },
    handler: manejador as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/** Types a test or a client reads off a definition. */
export type { BodyDe, ParamsDe, QueryDe };
