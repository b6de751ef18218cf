import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { BaseDatos, Db } from '../db/client';

/** What app.ts hands every module. */
export interface DepsModulo {
  db: Db;
  base: BaseDatos;
  config: Config;
  ahora: () => Date;
}
export type Modulo = FastifyPluginAsyncZod<DepsModulo>;
