import { z } from 'zod';
import { consultaPaginada, entero, ordenarPor } from '../comun';
import { cambioEstadoUsuario, eliminarUsuario, guardarPermisoUsuario, usuarioFormulario } from '../usuarios';
import { instante, ruta, sobre, sobrePaginado } from './definicion';

/**
 * Bodies of the generic helpers (enable/disable, delete) arrive flat or as `{ data: {...} }` (spec 01 §7):
 * both are read as the flat form.
 */
export const planoOData = <T extends z.ZodType>(esquema: T) =>
  z.preprocess(
    (b) => (b && typeof b === 'object' && 'data' in b && typeof b.data === 'object' ? b.data : b),
    esquema,
  ) as unknown as z.ZodType<z.output<T>, z.input<T> | { data: z.input<T> }>;

/** A row of Lista de Usuarios / Lista de Administradores (spec 02 §3 User; never the password). */
export const filaUsuario = z.object({
  codigoUsuario: z.number().int(),
  nombreUsuario: z.string(),
  nombreCompleto: z.string(),
  nombre: z.string(),
  apellidoPaterno: z.string(),
  apellidoMaterno: z.string(),
  correoElectronico: z.string().nullable(),
  cargo: z.string().nullable(),
  codigoRol: z.number().int(),
  nombreRol: z.string(),
  /** The user level (spec 02 §3 "levels"). */
  nivelUsuario: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  codeTipoDocumentoPeaton: z.string().nullable(),
  numeroDocumentoIdentidad: z.string().nullable(),
  estadoAnulado: z.number().int(),
  fechaRegistro: instante(),
  /** Sent back with an edit (optimistic lock). */
  version: z.number().int(),
});
export type FilaUsuario = z.infer<typeof filaUsuario>;

const camposNodo = {
  codigoPermisoRol: z.number().int(),
  header: z.string(),
  urlLink: z.string(),
  iconoLink: z.string(),
  permiteListar: z.boolean(),
  permiteAgregar: z.boolean(),
  permiteEditar: z.boolean(),
  permiteEliminar: z.boolean(),
  habilitado: z.boolean(),
};
/** A node of the Permisos tree (spec 02 §3 Permission node): a module group with its screens in detalle. */
export interface NodoPermiso extends z.infer<z.ZodObject<typeof camposNodo>> {
  detalle: NodoPermiso[];
}
/** A child node of the tree (its own children, recursively). */
const nodoPermisoHijo: z.ZodType<NodoPermiso> = z.object({
  ...camposNodo,
  get detalle() {
    return z.array(nodoPermisoHijo);
  },
});
/** The top node is declared in place (its fields show in /api/docs); its children refer to one definition. */
export const nodoPermiso = z.object({ ...camposNodo, detalle: z.array(nodoPermisoHijo) });

/** What both users' lists sort by: full name, user name, state (active first, then by name) and registration date. */
export const ORDEN_USUARIOS = ['nombreCompleto', 'nombreUsuario', 'estadoAnulado', 'fechaRegistro'] as const;
export const consultaUsuarios = consultaPaginada.extend({
  SoloAdministradores: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  ...ordenarPor(ORDEN_USUARIOS),
});
export type ConsultaUsuarios = z.infer<typeof consultaUsuarios>;

/** Users, administrators and their permission trees (spec 02 §7 Users and permissions). */
export const apiUsuarios = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Account/ListarDatos',
    resumen:
      'Lista de Usuarios / de Administradores (paginada; SoloAdministradores para la segunda; se ordena por nombreCompleto, nombreUsuario, estadoAnulado o fechaRegistro)',
    query: consultaUsuarios,
    respuesta: sobrePaginado(filaUsuario),
  }),
  arbolDeUsuario: ruta({
    metodo: 'GET',
    ruta: '/Account/ConsultarArbolPermisoUsuario',
    resumen: 'Árbol de permisos de un usuario (pestaña Permisos)',
    query: z.object({ CodigoUsuario: entero().positive() }),
    respuesta: sobre(z.array(nodoPermiso)),
  }),
  arbolDeRol: ruta({
    metodo: 'GET',
    ruta: '/Account/ConsultarPermisoPorRol',
    resumen: 'Árbol de permisos por defecto de un rol',
    query: z.object({ CodigoRol: entero().positive() }),
    respuesta: sobre(z.array(nodoPermiso)),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/Account/Crear',
    resumen: 'Crea un usuario (con su árbol de permisos) o, con codigoUsuario, edita sus datos',
    body: planoOData(usuarioFormulario),
    /** The user's code. */
    respuesta: sobre(z.number().int()),
  }),
  guardarPermisos: ruta({
    metodo: 'POST',
    ruta: '/Account/GuardarPermisoUsuario',
    resumen: 'Reemplaza el árbol de permisos de un usuario',
    body: planoOData(guardarPermisoUsuario),
    respuesta: sobre(z.boolean()),
  }),
  cambiarEstado: ruta({
    metodo: 'POST',
    ruta: '/Account/CambiarEstadoAnulado',
    resumen: 'Deshabilita (estado 1) o habilita (estado 0) un usuario',
    body: planoOData(cambioEstadoUsuario),
    respuesta: sobre(z.boolean()),
  }),
  eliminar: ruta({
    metodo: 'POST',
    ruta: '/Account/EliminarRegistro',
    resumen: 'Elimina un usuario de las listas (la fila queda para la auditoría)',
    body: planoOData(eliminarUsuario),
    respuesta: sobre(z.boolean()),
  }),
};
