import {
  type CambioContrasenia,
  EMPRESA_OPERADOR,
  type LoginEntrada,
  type LoginSalida,
  type NodoPermiso,
  MENSAJES,
  ROL,
  type UsuarioSesion,
} from '@cronos/contract';
import type { Db } from '../../db/client';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { hashContrasenia, verificarContrasenia, verificarFicticio } from '../../platform/contrasenias';
import { AppError, errorCampos, noEncontrado, prohibido } from '../../platform/errores';
import {
  cargarPermisos,
  construirMenu,
  crearSesion,
  revocarSesion,
  revocarSesionesDeUsuario,
} from '../../platform/sesiones';
import * as repo from './account.repository';

export interface PoliticaLogin {
  /** Failures before each attempt starts to wait. */
  lentoDesde: number;
  /** Extra wait per failure beyond lentoDesde, in ms (capped at 3 s). */
  retardoMs: number;
  /** Failures that lock the name. */
  bloqueoDesde: number;
  bloqueoMinutos: number;
}

const espera = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function usuarioSesion(db: Db, codigoUsuario: number): Promise<UsuarioSesion> {
  const f = await repo.datosSesion(db, codigoUsuario);
  if (!f) throw noEncontrado();
  return {
    codigoUsuario: f.codigoUsuario,
    nombreUsuario: f.nombreUsuario,
    nombreCompleto: [f.nombre, f.apellidoPaterno, f.apellidoMaterno].filter(Boolean).join(' '),
    codigoRol: f.codigoRol,
    nombreRol: f.nombreRol,
    codigoEmpresaUsuario: f.codigoEmpresaUsuario,
    razonSocial: f.razonSocial,
    codigoEmpresaAlmacen: f.codigoEmpresaAlmacen === null ? null : Number(f.codigoEmpresaAlmacen),
    indicadorAlmacenActivo: f.indicadorAlmacenActivo,
    indicadorRegistroEspecialExcel: f.indicadorRegistroEspecialExcel,
    nivelUsuario: f.nivelUsuario,
    correoElectronico: f.correoElectronico,
    fechaCreacion: f.fechaRegistro.toISOString(),
    debeCambiarContrasenia: f.debeCambiarContrasenia,
  };
}

/**
 * Signs a user in. Failures are counted per user name (known or not): after `lentoDesde` each attempt
 * waits longer, after `bloqueoDesde` the name is locked for a while, even for the right password.
 */
export async function iniciarSesion(
  db: Db,
  entrada: LoginEntrada,
  origen: { ip?: string; agente?: string; idSolicitud: string },
  ahora: () => Date,
  politica: PoliticaLogin,
): Promise<LoginSalida> {
  const clave = entrada.nombreUsuario.trim().toLowerCase().slice(0, 60);
  const intento = await repo.leerIntento(db, clave);
  const t = ahora();
  if (intento?.bloqueadoHasta && intento.bloqueadoHasta > t) {
    const minutos = Math.ceil((intento.bloqueadoHasta.getTime() - t.getTime()) / 60_000);
    throw new AppError(429, MENSAJES.cuentaBloqueada(minutos));
  }
  const fallidos = intento?.fallidos ?? 0;
  if (fallidos >= politica.lentoDesde) {
    await espera(Math.min(3_000, (fallidos - politica.lentoDesde + 1) * politica.retardoMs));
  }

  const u = await repo.buscarUsuarioPorNombre(db, clave);
  let valida = false;
  if (u) valida = await verificarContrasenia(u.contraseniaHash, entrada.contrasenia);
  else await verificarFicticio(entrada.contrasenia);
  if (!u || !valida) {
    const n = await repo.sumarFallo(db, clave, ahora());
    if (n >= politica.bloqueoDesde) {
      await repo.bloquear(db, clave, new Date(ahora().getTime() + politica.bloqueoMinutos * 60_000));
      throw new AppError(429, MENSAJES.cuentaBloqueada(politica.bloqueoMinutos));
    }
    throw new AppError(401, MENSAJES.credencialesInvalidas);
  }
  // The right password of a disabled user is not a guessing failure, but it gives no session.
  if (u.estadoAnulado !== 0) throw new AppError(403, MENSAJES.usuarioDeshabilitado);

  const { token } = await db.transaction(async (tx) => {
    await repo.limpiarIntentos(tx, clave);
    const s = await crearSesion(tx, u.codigoUsuario, ahora(), origen);
    await auditar(
      tx,
      {
        idSolicitud: origen.idSolicitud,
        actor: {
          codigoUsuario: u.codigoUsuario,
          nombreUsuario: u.nombreUsuario,
          codigoRol: u.codigoRol,
          nivelUsuario: u.nivelUsuario,
          codigoEmpresaUsuario: u.codigoEmpresaUsuario,
          codigoSesion: s.codigoSesion,
          permisos: new Map(),
        },
      },
      {
        tipo: 'INICIO_SESION',
        detalle: `Inicio de sesión desde ${origen.ip ?? 'origen desconocido'}`,
        entidad: 'sesion',
        codigoEntidad: s.codigoSesion,
      },
    );
    return s;
  });
  const permisos = await cargarPermisos(db, u.codigoUsuario);
  return { token, usuario: await usuarioSesion(db, u.codigoUsuario), permisos: await construirMenu(db, permisos) };
}

