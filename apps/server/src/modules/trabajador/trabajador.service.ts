import {
  type ConsultaTrabajadores,
  DIAS_SEMANA,
  MENSAJES_ADMINISTRACION,
  PARAMETRO,
  ROLES_MULTIEMPRESA_FINANZAS,
  type Trabajador,
  type TrabajadorFormulario,
} from '@cronos/contract';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { conflicto, errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { iso } from '../../platform/respuesta';
import { empresaParaEscribir, empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import { valoresFueraDeLista } from '../catalogo/catalogo.repository';
import { esViolacionUnica } from '../catalogo/catalogo.service';
import * as repo from './trabajador.repository';

export const MODULO_TRABAJADORES = 'administration/workers';
/** Workers: operator roles 1, 2, 4 and 9 see every company (spec 02 §6: 1, 4 and 9 use -1). */
const ROLES = ROLES_MULTIEMPRESA_FINANZAS;

export async function listar(ctx: Ctx, q: ConsultaTrabajadores) {
  // Disabled workers stay listed (red, only Habilitar; spec 02 §1).
  const { filas, total } = await repo.listar(ctx.db, q, empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, ROLES));
  return { filas, meta: meta(q, total) };
}

/** A worker as the form edits it: its fields, the full name and the weekdays as numbers (1 Monday … 7 Sunday). */
const aTrabajador = (f: repo.FilaTrabajadorBd): Trabajador => ({
  codigoControlColaboradorEmpresa: f.codigoControlColaboradorEmpresa,
  codigoEmpresaUsuario: f.codigoEmpresaUsuario,
  condicionLaboral: f.condicionLaboral,
  codeTipoDocumentoPeaton: f.codeTipoDocumentoPeaton,
  numeroDocumentoIdentidad: f.numeroDocumentoIdentidad,
  apellidoPaterno: f.apellidoPaterno,
  apellidoMaterno: f.apellidoMaterno,
  nombre: f.nombre,
  nombreCompleto: `${f.nombre} ${f.apellidoPaterno} ${f.apellidoMaterno}`.trim(),
  codigoPersona: f.codigoPersona,
  genero: f.genero,
  nacionalidad: f.nacionalidad,
  codigoCargo: f.codigoCargo,
  codigoControl: f.codigoControl,
  fechaInicioContrato: f.fechaInicioContrato,
  fechaVencimientoContrato: f.fechaVencimientoContrato,
  placa: f.placa,
  fechaInicioSoat: f.fechaInicioSoat,
  fechaFinSoat: f.fechaFinSoat,
  lunes: f.lunes,
  martes: f.martes,
  miercoles: f.miercoles,
  jueves: f.jueves,
  viernes: f.viernes,
  sabado: f.sabado,
  domingo: f.domingo,
  dias: DIAS_SEMANA.flatMap((d, i) => (f[d] === 1 ? [i + 1] : [])),
  estadoAnulado: f.estadoAnulado,
  usuarioRegistro: f.usuarioRegistro,
  fechaRegistro: iso(f.fechaRegistro),
  version: f.version,
});

export async function consultar(ctx: Ctx, codigo: number) {
  const f = await repo.buscar(ctx.db, codigo);
  if (!f) throw noEncontrado();
  exigirEmpresa(ctx.actor, f.codigoEmpresaUsuario, ROLES);
  return aTrabajador(f);
}

export const personasPorDni = repo.personasPorDni;

export function valoresTrabajador(d: TrabajadorFormulario, p?: repo.Persona): repo.ValoresTrabajador {
  return {
    condicionLaboral: d.condicionLaboral,
    codeTipoDocumentoPeaton: d.codeTipoDocumentoPeaton,
    numeroDocumentoIdentidad: d.numeroDocumentoIdentidad,
    apellidoPaterno: p?.apellidoPaterno ?? d.apellidoPaterno,
    apellidoMaterno: p?.apellidoMaterno ?? d.apellidoMaterno,
    nombre: p?.nombres ?? d.nombre,
    codigoPersona: p?.codigoPersona ?? null,
    genero: d.genero || null,
    nacionalidad: d.nacionalidad || null,
    codigoCargo: d.codigoCargo,
    codigoControl: d.codigoControl,
    fechaInicioContrato: d.fechaInicioContrato,
    fechaVencimientoContrato: d.fechaVencimientoContrato || null,
    placa: d.placa || null,
    fechaInicioSoat: d.placa ? d.fechaInicioSoat || null : null,
    fechaFinSoat: d.placa ? d.fechaFinSoat || null : null,
    lunes: d.lunes,
    martes: d.martes,
    miercoles: d.miercoles,
    jueves: d.jueves,
    viernes: d.viernes,
    sabado: d.sabado,
    domingo: d.domingo,
  };
}

/** The form's lookups, as the import checks them: each value must be an enabled one of its group. */
const LISTAS_TRABAJADOR = [
  ['condicionLaboral', PARAMETRO.condicionLaboral],
  ['codeTipoDocumentoPeaton', PARAMETRO.tipoDocumentoIdentidad],
  ['genero', PARAMETRO.genero],
  ['nacionalidad', PARAMETRO.nacionalidad],
] as const;

/** Errors by field for values outside their lists (a value the record already had is kept even if since disabled). */
async function verificarListas(ctx: Ctx, d: TrabajadorFormulario, antes: Trabajador | undefined) {
  const errores = await valoresFueraDeLista(ctx.db, LISTAS_TRABAJADOR, d, antes);
  if (Object.keys(errores).length > 0) throw errorCampos(errores);
}

/**
 * GuardarControColaboradorEmpresa: creates or edits a worker. For a DNI the names are those of the RENIEC
 * lookup (the registry), never typed: without a lookup (no codigoPersona matching the DNI) it is refused.
 */
export async function guardar(ctx: Ctx, d: TrabajadorFormulario) {
  const editar = !!d.codigoControlColaboradorEmpresa;
  if (!permite(ctx.actor, MODULO_TRABAJADORES, editar ? 'editar' : 'agregar')) throw prohibido();
  let empresa: number;
  let antes: Trabajador | undefined;
  if (editar) {
    antes = await consultar(ctx, d.codigoControlColaboradorEmpresa ?? 0);
    empresa = antes.codigoEmpresaUsuario;
  } else empresa = empresaParaEscribir(ctx.actor, d.codigoEmpresaUsuario, ROLES);
  await verificarListas(ctx, d, antes);
  let p: repo.Persona | undefined;
  if (d.codeTipoDocumentoPeaton === '1') {
    p = (await repo.personasPorDni(ctx.db, [d.numeroDocumentoIdentidad])).get(d.numeroDocumentoIdentidad);
    if (!p || (d.codigoPersona && d.codigoPersona !== p.codigoPersona) || (!d.codigoPersona && !antes?.codigoPersona)) {
      throw errorCampos({ numeroDocumentoIdentidad: [MENSAJES_ADMINISTRACION.consultaReniec] });
    }
  }
  const valores = valoresTrabajador(d, p);
  try {
    return await ctx.db.transaction(async (tx) => {
      let codigo = d.codigoControlColaboradorEmpresa ?? 0;
      if (editar) {
        // A disabled worker offers only Habilitar (spec 02 §1): the edit is guarded on the enabled state.
        if (!(await repo.actualizar(tx, codigo, valores, d.version))) {
          if ((await repo.estadoActual(tx, codigo)) !== 0)
            throw reglaNegocio(MENSAJES_ADMINISTRACION.registroDeshabilitado);
          throw conflicto();
        }
      } else {
        codigo = await repo.insertar(tx, {
          ...valores,
          codigoEmpresaUsuario: empresa,
          usuarioRegistro: ctx.actor.nombreUsuario,
          fechaRegistro: ctx.ahora(),
        });
      }
      await auditar(tx, ctx, {
        tipo: editar ? 'TRABAJADOR_EDITAR' : 'TRABAJADOR_REGISTRAR',
        detalle: `Trabajador ${valores.numeroDocumentoIdentidad}`,
        entidad: 'control_colaborador_empresa',
        codigoEntidad: codigo,
        antes,
        despues: valores,
        codigoEmpresaUsuario: empresa,
      });
      return codigo;
    });
  } catch (e) {
    if (esViolacionUnica(e))
      throw errorCampos({ numeroDocumentoIdentidad: [MENSAJES_ADMINISTRACION.documentoRegistrado] });
    throw e;
  }
}

/** Disables (1) or enables (0) a worker; guarded on the opposite state, with its audit row. */
export async function cambiarEstado(ctx: Ctx, codigo: number, estado: number) {
  if (!permite(ctx.actor, MODULO_TRABAJADORES, 'editar')) throw prohibido();
  const antes = await consultar(ctx, codigo);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.cambiarEstado(tx, codigo, estado))) throw reglaNegocio(MENSAJES_ADMINISTRACION.yaEnEseEstado);
    await auditar(tx, ctx, {
      tipo: estado === 1 ? 'TRABAJADOR_DESHABILITAR' : 'TRABAJADOR_HABILITAR',
      detalle: `Trabajador ${antes.numeroDocumentoIdentidad}`,
      entidad: 'control_colaborador_empresa',
      codigoEntidad: codigo,
      antes: { estadoAnulado: antes.estadoAnulado },
      despues: { estadoAnulado: estado },
      codigoEmpresaUsuario: antes.codigoEmpresaUsuario,
    });
  });
}
