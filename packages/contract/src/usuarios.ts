import { z } from 'zod';
import { entero, requerido, versionRegistro } from './comun';
import { MENSAJES } from './mensajes';
import { ROLES } from './roles';

/** Messages of the users screens (spec 02 §5, §8), exact where the spec gives them. */
export const MENSAJES_USUARIOS = {
  ochoCaracteres: 'Debe Ingresar los 8 caracteres',
  nombresApellidos: 'Debe Ingresar nombres y apellidos',
  alMenosUnModulo: 'Debe seleccionar al menos un módulo',
  sinPermisos: 'Este usuario no tiene permisos',
  creado: 'Usuario creado con éxito',
  editado: 'Usuario editado con éxito',
  errorCreacion: 'Error en la creación del usuario',
  // Ours, in the same tone.
  permisosGuardados: 'Permisos actualizados con éxito',
  estadoActualizado: 'Estado actualizado con éxito',
  eliminado: 'Usuario eliminado con éxito',
  noOtorgar: 'No puede otorgar permisos que usted no posee.',
  rolNoPermitido: 'No puede asignar este rol.',
  tipoNoPermitido: 'Tipo de documento no permitido',
  documentoLargo: 'Debe tener entre 10 y 12 dígitos',
  soloDigitos: 'Solo se permiten números',
  correoInvalido: 'Correo electrónico inválido',
  nombreUsuarioExiste: 'El nombre de usuario ya existe.',
  nombreUsuarioFormato: 'Solo letras minúsculas, números, punto y guion bajo (3 a 60)',
  noPropio: 'No puede cambiar el estado de su propio usuario.',
  superAdministradorProtegido: 'Un SuperAdministrador no puede deshabilitarse ni eliminarse.',
  yaEnEseEstado: 'El usuario ya se encuentra en ese estado.',
  rolPropio: 'No puede cambiar el rol de su propio usuario.',
  soloLetras: 'Solo letras, espacios, apóstrofo, punto y guion',
} as const;

/** A person's names and surnames: letters (any accent or ñ), spaces, apostrophe, period and hyphen; never digits or tags. */
const nombrePersona = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[\p{L}\p{M}' .-]*$/u, { error: MENSAJES_USUARIOS.soloLetras });

/** Roles a non-level-1 administrator may assign (spec 02 §6): Tesorero, Usuario and Administrador. */
export const ROLES_ASIGNABLES_NIVEL_2: readonly number[] = [2, 8, 9];

const banderas = {
  permiteListar: z.boolean().default(false),
  permiteAgregar: z.boolean().default(false),
  permiteEditar: z.boolean().default(false),
  permiteEliminar: z.boolean().default(false),
};

export interface NodoPermisoEntrada {
  codigoPermisoRol: number;
  permiteListar: boolean;
  permiteAgregar: boolean;
  permiteEditar: boolean;
  permiteEliminar: boolean;
  habilitado?: boolean;
  detalle?: NodoPermisoEntrada[];
}

export const nodoPermisoEntrada: z.ZodType<NodoPermisoEntrada> = z.lazy(() =>
  z.object({
    codigoPermisoRol: entero().positive(),
    ...banderas,
    habilitado: z.boolean().optional(),
    header: z.string().max(100).optional(),
    detalle: z.array(nodoPermisoEntrada).max(100).optional(),
  }),
) as unknown as z.ZodType<NodoPermisoEntrada>;

/** POST /Account/GuardarPermisoUsuario. */
export const guardarPermisoUsuario = z.object({
  codigoUsuario: entero().positive(),
  codigoRol: entero().optional(),
  usuarioRegistro: z.string().max(60).optional().nullable(),
  detalle: z.array(nodoPermisoEntrada, { error: MENSAJES_USUARIOS.alMenosUnModulo }).max(200),
  /** The user's version the dialog read (the list row's): saved over a newer one, 409 and nothing changes. */
  version: versionRegistro(),
});
export type GuardarPermisoUsuario = z.infer<typeof guardarPermisoUsuario>;

/** The user form (spec 02 §5 User form). codigoUsuario > 0 edits; otherwise creates. */
export const usuarioFormulario = z
  .object({
    codigoUsuario: entero().min(0).optional(),
    version: versionRegistro(),
    codeTipoDocumentoPeaton: requerido(4).refine((v) => v !== '3', { error: MENSAJES_USUARIOS.tipoNoPermitido }),
    numeroDocumentoIdentidad: requerido(12).regex(/^\d+$/, { error: MENSAJES_USUARIOS.soloDigitos }),
    nombre: nombrePersona(60).default(''),
    apellidoPaterno: nombrePersona(40).default(''),
    apellidoMaterno: nombrePersona(40).default(''),
    correoElectronico: requerido(150).pipe(z.email({ error: MENSAJES_USUARIOS.correoInvalido })),
    cargo: requerido(100),
    codigoRol: z.coerce
      .number({ error: MENSAJES.requerido })
      .int()
      .refine((r) => ROLES.some((x) => x.codigo === r), { error: MENSAJES.requerido }),
    codigoEmpresaUsuario: entero().optional().nullable(),
    contrasenia: z.string().max(200).optional(),
    nombreUsuario: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9._]{3,60}$/, { error: MENSAJES_USUARIOS.nombreUsuarioFormato })
      .optional()
      .or(z.literal('')),
    usuarioRegistro: z.string().max(60).optional().nullable(),
    detalle: z.array(nodoPermisoEntrada).max(200).optional(),
  })
  .superRefine((f, c) => {
    if (f.codeTipoDocumentoPeaton === '1' && f.numeroDocumentoIdentidad.length !== 8) {
      c.addIssue({ code: 'custom', path: ['numeroDocumentoIdentidad'], message: MENSAJES_USUARIOS.ochoCaracteres });
    }
    if (f.codeTipoDocumentoPeaton !== '1' && !/^\d{10,12}$/.test(f.numeroDocumentoIdentidad)) {
      c.addIssue({ code: 'custom', path: ['numeroDocumentoIdentidad'], message: MENSAJES_USUARIOS.documentoLargo });
    }
    if (!f.nombre || !f.apellidoPaterno) {
      c.addIssue({ code: 'custom', path: ['nombre'], message: MENSAJES_USUARIOS.nombresApellidos });
    }
    if (!f.codigoUsuario) {
      const p = f.contrasenia ?? '';
      if (!p) c.addIssue({ code: 'custom', path: ['contrasenia'], message: MENSAJES.requerido });
      else if (p.length < 8 || !/[A-Za-z]/.test(p) || !/\d/.test(p)) {
        c.addIssue({ code: 'custom', path: ['contrasenia'], message: MENSAJES.contraseniaDebil });
      }
    }
  });