export async function cerrarSesion(ctx: Ctx) {
  await ctx.db.transaction(async (tx) => {
    await revocarSesion(tx, ctx.actor.codigoSesion, ctx.ahora());
    await auditar(tx, ctx, { tipo: 'CIERRE_SESION', entidad: 'sesion', codigoEntidad: ctx.actor.codigoSesion });
  });
}

export async function consultarSesion(ctx: Ctx) {
  return {
    usuario: await usuarioSesion(ctx.db, ctx.actor.codigoUsuario),
    permisos: await construirMenu(ctx.db, ctx.actor.permisos),
  };
}

const MODULOS_USUARIOS = ['administration/users', 'administration/staff'] as const;

/**
 * Whether the actor may administer another user: the users screen grants it, within the actor's company
 * (operator administrators: any company), and only a SuperAdministrador touches a SuperAdministrador.
 */
async function exigirAdministraA(ctx: Ctx, codigoUsuario: number, accion: 'listar' | 'editar') {
  const objetivo = await repo.buscarUsuario(ctx.db, codigoUsuario);
  if (!objetivo) throw noEncontrado();
  const a = ctx.actor;
  const operador =
    a.codigoEmpresaUsuario === EMPRESA_OPERADOR &&
    (a.codigoRol === ROL.SuperAdministrador || a.codigoRol === ROL.Administrador);
  if (objetivo.codigoEmpresaUsuario !== a.codigoEmpresaUsuario && !operador) throw noEncontrado();
  if (!permite(a, MODULOS_USUARIOS, accion)) throw prohibido();
  // Another user's password is an administrator's act (levels 1 and 2, spec 02 §6), whatever the tree says.
  if (accion === 'editar' && a.nivelUsuario !== 1 && a.nivelUsuario !== 2) throw prohibido();
  if (accion === 'editar' && objetivo.codigoRol === ROL.SuperAdministrador && a.codigoRol !== ROL.SuperAdministrador) {
    throw prohibido();
  }
  return objetivo;
}

export async function menuDeUsuario(ctx: Ctx, codigoUsuario: number) {
  if (codigoUsuario === ctx.actor.codigoUsuario) return construirMenu(ctx.db, ctx.actor.permisos);
  await exigirAdministraA(ctx, codigoUsuario, 'listar');
  return construirMenu(ctx.db, await cargarPermisos(ctx.db, codigoUsuario));
}

