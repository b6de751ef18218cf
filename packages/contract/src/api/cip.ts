import { z } from 'zod';
import { consultaPaginada, entero, fechaIso, versionRegistro } from '../comun';
import { archivo, dia, instante, ruta, sobre, sobrePaginado } from './definicion';

/**
 * Industry (DOMAIN.md §13): the cuadro insumo-producto (CIP) of a finished product, its versions and
 * review, and the production reports that consume input lots by its coefficients.
 */

/** States of a CIP version: the company writes and submits, the operator approves or observes. */
export const ESTADO_CIP = { borrador: 1, enviado: 2, aprobado: 3, observado: 4 } as const;
export const ESTADOS_CIP: Record<number, string> = {
  1: 'BORRADOR',
  2: 'ENVIADO',
  3: 'APROBADO',
  4: 'OBSERVADO',
};
/** Existence type (SUNAT table 5) of the product a CIP describes: productos terminados. */
export const EXISTENCIA_TERMINADO = '02';
/** SUNAT table 12 operation types a production report writes in the kardex. */
export const OPERACION_PRODUCCION = { salida: '10', merma: '13', entrada: '19' } as const;

export const MENSAJES_CIP = {
  productoNoTerminado: 'El producto debe ser un producto terminado (tipo de existencia 02) de la empresa',
  insumoAjeno: 'El insumo debe ser un producto del catálogo de la misma empresa',
  insumoRepetido: 'El insumo está repetido',
  insumoEsProducto: 'El producto no puede ser insumo de sí mismo',
  sinInsumos: 'Debe agregar al menos un insumo',
  sinEquivalencia: 'No hay una equivalencia del catálogo entre esta unidad y la unidad del insumo',
  vigencia: 'La fecha de fin de vigencia no puede ser anterior a la de inicio',
  noEditable: 'Solo se edita una versión en borrador u observada',
  noEnviable: 'Solo se envía una versión en borrador u observada',
  noRevisable: 'Solo se revisa una versión enviada',
  soloOperador: 'Solo el operador de la zona aprueba u observa un CIP',
  observacionRequerida: 'Debe escribir la observación (mínimo 5 caracteres)',
  superpuesta: 'La vigencia se superpone con otra versión aprobada que empieza en la misma fecha o después',
  sinCipAprobado: 'El producto no tiene un CIP aprobado vigente en la fecha de producción',
  stockInsuficiente: 'Stock insuficiente del insumo',
  loteAjeno: 'El lote elegido no es de este insumo',
  sinAlmacen: 'La empresa no tiene almacén para el lote producido',
  guardado: 'CIP guardado',
  enviado: 'CIP enviado al operador',
  aprobado: 'CIP aprobado',
  observado: 'CIP observado',
  produccionRegistrada: 'Producción registrada',
} as const;

const decimal = (max: number, mensajeMin: string) =>
  z.coerce
    .number({ error: 'Debe ser un número' })
    .refine((n) => Number.isFinite(n), { error: 'Debe ser un número' })
    .refine((n) => n > 0, { error: mensajeMin })
    .refine((n) => n <= max, { error: `No puede ser mayor que ${max}` });
const porcentaje = () =>
  z.coerce
    .number({ error: 'Debe ser un número' })
    .min(0, { error: 'El porcentaje no puede ser negativo' })
    .max(99.99, { error: 'El porcentaje debe ser menor que 100' })
    .default(0);

export const insumoCipEntrada = z.object({
  codigoCatalogoUsuario: entero().positive({ error: 'Debe seleccionar el insumo' }),
  cantidadPorUnidad: decimal(999_999, 'La cantidad por unidad debe ser mayor que cero'),
  /** Unit of the quantity; the input's own unit or one its catalogue equivalences convert. */
  codigoUnidadMedida: z.string({ error: 'Debe indicar la unidad de medida' }).trim().min(1, {
    error: 'Debe indicar la unidad de medida',
  }),
  porcentajeMerma: porcentaje(),
  porcentajeResiduo: porcentaje(),
});

export const guardarCipEntrada = z.object({
  /** Absent: a new version of the product; present: edits that draft (or observed) version. */
  codigoCip: entero().positive().nullish(),
  codigoEmpresaUsuario: entero().nullish(),
  codigoCatalogoUsuario: entero().positive({ error: 'Debe seleccionar el producto terminado' }),
  fechaInicioVigencia: fechaIso(),
  fechaFinVigencia: fechaIso().nullish(),
  descripcion: z.string().trim().max(400, { error: 'Máximo 400 caracteres' }).nullish(),
  insumos: z.array(insumoCipEntrada).max(100, { error: 'Máximo 100 insumos' }),
  version: versionRegistro(),
});
export type GuardarCipEntrada = z.infer<typeof guardarCipEntrada>;

