import {
  type ConsultaPaginada,
  type EmpleoFormulario,
  type EmpresaFormulario,
  type FilaEmpleo,
  fechaLima,
  MENSAJES_ADMINISTRACION,
  MESES,
  PARAMETRO,
  type PerfilEmpresa,
  ROL,
  ROLES_MULTIEMPRESA,
  USUARIOS_PRORROGA,
  type TipoAuditoria,
} from '@cronos/contract';
import { permite } from '../../platform/acceso';
import type { ArchivoGuardado } from '../../platform/archivos';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { empresaParaEscribir, empresaParaListar } from '../../platform/tenencia';
import { valoresFueraDeLista } from '../catalogo/catalogo.repository';
import { esViolacionUnica } from '../catalogo/catalogo.service';
import * as repo from './perfil-empresa.repository';

export const MODULO_EMPRESA = 'administration/company';

const exigir = (ctx: Ctx, accion: 'agregar' | 'editar') => {
  if (!permite(ctx.actor, MODULO_EMPRESA, accion)) throw prohibido();
};
/** The company the profile acts on: operator roles 1, 2, 4 may pick one; others only their own (else 404). */
const empresaDe = (ctx: Ctx, solicitada?: number | null) =>
  empresaParaEscribir(ctx.actor, solicitada, ROLES_MULTIEMPRESA);
const nulo = (v: string | null | undefined) => (v === undefined || v === '' ? null : v);

/** The company profile as the screen reads it (every field of the company, the instant as ISO text). */
const aPerfil = (e: repo.EmpresaBd): PerfilEmpresa => ({
  codigoEmpresaUsuario: e.codigoEmpresaUsuario,
  ruc: e.ruc,
  razonSocial: e.razonSocial,
  nombreComercial: e.nombreComercial,
  direccion: e.direccion,
  codigoTipoEmpresa: e.codigoTipoEmpresa,
  codigoTipoUsuario: e.codigoTipoUsuario,
  codigoTipoActividad: e.codigoTipoActividad,
  codigoCondicion: e.codigoCondicion,
  numeroContrato: e.numeroContrato,
  fechaContrato: e.fechaContrato,
  fechaInicioOperacion: e.fechaInicioOperacion,
  representanteLegal: e.representanteLegal,
  empresaCodigoAduana: e.empresaCodigoAduana,
  correoEletronico: e.correoEletronico,
  numeroTelefonico: e.numeroTelefonico,
  correoElectronicoNotificacion: e.correoElectronicoNotificacion,
  areaTotal: e.areaTotal,
  numeroLote: e.numeroLote,
  areaConstruida: e.areaConstruida,
  inversionComprometida: e.inversionComprometida,
  inversionNacional: e.inversionNacional,
  inversionExtranjera: e.inversionExtranjera,
  indicadorAlmacenActivo: e.indicadorAlmacenActivo,
  indicadorRegistroEspecialExcel: e.indicadorRegistroEspecialExcel,
  indicadorBloqueo: e.indicadorBloqueo,
  estadoAnulado: e.estadoAnulado,
  fechaRegistro: iso(e.fechaRegistro),
  usuarioRegistro: e.usuarioRegistro,
  version: e.version,
});

export async function consultar(ctx: Ctx, codigo?: number) {
  const e = await repo.empresa(ctx.db, empresaDe(ctx, codigo));
  if (!e) throw noEncontrado();
  return aPerfil(e);
}

async function actualizar(
  ctx: Ctx,
  codigo: number,
  tipo: TipoAuditoria,
  cambios: repo.CambiosEmpresa,
  version?: number | null,
) {
  exigir(ctx, 'editar');
  const c = empresaDe(ctx, codigo);
  const antes = await consultar(ctx, c);
  await ctx.db.transaction(async (tx) => {
    try {
      if (!(await repo.actualizarEmpresa(tx, c, cambios, version))) throw conflicto();
    } catch (e) {
      if (esViolacionUnica(e)) throw errorCampos({ ruc: ['El RUC ya está registrado en otra empresa.'] });
      throw e;
    }
    await auditar(tx, ctx, {
      tipo,
      entidad: 'empresa_usuario',
      codigoEntidad: c,
      antes,
      despues: cambios,
      codigoEmpresaUsuario: c,
    });
  });
  return true;
}

