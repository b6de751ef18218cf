import {
  type ConsultaCatalogo,
  type EquivalenciaCatalogo,
  MENSAJES_CATALOGO,
  PARAMETRO,
  type ProductoCatalogo,
  ROLES_MULTIEMPRESA,
  ROLES_MULTIEMPRESA_FINANZAS,
} from '@cronos/contract';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { conflicto, errorCampos, noEncontrado, prohibido, reglaNegocio } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { empresaParaEscribir, empresaParaListar, exigirEmpresa } from '../../platform/tenencia';
import * as repo from './catalogo.repository';

/** Screens whose product dialogs read and write the catalogue (spec 01 §2 movement form, spec 02 §2). */
export const MODULOS_CATALOGO = ['administration/products', 'operations/order/register'] as const;
export const MODULOS_LECTURA_CATALOGO = [
  'administration/products',
  'operations/order/register',
  'operations/manufacture',
  'inventory/kardex',
] as const;

const exigirPermiso = (ctx: Ctx, modulos: readonly string[], accion: 'agregar' | 'editar' | 'eliminar') => {
  if (!permite(ctx.actor, modulos, accion)) throw prohibido();
};

/** Violation of a unique index, whichever driver (pg or PGlite) and wrapper (Drizzle) raised it. */
export function esViolacionUnica(e: unknown): boolean {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) {
    if (x.code === '23505') return true;
  }
  return false;
}

const iso = <T extends { fechaRegistro: Date }>(f: T) => ({ ...f, fechaRegistro: f.fechaRegistro.toISOString() });

export async function listar(ctx: Ctx, q: ConsultaCatalogo) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, ROLES_MULTIEMPRESA);
  const { filas, total } = await repo.listar(ctx.db, q, empresa);
  return { filas: filas.map(iso), meta: meta(q, total) };
}

/** The company a product lookup reads: the requested one if the actor may act for it (else 404). */
const empresaDeConsulta = (ctx: Ctx, solicitada?: number) =>
  empresaParaEscribir(ctx.actor, solicitada, ROLES_MULTIEMPRESA_FINANZAS);

export async function consultarDatos(
  ctx: Ctx,
  q: {
    CodigoEmpresaUsuario?: number;
    CodigoCatalogoUsuario?: number;
    Descripcion?: string;
    CodigoEmpresaAlmacen?: number;
  },
) {
  const empresa = empresaDeConsulta(ctx, q.CodigoEmpresaUsuario);
  let almacen: number | undefined;
  if (q.CodigoEmpresaAlmacen) {
    almacen = await repo.almacenDeEmpresa(ctx.db, empresa, q.CodigoEmpresaAlmacen);
    if (!almacen) throw noEncontrado();
  }
  if (q.CodigoCatalogoUsuario) {
    const p = await repo.buscarPorCodigo(ctx.db, q.CodigoCatalogoUsuario);
    if (!p || p.codigoEmpresaUsuario !== empresa) throw noEncontrado();
  }
  return repo.buscarProductos(ctx.db, {
    empresa,
    codigo: q.CodigoCatalogoUsuario,
    descripcion: q.Descripcion,
    almacen,
    // An exit can only take what the warehouse holds (spec 01 §7: the warehouse is sent for exits).
    soloConStock: almacen !== undefined && !q.CodigoCatalogoUsuario,
  });
}

export async function consultarPorDescripcion(ctx: Ctx, q: { CodigoEmpresaUsuario?: number; Descripcion: string }) {
  const empresa = empresaDeConsulta(ctx, q.CodigoEmpresaUsuario);
  const filas = await repo.buscarProductos(ctx.db, { empresa, descripcion: q.Descripcion });
  return filas.map(({ codigoCatalogoUsuario, descripcion, codigoUnidadMedida, codigoInterno, numeroPartida }) => ({
    codigoCatalogoUsuario,
    descripcion,
    codigoUnidadMedida,
    codigoInterno,
    numeroPartida,
  }));
}

/** Loads a product the actor may see (another company's product does not exist for them). */
async function productoVisible(ctx: Ctx, codigo: number, roles: readonly number[] = ROLES_MULTIEMPRESA) {
  const p = await repo.buscarPorCodigo(ctx.db, codigo);
  if (!p) throw noEncontrado();
  exigirEmpresa(ctx.actor, p.codigoEmpresaUsuario, roles);
  return p;
}

/** Lookup values and tariff headings the product refers to; errors by field. */
async function verificarReferencias(
  ctx: Ctx,
  d: Pick<ProductoCatalogo, 'numeroPartida' | 'codigoUnidadMedida' | 'codigoExistencia'>,
) {
  const [partidas, unidades, existencias] = await Promise.all([
    repo.partidasExistentes(ctx.db, [d.numeroPartida]),
    repo.codigosParametro(ctx.db, PARAMETRO.unidadMedida),
    repo.codigosParametro(ctx.db, PARAMETRO.codigoExistencia),
  ]);
  const errores: Record<string, string[]> = {};
  if (!partidas.has(d.numeroPartida)) errores.numeroPartida = [MENSAJES_CATALOGO.partidaNoExiste];
  if (!unidades.some((u) => u.codigo === d.codigoUnidadMedida))
    errores.codigoUnidadMedida = [MENSAJES_CATALOGO.valorNoValido];
  if (!existencias.some((u) => u.codigo === d.codigoExistencia))
    errores.codigoExistencia = [MENSAJES_CATALOGO.valorNoValido];
  return errores;
}

