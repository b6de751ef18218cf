import { cargarConfig } from '../../config';
import { abrirPglite, abrirPostgres } from '../client';
import { migrar } from '../migrar';
import { prepararDatos } from './index';

/** npm run seed: migrates and seeds the configured database (demo data unless SEED_DEMO=false). */
const config = cargarConfig();
const base = config.DATABASE_URL ? abrirPostgres(config.DATABASE_URL) : await abrirPglite({ dataDir: config.dataDir });
await migrar(base);
await prepararDatos(base.db, { demo: process.env.SEED_DEMO ? config.SEED_DEMO : true, avisar: console.log });
await base.cerrar();
console.log('Datos preparados.');
