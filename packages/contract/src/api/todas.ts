import type { DefinicionRuta } from './definicion';
import { apiEmpresa } from './empresa';
import { apiGeneral } from './general';
import { apiImportador } from './importador';
import { apiInventario } from './inventario';
import { apiMovimiento } from './movimiento';
import { apiNotificaciones } from './notificaciones';
import { apiPersona } from './persona';
import { apiRevision } from './revision';
import { apiTransportista } from './transportista';

/**
 * Every route definition of the API, by module: one line per module (alphabetical), so parallel work merges
 * cleanly. The server's contract tests read it; screens import their module's definitions directly (a screen's
 * chunk carries only its own schemas).
 */
export const API = {
  empresa: apiEmpresa,
  general: apiGeneral,
  importador: apiImportador,
  inventario: apiInventario,
  movimiento: apiMovimiento,
  notificaciones: apiNotificaciones,
  persona: apiPersona,
  revision: apiRevision,
  transportista: apiTransportista,
} satisfies Record<string, Record<string, DefinicionRuta>>;
