import { z } from 'zod';
import { entero } from '../comun';
import { cambioContrasenia, loginEntrada } from '../sesion';
import { instante, ruta, sobre, sobreVacio } from './definicion';

/** User session fields (spec 01 §3), with the names and company the screens show. */
export const usuarioSesion = z.object({
  codigoUsuario: z.number().int(),
  nombreUsuario: z.string(),
  nombreCompleto: z.string(),
  codigoRol: z.number().int(),
  nombreRol: z.string(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  codigoEmpresaAlmacen: z.number().int().nullable(),
  indicadorAlmacenActivo: z.boolean(),
  indicadorRegistroEspecialExcel: z.boolean(),
  nivelUsuario: z.number().int(),
  correoElectronico: z.string().nullable(),
  fechaCreacion: instante(),
  debeCambiarContrasenia: z.boolean(),
});
export type UsuarioSesion = z.infer<typeof usuarioSesion>;

const camposItemMenu = {
  codigoPermiso: z.number().int(),
  link: z.string(),
  urlLink: z.string(),
  iconoLink: z.string(),
  indexLink: z.number().int(),
  permiteListar: z.boolean(),
  permiteAgregar: z.boolean(),
  permiteEditar: z.boolean(),
  permiteEliminar: z.boolean(),
};
/** Permission menu item (spec 01 §3) with the action flags of spec 02 §3: groups hold their screens in detalle. */
export interface ItemMenu extends z.infer<z.ZodObject<typeof camposItemMenu>> {
  detalle: ItemMenu[];
}
/** A child item of the menu (its own children, recursively). */
const itemMenuHijo: z.ZodType<ItemMenu> = z.object({
  ...camposItemMenu,
  get detalle() {
    return z.array(itemMenuHijo);
  },
});
/** The top item is declared in place (its fields show in /api/docs); its children refer to one definition. */
export const itemMenu = z.object({ ...camposItemMenu, detalle: z.array(itemMenuHijo) });

/** What a sign-in answers: the token, the user and the menu. */
export const loginSalida = z.object({
  token: z.string(),
  usuario: usuarioSesion,
  permisos: z.array(itemMenu),
});
export type LoginSalida = z.infer<typeof loginSalida>;

/** The session as the layout refreshes it: the user and the menu. */
export const sesionActual = z.object({ usuario: usuarioSesion, permisos: z.array(itemMenu) });

/**
 * Sign-in, session and one's own menu and password (spec 01 §4, §7). The login page imports only this object
 * (its bundle stays small): no other module's schemas here.
 */
export const apiSesion = {
  login: ruta({
    metodo: 'POST',
    ruta: '/Account/Login',
    resumen: 'Inicio de sesión: token, usuario y menú (pública)',
    body: loginEntrada,
    respuesta: sobre(loginSalida),
  }),
  logout: ruta({
    metodo: 'POST',
    ruta: '/Account/Logout',
    resumen: 'Cierre de la sesión actual',
    respuesta: sobreVacio,
  }),
  consultarSesion: ruta({
    metodo: 'GET',
    ruta: '/Account/ConsultarSesion',
    resumen: 'Usuario y menú de la sesión actual',
    respuesta: sobre(sesionActual),
  }),
  menuDeUsuario: ruta({
    metodo: 'GET',
    ruta: '/Account/ConsultarPermisoPorRolUsuario',
    resumen: 'Menú (permisos) de un usuario: el propio, o el de otro para quien administra usuarios',
    query: z.object({ CodigoUsuario: entero().positive() }),
    respuesta: sobre(z.array(itemMenu)),
  }),
  cambiarContrasenia: ruta({
    metodo: 'POST',
    ruta: '/Account/ActualizaContrasenia',
    resumen: 'Cambio de la propia contraseña, o restablecimiento de la de otro usuario',
    body: cambioContrasenia,
    respuesta: sobreVacio,
  }),
};
