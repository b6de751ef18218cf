/**
 * Prints the SQL of the kept report rows (modules/reporte/filas-mantenidas.repository.ts) for a migration:
 *   node --import tsx scripts/sql-filas-mantenidas.ts [--funciones | --lineas] >> src/db/migrations/NNNN_name.sql
 * Without arguments: the state row, the functions and the triggers, as migration 0025 created them. With --funciones:
 * the functions alone, for a migration that changes the reports' columns or rendering (0026: it empties the tables
 * first, and the server fills them again). Such a change needs a new migration made this way: a test fails until then.
 * With --lineas: what 0037 added for op2's and op4's kept lines (their state row, the catalogue's trigger, the functions).
 */
import {
  sqlFilasLineas,
  sqlFilasMantenidas,
  sqlFuncionesFilasMantenidas,
} from '../src/modules/reporte/filas-mantenidas.repository';

process.stdout.write(
  process.argv.includes('--funciones')
    ? sqlFuncionesFilasMantenidas()
    : process.argv.includes('--lineas')
      ? sqlFilasLineas()
      : sqlFilasMantenidas(),
);