/** The role's default tree as the Permisos tab shows it (spec 02 §3 Permission node). */
export async function arbolDeRol(ctx: Ctx, codigoRol: number) {
  const [nodos, filas] = await Promise.all([repo.nodosMenu(ctx.db), repo.permisosDeRol(ctx.db, codigoRol)]);
  const porNodo = new Map(filas.map((f) => [f.codigoPermiso, f]));
  const nodo = (n: (typeof nodos)[number]): NodoPermiso => {
    const p = porNodo.get(n.codigoPermiso);
    const detalle = nodos.filter((h) => h.codigoPadre === n.codigoPermiso).map(nodo);
    const flags = {
      permiteListar: p?.permiteListar ?? false,
      permiteAgregar: p?.permiteAgregar ?? false,
      permiteEditar: p?.permiteEditar ?? false,
      permiteEliminar: p?.permiteEliminar ?? false,
    };
    return {
      codigoPermisoRol: n.codigoPermiso,
      header: n.link,
      urlLink: n.urlLink ?? '',
      iconoLink: n.iconoLink,
      ...flags,
      habilitado: detalle.length > 0 ? detalle.some((d) => d.habilitado) : flags.permiteListar,
      detalle,
    };
  };
  return nodos.filter((n) => n.codigoPadre === null).map(nodo);
}

/**
 * One's own password change needs the current password (OWASP ASVS 5.0 V6), also the temporary one of a
 * first sign-in: a session left open must not be enough to take over the account. Wrong guesses count with
 * the sign-in failures of the same name and lock it alike. Returns the throttling key to clear on success.
 */
async function exigirContraseniaActual(ctx: Ctx, entrada: CambioContrasenia, politica: PoliticaLogin) {
  if (!entrada.contraseniaActual) {
    throw errorCampos({ contraseniaActual: [MENSAJES.contraseniaActualRequerida] });
  }
  const u = await repo.buscarUsuario(ctx.db, ctx.actor.codigoUsuario);
  if (!u) throw noEncontrado();
  const clave = u.nombreUsuario.trim().toLowerCase().slice(0, 60);
  const intento = await repo.leerIntento(ctx.db, clave);
  const t = ctx.ahora();
  if (intento?.bloqueadoHasta && intento.bloqueadoHasta > t) {
    const minutos = Math.ceil((intento.bloqueadoHasta.getTime() - t.getTime()) / 60_000);
    throw new AppError(429, MENSAJES.cuentaBloqueada(minutos));
  }
  if (!(await verificarContrasenia(u.contraseniaHash, entrada.contraseniaActual))) {
    const n = await repo.sumarFallo(ctx.db, clave, t);
    if (n >= politica.bloqueoDesde) {
      await repo.bloquear(ctx.db, clave, new Date(t.getTime() + politica.bloqueoMinutos * 60_000));
      throw new AppError(429, MENSAJES.cuentaBloqueada(politica.bloqueoMinutos));
    }
    throw errorCampos({ contraseniaActual: [MENSAJES.contraseniaActualIncorrecta] });
  }
  return clave;
}

/**
 * Changes a password: one's own (any signed-in user, with the current password; other sessions end), or
 * another user's from the users screen (no current password; that user's sessions all end, and they must
 * change it at next login).
 */
export async function cambiarContrasenia(ctx: Ctx, entrada: CambioContrasenia, politica: PoliticaLogin) {
  const objetivo = entrada.codigoUsuario ?? ctx.actor.codigoUsuario;
  const propia = objetivo === ctx.actor.codigoUsuario;
  if (!propia) await exigirAdministraA(ctx, objetivo, 'editar');
  const clave = propia ? await exigirContraseniaActual(ctx, entrada, politica) : null;
  const hash = await hashContrasenia(entrada.contrasenia);
  await ctx.db.transaction(async (tx) => {
    if (clave) await repo.limpiarIntentos(tx, clave);
    await repo.actualizarHash(tx, objetivo, hash, !propia);
    await revocarSesionesDeUsuario(tx, objetivo, ctx.ahora(), propia ? ctx.actor.codigoSesion : undefined);
    await auditar(tx, ctx, {
      tipo: 'CAMBIO_CONTRASENIA',
      detalle: propia ? 'Cambio de la propia contraseña' : `Contraseña restablecida por ${ctx.actor.nombreUsuario}`,
      entidad: 'usuario',
      codigoEntidad: objetivo,
    });
  });
}