/** The form's lookups: each value must be an enabled one of its group (a value the company already has stays valid). */
const LISTAS_EMPRESA = [
  ['codigoTipoEmpresa', PARAMETRO.tipoEmpresa],
  ['codigoTipoUsuario', PARAMETRO.tipoUsuario],
  ['codigoTipoActividad', PARAMETRO.tipoActividad],
  ['codigoCondicion', PARAMETRO.estadoEmpresa],
] as const;

async function verificarListas(ctx: Ctx, d: EmpresaFormulario) {
  exigir(ctx, 'editar');
  const antes = await consultar(ctx, d.codigoEmpresaUsuario);
  const errores = await valoresFueraDeLista(ctx.db, LISTAS_EMPRESA, d, antes);
  if (Object.keys(errores).length > 0) throw errorCampos(errores);
}

/**
 * The company form. Contract number, warehouse switch and the identity of the company (RUC, name) are the
 * operator's: only role 1 changes them; for anybody else those fields keep their stored values.
 */
export async function actualizarEmpresa(ctx: Ctx, d: EmpresaFormulario) {
  await verificarListas(ctx, d);
  const cambios: repo.CambiosEmpresa = {
    nombreComercial: nulo(d.nombreComercial),
    direccion: nulo(d.direccion),
    codigoTipoEmpresa: nulo(d.codigoTipoEmpresa),
    codigoTipoUsuario: nulo(d.codigoTipoUsuario),
    fechaContrato: nulo(d.fechaContrato),
    fechaInicioOperacion: nulo(d.fechaInicioOperacion),
    representanteLegal: nulo(d.representanteLegal),
    empresaCodigoAduana: nulo(d.empresaCodigoAduana),
    correoEletronico: nulo(d.correoEletronico),
    numeroTelefonico: nulo(d.numeroTelefonico),
    codigoTipoActividad: nulo(d.codigoTipoActividad),
    codigoCondicion: nulo(d.codigoCondicion),
  };
  if (ctx.actor.codigoRol === ROL.SuperAdministrador) {
    Object.assign(cambios, { ruc: d.ruc, razonSocial: d.razonSocial, numeroContrato: nulo(d.numeroContrato) });
    if (d.indicadorAlmacenActivo !== undefined) cambios.indicadorAlmacenActivo = d.indicadorAlmacenActivo;
  }
  return actualizar(ctx, d.codigoEmpresaUsuario, 'EMPRESA_ACTUALIZAR', cambios, d.version);
}

export async function actualizarCorreos(ctx: Ctx, codigo: number, correos: string[], version?: number | null) {
  return actualizar(
    ctx,
    codigo,
    'EMPRESA_CORREOS',
    { correoElectronicoNotificacion: correos.join('; ') || null },
    version,
  );
}

export async function actualizarAdicionales(
  ctx: Ctx,
  d: { codigoEmpresaUsuario: number } & Record<string, string | null | undefined | number>,
) {
  const t = (k: string) => nulo(d[k] === null || d[k] === undefined ? null : String(d[k]));
  return actualizar(
    ctx,
    d.codigoEmpresaUsuario,
    'EMPRESA_DATOS_ADICIONALES',
    {
      areaTotal: t('areaTotal'),
      numeroLote: t('numeroLote'),
      areaConstruida: t('areaConstruida'),
      inversionComprometida: t('inversionComprometida'),
      inversionNacional: t('inversionNacional'),
      inversionExtranjera: t('inversionExtranjera'),
    },
    typeof d.version === 'number' ? d.version : null,
  );
}

// ---- Monthly employment -----------------------------------------------------------------------------

