import account from './account/account.routes';
import actas from './aduanas/actas.routes';
import aduanas from './aduanas/aduanas.routes';
import ajustes from './ajustes/ajustes.routes';
import arancel from './arancel/arancel.routes';
import balanza from './balanza/balanza.routes';
import catalogo from './catalogo/catalogo.routes';
import certificado from './certificado/certificado.routes';
import cip from './cip/cip.routes';
import conteo from './conteo/conteo.routes';
import controlSeguridad from './control-seguridad/control-seguridad.routes';
import empresa from './empresa/empresa.routes';
import finanzas from './finanzas/finanzas.routes';
import general from './general/general.routes';
import importador from './importador/importador.routes';
import inventario from './inventario/inventario.routes';
import kardex from './kardex/kardex.routes';
import movimiento from './movimiento/movimiento.routes';
import notificaciones from './notificaciones/notificaciones.routes';
import parametro from './parametro/parametro.routes';
import persona from './persona/persona.routes';
import reporte from './reporte/reporte.routes';
import revision from './revision/revision.routes';
import salud from './salud/salud.routes';
import soporte from './soporte/soporte.routes';
import tablero from './tablero/tablero.routes';
import transportista from './transportista/transportista.routes';
import verificacion from './verificacion/verificacion.routes';
import parametrosGenerales from './parametros-generales/parametros-generales.routes';
import perfilEmpresa from './perfil-empresa/perfil-empresa.routes';
import trabajador from './trabajador/trabajador.routes';
import type { Modulo } from './tipos';
import usuarios from './usuarios/usuarios.routes';

/** Every module of the API, listed explicitly. Add one line per module (alphabetical) to keep merges easy. */
export const MODULOS: Modulo[] = [
  account,
  actas,
  aduanas,
  ajustes,
  arancel,
  balanza,
  catalogo,
  certificado,
  cip,
  conteo,
  controlSeguridad,
  empresa,
  finanzas,
  general,
  importador,
  inventario,
  kardex,
  movimiento,
  notificaciones,
  parametro,
  persona,
  reporte,
  revision,
  salud,
  soporte,
  tablero,
  transportista,
  verificacion,
  usuarios,
  parametrosGenerales,
  perfilEmpresa,
  trabajador,
];
