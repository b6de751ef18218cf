import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { configurarZodEspanol, MENSAJES } from '@cronos/contract';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { BaseDatos } from './db/client';
import { MODULOS } from './modules';
import { acceso } from './platform/acceso';
import { CacheAcceso } from './platform/cache-acceso';
import { AVISO_CONFIGURACION, olvidarConfiguracion } from './platform/cache-configuracion';
import { Escucha } from './platform/escucha';
import { vigilarAuditoria } from './platform/auditoria';
import { compiladorSerializacion } from './platform/contrato';
import { idempotencia } from './platform/idempotencia';
import { manejoErrores } from './platform/manejo-errores';
import { Metricas } from './platform/metricas';
import { trabajoMantenimiento } from './platform/mantenimiento';
import { RegistroDeSolicitudes } from './platform/registro';
import { aplicarTextoSeguro } from './platform/texto-seguro';
import { Trabajos } from './platform/trabajos';

configurarZodEspanol();

/** The channel of the database's announcements of session and permission changes (migration 0012). */
const CANAL_ACCESO = 'cronos_acceso';

declare module 'fastify' {
  interface FastifyInstance {
    rutasRegistradas: { method: string; url: string }[];
    trabajos: Trabajos;
    /** The Prometheus figures (platform/metricas.ts); null when METRICAS_TOKEN is not set. */
    metricas: Metricas | null;
  }
}

export interface OpcionesApp {
  config: Config;
  base: BaseDatos;
  /** The clock; tests move it to expire sessions. */
  ahora?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the HTTP application without listening: main.ts listens, tests call inject(). */
export async function construirApp(opciones: OpcionesApp) {
  const { config, base } = opciones;
  const ahora = opciones.ahora ?? (() => new Date());
  const app = Fastify({
    logger: opciones.logger ?? {
      level: config.LOG_LEVEL,
      redact: ['req.headers.authorization', '*.contrasenia', '*.checkPass', '*.token'],
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    logController: new RegistroDeSolicitudes(),
  }).withTypeProvider();
  app.setValidatorCompiler(validatorCompiler);
  // Responses: fast-json-stringify from each route's declared schema (only declared fields leave the server);
  // in strict mode each answer is also checked against it, and every successful mutation must have audited.
  app.setSerializerCompiler(compiladorSerializacion(config.CONTRATO_ESTRICTO));
  vigilarAuditoria(app, config.CONTRATO_ESTRICTO);
  // No control characters in any text of any request (one rule of the contract), before a handler runs.
  aplicarTextoSeguro(app);
  // Every route as registered (method, url): the contract tests compare it with /api/docs and the contract.
  const rutasRegistradas: { method: string; url: string }[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) rutasRegistradas.push({ method, url: r.url });
  });
  app.decorate('rutasRegistradas', rutasRegistradas);
  app.addHook('onRequest', (req, reply, listo) => {
    reply.header('x-request-id', req.id);
    listo();
  });

  // Security headers (helmet), its middleware built once: the Fastify plugin rebuilt it on every request, a twentieth
  // of the server's CPU on the gate's reads.
  const cabecerasSeguridad = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design writes its CSS-in-JS into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, continuar) =>
    cabecerasSeguridad(req.raw, reply.raw, (e?: unknown) => continuar(e as Error | undefined)),
  );
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cronos API',
        version: '0.1.0',
        description:
          'API de Cronos. Rutas, parámetros y campos según la especificación; sobre { success, message, data }. ' +
          'Autenticación: Bearer token de POST /api/Account/Login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(manejoErrores);
  // Sessions, permission trees and the checklists kept in the instance, dropped when the database announces a change.
  const cacheAcceso = new CacheAcceso();
  const avisosAcceso = new Escucha(
    base,
    CANAL_ACCESO,
    (carga) => (carga === AVISO_CONFIGURACION ? olvidarConfiguracion() : cacheAcceso.invalidar(carga)),
    () => {
      cacheAcceso.vaciar();
      olvidarConfiguracion();
    },
    app.log,
  );
  await avisosAcceso.iniciar();
  app.addHook('onClose', async () => {
    await avisosAcceso.detener();
    cacheAcceso.cerrar();
  });
  await app.register(acceso, { db: base.db, ahora, cache: cacheAcceso });
  // A mutation resent with the same Idempotency-Key gets the stored answer instead of running twice.
  await app.register(idempotencia, { db: base.db, ahora });
  // Limits here are the outer bound; each upload route sets its own (spec limits) per request.
  await app.register(multipart, { limits: { fileSize: 30 * 1024 * 1024, files: 20, fields: 50, fieldSize: 100_000 } });

  // Background jobs (platform/trabajos.ts): each module registers its own; they start when the app is ready (not in
  // the tests, which run them by hand) and the app's close stops them and waits for a running one.
  const trabajos = new Trabajos(base, app.log);
  app.decorate('trabajos', trabajos);
  if (base.tipo === 'pglite') trabajos.registrar(trabajoMantenimiento(base, app.log));
  if (config.NODE_ENV !== 'test') app.addHook('onReady', async () => trabajos.iniciar());
  app.addHook('onClose', () => trabajos.detener());

  // Metrics for Prometheus (GET /api/metrics), only with a token configured: every request timed by its route pattern.
  const metricas = config.METRICAS_TOKEN ? new Metricas({ base, trabajos, ahora, log: app.log }) : null;
  app.decorate('metricas', metricas);
  metricas?.instrumentar(app);

  const deps = { db: base.db, base, config, ahora, trabajos };
  for (const modulo of MODULOS) await app.register(modulo, { prefix: '/api', ...deps });

  const hayWeb = existsSync(join(config.webDist, 'index.html'));
  if (hayWeb) {
    const carpetaAssets = join(config.webDist, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes a brotli and a gzip copy of each text file (apps/web/scripts/comprimir.mjs): the copy the
      // browser accepts is sent as is (Content-Encoding, Vary: Accept-Encoding), the original otherwise.
      preCompressed: true,
      setHeaders: (res, ruta) => {
        // Hashed assets never change: cached for a year without revalidation. index.html, the service worker and
        // the other files at the root keep their names across deployments, so they are always revalidated.
        if (ruta.startsWith(carpetaAssets)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // A built file the server does not have (a page opened before a new version was deployed names the previous
    // build's files) is a 404: answering it with the app's page made the browser refuse it as a script of the
    // wrong type, and a cache could keep the page under the file's name. The web app reloads itself on it.
    if (req.url.startsWith('/api') || req.url.startsWith('/assets/') || !hayWeb || req.method !== 'GET') {
      return reply.status(404).send({ success: false, message: MENSAJES.noExiste, data: null });
    }
    // Client-side routes (/login, /app/...) get the single-page app; it shows its own error page.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}

export type App = Awaited<ReturnType<typeof construirApp>>;