const filaEmpleo = (f: repo.EmpleoBd): FilaEmpleo => ({
  CodigoEmpresaUsuarioEmpleado: f.codigoEmpresaUsuarioEmpleado,
  codigoEmpresaUsuario: f.codigoEmpresaUsuario,
  anioMes: f.anioMes,
  anio: Number(f.anioMes.slice(0, 4)),
  descripcionMes: MESES[Number(f.anioMes.slice(5, 7)) - 1] ?? '',
  numeroPeruana: f.numeroPeruana,
  numeroPeruano: f.numeroPeruano,
  numeroExtranjero: f.numeroExtranjero,
  numeroEmpleadoIndirecto: f.numeroEmpleadoIndirecto,
  estadoAnulado: f.estadoAnulado,
  usuarioRegistro: f.usuarioRegistro,
  fechaRegistro: iso(f.fechaRegistro),
  version: f.version,
});

export async function listarEmpleo(ctx: Ctx, q: ConsultaPaginada) {
  const { filas, total } = await repo.listarEmpleo(ctx.db, q, empresaDe(ctx, q.CodigoEmpresaUsuario));
  return { filas: filas.map(filaEmpleo), meta: meta(q, total) };
}

async function empleo(ctx: Ctx, codigo: number) {
  const f = await repo.empleo(ctx.db, codigo);
  if (!f) throw noEncontrado();
  empresaDe(ctx, f.codigoEmpresaUsuario);
  return f;
}

export async function consultarEmpleo(ctx: Ctx, codigo: number, empresa?: number) {
  const f = await empleo(ctx, codigo);
  if (empresa && empresa > 0 && empresa !== f.codigoEmpresaUsuario) throw noEncontrado();
  return filaEmpleo(f);
}

/** One record per month; the month cannot change when editing (spec 02 §4). */
export async function guardarEmpleo(ctx: Ctx, d: EmpleoFormulario) {
  const valores = {
    numeroPeruana: d.numeroPeruana,
    numeroPeruano: d.numeroPeruano,
    numeroExtranjero: d.numeroExtranjero,
    numeroEmpleadoIndirecto: d.numeroEmpleadoIndirecto,
  };
  if (d.CodigoEmpresaUsuarioEmpleado) {
    exigir(ctx, 'editar');
    const antes = await empleo(ctx, d.CodigoEmpresaUsuarioEmpleado);
    if (d.anioMes !== antes.anioMes) throw errorCampos({ anioMes: [MENSAJES_ADMINISTRACION.mesNoEditable] });
    // A disabled record offers only Habilitar (spec 02 §1).
    if (antes.estadoAnulado) throw reglaNegocio(MENSAJES_ADMINISTRACION.registroDeshabilitado);
    await ctx.db.transaction(async (tx) => {
      // Guarded on the enabled state and on the version read: two people editing the same month do not
      // silently overwrite each other; the second is told to reload.
      const hecho = await repo.actualizarEmpleo(tx, antes.codigoEmpresaUsuarioEmpleado, valores, d.version);
      if (!hecho) throw conflicto();
      await auditar(tx, ctx, {
        tipo: 'EMPLEO_EDITAR',
        entidad: 'empresa_usuario_empleado',
        codigoEntidad: antes.codigoEmpresaUsuarioEmpleado,
        antes,
        despues: valores,
        codigoEmpresaUsuario: antes.codigoEmpresaUsuario,
      });
    });
    return antes.codigoEmpresaUsuarioEmpleado;
  }
  exigir(ctx, 'agregar');
  // A month's employment is counted once it has begun: a month ahead (a slip of the picker) is refused.
  if (d.anioMes > fechaLima(ctx.ahora()).slice(0, 7))
    throw errorCampos({ anioMes: [MENSAJES_ADMINISTRACION.mesFuturo] });
  const c = empresaDe(ctx, d.codigoEmpresaUsuario);
  try {
    return await ctx.db.transaction(async (tx) => {
      const codigo = await repo.insertarEmpleo(tx, {
        codigoEmpresaUsuario: c,
        anioMes: d.anioMes,
        ...valores,
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: ctx.ahora(),
      });
      await auditar(tx, ctx, {
        tipo: 'EMPLEO_REGISTRAR',
        detalle: `Empleo ${d.anioMes}`,
        entidad: 'empresa_usuario_empleado',
        codigoEntidad: codigo,
        despues: valores,
        codigoEmpresaUsuario: c,
      });
      return codigo ?? 0;
    });
  } catch (e) {
    if (esViolacionUnica(e)) throw errorCampos({ anioMes: [MENSAJES_ADMINISTRACION.mesRegistrado] });
    throw e;
  }
}