export const filaCip = z.object({
  codigoCip: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  codigoCatalogoUsuario: z.number().int(),
  producto: z.string(),
  codigoInterno: z.string().nullable(),
  codigoUnidadMedida: z.string(),
  numeroVersion: z.number().int(),
  fechaInicioVigencia: dia(),
  fechaFinVigencia: dia().nullable(),
  codigoEstado: z.number().int(),
  descripcionEstado: z.string(),
  insumos: z.number().int(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
});
export type FilaCip = z.infer<typeof filaCip>;

export const insumoCip = z.object({
  codigoCipInsumo: z.number().int(),
  codigoCatalogoUsuario: z.number().int(),
  insumo: z.string(),
  codigoInterno: z.string().nullable(),
  cantidadPorUnidad: z.number(),
  codigoUnidadMedida: z.string(),
  /** The input's own unit (the kardex unit) and the factor that converts the CIP unit into it. */
  codigoUnidadMedidaInsumo: z.string(),
  factorConversion: z.number(),
  porcentajeMerma: z.number(),
  porcentajeResiduo: z.number(),
});
export type InsumoCip = z.infer<typeof insumoCip>;

export const detalleCip = filaCip.extend({
  descripcion: z.string().nullable(),
  observacion: z.string().nullable(),
  fechaEnvio: instante().nullable(),
  usuarioEnvio: z.string().nullable(),
  fechaRevision: instante().nullable(),
  usuarioRevision: z.string().nullable(),
  version: z.number().int(),
  detalle: z.array(insumoCip),
});
export type DetalleCip = z.infer<typeof detalleCip>;

export const consultaCips = consultaPaginada.extend({
  CodigoEstado: entero().min(0).max(4).default(0),
  CodigoCatalogoUsuario: entero().min(0).default(0),
});

export const revisarCipEntrada = z.object({
  codigoCip: entero().positive(),
  decision: z.enum(['APROBAR', 'OBSERVAR'], { error: 'Debe aprobar u observar' }),
  observacion: z.string().trim().max(1000, { error: 'Máximo 1000 caracteres' }).nullish(),
  version: versionRegistro(),
});

export const registrarProduccionEntrada = z.object({
  codigoEmpresaUsuario: entero().nullish(),
  codigoCatalogoUsuario: entero().positive({ error: 'Debe seleccionar el producto terminado' }),
  cantidad: decimal(99_999_999, 'La cantidad producida debe ser mayor que cero').refine(
    (n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6,
    { error: 'Máximo 3 decimales' },
  ),
  fechaProduccion: fechaIso(),
  pesoNeto: z.coerce.number({ error: 'Debe ser un número' }).min(0, { error: 'No puede ser negativo' }).default(0),
  pesoBruto: z.coerce.number({ error: 'Debe ser un número' }).min(0, { error: 'No puede ser negativo' }).default(0),
  /** Lots chosen per input (taken in the order given); inputs not listed take their oldest lots first. */
  lotes: z
    .array(z.object({ codigoCatalogoUsuario: entero().positive(), codigosLote: z.array(entero().positive()).min(1) }))
    .max(100)
    .optional(),
  observacion: z.string().trim().max(400, { error: 'Máximo 400 caracteres' }).nullish(),
});
export type RegistrarProduccionEntrada = z.infer<typeof registrarProduccionEntrada>;

export const filaProduccion = z.object({
  codigoProduccion: z.number().int(),
  numero: z.string(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  codigoCatalogoUsuario: z.number().int(),
  producto: z.string(),
  /** The product's tariff heading (a certificate line taken from the report shows it). */
  numeroPartida: z.string(),
  codigoUnidadMedida: z.string(),
  cantidad: z.number(),
  pesoNeto: z.number(),
  pesoBruto: z.number(),
  fechaProduccion: dia(),
  codigoCip: z.number().int(),
  numeroVersion: z.number().int(),
  codigoLote: z.number().int(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
});
export type FilaProduccion = z.infer<typeof filaProduccion>;

export const consumoProduccion = z.object({
  codigoCatalogoUsuario: z.number().int(),
  insumo: z.string(),
  codigoUnidadMedida: z.string(),
  codigoLote: z.number().int(),
  numeroDocumentoLote: z.string(),
  /** Quantity that went into the product (operation 10) and waste (operation 13) from this lot. */
  cantidad: z.number(),
  cantidadMerma: z.number(),
});
export const detalleProduccion = filaProduccion.extend({
  observacion: z.string().nullable(),
  consumos: z.array(consumoProduccion),
});
export type DetalleProduccion = z.infer<typeof detalleProduccion>;

export const consultaProducciones = consultaPaginada.extend({
  CodigoCatalogoUsuario: entero().min(0).default(0),
});

/** A product the CIP screens offer: finished products (to describe) and inputs, with their units. */
export const productoCip = z.object({
  codigoCatalogoUsuario: z.number().int(),
  descripcion: z.string(),
  codigoInterno: z.string().nullable(),
  codigoUnidadMedida: z.string(),
  codigoExistencia: z.string(),
  /** Units the catalogue's equivalences convert into the product's own unit. */
  unidades: z.array(z.string()),
  stockLibre: z.number(),
});
export type ProductoCip = z.infer<typeof productoCip>;

const porCip = z.object({ CodigoCip: entero().positive() });

export const apiCip = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Industria/ListarCip',
    resumen: 'CIP (cuadro insumo-producto) por empresa y producto terminado, versiones más recientes primero',
    query: consultaCips,
    respuesta: sobrePaginado(filaCip),
  }),
  consultar: ruta({
    metodo: 'GET',
    ruta: '/Industria/ConsultarCip',
    resumen: 'Una versión del CIP con sus insumos',
    query: porCip,
    respuesta: sobre(detalleCip),
  }),
  historial: ruta({
    metodo: 'GET',
    ruta: '/Industria/HistorialCip',
    resumen: 'Versiones del CIP de un producto terminado',
    query: z.object({ CodigoCatalogoUsuario: entero().positive() }),
    respuesta: sobre(z.array(filaCip)),
  }),
  productos: ruta({
    metodo: 'GET',
    ruta: '/Industria/ProductosCip',
    resumen:
      'Productos de la empresa para el CIP: terminados (Tipo=terminados) o insumos (Tipo=insumos); hasta 50, ' +
      'buscados por descripción o código interno (Buscar)',
    query: z.object({
      CodigoEmpresaUsuario: entero().default(-1),
      Tipo: z.enum(['terminados', 'insumos']).default('insumos'),
      Buscar: z.string().trim().max(100).optional(),
    }),
    respuesta: sobre(z.array(productoCip)),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/Industria/GuardarCip',
    resumen: 'Crea una versión (borrador) o edita una en borrador u observada; data es su código',
    body: guardarCipEntrada,
    respuesta: sobre(z.object({ codigoCip: z.number().int(), numeroVersion: z.number().int() })),
  }),
  enviar: ruta({
    metodo: 'POST',
    ruta: '/Industria/EnviarCip',
    resumen: 'La empresa envía la versión al operador (BORRADOR u OBSERVADO → ENVIADO)',
    body: z.object({ codigoCip: entero().positive(), version: versionRegistro() }),
    respuesta: sobre(z.object({ codigoEstado: z.number().int() })),
  }),
  revisar: ruta({
    metodo: 'POST',
    ruta: '/Industria/RevisarCip',
    resumen: 'El operador aprueba u observa una versión enviada',
    body: revisarCipEntrada,
    respuesta: sobre(z.object({ codigoEstado: z.number().int() })),
  }),
  exportar: ruta({
    metodo: 'GET',
    ruta: '/Industria/ExportarCip',
    resumen: 'Excel de los CIP del filtro, con sus insumos',
    query: consultaCips,
    respuesta: archivo('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    tipoRespuesta: 'archivo',
  }),
  pdf: ruta({
    metodo: 'GET',
    ruta: '/Industria/DescargarCip',
    resumen: 'PDF de una versión del CIP',
    query: porCip,
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
  registrarProduccion: ruta({
    metodo: 'POST',
    ruta: '/Industria/RegistrarProduccion',
    resumen:
      'Parte de producción: consume los lotes de insumos según el CIP aprobado (10), la merma (13) y crea el lote producido (19)',
    body: registrarProduccionEntrada,
    respuesta: sobre(detalleProduccion),
  }),
  listarProduccion: ruta({
    metodo: 'GET',
    ruta: '/Industria/ListarProduccion',
    resumen: 'Partes de producción, los más recientes primero',
    query: consultaProducciones,
    respuesta: sobrePaginado(filaProduccion),
  }),
  consultarProduccion: ruta({
    metodo: 'GET',
    ruta: '/Industria/ConsultarProduccion',
    resumen: 'Un parte de producción con los lotes consumidos',
    query: z.object({ CodigoProduccion: entero().positive() }),
    respuesta: sobre(detalleProduccion),
  }),
};