/**
 * GuardarDatos: creates a product (with its initial stock lot and kardex entry when stock > 0) or edits
 * one. Editing keeps description and internal code (locked in the dialog, spec 01 §4) and never touches
 * stock: stock only changes through orders.
 */
export async function guardar(ctx: Ctx, d: ProductoCatalogo) {
  if (d.codigoCatalogoUsuario) return editar(ctx, d.codigoCatalogoUsuario, d);
  exigirPermiso(ctx, MODULOS_CATALOGO, 'agregar');
  const empresa = empresaParaEscribir(ctx.actor, d.codigoEmpresaUsuario, ROLES_MULTIEMPRESA);
  const errores = await verificarReferencias(ctx, d);
  const codigoInterno = d.codigoInterno || null;
  if (codigoInterno && (await repo.codigosInternosExistentes(ctx.db, empresa, [codigoInterno])).size > 0) {
    errores.codigoInterno = [MENSAJES_CATALOGO.codigoInternoExiste];
  }
  const stock = d.stock ?? 0;
  let almacen: number | undefined;
  if (stock > 0) {
    almacen = await repo.almacenDeEmpresa(ctx.db, empresa, d.codigoEmpresaAlmacen);
    if (!almacen) {
      if (d.codigoEmpresaAlmacen) throw noEncontrado();
      errores.stock = ['La empresa no tiene un almacén activo para registrar stock.'];
    }
  }
  if (Object.keys(errores).length) throw errorCampos(errores, MENSAJES_CATALOGO.rellenarObligatorios);

  const usuarioRegistro = ctx.actor.nombreUsuario;
  try {
    const codigo = await ctx.db.transaction(async (tx) => {
      const [creado] = await repo.insertarProductos(tx, [
        {
          codigoEmpresaUsuario: empresa,
          codigoInterno,
          descripcion: d.descripcion,
          numeroPartida: d.numeroPartida,
          codigoUnidadMedida: d.codigoUnidadMedida,
          codigoExistencia: d.codigoExistencia,
          usuarioRegistro,
          fechaRegistro: ctx.ahora(),
        },
      ]);
      if (!creado) throw new Error('producto no insertado');
      if (almacen) {
        await repo.registrarStockInicial(
          tx,
          [{ codigoCatalogoUsuario: creado.codigoCatalogoUsuario, codigoEmpresaAlmacen: almacen, cantidad: stock }],
          usuarioRegistro,
          ctx.ahora(),
        );
      }
      await auditar(tx, ctx, {
        tipo: 'CATALOGO_REGISTRAR',
        detalle: `Producto ${d.descripcion}${stock > 0 ? ` con stock inicial ${stock}` : ''}`,
        entidad: 'catalogo_usuario',
        codigoEntidad: creado.codigoCatalogoUsuario,
        despues: { ...d, codigoEmpresaUsuario: empresa },
        codigoEmpresaUsuario: empresa,
      });
      return creado.codigoCatalogoUsuario;
    });
    return {
      producto: await productoDeBusqueda(ctx, empresa, codigo, almacen),
      mensaje: MENSAJES_CATALOGO.productoRegistrado,
    };
  } catch (e) {
    if (esViolacionUnica(e)) throw errorCampos({ codigoInterno: [MENSAJES_CATALOGO.codigoInternoExiste] });
    throw e;
  }
}

/** The product as the order's search finds it (null when it is disabled: the search lists enabled ones). */
async function productoDeBusqueda(ctx: Ctx, empresa: number, codigo: number, almacen?: number) {
  const [p] = await repo.buscarProductos(ctx.db, { empresa, codigo, almacen });
  return p ?? null;
}

async function editar(ctx: Ctx, codigo: number, d: ProductoCatalogo) {
  exigirPermiso(ctx, MODULOS_CATALOGO, 'editar');
  const antes = await productoVisible(ctx, codigo);
  const errores = await verificarReferencias(ctx, d);
  if (Object.keys(errores).length) throw errorCampos(errores, MENSAJES_CATALOGO.rellenarObligatorios);
  const cambios = {
    numeroPartida: d.numeroPartida,
    codigoUnidadMedida: d.codigoUnidadMedida,
    codigoExistencia: d.codigoExistencia,
  };
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.actualizarProducto(tx, codigo, cambios, d.version))) throw conflicto();
    await auditar(tx, ctx, {
      tipo: 'CATALOGO_EDITAR',
      detalle: `Producto ${antes.descripcion}`,
      entidad: 'catalogo_usuario',
      codigoEntidad: codigo,
      antes: {
        numeroPartida: antes.numeroPartida,
        codigoUnidadMedida: antes.codigoUnidadMedida,
        codigoExistencia: antes.codigoExistencia,
      },
      despues: cambios,
      codigoEmpresaUsuario: antes.codigoEmpresaUsuario,
    });
  });
  return {
    producto: await productoDeBusqueda(ctx, antes.codigoEmpresaUsuario, codigo),
    mensaje: MENSAJES_CATALOGO.productoEditado,
  };
}

