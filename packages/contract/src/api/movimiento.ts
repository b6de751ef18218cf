import { z } from 'zod';
import { porMovimiento } from '../etapas-formularios';
import {
  categoriaArchivoMovimiento,
  consultaLevante,
  consultaRegistroMovimiento,
  consultaTransportistaPorUsuario,
  eliminarArchivoEntrada,
  eliminarDetalleEntrada,
  eliminarDocumentoEntrada,
  movimientoFormulario,
  notificacionMovimientoEntrada,
  porArchivoMovimiento,
} from '../movimiento';
import { archivo, dia, instante, ruta, sobre, sobreVacio } from './definicion';
import { sobreConsulta } from './persona';
import { archivoMovimiento } from './revision';

/** One lot held by an exit line (codigoProductoSaliente of ListarRegistro). */
export const loteLineaRegistro = z.object({
  codigoLote: z.number().int(),
  numeroDocumento: z.string(),
  cantidad: z.number(),
  /** 1 held, 2 withdrawn at exit control. */
  estado: z.number().int(),
});

/** A stored product line of an order (spec 01 §3 Document product line). */
export const lineaRegistroMovimiento = z.object({
  codigoMovimientoDetalle: z.number().int(),
  codigoCatalogoUsuario: z.number().int(),
  descripcionCatalogoUsuario: z.string(),
  codeDescripcionProducto: z.string(),
  codigoUnidadMedida: z.string(),
  numeroPartida: z.string(),
  cantidad: z.number(),
  peso: z.number(),
  valorFOB: z.number(),
  codigoTipoBulto: z.string().nullable(),
  codigoProductoSaliente: z.array(loteLineaRegistro),
  modoEdicionProducto: z.literal('guardado'),
});

/** A stored document of an order (spec 01 §3 Document). */
export const documentoRegistroMovimiento = z.object({
  codigoMovimientoDocumento: z.number().int(),
  codigoTipoDocumento: z.string(),
  descripcionDocumento: z.string().nullable(),
  numeroDocumento: z.string(),
  ruc: z.string().nullable(),
  razonSocial: z.string().nullable(),
  codigoTipoImportador: z.string().nullable(),
  usuarioCreacion: z.string().nullable(),
  modoEdicion: z.literal('guardado'),
  productos: z.array(lineaRegistroMovimiento),
});

