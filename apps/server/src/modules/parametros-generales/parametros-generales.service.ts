import {
  type ConsultaPaginada,
  EMPRESA_OPERADOR,
  LARGO_CODIGO_PARAMETRO,
  MENSAJES_ADMINISTRACION,
  type ParametroFormulario,
  type SeccionFormulario,
} from '@cronos/contract';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { esViolacionUnica } from '../catalogo/catalogo.service';
import * as repo from './parametros-generales.repository';

/** The unique index on the normalized group name refused the row (PostgreSQL and PGlite name the constraint). */
function violaNombreUnico(e: unknown): boolean {
  for (let x = e as { constraint?: string; message?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (esViolacionUnica(x) && (x.constraint === 'parametro_nombre_uq' || x.message?.includes('parametro_nombre_uq')))
      return true;
  return false;
}

export const MODULO_PARAMETROS = 'administration/parametters';

/** Lookups are shared by every company: only the operator's staff change them. */
function exigirEscritura(ctx: Ctx, accion: 'agregar' | 'editar') {
  if (!permite(ctx.actor, MODULO_PARAMETROS, accion)) throw prohibido();
  if (ctx.actor.codigoEmpresaUsuario !== EMPRESA_OPERADOR)
    throw new AppError(403, MENSAJES_ADMINISTRACION.soloOperador);
}

export async function listar(ctx: Ctx, q: ConsultaPaginada) {
  const { filas, total } = await repo.listar(ctx.db, q);
  return { filas, meta: meta(q, total) };
}

async function buscarParametro(ctx: Ctx, codigo: number) {
  const p = await repo.buscarParametro(ctx.db, codigo);
  if (!p) throw noEncontrado();
  return p;
}

/** Sections of one parameter, paged (ParametroSeccion/ListarDatos). */
export async function listarSecciones(ctx: Ctx, codigoParametro: number, q: ConsultaPaginada) {
  await buscarParametro(ctx, codigoParametro);
  const { filas, total } = await repo.listarSecciones(ctx.db, codigoParametro, q);
  return { filas, meta: meta(q, total) };
}

/** Parametro/ConsultarBandejaParametroTabla: the parameter with all its sections (enabled or not). */
export async function bandeja(ctx: Ctx, codigoParametro: number) {
  const p = await buscarParametro(ctx, codigoParametro);
  const secciones = await repo.seccionesDe(ctx.db, codigoParametro);
  return {
    codigoParametro: p.codigoParametro,
    nombre: p.nombre,
    descripcion: p.descripcion,
    indicardorPermiteAgregarValor: p.indicardorPermiteAgregarValor,
    indicardorPermiteModificarValor: p.indicardorPermiteModificarValor,
    estadoRegistro: p.estadoRegistro,
    version: p.version,
    secciones,
  };
}

export async function guardarParametro(ctx: Ctx, d: ParametroFormulario) {
  const editar = !!d.codigoParametro;
  exigirEscritura(ctx, editar ? 'editar' : 'agregar');
  const valores = {
    nombre: d.nombre,
    descripcion: d.descripcion,
    indicardorPermiteAgregarValor: d.indicardorPermiteAgregarValor,
    indicardorPermiteModificarValor: d.indicardorPermiteModificarValor,
  };
  const nombreTomado = () => errorCampos({ nombre: [MENSAJES_ADMINISTRACION.nombreParametroExiste] });
  return ctx.db
    .transaction(async (tx) => {
      let codigo = d.codigoParametro ?? 0;
      // Two groups of the same name could not be told apart in the list nor in the screens that read them.
      await repo.bloquearParametros(tx);
      if (await repo.nombreParametroUsado(tx, d.nombre, codigo)) throw nombreTomado();
      if (editar) {
        if (!(await repo.actualizarParametro(tx, codigo, valores, d.version))) {
          throw (await repo.existeParametro(tx, codigo)) ? conflicto() : noEncontrado();
        }
      } else codigo = await repo.insertarParametro(tx, valores);
      await auditar(tx, ctx, {
        tipo: editar ? 'PARAMETRO_EDITAR' : 'PARAMETRO_REGISTRAR',
        detalle: `Parámetro ${d.nombre}`,
        entidad: 'parametro',
        codigoEntidad: codigo,
        despues: valores,
      });
      return codigo;
    })
    .catch((e: unknown) => {
      // The unique index on the normalized name (parametro_nombre_uq) is the last word: the same message, never a 500.
      throw violaNombreUnico(e) ? nombreTomado() : e;
    });
}

export async function cambiarEstadoParametro(ctx: Ctx, codigo: number, estadoAnulado: number) {
  exigirEscritura(ctx, 'editar');
  await buscarParametro(ctx, codigo);
  const hasta = estadoAnulado === 1 ? 0 : 1;
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.cambiarEstadoParametro(tx, codigo, hasta)))
      throw reglaNegocio(MENSAJES_ADMINISTRACION.yaEnEseEstado);
    await auditar(tx, ctx, {
      tipo: hasta === 0 ? 'PARAMETRO_DESHABILITAR' : 'PARAMETRO_HABILITAR',
      entidad: 'parametro',
      codigoEntidad: codigo,
      despues: { estadoRegistro: hasta },
    });
  });
}

