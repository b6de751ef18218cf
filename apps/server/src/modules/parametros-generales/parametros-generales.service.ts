import {
  type ConsultaPaginada,
  EMPRESA_OPERADOR,
  MENSAJES_ADMINISTRACION,
  type ParametroFormulario,
  type SeccionFormulario,
} from '@cronos/contract';
import { and, asc, count, eq, max, type SQL, sql } from 'drizzle-orm';
import { parametro, parametroSeccion } from '../../db/schema';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { mismaVersion } from '../../platform/version';
import { condicionBusqueda, desplazamiento, meta } from '../../platform/paginacion';
import { esViolacionUnica } from '../catalogo/catalogo.service';

export const MODULO_PARAMETROS = 'administration/parametters';

const COLUMNAS = {
  nombre: parametro.nombre,
  descripcion: parametro.descripcion,
  'P.NOMBRE': parametro.nombre,
  'P.DESCRIPCION': parametro.descripcion,
};

/** Lookups are shared by every company: only the operator's staff change them. */
function exigirEscritura(ctx: Ctx, accion: 'agregar' | 'editar') {
  if (!permite(ctx.actor, MODULO_PARAMETROS, accion)) throw prohibido();
  if (ctx.actor.codigoEmpresaUsuario !== EMPRESA_OPERADOR)
    throw new AppError(403, MENSAJES_ADMINISTRACION.soloOperador);
}

// Qualified by hand: inside a subquery Drizzle's bare column names would bind to the inner table.
const secciones = sql<number>`(select count(*)::int from parametro_seccion ps where ps.codigo_parametro = "parametro"."codigo_parametro")`;

export async function listar(ctx: Ctx, q: ConsultaPaginada) {
  const donde = and(...([condicionBusqueda(q, COLUMNAS)] as (SQL | undefined)[]));
  const [filas, [total]] = await Promise.all([
    ctx.db
      .select({
        codigoParametro: parametro.codigoParametro,
        nombre: parametro.nombre,
        descripcion: parametro.descripcion,
        indicardorPermiteAgregarValor: parametro.indicardorPermiteAgregarValor,
        indicardorPermiteModificarValor: parametro.indicardorPermiteModificarValor,
        estadoRegistro: parametro.estadoRegistro,
        version: parametro.version,
        secciones,
      })
      .from(parametro)
      .where(donde)
      .orderBy(asc(parametro.codigoParametro))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    ctx.db.select({ n: count() }).from(parametro).where(donde),
  ]);
  return { filas, meta: meta(q, total?.n ?? 0) };
}

async function buscarParametro(ctx: Ctx, codigo: number) {
  const [p] = await ctx.db.select().from(parametro).where(eq(parametro.codigoParametro, codigo)).limit(1);
  if (!p) throw noEncontrado();
  return p;
}

const filaSeccion = {
  codigoParametro: parametroSeccion.codigoParametro,
  codigoSeccion: parametroSeccion.codigoSeccion,
  codigo: parametroSeccion.codigo,
  nombre: parametroSeccion.nombre,
  soloLectura: parametroSeccion.soloLectura,
  estadoAnulado: parametroSeccion.estadoAnulado,
  orden: parametroSeccion.orden,
  version: parametroSeccion.version,
};

/** Sections of one parameter, paged (ParametroSeccion/ListarDatos). */
export async function listarSecciones(ctx: Ctx, codigoParametro: number, q: ConsultaPaginada) {
  await buscarParametro(ctx, codigoParametro);
  const donde = eq(parametroSeccion.codigoParametro, codigoParametro);
  const [filas, [total]] = await Promise.all([
    ctx.db
      .select(filaSeccion)
      .from(parametroSeccion)
      .where(donde)
      .orderBy(asc(parametroSeccion.orden), asc(parametroSeccion.codigoSeccion))
      .limit(q.limit)
      .offset(desplazamiento(q)),
    ctx.db.select({ n: count() }).from(parametroSeccion).where(donde),
  ]);
  return { filas, meta: meta(q, total?.n ?? 0) };
}