export async function cambiarEstado(ctx: Ctx, codigo: number, estado: number) {
  exigirPermiso(ctx, ['administration/products'], 'editar');
  const p = await productoVisible(ctx, codigo);
  await ctx.db.transaction(async (tx) => {
    const hecho = await repo.cambiarEstado(tx, codigo, estado);
    if (!hecho) throw reglaNegocio(MENSAJES_CATALOGO.yaEnEseEstado);
    await auditar(tx, ctx, {
      tipo: estado === 1 ? 'CATALOGO_DESHABILITAR' : 'CATALOGO_HABILITAR',
      detalle: `Producto ${p.descripcion}`,
      entidad: 'catalogo_usuario',
      codigoEntidad: codigo,
      antes: { estadoAnulado: p.estadoAnulado },
      despues: { estadoAnulado: estado },
      codigoEmpresaUsuario: p.codigoEmpresaUsuario,
    });
  });
}

/** Deletes a product nobody refers to; one with order lines or stock can only be disabled. */
export async function eliminar(ctx: Ctx, codigo: number) {
  exigirPermiso(ctx, ['administration/products'], 'eliminar');
  const p = await productoVisible(ctx, codigo);
  await ctx.db.transaction(async (tx) => {
    if (await repo.tieneReferencias(tx, codigo)) throw reglaNegocio(MENSAJES_CATALOGO.productoConMovimientos);
    const hecho = await repo.eliminarProducto(tx, codigo);
    if (!hecho) throw noEncontrado();
    await auditar(tx, ctx, {
      tipo: 'CATALOGO_ELIMINAR',
      detalle: `Producto ${p.descripcion}`,
      entidad: 'catalogo_usuario',
      codigoEntidad: codigo,
      antes: p,
      codigoEmpresaUsuario: p.codigoEmpresaUsuario,
    });
  });
}

export async function listarEquivalencias(ctx: Ctx, codigoCatalogoUsuario: number) {
  await productoVisible(ctx, codigoCatalogoUsuario, ROLES_MULTIEMPRESA_FINANZAS);
  return (await repo.equivalencias(ctx.db, codigoCatalogoUsuario)).map(iso);
}

export async function registrarEquivalencia(ctx: Ctx, d: EquivalenciaCatalogo) {
  exigirPermiso(ctx, MODULOS_CATALOGO, 'editar');
  const p = await productoVisible(ctx, d.codigoCatalogoUsuario);
  const unidades = await repo.codigosParametro(ctx.db, PARAMETRO.unidadMedida);
  const errores: Record<string, string[]> = {};
  for (const campo of ['codigoUnidadMedidaBase', 'codigoUnidadMedidaEquivalencia'] as const) {
    if (!unidades.some((u) => u.codigo === d[campo])) errores[campo] = [MENSAJES_CATALOGO.valorNoValido];
  }
  if (Object.keys(errores).length) throw errorCampos(errores);
  return ctx.db.transaction(async (tx) => {
    const creada = await repo.insertarEquivalencia(tx, {
      codigoCatalogoUsuario: d.codigoCatalogoUsuario,
      cantidadBase: String(d.cantidadBase),
      codigoUnidadMedidaBase: d.codigoUnidadMedidaBase,
      cantidadEquivalente: String(d.cantidadEquivalente),
      codigoUnidadMedidaEquivalencia: d.codigoUnidadMedidaEquivalencia,
      usuarioRegistro: ctx.actor.nombreUsuario,
      fechaRegistro: ctx.ahora(),
    });
    if (!creada) throw reglaNegocio(MENSAJES_CATALOGO.equivalenciaExiste);
    await auditar(tx, ctx, {
      tipo: 'CATALOGO_EQUIVALENCIA_REGISTRAR',
      detalle: `Equivalencia de ${p.descripcion}`,
      entidad: 'equivalencia_catalogo',
      codigoEntidad: creada.codigoEquivalenciaCatalogo,
      despues: d,
      codigoEmpresaUsuario: p.codigoEmpresaUsuario,
    });
    return creada.codigoEquivalenciaCatalogo;
  });
}

export async function eliminarEquivalencia(ctx: Ctx, codigo: number) {
  exigirPermiso(ctx, MODULOS_CATALOGO, 'editar');
  const eq = await repo.buscarEquivalencia(ctx.db, codigo);
  if (!eq) throw noEncontrado();
  exigirEmpresa(ctx.actor, eq.codigoEmpresaUsuario, ROLES_MULTIEMPRESA);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.eliminarEquivalencia(tx, codigo))) throw noEncontrado();
    await auditar(tx, ctx, {
      tipo: 'CATALOGO_EQUIVALENCIA_ELIMINAR',
      entidad: 'equivalencia_catalogo',
      codigoEntidad: codigo,
      antes: eq,
      codigoEmpresaUsuario: eq.codigoEmpresaUsuario,
    });
  });
}
