import { z } from 'zod';
import {
  cambioEstadoCatalogo,
  eliminarCatalogo,
  eliminarEquivalencia,
  equivalenciaCatalogo,
  productoCatalogo,
  TIPOS_CARGA_MASIVA,
} from '../catalogo';
import { consultaPaginada, entero, ordenarPor, requerido } from '../comun';
import { archivo, instante, ruta, sobre, sobrePaginado } from './definicion';
import { planoOData } from './usuarios';

const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A row of Catálogo de Productos (spec 02 §2, §3 Catalogue product). */
export const filaCatalogo = z.object({
  codigoCatalogoUsuario: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  codigoInterno: z.string().nullable(),
  descripcion: z.string(),
  numeroPartida: z.string(),
  codigoUnidadMedida: z.string(),
  descripcionUnidadMedida: z.string().nullable(),
  codigoExistencia: z.string(),
  estadoAnulado: z.number().int(),
  fechaRegistro: instante(),
  usuarioRegistro: z.string().nullable(),
  /** Sent back with an edit (optimistic lock). */
  version: z.number().int(),
});
export type FilaCatalogo = z.infer<typeof filaCatalogo>;

/** A product search result (spec 01 §3): with the available stock of the warehouse when one is given. */
export const productoBusqueda = z.object({
  codigoCatalogoUsuario: z.number().int(),
  descripcion: z.string(),
  codigoUnidadMedida: z.string(),
  codigoInterno: z.string().nullable(),
  numeroPartida: z.string(),
  codigoExistencia: z.string(),
  descripcionUnidadMedida: z.string().nullable(),
  stockDisponible: z.number().nullable(),
});
export type ProductoBusqueda = z.infer<typeof productoBusqueda>;

/** A product found by description (spec 02 §3 search result). */
export const productoPorDescripcion = productoBusqueda.pick({
  codigoCatalogoUsuario: true,
  descripcion: true,
  codigoUnidadMedida: true,
  codigoInterno: true,
  numeroPartida: true,
});

/** A unit equivalence of a product (spec 01 §3 Equivalence). */
export const filaEquivalencia = z.object({
  codigoEquivalenciaCatalogo: z.number().int(),
  codigoCatalogoUsuario: z.number().int(),
  cantidadBase: z.number(),
  codigoUnidadMedidaBase: z.string(),
  cantidadEquivalente: z.number(),
  codigoUnidadMedidaEquivalencia: z.string(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
});
export type FilaEquivalencia = z.infer<typeof filaEquivalencia>;

/** Product lookup of the order, certificate and kardex dialogs (spec 01 §7 Catalogue). */
export const consultaProductos = z.object({
  CodigoEmpresaUsuario: entero().optional(),
  CodigoCatalogoUsuario: entero().min(0).optional(),
  Descripcion: z.string().trim().max(100).optional(),
  CodigoEmpresaAlmacen: entero().min(0).optional(),
});

/** What Catálogo de Productos sorts by: internal code, description, tariff heading and registration date. */
export const ORDEN_CATALOGO = ['codigoInterno', 'descripcion', 'numeroPartida', 'fechaRegistro'] as const;
export const consultaCatalogo = consultaPaginada.extend(ordenarPor(ORDEN_CATALOGO));
export type ConsultaCatalogo = z.infer<typeof consultaCatalogo>;

/** CatalogoUsuario/*: the product catalogue of each company (spec 01 §7 Catalogue, spec 02 §7 Catalogue). */
export const apiCatalogo = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/CatalogoUsuario/ListarDatos',
    resumen:
      'Catálogo de Productos (paginado; se ordena por codigoInterno, descripcion, numeroPartida o fechaRegistro)',
    query: consultaCatalogo,
    respuesta: sobrePaginado(filaCatalogo),
  }),
  consultarDatos: ruta({
    metodo: 'GET',
    ruta: '/CatalogoUsuario/ConsultarDatos',
    resumen: 'Productos habilitados de una empresa por código o descripción, con el stock de un almacén',
    query: consultaProductos,
    respuesta: sobre(z.array(productoBusqueda)),
  }),
  consultarPorDescripcion: ruta({
    metodo: 'GET',
    ruta: '/CatalogoUsuario/ConsultarDatosDescripcion',
    resumen: 'Productos habilitados de una empresa por descripción',
    query: z.object({ CodigoEmpresaUsuario: entero().optional(), Descripcion: requerido(100) }),
    respuesta: sobre(z.array(productoPorDescripcion)),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/CatalogoUsuario/GuardarDatos',
    resumen: 'Registra un producto (con su stock inicial) o edita uno; responde el producto como lo busca la orden',
    body: z.object({ data: productoCatalogo }),
    /** Null when the product saved is disabled (the search lists enabled products only). */
    respuesta: sobre(productoBusqueda.nullable()),
  }),
  registrarEquivalencia: ruta({
    metodo: 'POST',
    ruta: '/CatalogoUsuario/RegistrarEquivalencia',
    resumen: 'Registra una equivalencia de unidades del producto',
    body: z.object({ data: equivalenciaCatalogo }),
    /** The equivalence's code. */
    respuesta: sobre(z.number().int()),
  }),
  equivalencias: ruta({
    metodo: 'GET',
    ruta: '/CatalogoUsuario/ConsultaEquivalenciaPorCodigoCatalogo',
    resumen: 'Equivalencias de unidades de un producto',
    query: z.object({ CodigoCatalogoUsuario: entero().positive() }),
    respuesta: sobre(z.array(filaEquivalencia)),
  }),
  eliminarEquivalencia: ruta({
    metodo: 'POST',
    ruta: '/CatalogoUsuario/EliminarEquivalenciaCatalogo',
    resumen: 'Elimina una equivalencia',
    body: eliminarEquivalencia,
    respuesta: sobre(z.boolean()),
  }),
  cambiarEstado: ruta({
    metodo: 'POST',
    ruta: '/CatalogoUsuario/CambiarEstadoAnulado',
    resumen: 'Deshabilita (estado 1) o habilita (estado 0) un producto',
    body: planoOData(cambioEstadoCatalogo),
    respuesta: sobre(z.boolean()),
  }),
  eliminar: ruta({
    metodo: 'POST',
    ruta: '/CatalogoUsuario/EliminarRegistro',
    resumen: 'Elimina un producto sin órdenes ni stock',
    body: planoOData(eliminarCatalogo),
    respuesta: sobre(z.boolean()),
  }),
  importar: ruta({
    metodo: 'POST',
    ruta: '/CatalogoUsuario/RegistrarCatalogoMasivo',
    resumen:
      'Carga masiva desde Excel (.xlsx, 1 MB, 2000 filas): productos, o trabajadores con TipoCarga=trabajadores. ' +
      'Campos: CodigoEmpresaUsuario, TipoCarga, archivo. Todo el archivo o nada: los errores por fila y columna.',
    cuerpo: 'multipart',
    respuesta: sobre(z.object({ registros: z.number().int() })),
  }),
  plantilla: ruta({
    metodo: 'GET',
    ruta: '/CatalogoUsuario/DescargarPlantilla',
    resumen: 'Plantilla Excel de la carga masiva (productos o trabajadores)',
    query: z.object({ Tipo: z.enum(TIPOS_CARGA_MASIVA).default('catalogo') }),
    respuesta: archivo(MIME_XLSX),
    tipoRespuesta: 'archivo',
  }),
};
