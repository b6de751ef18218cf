import { apiCertificado } from './certificado';
import type { DefinicionRuta } from './definicion';
import { apiReporte } from './reporte';
import { apiRevision } from './revision';
import { apiSalud } from './salud';

/**
 * Every route definition of the API, by module: one line per module (alphabetical), so parallel work merges
 * cleanly. The server's contract tests read it; screens import their module's definitions directly (a screen's
 * chunk carries only its own schemas).
 */
export const API = {
  certificado: apiCertificado,
  reporte: apiReporte,
  revision: apiRevision,
  salud: apiSalud,
} satisfies Record<string, Record<string, DefinicionRuta>>;