/** Parametro/ConsultarBandejaParametroTabla: the parameter with all its sections (enabled or not). */
export async function bandeja(ctx: Ctx, codigoParametro: number) {
  const p = await buscarParametro(ctx, codigoParametro);
  const filas = await ctx.db
    .select(filaSeccion)
    .from(parametroSeccion)
    .where(eq(parametroSeccion.codigoParametro, codigoParametro))
    .orderBy(asc(parametroSeccion.orden), asc(parametroSeccion.codigoSeccion));
  return { ...p, secciones: filas };
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
  return ctx.db.transaction(async (tx) => {
    let codigo = d.codigoParametro ?? 0;
    if (editar) {
      const [f] = await tx
        .update(parametro)
        .set({ ...valores, version: sql`${parametro.version} + 1` })
        .where(and(eq(parametro.codigoParametro, codigo), mismaVersion(parametro.version, d.version)))
        .returning({ c: parametro.codigoParametro });
      if (!f) {
        const [existe] = await tx
          .select({ c: parametro.codigoParametro })
          .from(parametro)
          .where(eq(parametro.codigoParametro, codigo));
        throw existe ? conflicto() : noEncontrado();
      }
    } else {
      // New groups are numbered from 100 so they never collide with the spec's codes.
      const [m] = await tx.select({ m: max(parametro.codigoParametro) }).from(parametro);
      codigo = Math.max(100, (m?.m ?? 0) + 1);
      await tx.insert(parametro).values({ codigoParametro: codigo, ...valores });
    }
    await auditar(tx, ctx, {
      tipo: editar ? 'PARAMETRO_EDITAR' : 'PARAMETRO_REGISTRAR',
      detalle: `Parámetro ${d.nombre}`,
      entidad: 'parametro',
      codigoEntidad: codigo,
      despues: valores,
    });
    return codigo;
  });
}

export async function cambiarEstadoParametro(ctx: Ctx, codigo: number, estadoAnulado: number) {
  exigirEscritura(ctx, 'editar');
  await buscarParametro(ctx, codigo);
  const hasta = estadoAnulado === 1 ? 0 : 1;
  await ctx.db.transaction(async (tx) => {
    const [f] = await tx
      .update(parametro)
      .set({ estadoRegistro: hasta, version: sql`${parametro.version} + 1` })
      .where(and(eq(parametro.codigoParametro, codigo), eq(parametro.estadoRegistro, 1 - hasta)))
      .returning({ c: parametro.codigoParametro });
    if (!f) throw reglaNegocio(MENSAJES_ADMINISTRACION.yaEnEseEstado);
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
  try {
    return await ctx.db.transaction(async (tx) => {
      let codigoSeccion = d.codigoSeccion ?? 0;
      if (editar) {
        const [s] = await tx
          .select()
          .from(parametroSeccion)
          .where(
            and(
              eq(parametroSeccion.codigoSeccion, codigoSeccion),
              eq(parametroSeccion.codigoParametro, p.codigoParametro),
            ),
          )
          .limit(1);
        if (!s) throw noEncontrado();
        if (!p.indicardorPermiteModificarValor) throw reglaNegocio(MENSAJES_ADMINISTRACION.parametroNoModifica);
        if (s.soloLectura && (s.nombre !== d.nombre || (d.codigo && d.codigo !== s.codigo))) {
          throw reglaNegocio(MENSAJES_ADMINISTRACION.seccionSoloLectura);
        }
        const [hecho] = await tx
          .update(parametroSeccion)
          .set({
            nombre: d.nombre,
            codigo: s.soloLectura ? s.codigo : d.codigo || s.codigo,
            estadoAnulado: d.estadoAnulado,
            version: sql`${parametroSeccion.version} + 1`,
          })
          .where(
            and(eq(parametroSeccion.codigoSeccion, codigoSeccion), mismaVersion(parametroSeccion.version, d.version)),
          )
          .returning({ c: parametroSeccion.codigoSeccion });
        if (!hecho) throw conflicto();
      } else {
        if (!p.indicardorPermiteAgregarValor) throw reglaNegocio(MENSAJES_ADMINISTRACION.parametroNoAgrega);
        const existentes = await tx
          .select({ codigo: parametroSeccion.codigo, orden: parametroSeccion.orden })
          .from(parametroSeccion)
          .where(eq(parametroSeccion.codigoParametro, p.codigoParametro));
        const numericos = existentes.map((x) => Number(x.codigo)).filter(Number.isInteger);
        const codigo = d.codigo || String(Math.max(0, ...numericos) + 1);
        const orden = Math.max(0, ...existentes.map((x) => x.orden)) + 1;
        const [s] = await tx
          .insert(parametroSeccion)
          .values({
            codigoParametro: p.codigoParametro,
            codigo,
            nombre: d.nombre,
            orden,
            estadoAnulado: d.estadoAnulado,
          })
          .returning({ codigoSeccion: parametroSeccion.codigoSeccion });
        codigoSeccion = s?.codigoSeccion ?? 0;
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
