import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { BaseDatos, Db } from '../db/client';
import type { Trabajos } from '../platform/trabajos';

/** What app.ts hands every module. */
export interface DepsModulo {
  db: Db;
  base: BaseDatos;
  config: Config;
  ahora: () => Date;
  /** The background jobs of the instance (platform/trabajos.ts): a module registers its own. */
  trabajos: Trabajos;
}
export type Modulo = FastifyPluginAsyncZod<DepsModulo>;
