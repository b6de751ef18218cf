import type { DefinicionRuta } from './definicion';
import { apiActas, apiAduanas } from './aduanas';
import { apiAjustes } from './ajustes';
import { apiAranceles } from './arancel';
import { apiBalanza } from './balanza';
import { apiCatalogo } from './catalogo';
import { apiCertificado } from './certificado';
import { apiCip } from './cip';
import { apiConteo } from './conteo';
import { apiControlSeguridad } from './control-seguridad';
import { apiEmpresa } from './empresa';
import { apiFinanzas } from './finanzas';
import { apiGeneral } from './general';
import { apiImportador } from './importador';
import { apiInventario } from './inventario';
import { apiKardex } from './kardex';
import { apiMovimiento } from './movimiento';
import { apiNotificaciones } from './notificaciones';
import { apiParametros } from './parametros';
import { apiPerfilEmpresa } from './perfil-empresa';
import { apiPersona } from './persona';
import { apiReporte } from './reporte';
import { apiRevision } from './revision';
import { apiSalud } from './salud';
import { apiSesion } from './sesion';
import { apiSoporte } from './soporte';
import { apiTablero } from './tablero';
import { apiTrabajadores } from './trabajador';
import { apiTransportista } from './transportista';
import { apiUsuarios } from './usuarios';
import { apiVerificacion } from './verificacion';

/**
 * Every route definition of the API, by module: one line per module (alphabetical), so parallel work merges
 * cleanly. The server's contract tests read it; screens import their module's definitions directly (a screen's
 * chunk carries only its own schemas).
 */
export const API = {
  actas: apiActas,
  aduanas: apiAduanas,
  ajustes: apiAjustes,
  aranceles: apiAranceles,
  balanza: apiBalanza,
  catalogo: apiCatalogo,
  certificado: apiCertificado,
  cip: apiCip,
  conteo: apiConteo,
  controlSeguridad: apiControlSeguridad,
  empresa: apiEmpresa,
  finanzas: apiFinanzas,
  general: apiGeneral,
  importador: apiImportador,
  inventario: apiInventario,
  kardex: apiKardex,
  movimiento: apiMovimiento,
  notificaciones: apiNotificaciones,
  parametros: apiParametros,
  perfilEmpresa: apiPerfilEmpresa,
  persona: apiPersona,
  reporte: apiReporte,
  revision: apiRevision,
  salud: apiSalud,
  sesion: apiSesion,
  soporte: apiSoporte,
  tablero: apiTablero,
  trabajadores: apiTrabajadores,
  transportista: apiTransportista,
  usuarios: apiUsuarios,
  verificacion: apiVerificacion,
} satisfies Record<string, Record<string, DefinicionRuta>>;
