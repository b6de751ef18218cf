import { cargarConfig } from '../config';
import { abrirPglite, abrirPostgres } from './client';
import { migrar } from './migrar';

/** npm run migrate: applies the pending migrations to the configured database and exits (no seeding). */
const config = cargarConfig();
const base = config.DATABASE_URL
  ? abrirPostgres(config.DATABASE_URL)
  : await abrirPglite({
      dataDir: config.dataDir,
      bufferes: config.PGLITE_SHARED_BUFFERS,
      compilador: config.PGLITE_COMPILADOR,
    });
const inicio = performance.now();
const definiciones = await migrar(base);
await base.cerrar();
console.log(
  `Migraciones aplicadas (${((performance.now() - inicio) / 1000).toFixed(1)} s, base de datos: ${base.tipo}).`,
);
if (definiciones.length) console.log(`Definiciones SQL aplicadas: ${definiciones.join(', ')}.`);
