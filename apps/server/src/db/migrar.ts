import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { BaseDatos } from './client';

export const CARPETA_MIGRACIONES = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');
const CANDADO_MIGRACION = 7_151_999; // advisory lock key: one instance migrates, the others wait

/**
 * Applies the drizzle-kit migrations (those of `carpeta`: a test gives a folder cut at an earlier migration). Several API
 * instances may start at once: one migrates at a time.
 */
export async function migrar(base: BaseDatos, carpeta = CARPETA_MIGRACIONES): Promise<void> {
  if (base.pglite) {
    await migratePglite(drizzlePglite(base.pglite), { migrationsFolder: carpeta });
    return;
  }
  if (!base.pool) throw new Error('Base de datos sin conexión');
  const cliente = await base.pool.connect();
  try {
    await cliente.query('select pg_advisory_lock($1)', [CANDADO_MIGRACION]);
    await migratePg(drizzlePg(cliente), { migrationsFolder: carpeta });
  } finally {
    await cliente.query('select pg_advisory_unlock($1)', [CANDADO_MIGRACION]).catch(() => {});
    cliente.release();
  }
}
