import { z } from 'zod';
import { entero } from '../comun';
import { cambioEstadoObservado, consultaOrdenesVerificacion, porMovimiento } from '../etapas-formularios';
import { instante, ruta, sobre, sobrePaginado, sobreVacio } from './definicion';

/** A row of the order review list (spec 03 §2.6: the fields the rows are built from). */
export const filaOrdenVerificacion = z.object({
  codigoMovimiento: z.number().int(),
  /** The spec's spelling of the order code; `codigoIngreso` carries the same value. */
  codigoIngtreso: z.string(),
  codigoIngreso: z.string(),
  codigoEstadoMovimiento: z.number().int(),
  descripcionEstadoMovimiento: z.string().nullable(),
  codigoEstadoObservado: z.number().int(),
  estadoObservado: z.string(),
  tipoOperacion: z.string().nullable(),
  tipoIngreso: z.string().nullable(),
  fechaRegistro: instante(),
  razonSocial: z.string(),
  estadoAnulado: z.number().int(),
  observacion: z.string().nullable(),
});
export type FilaOrdenVerificacion = z.infer<typeof filaOrdenVerificacion>;

/** A supporting or panel file of an order (spec 01 §3 movement file; spec 03 §3.3 `files`). */
export const archivoMovimiento = z.object({
  codigoMovimientoArchivo: z.number().int(),
  nombreArchivo: z.string(),
  rutaArchivo: z.string(),
  categoria: z.string(),
  tipoContenido: z.string(),
  tamanio: z.number().int(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
});

/** The review dialog's order detail (spec 03 §3.3). */
export const detalleOrdenVerificacion = z.object({
  codigoMovimiento: z.number().int(),
  codigoIngreso: z.string(),
  razonSocial: z.string(),
  codigoTipoMercaderia: z.string().nullable(),
  tipoMercaderia: z.string().nullable(),
  descripcionTipoCarga: z.string(),
  numeroBultos: z.number().int().nullable(),
  placaUno: z.string().nullable(),
  codigoEstadoMovimiento: z.number().int(),
  codigoEstadoObservado: z.number().int(),
  estadoAnulado: z.number().int(),
  observacion: z.string().nullable(),
  pesajes: z.array(
    z.object({
      codigoTipoControl: z.number().int(),
      codigoTipoBalanza: z.number().int().nullable(),
      peso: z.number().nullable(),
      pesoCarreta: z.number().nullable(),
      pesoBruto: z.number().nullable(),
      pesoTara: z.number().nullable(),
      pesoNeto: z.number().nullable(),
      fechaRegistro: instante(),
    }),
  ),
  files: z.array(archivoMovimiento),
  documentos: z.array(
    z.object({
      codigoMovimientoDocumento: z.number().int(),
      codigoTipoDocumento: z.string(),
      tipoDocumentoFiscal: z.string().nullable(),
      descripcionDocumento: z.string().nullable(),
      numeroDocumento: z.string(),
      numeroDocumentoFiscal: z.string(),
      ruc: z.string().nullable(),
      razonSocial: z.string().nullable(),
      /** Σ cantidad × valorFOB of the document's lines. */
      valorFOB: z.number(),
      productos: z.array(
        z.object({
          descripcionCatalogoUsuario: z.string(),
          cantidad: z.number(),
          valorFOB: z.number(),
          peso: z.number(),
          codigoTipoBulto: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type DetalleOrdenVerificacion = z.infer<typeof detalleOrdenVerificacion>;

/** Order review (spec 03 §2.6, §7.4) and the observed-orders inbox (operator/check). */
export const apiRevision = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/ListarDatosOrdenesVerificacion',
    resumen: 'Lista de órdenes para revisión (paginada; filtro por columna o rango de fechas)',
    query: consultaOrdenesVerificacion,
    respuesta: sobrePaginado(filaOrdenVerificacion),
  }),
  detalle: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/ConsultarOrdenVerificacion',
    resumen: 'Detalle de la orden del diálogo de revisión',
    query: porMovimiento,
    respuesta: sobre(detalleOrdenVerificacion),
  }),
  cambiarEstadoObservado: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/CambiarEstadoObservado',
    resumen: 'Observar o no observar una orden pendiente',
    body: z.object({
      data: cambioEstadoObservado.meta({
        description:
          'estadoObservado: 1 No observar, 2 Observar; observacion: texto enriquecido, obligatorio al observar. ' +
          'Los errores de campo llevan el nombre del campo (observacion).',
      }),
    }),
    respuesta: sobreVacio,
  }),
  levantarObservacion: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/LevantarObservacion',
    resumen: 'Levantar la observación de una orden (bandeja de observadas)',
    body: z.object({
      data: z.object({
        codigoMovimiento: entero().positive(),
        observacion: z.string().max(20_000, { error: 'La observación es demasiado larga' }).optional().nullable(),
      }),
    }),
    respuesta: sobreVacio,
  }),
};
