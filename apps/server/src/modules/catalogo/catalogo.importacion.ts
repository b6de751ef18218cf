import {
  type ErrorImportacion,
  LIMITE_IMPORTACION_FILAS,
  MENSAJES_CATALOGO,
  PARAMETRO,
  productoCatalogo,
  ROLES_MULTIEMPRESA,
} from '@cronos/contract';
import { permite } from '../../platform/acceso';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { prohibido } from '../../platform/errores';
import { empresaParaEscribir } from '../../platform/tenencia';
import * as repo from './catalogo.repository';
import { esViolacionUnica } from './catalogo.service';
import { construirPlantilla, leerFilas, verificarXlsx } from './hoja-calculo';
import { type ColumnaCarga, errorDeImportacion, textoDe, validarFilas } from './importacion';

const HOJA = 'Productos';

async function columnas(
  ctx: Ctx,
): Promise<(ColumnaCarga & { ancho: number; ejemplo: string | number; lista?: string[] })[]> {
  const [unidades, existencias] = await Promise.all([
    repo.codigosParametro(ctx.db, PARAMETRO.unidadMedida),
    repo.codigosParametro(ctx.db, PARAMETRO.codigoExistencia),
  ]);
  return [
    { clave: 'codigoInterno', titulo: 'Código interno', ancho: 16, ejemplo: 'TV-0001' },
    { clave: 'descripcion', titulo: 'Descripción', ancho: 50, ejemplo: 'TELEVISOR LED 55 PULGADAS 4K' },
    {
      clave: 'numeroPartida',
      titulo: 'Partida arancelaria',
      ancho: 20,
      ejemplo: '8528720000',
      // A heading typed as a number loses its leading zero: put it back.
      convertir: (v) => {
        const t = textoDe(v);
        return t && /^\d{9}$/.test(t) ? `0${t}` : t;
      },
    },
    {
      clave: 'codigoUnidadMedida',
      titulo: 'Unidad de medida',
      ancho: 22,
      ejemplo: 'NIU - Unidad',
      codigos: unidades.map((u) => u.codigo),
      lista: unidades.map((u) => `${u.codigo} - ${u.nombre}`),
    },
    {
      clave: 'codigoExistencia',
      titulo: 'Código de existencia',
      ancho: 26,
      ejemplo: '01 - Mercadería',
      codigos: existencias.map((u) => u.codigo),
      lista: existencias.map((u) => `${u.codigo} - ${u.nombre}`),
    },
    { clave: 'stock', titulo: 'Stock inicial', ancho: 14, ejemplo: 10 },
  ];
}

export async function plantillaCatalogo(ctx: Ctx) {
  return construirPlantilla(HOJA, await columnas(ctx), LIMITE_IMPORTACION_FILAS);
}

/**
 * RegistrarCatalogoMasivo for products: the file is checked (size, content, inflated size) before it is
 * parsed; every row is validated with the product form's schema plus the checks that need the database
 * (heading exists, internal code unused in the company and in the file); any error imports nothing.
 */
export async function importarCatalogo(ctx: Ctx, codigoEmpresaUsuario: number | undefined, archivo: Buffer) {
  if (!permite(ctx.actor, ['administration/products'], 'agregar')) throw prohibido();
  const empresa = empresaParaEscribir(ctx.actor, codigoEmpresaUsuario, ROLES_MULTIEMPRESA);
  verificarXlsx(archivo);
  const cols = await columnas(ctx);
  const filas = await leerFilas(archivo, HOJA, cols, LIMITE_IMPORTACION_FILAS);
  const { validas, errores } = validarFilas(filas, cols, productoCatalogo);

  const partidas = await repo.partidasExistentes(ctx.db, [...new Set(validas.map((v) => v.datos.numeroPartida))]);
  const codigos = validas.map((v) => v.datos.codigoInterno).filter((c): c is string => !!c);
  const existentes = await repo.codigosInternosExistentes(ctx.db, empresa, [...new Set(codigos)]);
  const vistos = new Map<string, number>();
  const conStock = validas.some((v) => (v.datos.stock ?? 0) > 0);
  const almacen = conStock ? await repo.almacenDeEmpresa(ctx.db, empresa) : undefined;
  const extra: ErrorImportacion[] = [];
  for (const { fila, datos } of validas) {
    if (!partidas.has(datos.numeroPartida)) {
      extra.push({ fila, columna: 'Partida arancelaria', mensaje: MENSAJES_CATALOGO.partidaNoExiste });
    }
    const c = datos.codigoInterno;
    if (c) {
      if (existentes.has(c))
        extra.push({ fila, columna: 'Código interno', mensaje: MENSAJES_CATALOGO.codigoInternoExiste });
      const previa = vistos.get(c);
      if (previa !== undefined) {
        extra.push({
          fila,
          columna: 'Código interno',
          mensaje: `${MENSAJES_CATALOGO.codigoInternoRepetido} (fila ${previa})`,
        });
      } else vistos.set(c, fila);
    }
    if ((datos.stock ?? 0) > 0 && !almacen) {
      extra.push({
        fila,
        columna: 'Stock inicial',
        mensaje: 'La empresa no tiene un almacén activo para registrar stock.',
      });
    }
  }
  const todos = [...errores, ...extra];
  if (todos.length) throw errorDeImportacion(todos, MENSAJES_CATALOGO.archivoConErrores);

  const usuarioRegistro = ctx.actor.nombreUsuario;
  const fecha = ctx.ahora();
  try {
    await ctx.db.transaction(async (tx) => {
      const creados = await repo.insertarProductos(
        tx,
        validas.map(({ datos }) => ({
          codigoEmpresaUsuario: empresa,
          codigoInterno: datos.codigoInterno || null,
          descripcion: datos.descripcion,
          numeroPartida: datos.numeroPartida,
          codigoUnidadMedida: datos.codigoUnidadMedida,
          codigoExistencia: datos.codigoExistencia,
          usuarioRegistro,
          fechaRegistro: fecha,
        })),
      );
      if (almacen) {
        const entradas = creados.flatMap((c, i) => {
          const cantidad = validas[i]?.datos.stock ?? 0;
          return cantidad > 0
            ? [{ codigoCatalogoUsuario: c.codigoCatalogoUsuario, codigoEmpresaAlmacen: almacen, cantidad }]
            : [];
        });
        await repo.registrarStockInicial(tx, entradas, usuarioRegistro, fecha);
      }
      await auditar(tx, ctx, {
        tipo: 'CATALOGO_IMPORTAR',
        detalle: `Importación de ${creados.length} productos desde Excel`,
        entidad: 'catalogo_usuario',
        codigoEmpresaUsuario: empresa,
      });
    });
  } catch (e) {
    // Two imports of the same codes at once: the unique index decides; nothing of this file stays.
    if (esViolacionUnica(e))
      throw errorDeImportacion(
        [{ fila: 0, columna: 'Código interno', mensaje: MENSAJES_CATALOGO.codigoInternoExiste }],
        MENSAJES_CATALOGO.archivoConErrores,
      );
    throw e;
  }
  return { registros: validas.length, mensaje: MENSAJES_CATALOGO.importacionExitosa(validas.length) };
}