/**
 * Creates or edits a section (a lookup value). The parameter's flags decide whether values may be added
 * or changed; seeded values the product relies on are read-only.
 */
export async function guardarSeccion(ctx: Ctx, d: SeccionFormulario) {
  const editar = !!d.codigoSeccion;
  exigirEscritura(ctx, editar ? 'editar' : 'agregar');
  const p = await buscarParametro(ctx, d.codigoParametro);
  const largo = LARGO_CODIGO_PARAMETRO[p.codigoParametro];
  if (largo && d.codigo && d.codigo.length > largo) throw errorCampos({ codigo: [`Máximo ${largo} caracteres`] });
  try {
    return await ctx.db.transaction(async (tx) => {
      let codigoSeccion = d.codigoSeccion ?? 0;
      // Two values of one name could not be told apart in the lists and selects that offer them.
      await repo.bloquearGrupo(tx, p.codigoParametro);
      const exigirNombreLibre = async () => {
        if (await repo.nombreSeccionUsado(tx, p.codigoParametro, d.nombre, codigoSeccion))
          throw errorCampos({ nombre: [MENSAJES_ADMINISTRACION.nombreSeccionExiste] });
      };
      if (editar) {
        const s = await repo.buscarSeccion(tx, p.codigoParametro, codigoSeccion);
        if (!s) throw noEncontrado();
        if (!p.indicardorPermiteModificarValor) throw reglaNegocio(MENSAJES_ADMINISTRACION.parametroNoModifica);
        if (s.soloLectura && (s.nombre !== d.nombre || (d.codigo && d.codigo !== s.codigo))) {
          throw reglaNegocio(MENSAJES_ADMINISTRACION.seccionSoloLectura);
        }
        await exigirNombreLibre();
        const hecho = await repo.actualizarSeccion(
          tx,
          codigoSeccion,
          { nombre: d.nombre, codigo: s.soloLectura ? s.codigo : d.codigo || s.codigo, estadoAnulado: d.estadoAnulado },
          d.version,
        );
        if (!hecho) throw conflicto();
      } else {
        if (!p.indicardorPermiteAgregarValor) throw reglaNegocio(MENSAJES_ADMINISTRACION.parametroNoAgrega);
        await exigirNombreLibre();
        const existentes = await repo.codigosYOrden(tx, p.codigoParametro);
        const numericos = existentes.map((x) => Number(x.codigo)).filter(Number.isInteger);
        codigoSeccion = await repo.insertarSeccion(tx, {
          codigoParametro: p.codigoParametro,
          codigo: d.codigo || String(Math.max(0, ...numericos) + 1),
          nombre: d.nombre,
          orden: Math.max(0, ...existentes.map((x) => x.orden)) + 1,
          estadoAnulado: d.estadoAnulado,
        });
      }
      await auditar(tx, ctx, {
        tipo: editar ? 'SECCION_EDITAR' : 'SECCION_REGISTRAR',
        detalle: `Sección ${d.nombre} de ${p.nombre}`,
        entidad: 'parametro_seccion',
        codigoEntidad: codigoSeccion,
        despues: d,
      });
      return codigoSeccion;
    });
  } catch (e) {
    if (esViolacionUnica(e)) throw errorCampos({ codigo: [MENSAJES_ADMINISTRACION.codigoSeccionExiste] });
    throw e;
  }
}
