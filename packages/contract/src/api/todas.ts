import type { DefinicionRuta } from './definicion';
import { apiRevision } from './revision';

/**
 * Every route definition of the API, by module: one line per module (alphabetical), so parallel work merges
 * cleanly. The server's contract tests read it; screens import their module's definitions directly (a screen's
 * chunk carries only its own schemas).
 */
export const API = {
  revision: apiRevision,
} satisfies Record<string, Record<string, DefinicionRuta>>;
