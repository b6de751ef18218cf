import {
  type ConsultaUsuarios,
  EMPRESA_OPERADOR,
  type GuardarPermisoUsuario,
  generarNombreUsuario,
  MENSAJES,
  MENSAJES_USUARIOS,
  nombreRol,
  PARAMETRO,
  ROL,
  ROLES_ASIGNABLES_NIVEL_2,
  type UsuarioFormulario,
} from '@cronos/contract';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Actor, Ctx } from '../../platform/contexto';
import { hashContrasenia } from '../../platform/contrasenias';
import { AppError, conflicto, errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { revocarSesionesDeUsuario } from '../../platform/sesiones';
import { valoresFueraDeLista } from '../catalogo/catalogo.repository';
import { esViolacionUnica } from '../catalogo/catalogo.service';
import { algunoMarcado, aplanar, construirArbol, exigirPuedeOtorgar, recortarA } from './permisos-arbol';
import * as repo from './usuarios.repository';

export const MODULOS_USUARIOS = ['administration/users', 'administration/staff'] as const;

/** Only a level-1 user of the operator picks the company (spec 02 §6); everybody else works in their own. */
const eligeEmpresa = (a: Actor) => a.nivelUsuario === 1 && a.codigoEmpresaUsuario === EMPRESA_OPERADOR;
const esSuperAdministrador = (u: { codigoRol: number; nivelUsuario: number }) =>
  u.codigoRol === ROL.SuperAdministrador || u.nivelUsuario === 1;

/** Creating users, editing permissions and states: levels 1 and 2 only, whatever the tree says. */
function exigirAdministrador(ctx: Ctx, accion: 'agregar' | 'editar' | 'eliminar') {
  if (ctx.actor.nivelUsuario !== 1 && ctx.actor.nivelUsuario !== 2) throw prohibido();
  if (!permite(ctx.actor, MODULOS_USUARIOS, accion)) throw prohibido();
}

/** The target user, if the actor may act on it: same company (or level 1 of the operator); a
 *  SuperAdministrador only for level 1. Another company's user does not exist for the actor. */
async function objetivo(ctx: Ctx, codigoUsuario: number) {
  const u = await repo.buscar(ctx.db, codigoUsuario);
  if (!u) throw noEncontrado();
  if (u.codigoEmpresaUsuario !== ctx.actor.codigoEmpresaUsuario && !eligeEmpresa(ctx.actor)) throw noEncontrado();
  if (esSuperAdministrador(u) && ctx.actor.nivelUsuario !== 1) throw prohibido();
  return u;
}

export async function listar(ctx: Ctx, q: ConsultaUsuarios) {
  const empresa = eligeEmpresa(ctx.actor)
    ? q.CodigoEmpresaUsuario > 0
      ? q.CodigoEmpresaUsuario
      : null
    : ctx.actor.codigoEmpresaUsuario;
  const { filas, total } = await repo.listar(ctx.db, q, {
    empresa,
    soloAdministradores: q.SoloAdministradores === true,
  });
  return { filas: filas.map((f) => ({ ...f, fechaRegistro: f.fechaRegistro.toISOString() })), meta: meta(q, total) };
}

/** The Permisos tab of one user: the full tree with that user's flags. */
export async function arbolDeUsuario(ctx: Ctx, codigoUsuario: number) {
  if (!permite(ctx.actor, MODULOS_USUARIOS, 'listar')) throw prohibido();
  const u = await repo.buscar(ctx.db, codigoUsuario);
  if (!u || (u.codigoEmpresaUsuario !== ctx.actor.codigoEmpresaUsuario && !eligeEmpresa(ctx.actor))) {
    throw noEncontrado();
  }
  const [nodos, flags] = await Promise.all([repo.nodos(ctx.db), repo.permisosDeUsuario(ctx.db, codigoUsuario)]);
  return construirArbol(nodos, flags);
}

async function nombreLibre(ctx: Ctx, f: UsuarioFormulario) {
  if (f.nombreUsuario) return f.nombreUsuario;
  const base = generarNombreUsuario(f.nombre, f.apellidoPaterno).slice(0, 50) || 'usuario';
  const usados = await repo.nombresParecidos(ctx.db, base);
  if (!usados.has(base)) return base;
  for (let i = 2; ; i++) if (!usados.has(`${base}${i}`)) return `${base}${i}`;
}

function rolPermitido(ctx: Ctx, codigoRol: number) {
  if (ctx.actor.nivelUsuario !== 1 && !ROLES_ASIGNABLES_NIVEL_2.includes(codigoRol)) {
    throw errorCampos({ codigoRol: [MENSAJES_USUARIOS.rolNoPermitido] });
  }
}

/** The identity document type must be an enabled one of its list (a user's current type stays valid). */
async function exigirTipoDocumento(ctx: Ctx, tipo: string, actual?: string | null) {
  const errores = await valoresFueraDeLista(
    ctx.db,
    [['codeTipoDocumentoPeaton', PARAMETRO.tipoDocumentoIdentidad]],
    { codeTipoDocumentoPeaton: tipo },
    { codeTipoDocumentoPeaton: actual },
  );
  if (Object.keys(errores).length > 0) throw errorCampos(errores);
}

/** POST /Account/Crear: creates a user (with its permission tree) or, with codigoUsuario, edits its data. */
export async function guardar(ctx: Ctx, f: UsuarioFormulario) {
  if (f.codigoUsuario) return editar(ctx, f.codigoUsuario, f);
  exigirAdministrador(ctx, 'agregar');
  let empresa = ctx.actor.codigoEmpresaUsuario;
  if (eligeEmpresa(ctx.actor)) {
    if (!f.codigoEmpresaUsuario) throw errorCampos({ codigoEmpresaUsuario: [MENSAJES.requerido] });
    if (!(await repo.empresaExiste(ctx.db, f.codigoEmpresaUsuario))) throw noEncontrado();
    empresa = f.codigoEmpresaUsuario;
  } else if (f.codigoEmpresaUsuario && f.codigoEmpresaUsuario !== empresa) throw noEncontrado();
  rolPermitido(ctx, f.codigoRol);
  await exigirTipoDocumento(ctx, f.codeTipoDocumentoPeaton);

  const nodos = await repo.nodos(ctx.db);
  let flags: Map<number, import('@cronos/contract').Permisos>;
  if (f.detalle) {
    flags = aplanar(nodos, f.detalle);
    if (!algunoMarcado(flags)) throw errorCampos({ detalle: [MENSAJES_USUARIOS.alMenosUnModulo] });
    exigirPuedeOtorgar(ctx.actor, nodos, new Map(), flags);
  } else {
    flags = recortarA(ctx.actor, nodos, await repo.permisosDeRol(ctx.db, f.codigoRol));
  }
  const nombreUsuario = await nombreLibre(ctx, f);
  const contraseniaHash = await hashContrasenia(f.contrasenia ?? '');
  try {
    const codigo = await ctx.db.transaction(async (tx) => {
      const u = await repo.insertar(tx, {
        nombreUsuario,
        contraseniaHash,
        nombre: f.nombre.toUpperCase(),
        apellidoPaterno: f.apellidoPaterno.toUpperCase(),
        apellidoMaterno: f.apellidoMaterno.toUpperCase(),
        correoElectronico: f.correoElectronico,
        cargo: f.cargo,
        codigoRol: f.codigoRol,
        nivelUsuario: f.codigoRol,
        codigoEmpresaUsuario: empresa,
        codeTipoDocumentoPeaton: f.codeTipoDocumentoPeaton,
        numeroDocumentoIdentidad: f.numeroDocumentoIdentidad,
        debeCambiarContrasenia: true,
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: ctx.ahora(),
      });
      if (!u) throw new AppError(500, MENSAJES_USUARIOS.errorCreacion);
      await repo.reemplazarPermisos(tx, u.codigoUsuario, flags);
      await auditar(tx, ctx, {
        tipo: 'USUARIO_CREAR',
        detalle: `Usuario ${nombreUsuario} (${nombreRol(f.codigoRol)})`,
        entidad: 'usuario',
        codigoEntidad: u.codigoUsuario,
        despues: { ...f, detalle: undefined, nombreUsuario, codigoEmpresaUsuario: empresa },
        codigoEmpresaUsuario: empresa,
      });
      return u.codigoUsuario;
    });
    return { codigoUsuario: codigo, nombreUsuario, mensaje: MENSAJES_USUARIOS.creado };
  } catch (e) {
    if (esViolacionUnica(e)) throw errorCampos({ nombreUsuario: [MENSAJES_USUARIOS.nombreUsuarioExiste] });
    throw e;
  }
}

async function editar(ctx: Ctx, codigoUsuario: number, f: UsuarioFormulario) {
  exigirAdministrador(ctx, 'editar');
  const u = await objetivo(ctx, codigoUsuario);
  // One's own data is editable (a SuperAdministrador edits everyone, itself included), one's own role is not.
  if (codigoUsuario === ctx.actor.codigoUsuario && f.codigoRol !== u.codigoRol)
    throw errorCampos({ codigoRol: [MENSAJES_USUARIOS.rolPropio] });
  if (f.codigoRol !== u.codigoRol) rolPermitido(ctx, f.codigoRol);
  await exigirTipoDocumento(ctx, f.codeTipoDocumentoPeaton, u.codeTipoDocumentoPeaton);
  const cambios = {
    nombre: f.nombre.toUpperCase(),
    apellidoPaterno: f.apellidoPaterno.toUpperCase(),
    apellidoMaterno: f.apellidoMaterno.toUpperCase(),
    correoElectronico: f.correoElectronico,
    cargo: f.cargo,
    codigoRol: f.codigoRol,
    nivelUsuario: f.codigoRol === u.codigoRol ? u.nivelUsuario : f.codigoRol,
    codeTipoDocumentoPeaton: f.codeTipoDocumentoPeaton,
    numeroDocumentoIdentidad: f.numeroDocumentoIdentidad,
  };
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.actualizar(tx, codigoUsuario, cambios, f.version))) throw conflicto();
    await auditar(tx, ctx, {
      tipo: 'USUARIO_EDITAR',
      detalle: `Usuario ${u.nombreUsuario}`,
      entidad: 'usuario',
      codigoEntidad: codigoUsuario,
      antes: { ...u, contraseniaHash: undefined },
      despues: cambios,
      codigoEmpresaUsuario: u.codigoEmpresaUsuario,
    });
  });
  return { codigoUsuario, nombreUsuario: u.nombreUsuario, mensaje: MENSAJES_USUARIOS.editado };
}

