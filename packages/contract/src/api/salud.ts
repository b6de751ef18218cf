import { z } from 'zod';
import { ruta } from './definicion';

/** The database the server runs on: the embedded one (PGlite) or a PostgreSQL server. */
const baseDatos = z.enum(['pglite', 'postgres']);

const listo = z.object({ status: z.literal('ok'), database: baseDatos });
/** 503 with a Retry-After header: the process answers but cannot reach its database. */
const noListo = z.object({ status: z.literal('error'), database: baseDatos, message: z.string() });

/** One background job's figures in the instance that answers (apps/server/src/platform/trabajos.ts). */
const trabajo = z.object({
  nombre: z.string(),
  ejecuciones: z.number().int(),
  fallas: z.number().int(),
  fallosSeguidos: z.number().int(),
  ultimaDuracionMs: z.number().int().nullable(),
  ultimoExito: z.string().nullable(),
  ultimoError: z.string().nullable(),
  enCurso: z.boolean(),
});

/** Health checks for the load balancer and the monitoring (public, no session; not the JSON envelope). */
export const apiSalud = {
  vivo: ruta({
    metodo: 'GET',
    ruta: '/health/live',
    resumen: 'El proceso responde (no consulta la base de datos)',
    respuesta: z.object({ status: z.literal('ok') }),
  }),
  listo: ruta({
    metodo: 'GET',
    ruta: '/health/ready',
    resumen: 'El proceso responde y alcanza su base de datos; 503 con Retry-After si la base no está disponible',
    respuesta: listo,
    otras: { 503: noListo },
  }),
  salud: ruta({
    metodo: 'GET',
    ruta: '/health',
    resumen: 'Igual que /health/ready',
    respuesta: listo,
    otras: { 503: noListo },
  }),
  trabajos: ruta({
    metodo: 'GET',
    ruta: '/health/jobs',
    resumen:
      'Trabajos en segundo plano de la instancia que responde: ejecuciones, fallas, última duración y último éxito',
    respuesta: z.object({ status: z.literal('ok'), instancia: z.string(), trabajos: z.array(trabajo) }),
  }),
  metricas: ruta({
    metodo: 'GET',
    ruta: '/metrics',
    resumen:
      'Métricas de la instancia en el formato de texto de Prometheus (Authorization: Bearer METRICAS_TOKEN); ' +
      '404 si METRICAS_TOKEN no está configurado, 401 con otro token',
    respuesta: z.string().meta({ description: 'text/plain; version=0.0.4' }),
  }),
};
