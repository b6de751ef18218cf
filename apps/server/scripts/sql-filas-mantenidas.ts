/**
 * Prints the SQL of op1's and op3's kept rows (modules/reporte/filas-mantenidas.repository.ts) for a migration:
 *   node --import tsx scripts/sql-filas-mantenidas.ts [--funciones] >> src/db/migrations/NNNN_name.sql
 * Without arguments: the state row, the functions and the triggers, as migration 0025 created them. With --funciones:
 * the functions alone, for a migration that changes the reports' columns or rendering (0026: it empties the tables
 * first, and the server fills them again). Such a change needs a new migration made this way: a test fails until then.
 */
import { sqlFilasMantenidas, sqlFuncionesFilasMantenidas } from '../src/modules/reporte/filas-mantenidas.repository';

process.stdout.write(process.argv.includes('--funciones') ? sqlFuncionesFilasMantenidas() : sqlFilasMantenidas());
