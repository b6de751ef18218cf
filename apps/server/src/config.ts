import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { ModoDemo } from './db/seed/modo-demo';

/** Repository root, so that relative paths (DATA_DIR=./data) mean the same from any working directory. */
export const RAIZ = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const booleano = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'si', 'no'])
  .transform((v) => ['true', '1', 'yes', 'si'].includes(v));

const esquema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Interface to listen on. Unset: 127.0.0.1 while some user still has the published demo password, every interface
   * otherwise (interfaz.ts, docs/adr/0180-escucha-local-con-datos-de-demostracion.md).
   */
  HOST: z.string().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Demo data: on by default with the embedded database, off with a PostgreSQL server unless asked. */
  SEED_DEMO: booleano.optional(),
  WEB_DIST: z.string().default('apps/web/dist'),
  PG_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  /** Buffer cache of the embedded database (PostgreSQL's shared_buffers), held in memory from the start. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, { error: 'un tamaño como 32MB' })
    .default('16MB'),
  /**
   * How V8 compiles the embedded database's WebAssembly: `liftoff` (the baseline compiler only: ~65 MB less
   * resident, queries ~15 % slower) or `turbofan` (V8's default tiering, for an installation with memory to spare).
   */
  PGLITE_COMPILADOR: z.enum(['liftoff', 'turbofan'], { error: "'liftoff' o 'turbofan'" }).default('liftoff'),
  TRUST_PROXY: booleano.default(false),
  /** External-consultation switch (levante, RUC/DNI providers); off means offline adapters only. */
  CONSULTAS_EXTERNAS: booleano.default(false),
  /** Optional HTTP providers behind the switch: DNI, RUC (GET {url}/{numero}) and levante ({numero} in the URL). */
  PROVEEDOR_DNI_URL: z.url().optional(),
  PROVEEDOR_RUC_URL: z.url().optional(),
  PROVEEDOR_LEVANTE_URL: z.url().optional(),
  /** Voucher signing certificate (PKCS#12 file and password); without one a demo certificate is generated. */
  FIRMA_PFX_RUTA: z.string().optional(),
  FIRMA_PFX_CLAVE: z.string().optional(),
  /** Voucher receiver (an OSE or the tax authority's service); without it, the local receiver answers. */
  ENVIO_COMPROBANTES_URL: z.url().optional(),
  /** Login throttling: wait added per failure after the third, failures that lock, and for how long. */
  LOGIN_RETARDO_MS: z.coerce.number().int().min(0).max(3000).default(400),
  LOGIN_INTENTOS_BLOQUEO: z.coerce.number().int().min(2).max(100).default(8),
  LOGIN_BLOQUEO_MINUTOS: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * Strict contract: every answer is checked against its declared schema and every successful mutation must
   * have written its audit row (an error otherwise). On in tests and in the browser suite; off in production.
   */
  CONTRATO_ESTRICTO: booleano.optional(),
  /**
   * The bearer token of GET /api/metrics (Prometheus). Unset: nothing is measured and the route answers 404.
   */
  METRICAS_TOKEN: z.string().min(16, { error: 'al menos 16 caracteres' }).optional(),
});

/** Every environment variable the server reads (the README's settings table lists each one). */
export const VARIABLES_CONFIG = Object.keys(esquema.shape);

export type Config = Omit<z.infer<typeof esquema>, 'SEED_DEMO' | 'CONTRATO_ESTRICTO'> & {
  /** true / false when set; unset: 'si-vacia' embedded (demo data into a new database only), false on PostgreSQL. */
  SEED_DEMO: ModoDemo;
  CONTRATO_ESTRICTO: boolean;
  dataDir: string;
  archivosDir: string;
  webDist: string;
};

const absoluta = (p: string) => (isAbsolute(p) ? p : resolve(RAIZ, p));

/** Parses the environment once, at start; a bad value stops the process with a readable list. */
export function cargarConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const r = esquema.safeParse(env);
  if (!r.success) {
    const lineas = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuración inválida:\n${lineas}`);
  }
  const c = r.data;
  const dataDir = absoluta(c.DATA_DIR);
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? (c.DATABASE_URL ? false : 'si-vacia'),
    CONTRATO_ESTRICTO: c.CONTRATO_ESTRICTO ?? c.NODE_ENV === 'test',
    dataDir,
    archivosDir: resolve(dataDir, 'archivos'),
    webDist: absoluta(c.WEB_DIST),
  };
}
