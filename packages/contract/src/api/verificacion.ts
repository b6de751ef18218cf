import { z } from 'zod';
import { entero } from '../comun';
import {
  busquedaBalanza,
  busquedaImagenes,
  finalizarVerificacion,
  formularioVerificacion,
} from '../etapas-formularios';
import { archivo, instante, ruta, sobre } from './definicion';
import { filaEtapa, itemControlEtapa } from './etapas';

/** A photo of a verification (spec 03 §3.8 rutaArchivo: the call that serves it). */
export const imagenVerificacion = z.object({
  codigoVerificacionImagen: z.number().int(),
  nombreArchivo: z.string(),
  rutaArchivo: z.string(),
  fechaRegistro: instante(),
});
export type ImagenVerificacion = z.infer<typeof imagenVerificacion>;

/** A saved verification of an order (ours: so the screen resumes images and Finalizar). */
export const verificacionGuardada = z.object({
  codigoVerificacionTipoControl: z.number().int(),
  codigoTipoCarga: z.number().int(),
  numeroBultosVerificado: z.number().int(),
  marcaContenedor: z.string().nullable(),
  finalizado: z.boolean(),
  codigoControlMovimiento: z.number().int(),
  /** What was saved with it, shown when the screen resumes it (ours). */
  observacion: z.string().nullable(),
  itemsMarcados: z.array(z.number().int()),
});

/** The checklist of a verification for an order (spec 03 §7.3: detalleTipoControl, codigoTipocarga). */
export const configuracionVerificacion = z.object({
  codigoMovimiento: z.number().int(),
  codigoIngreso: z.string(),
  /** The spec's spelling; `codigoTipoCarga` carries the same value. */
  codigoTipocarga: z.number().int(),
  codigoTipoCarga: z.number().int(),
  numeroBultos: z.number().int().nullable(),
  numeroContenedor: z.string().nullable(),
  codigoTipoIngreso: z.string(),
  detalleTipoControl: z.array(itemControlEtapa),
  verificacion: verificacionGuardada.nullable(),
  imagenes: z.array(imagenVerificacion),
});
export type ConfiguracionVerificacion = z.infer<typeof configuracionVerificacion>;

/** The images of an order's verifications (spec 03 §3.8). */
export const listaImagenesVerificacion = z.object({
  /** 0 when the order has no verification yet (the spec's 'procedimientos anteriores' warning). */
  codigoMovimiento: z.number().int(),
  codigoIngreso: z.string(),
  codigoVerificacionTipoControlEntrada: z.number().int(),
  codigoVerificacionTipoControlSalida: z.number().int(),
  imagenesEntrada: z.array(imagenVerificacion),
  imagenesSalida: z.array(imagenVerificacion),
});

/** What an image upload added. */
export const imagenesAgregadas = z.object({
  codigoVerificacionTipoControl: z.number().int(),
  imagenes: z.number().int(),
});

const tipoControlVerificacion = entero().refine((v) => v === 3 || v === 5, { error: 'Tipo de control no válido' });

/** Cargo verification on entry and exit, its photos and the verified-operations images (spec 03 §7.3). */
export const apiVerificacion = {
  buscar: ruta({
    metodo: 'GET',
    ruta: '/Verificacion/ConsultarMovimientoControl',
    resumen:
      'Órdenes para verificar por código o documento (desde el estado de la etapa); sin resultados, la advertencia',
    query: busquedaBalanza.and(z.object({ CodigoTipoControl: entero().min(3).max(5).optional() })),
    respuesta: sobre(z.array(filaEtapa)),
  }),
  configuracion: ruta({
    metodo: 'GET',
    ruta: '/Verificacion/ListarConfiguracionTipoControl',
    resumen: 'Ítems de la verificación de una orden, y la verificación guardada con sus imágenes si la hay',
    query: z.object({ CodigoMovimiento: entero().positive(), CodigoTipoControl: tipoControlVerificacion }),
    respuesta: sobre(configuracionVerificacion),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/Verificacion/GuardarVerificacionTipoControlIngreso',
    resumen:
      'Guarda la verificación de carga (3 ingreso, 5 salida); responde el código de la verificación. Contenedor: ' +
      'más de un ítem y sus marcas',
    body: z.object({ data: formularioVerificacion }),
    respuesta: sobre(z.number().int()),
  }),
  finalizar: ruta({
    metodo: 'POST',
    ruta: '/Verificacion/FinalizarVerificacion',
    resumen: "'Finalizar registro' de una verificación con al menos una imagen (la de ingreso acredita el stock)",
    body: z.object({ data: finalizarVerificacion }),
    respuesta: sobre(
      z.object({ codigoVerificacionTipoControl: z.number().int(), lineasAcreditadas: z.number().int() }),
    ),
  }),
  imagenes: ruta({
    metodo: 'GET',
    ruta: '/Verificacion/ListarVerficacionImagenes',
    resumen: 'Imágenes de ingreso y salida de una orden por código o ticket',
    query: busquedaImagenes,
    respuesta: sobre(listaImagenesVerificacion),
  }),
  descargarImagen: ruta({
    metodo: 'GET',
    ruta: '/Verificacion/DescargarImagen',
    resumen: 'Una imagen de verificación',
    query: z.object({ CodigoVerificacionImagen: entero().positive() }),
    respuesta: archivo('image/jpeg, image/png o image/tiff'),
    tipoRespuesta: 'archivo',
  }),
  agregarDesdeOrden: ruta({
    metodo: 'POST',
    ruta: '/Verificacion/AgregarVerificacionImagenes',
    resumen: 'Registra fotos ya cargadas a la orden como fotos de su verificación guardada',
    body: z.object({ data: z.unknown() }),
    respuesta: sobre(imagenesAgregadas),
  }),
  subirImagenes: ruta({
    metodo: 'POST',
    ruta: '/Verificacion/AgregarVerificacionImagenesPrueba',
    resumen: 'Carga imágenes de verificación (jpg, png o tif hasta 10MB; campos de la spec 03 §3.7, archivos en files)',
    cuerpo: 'multipart',
    respuesta: sobre(imagenesAgregadas),
  }),
  subirImagenPanel: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/AgregarVerificacionImagen',
    resumen: 'Carga imágenes desde el panel de verificación (jpg, png o tif hasta 7MB; archivos en files)',
    cuerpo: 'multipart',
    respuesta: sobre(imagenesAgregadas),
  }),
};
