import { apiAranceles } from './arancel';
import { apiCatalogo } from './catalogo';
import type { DefinicionRuta } from './definicion';
import { apiParametros } from './parametros';
import { apiPerfilEmpresa } from './perfil-empresa';
import { apiRevision } from './revision';
import { apiSesion } from './sesion';
import { apiTrabajadores } from './trabajador';
import { apiUsuarios } from './usuarios';

/**
 * Every route definition of the API, by module: one line per module (alphabetical), so parallel work merges
 * cleanly. The server's contract tests read it; screens import their module's definitions directly (a screen's
 * chunk carries only its own schemas).
 */
export const API = {
  aranceles: apiAranceles,
  catalogo: apiCatalogo,
  parametros: apiParametros,
  perfilEmpresa: apiPerfilEmpresa,
  revision: apiRevision,
  sesion: apiSesion,
  trabajadores: apiTrabajadores,
  usuarios: apiUsuarios,
} satisfies Record<string, Record<string, DefinicionRuta>>;
