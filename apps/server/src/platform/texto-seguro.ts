import { conTextoSeguro } from '@cronos/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** A route's request schemas as registered (after the text rule). */
export interface EsquemasRuta {
  metodo: string | string[];
  url: string;
  esquemas: Partial<Record<'body' | 'querystring' | 'params', z.ZodType>>;
}

const PARTES = ['body', 'querystring', 'params'] as const;
const registradas = new WeakMap<FastifyInstance, EsquemasRuta[]>();
const esZod = (v: unknown): v is z.ZodType => typeof v === 'object' && v !== null && '_zod' in v;

/**
 * Applies the contract's text rule (no control characters; docs/adr/0013-texto-seguro.md) to the body, query and params
 * schema of every route registered after this call, so a NUL in any field is a 422 before a handler runs.
 */
export function aplicarTextoSeguro(app: FastifyInstance) {
  const lista: EsquemasRuta[] = [];
  registradas.set(app, lista);
  app.addHook('onRoute', (ruta) => {
    const schema = ruta.schema as Record<string, unknown> | undefined;
    const esquemas: EsquemasRuta['esquemas'] = {};
    for (const parte of PARTES) {
      const s = schema?.[parte];
      if (!schema || !esZod(s)) continue;
      schema[parte] = conTextoSeguro(s);
      esquemas[parte] = schema[parte] as z.ZodType;
    }
    lista.push({ metodo: ruta.method, url: ruta.url, esquemas });
  });
}

/** Every route registered on the app with its request schemas (the schema tests walk them). */
export const rutasRegistradas = (app: FastifyInstance) => registradas.get(app) ?? [];
