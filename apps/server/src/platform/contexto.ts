import type { Permisos } from '@cronos/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

/** Who is acting, as the server established it from the session (never from the request body). */
export interface Actor {
  codigoUsuario: number;
  nombreUsuario: string;
  codigoRol: number;
  nivelUsuario: number;
  codigoEmpresaUsuario: number;
  codigoSesion: number;
  permisos: Map<string, Permisos>;
}

/** What every service verb receives: the actor, the database, the request id and a logger. */
export interface Ctx {
  actor: Actor;
  db: Db;
  idSolicitud: string;
  log: FastifyBaseLogger;
  ahora: () => Date;
}