/** The order as ListarRegistro answers it: the movement form's fields, their descriptions, its state (spec 01 §3). */
export const registroMovimiento = z.object({
  codigoMovimiento: z.number().int(),
  codigoIngreso: z.string(),
  tipoTransaccion: z.string(),
  codigoTipoIngreso: z.enum(['VH', 'PT', 'PE']),
  descripcionTipoIngreso: z.string().nullable(),
  codigoTipoControl: z.number().int(),
  codigoTipoOperacion: z.number().int(),
  descripcionTipoOperacion: z.string().nullable(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  codigoEmpresaAlmacen: z.number().int().nullable(),
  codigoTipoMercaderia: z.string().nullable(),
  descripcionTipoMercaderia: z.string().nullable(),
  paisProcedencia: z.string().nullable(),
  codigoVia: z.string().nullable(),
  codigoSalidaAduana: z.string(),
  fechaIngreso: instante(),
  codigoPersona: z.number().int().nullable(),
  codigoTipoDocumentoIdentidad: z.string().nullable(),
  numeroDocumentoIdentidad: z.string().nullable(),
  nombres: z.string().nullable(),
  apellidoPaterno: z.string().nullable(),
  apellidoMaterno: z.string().nullable(),
  codigoTransportistaUsuario: z.number().int().nullable(),
  razonSocialTransportistaUsuario: z.string().nullable(),
  rucTransportistaUsuario: z.string().nullable(),
  codigoTipoVehiculo: z.string().nullable(),
  placaUno: z.string().nullable(),
  placaDos: z.string().nullable(),
  numeroSoat: z.string().nullable(),
  numeroPrecinto: z.string().nullable(),
  codigoClaseBrevete: z.string().nullable(),
  numeroBrevete: z.string().nullable(),
  FechaVencimientoBreveteMovimiento: dia().nullable(),
  guiaTransportista: z.string().nullable(),
  codigoTipoCarga: z.number().int().nullable(),
  numeroBultos: z.number().int().nullable(),
  codigoDestinoProcedenciaMercancia: z.number().int().nullable(),
  numeroContenedor: z.string().nullable(),
  codigoTipoContenedor: z.string().nullable(),
  lineaNaviera: z.string().nullable(),
  codigoTipoImportador: z.string().nullable(),
  numeroDeclaracion: z.string().nullable(),
  codigoEstadoMovimiento: z.number().int(),
  descripcionEstadoMovimiento: z.string().nullable(),
  codigoEstadoObservado: z.number().int(),
  /** 1 when the order was annulled: the form opens it read-only. */
  estadoAnulado: z.number().int(),
  /** The version the edit form sends back with each card (a save over a newer one answers 409). */
  version: z.number().int(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
  documentos: z.array(documentoRegistroMovimiento),
  /** Σ peso of the lines, in kg (3 decimals). */
  pesoTotal: z.number(),
});
export type RegistroMovimiento = z.infer<typeof registroMovimiento>;

/** Release-query result (spec 01 §3). */
export const resultadoLevante = z.object({
  numero: z.string(),
  fecha_numeracion: z.string().nullable(),
  sujeto_a: z.string().nullable(),
  valorFob: z.number().nullable(),
  peso_neto: z.number().nullable(),
  peso_bruto: z.number().nullable(),
  total_bultos: z.number().nullable(),
  numero_series: z.number().nullable(),
  flete: z.number().nullable(),
  seguro: z.number().nullable(),
  cif: z.number().nullable(),
  numero_importador: z.string().nullable(),
  razon_importador: z.string().nullable(),
});
export type ResultadoLevante = z.infer<typeof resultadoLevante>;

/** The carrier of ConsultarTransportistaPorUsuario ('true' valid contract, 'false' without one). */
export const transportistaDeUsuario = z.object({
  nombreTransportista: z.string(),
  codigoTransportistaUsuario: z.number().int(),
  ruc: z.string(),
  direccion: z.string().nullable(),
  fechaInicio: dia().nullable(),
  fechaCese: dia().nullable(),
  /** A foreign carrier: plates and licences follow the foreign formats. */
  extranjero: z.boolean(),
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Order registration and editing, its documents and files (spec 01 §2, §7). */
export const apiMovimiento = {
  listarRegistro: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/ListarRegistro',
    resumen: 'La orden con sus documentos, productos y lotes (por código de movimiento o código de ingreso)',
    query: consultaRegistroMovimiento,
    respuesta: sobre(registroMovimiento),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/GuardarMovimiento',
    resumen:
      'Registra una orden (sin codigoMovimiento) o actualiza una tarjeta de una orden (codigoMovimiento y seccion)',
    body: z.object({
      data: movimientoFormulario.meta({
        description:
          'Formulario del movimiento (spec 01 §3). Los errores de campo llevan el nombre del campo del formulario.',
      }),
    }),
    respuesta: sobre(
      z.object({
        codigoMovimiento: z.number().int(),
        codigoIngreso: z.string(),
        /** Edit mode: the order's new version, for the next card saved. */
        version: z.number().int().optional(),
      }),
    ),
  }),
  eliminarDocumento: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/EliminarMovimientoDocumento',
    resumen: 'Elimina un documento guardado de la orden y sus productos (libera sus lotes)',
    body: eliminarDocumentoEntrada,
    respuesta: sobreVacio,
  }),
  eliminarDetalle: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/EliminarDetalleMovimientoPorCodigo',
    resumen: 'Elimina un producto guardado de la orden (libera sus lotes)',
    body: eliminarDetalleEntrada,
    respuesta: sobreVacio,
  }),
  eliminarArchivo: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/EliminarMovimientoArchivo',
    resumen: 'Elimina un archivo de la orden (panel de documentos: roles 1, 2 y 8)',
    body: eliminarArchivoEntrada,
    respuesta: sobreVacio,
  }),
  archivos: ruta({
    metodo: 'GET',
    ruta: '/Balanza/ConsutarArchivo',
    resumen: 'Archivos de la orden (sustento y panel de documentos), cada uno con su ruta de descarga',
    query: porMovimiento,
    respuesta: sobre(z.array(archivoMovimiento)),
  }),
  descargarArchivo: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/DescargarArchivo',
    resumen: 'Descarga un archivo de la orden',
    query: porArchivoMovimiento,
    respuesta: archivo('application/pdf, image/jpeg o image/tiff'),
    tipoRespuesta: 'archivo',
  }),
  enviarNotificacion: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/EnviarNotificacionTipoMovimiento',
    resumen: 'Avisa a la empresa y al control de ingreso que la orden está registrada',
    body: notificacionMovimientoEntrada,
    respuesta: sobreVacio,
  }),
  transportistaPorUsuario: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/ConsultarTransportistaPorUsuario',
    resumen:
      "Transportista de la empresa por RUC: success 'true' (contrato vigente), 'false' (sin contrato) o '100' (no registrado)",
    query: consultaTransportistaPorUsuario,
    respuesta: z.object({
      success: z.enum(['true', 'false', '100']),
      message: z.string(),
      /** Null when not registered ('100'). */
      data: transportistaDeUsuario.nullable(),
    }),
  }),
  guardarArchivos: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/GuardarImagenMovimiento',
    resumen:
      'Carga archivos a la orden: sustento (PDF, JPEG o TIFF de hasta 8 MB) o panel (PDF o JPEG de hasta 25 MB). ' +
      'Campos: CodigoMovimiento, CodigoIngreso; archivos en files',
    query: categoriaArchivoMovimiento,
    cuerpo: 'multipart',
    respuesta: sobre(z.array(z.object({ codigoMovimientoArchivo: z.number().int(), nombreArchivo: z.string() }))),
  }),
  cargarTemporal: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/CargarArchivoTemporal',
    resumen:
      'Documento sustento del formulario de creación (un archivo en files), revisado por su contenido y guardado ' +
      'hasta que se registre la orden',
    cuerpo: 'multipart',
    respuesta: sobre(
      z.object({ codigoArchivoTemporal: z.uuid(), nombreArchivo: z.string(), tamanio: z.number().int() }),
    ),
  }),
  registrarDetalleEspecial: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/RegistrarDetalleMovimientoEspecial',
    resumen:
      "'Carga detalle del movimiento': documentos y productos desde un .xlsx de la plantilla (campos: " +
      'CodigoMovimiento; archivo en archivo); todo o nada, con los errores por fila',
    cuerpo: 'multipart',
    respuesta: sobre(z.object({ documentos: z.number().int(), productos: z.number().int() })),
  }),
  plantillaDetalleEspecial: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/PlantillaDetalleMovimientoEspecial',
    resumen: "Plantilla .xlsx de la 'Carga detalle del movimiento'",
    respuesta: archivo(XLSX),
    tipoRespuesta: 'archivo',
  }),
  consultarLevante: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/ConsultarLevante',
    resumen: 'Consulta de levante de una declaración (aduana-año-régimen-número) en la página pública de aduanas',
    query: consultaLevante,
    respuesta: sobreConsulta(resultadoLevante),
  }),
};