/** POST /Account/GuardarPermisoUsuario: replaces the user's tree; applies on the user's next request. */
export async function guardarPermisos(ctx: Ctx, d: GuardarPermisoUsuario) {
  exigirAdministrador(ctx, 'editar');
  const u = await objetivo(ctx, d.codigoUsuario);
  const nodos = await repo.nodos(ctx.db);
  const despues = aplanar(nodos, d.detalle);
  if (!algunoMarcado(despues)) throw errorCampos({ detalle: [MENSAJES_USUARIOS.alMenosUnModulo] });
  const antes = await repo.permisosDeUsuario(ctx.db, d.codigoUsuario);
  exigirPuedeOtorgar(ctx.actor, nodos, antes, despues);
  await ctx.db.transaction(async (tx) => {
    // The tree is part of the user's record: two administrators saving it from what each read, the second is told
    // (409) instead of silently replacing the first one's tree.
    if (!(await repo.actualizar(tx, d.codigoUsuario, {}, d.version))) throw conflicto();
    await repo.reemplazarPermisos(tx, d.codigoUsuario, despues);
    await auditar(tx, ctx, {
      tipo: 'USUARIO_PERMISOS',
      detalle: `Permisos de ${u.nombreUsuario}`,
      entidad: 'usuario',
      codigoEntidad: d.codigoUsuario,
      antes: Object.fromEntries(antes),
      despues: Object.fromEntries(despues),
      codigoEmpresaUsuario: u.codigoEmpresaUsuario,
    });
  });
}

