import type { DefinicionRuta } from './definicion';
import { apiAranceles } from './arancel';
import { apiCatalogo } from './catalogo';
import { apiCertificado } from './certificado';
import { apiEmpresa } from './empresa';
import { apiGeneral } from './general';
import { apiImportador } from './importador';
import { apiInventario } from './inventario';
import { apiMovimiento } from './movimiento';
import { apiNotificaciones } from './notificaciones';
import { apiParametros } from './parametros';
import { apiPerfilEmpresa } from './perfil-empresa';
import { apiPersona } from './persona';
import { apiReporte } from './reporte';
import { apiRevision } from './revision';
import { apiSalud } from './salud';
import { apiSesion } from './sesion';
import { apiTrabajadores } from './trabajador';
import { apiTransportista } from './transportista';
import { apiUsuarios } from './usuarios';

/**
 * Every route definition of the API, by module: one line per module (alphabetical), so parallel work merges
 * cleanly. The server's contract tests read it; screens import their module's definitions directly (a screen's
 * chunk carries only its own schemas).
 */
export const API = {
  aranceles: apiAranceles,
  catalogo: apiCatalogo,
  certificado: apiCertificado,
  empresa: apiEmpresa,
  general: apiGeneral,
  importador: apiImportador,
  inventario: apiInventario,
  movimiento: apiMovimiento,
  notificaciones: apiNotificaciones,
  parametros: apiParametros,
  perfilEmpresa: apiPerfilEmpresa,
  persona: apiPersona,
  reporte: apiReporte,
  revision: apiRevision,
  salud: apiSalud,
  sesion: apiSesion,
  trabajadores: apiTrabajadores,
  transportista: apiTransportista,
  usuarios: apiUsuarios,
} satisfies Record<string, Record<string, DefinicionRuta>>;
