/**
 * Prints the SQL of op1's kept rows (functions and triggers, modules/reporte/filas-mantenidas.repository.ts) for a migration:
 *   node --import tsx scripts/sql-filas-mantenidas.ts >> src/db/migrations/NNNN_name.sql
 * A change of op1's columns or rendering needs a new migration made this way (a test fails until then).
 */
import { sqlFilasMantenidas } from '../src/modules/reporte/filas-mantenidas.repository';

process.stdout.write(sqlFilasMantenidas());