/** Disables (ending every open session at once) or enables a user. */
export async function cambiarEstado(ctx: Ctx, codigoUsuario: number, estado: number) {
  exigirAdministrador(ctx, 'editar');
  if (codigoUsuario === ctx.actor.codigoUsuario) throw reglaNegocio(MENSAJES_USUARIOS.noPropio);
  const u = await objetivo(ctx, codigoUsuario);
  if (estado === 1 && esSuperAdministrador(u)) throw reglaNegocio(MENSAJES_USUARIOS.superAdministradorProtegido);
  await ctx.db.transaction(async (tx) => {
    const hecho = await repo.cambiarEstado(tx, codigoUsuario, 1 - estado, estado);
    if (!hecho) throw reglaNegocio(MENSAJES_USUARIOS.yaEnEseEstado);
    if (estado === 1) await revocarSesionesDeUsuario(tx, codigoUsuario, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: estado === 1 ? 'USUARIO_DESHABILITAR' : 'USUARIO_HABILITAR',
      detalle: `Usuario ${u.nombreUsuario}`,
      entidad: 'usuario',
      codigoEntidad: codigoUsuario,
      antes: { estadoAnulado: u.estadoAnulado },
      despues: { estadoAnulado: estado },
      codigoEmpresaUsuario: u.codigoEmpresaUsuario,
    });
  });
}

/** Deletes a user from the lists (the row stays for the audit trail and the user name stays taken). */
export async function eliminar(ctx: Ctx, codigoUsuario: number) {
  exigirAdministrador(ctx, 'eliminar');
  if (codigoUsuario === ctx.actor.codigoUsuario) throw reglaNegocio(MENSAJES_USUARIOS.noPropio);
  const u = await objetivo(ctx, codigoUsuario);
  if (esSuperAdministrador(u)) throw reglaNegocio(MENSAJES_USUARIOS.superAdministradorProtegido);
  await ctx.db.transaction(async (tx) => {
    const hecho = await repo.cambiarEstado(tx, codigoUsuario, u.estadoAnulado, repo.ELIMINADO);
    if (!hecho) throw noEncontrado();
    await revocarSesionesDeUsuario(tx, codigoUsuario, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'USUARIO_ELIMINAR',
      detalle: `Usuario ${u.nombreUsuario}`,
      entidad: 'usuario',
      codigoEntidad: codigoUsuario,
      antes: { estadoAnulado: u.estadoAnulado },
      despues: { estadoAnulado: repo.ELIMINADO },
      codigoEmpresaUsuario: u.codigoEmpresaUsuario,
    });
  });
}
