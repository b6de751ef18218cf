/** Roles of DOMAIN.md §3. The user level (nivelUsuario) equals the role code unless an admin sets it. */
export const ROL = {
  SuperAdministrador: 1,
  Administrador: 2,
  Seguridad: 3,
  Balanza: 4,
  Moderador: 5,
  Supervisor: 7,
  Usuario: 8,
  Tesorero: 9,
} as const;
export type CodigoRol = (typeof ROL)[keyof typeof ROL];

export const ROLES: { codigo: CodigoRol; nombre: string; color: string }[] = [
  { codigo: 1, nombre: 'SuperAdministrador', color: 'magenta' },
  { codigo: 2, nombre: 'Administrador', color: 'red' },
  { codigo: 3, nombre: 'Seguridad', color: 'volcano' },
  { codigo: 4, nombre: 'Balanza', color: 'orange' },
  { codigo: 5, nombre: 'Moderador', color: 'gold' },
  { codigo: 7, nombre: 'Supervisor', color: 'cyan' },
  { codigo: 8, nombre: 'Usuario', color: 'blue' },
  { codigo: 9, nombre: 'Tesorero', color: 'purple' },
];

export const nombreRol = (codigo: number) => ROLES.find((r) => r.codigo === codigo)?.nombre ?? `Rol ${codigo}`;

/** Documents panel (spec 01 §6): the roles that add entry/exit verification images through the order screen. */
export const ROLES_PANEL_IMAGENES: readonly number[] = [1, 2, 4];

/** Company 1 is the zone operator. */
export const EMPRESA_OPERADOR = 1;

/** Operator roles that may act for any company (DOMAIN.md §3); 9 only for finance and certificates. */
export const ROLES_MULTIEMPRESA: readonly number[] = [1, 2, 4];
export const ROLES_MULTIEMPRESA_FINANZAS: readonly number[] = [1, 2, 4, 9];

/** Where each role lands after login. Role 9 (finance) lands on invoices (spec 01 §2). */
export const inicioPorRol = (codigoRol: number) =>
  codigoRol === ROL.Tesorero ? '/app/finances/invoices' : '/app/dashboard';