/** Disables (1) or enables (0) a monthly record; guarded on the opposite state, with its audit row. */
export async function cambiarEstadoEmpleo(ctx: Ctx, codigo: number, estado: number) {
  exigir(ctx, 'editar');
  const antes = await empleo(ctx, codigo);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.cambiarEstadoEmpleo(tx, codigo, estado)))
      throw reglaNegocio(MENSAJES_ADMINISTRACION.yaEnEseEstado);
    await auditar(tx, ctx, {
      tipo: estado === 1 ? 'EMPLEO_DESHABILITAR' : 'EMPLEO_HABILITAR',
      detalle: `Empleo ${antes.anioMes}`,
      entidad: 'empresa_usuario_empleado',
      codigoEntidad: codigo,
      antes: { estadoAnulado: antes.estadoAnulado },
      despues: { estadoAnulado: estado },
      codigoEmpresaUsuario: antes.codigoEmpresaUsuario,
    });
  });
}

// ---- Extensions (lista blanca) ----------------------------------------------------------------------

export async function listarProrrogas(ctx: Ctx, q: ConsultaPaginada, hoy: string) {
  const c = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, ROLES_MULTIEMPRESA);
  const { filas, total } = await repo.listarProrrogas(ctx.db, q, c, hoy);
  return { filas: filas.map((f) => ({ ...f, fechaRegistro: iso(f.fechaRegistro) })), meta: meta(q, total) };
}

/** Only user codes 1, 48 and 202 add extensions (spec 02 §6); the newest one of a company is the active one. */
export function exigirPuedeProrrogar(ctx: Ctx) {
  if (!USUARIOS_PRORROGA.includes(ctx.actor.codigoUsuario))
    throw new AppError(403, MENSAJES_ADMINISTRACION.prorrogaNoAutorizado);
}

export async function registrarProrroga(
  ctx: Ctx,
  d: { FechaExpiracionHasta: string; DocumentoAutorizacion: string; CodigoEmpresaUsuario: number },
  pdf: ArchivoGuardado,
  ayer: string,
) {
  exigirPuedeProrrogar(ctx);
  if (d.FechaExpiracionHasta < ayer)
    throw errorCampos({ FechaExpiracionHasta: [MENSAJES_ADMINISTRACION.fechaDesdeAyer] });
  const c = empresaDe(ctx, d.CodigoEmpresaUsuario);
  return ctx.db.transaction(async (tx) => {
    const codigo = await repo.registrarProrroga(tx, {
      codigoEmpresaUsuario: c,
      fechaExpiracionHasta: d.FechaExpiracionHasta,
      documentoAutorizacion: d.DocumentoAutorizacion.toUpperCase(),
      rutaArchivo: pdf.rutaArchivo,
      nombreArchivo: pdf.nombreArchivo,
      tamanio: pdf.tamanio,
      codigoUsuario: ctx.actor.codigoUsuario,
      usuarioRegistro: ctx.actor.nombreUsuario,
      fechaRegistro: ctx.ahora(),
    });
    if (!codigo) throw reglaNegocio('No se pudo registrar la prórroga');
    await auditar(tx, ctx, {
      tipo: 'PRORROGA_REGISTRAR',
      detalle: `Prórroga hasta ${d.FechaExpiracionHasta} (${d.DocumentoAutorizacion})`,
      entidad: 'empresa_lista_blanca',
      codigoEntidad: codigo,
      despues: { ...d, rutaArchivo: pdf.rutaArchivo, sha256: pdf.sha256 },
      codigoEmpresaUsuario: c,
    });
    return codigo;
  });
}

export async function archivoProrroga(ctx: Ctx, codigo: number) {
  const f = await repo.prorroga(ctx.db, codigo);
  if (!f) throw noEncontrado();
  empresaDe(ctx, f.codigoEmpresaUsuario);
  return { rutaArchivo: f.rutaArchivo, nombreArchivo: f.nombreArchivo, tipoContenido: 'application/pdf' };
}