export type UsuarioFormulario = z.infer<typeof usuarioFormulario>;

/** POST /Account/CambiarEstadoAnulado: estado is the new estadoAnulado (1 disables, 0 enables). */
export const cambioEstadoUsuario = z.object({
  codigoUsuario: entero().positive(),
  estado: z.coerce.number().int().min(0).max(1),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});

export const eliminarUsuario = z.object({
  codigoUsuario: entero().positive(),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});

/** The generated user name: first letter of the names plus the paternal surname (spec 02 §5). */
export function generarNombreUsuario(nombre: string, apellidoPaterno: string) {
  const limpio = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  return `${limpio(nombre).slice(0, 1)}${limpio(apellidoPaterno.split(/\s+/)[0] ?? '')}`;
}

/** A random 15-character password with digits, symbols, upper and lower case (spec 02 §5). */
export function generarContrasenia(aleatorio: (n: number) => number = (n) => Math.floor(Math.random() * n)) {
  const grupos = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%&*?-_+'];
  const todos = grupos.join('');
  const letras = grupos.map((g) => g[aleatorio(g.length)] ?? 'a');
  while (letras.length < 15) letras.push(todos[aleatorio(todos.length)] ?? 'a');
  for (let i = letras.length - 1; i > 0; i--) {
    const j = aleatorio(i + 1);
    [letras[i], letras[j]] = [letras[j] ?? 'a', letras[i] ?? 'a'];
  }
  return letras.join('');
}

/**
 * The ticking rule of the Permisos tree (spec 02 §5): ticking a node ticks its parents and its children;
 * unticking clears its children. Returns the set of ticked node codes.
 */
export function marcarNodo(
  arbol: { codigoPermisoRol: number; detalle?: { codigoPermisoRol: number; detalle?: unknown[] }[] }[],
  marcados: ReadonlySet<number>,
  codigo: number,
  marcar: boolean,
): Set<number> {
  type N = { codigoPermisoRol: number; detalle?: N[] };
  const resultado = new Set(marcados);
  const padres = new Map<number, number>();
  const nodos = new Map<number, N>();
  const recorrer = (lista: N[], padre?: number) => {
    for (const n of lista) {
      nodos.set(n.codigoPermisoRol, n);
      if (padre !== undefined) padres.set(n.codigoPermisoRol, padre);
      recorrer(n.detalle ?? [], n.codigoPermisoRol);
    }
  };
  recorrer(arbol as N[]);
  const hijos = (n: N | undefined, f: (c: number) => void) => {
    for (const h of n?.detalle ?? []) {
      f(h.codigoPermisoRol);
      hijos(h, f);
    }
  };
  if (marcar) {
    resultado.add(codigo);
    hijos(nodos.get(codigo), (c) => resultado.add(c));
    for (let p = padres.get(codigo); p !== undefined; p = padres.get(p)) resultado.add(p);
  } else {
    resultado.delete(codigo);
    hijos(nodos.get(codigo), (c) => resultado.delete(c));
  }
  return resultado;
}
