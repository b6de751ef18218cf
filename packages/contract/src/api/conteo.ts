import { z } from 'zod';
import { entero, POR_PAGINA_DEFECTO, POR_PAGINA_MAXIMO, versionRegistro } from '../comun';
import { archivo, instante, ruta, sobre, sobrePaginado } from './definicion';

/** Lookup group of the inventory parameters (migration conteo_parametros), editable by administrators. */
export const PARAMETRO_INVENTARIO = {
  grupo: 80,
  plazoJustificacionHoras: 'PLAZO_JUSTIFICACION_HORAS',
  limitePermanenciaDias: 'LIMITE_PERMANENCIA_DIAS',
} as const;
export const PLAZO_JUSTIFICACION_DEFECTO = 48;

/** States of a physical count and who acts in each (enforced by the server). */
export const ESTADOS_CONTEO: Record<number, { nombre: string; quienActua: string }> = {
  1: { nombre: 'Abierto', quienActua: 'El operador registra las cantidades contadas' },
  2: { nombre: 'Contado', quienActua: 'La empresa justifica las diferencias dentro del plazo' },
  3: { nombre: 'Justificado', quienActua: 'El operador aprueba o rechaza cada diferencia' },
  4: { nombre: 'Cerrado', quienActua: 'Nadie: las diferencias aprobadas están ajustadas en el kardex' },
};

export const MENSAJES_CONTEO = {
  sinLotes: 'La empresa no tiene lotes con stock para contar',
  productosSinLotes: 'Los productos elegidos no tienen lotes con stock para contar',
  productoAjeno: 'Algún producto elegido no existe o no es de la empresa del conteo',
  estado: 'El conteo ya no está en la etapa que esta acción requiere; actualice la página',
  faltanCantidades: 'Debe registrar la cantidad contada de todos los lotes',
  lineaAjena: 'La línea no pertenece a este conteo',
  justificacionRequerida: 'Debe justificar cada diferencia (mínimo 5 caracteres)',
  plazoVencido: 'El plazo para justificar las diferencias venció',
  plazoVigente: 'La empresa aún está dentro del plazo para justificar; espere su justificación o el fin del plazo',
  soloOperador: 'Solo el operador de la zona puede realizar esta acción',
  soloEmpresa: 'Solo la empresa usuaria justifica sus diferencias',
  decisionRequerida: 'Debe aprobar o rechazar cada diferencia',
  stockInsuficiente: 'El lote ya no tiene stock libre suficiente para el ajuste',
  abierto: 'Conteo abierto',
  registrado: 'Conteo registrado',
  justificado: 'Diferencias justificadas',
  resuelto: 'Conteo cerrado',
} as const;

export const filaConteo = z.object({
  codigoConteo: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  estado: z.number().int(),
  descripcionEstado: z.string(),
  fechaApertura: instante(),
  usuarioApertura: z.string(),
  fechaLimiteJustificacion: instante().nullable(),
  lineas: z.number().int(),
  diferencias: z.number().int(),
});
export type FilaConteo = z.infer<typeof filaConteo>;

export const lineaConteo = z.object({
  codigoConteoDetalle: z.number().int(),
  codigoLote: z.number().int(),
  codigoCatalogoUsuario: z.number().int(),
  producto: z.string(),
  codigoInterno: z.string().nullable(),
  numeroDocumento: z.string(),
  cantidadTeorica: z.number(),
  cantidadContada: z.number().nullable(),
  diferencia: z.number().nullable(),
  justificacion: z.string().nullable(),
  /** 0 pending, 1 approved (adjusted in the kardex), 2 rejected. */
  decision: z.number().int(),
});
export type LineaConteo = z.infer<typeof lineaConteo>;

export const detalleConteo = filaConteo.extend({
  observacion: z.string().nullable(),
  plazoHoras: z.number().int(),
  fechaContado: instante().nullable(),
  usuarioContado: z.string().nullable(),
  fechaJustificado: instante().nullable(),
  usuarioJustificado: z.string().nullable(),
  fechaCierre: instante().nullable(),
  usuarioCierre: z.string().nullable(),
  plazoVencido: z.boolean(),
  quienActua: z.string(),
  version: z.number().int(),
  detalle: z.array(lineaConteo),
});
export type DetalleConteo = z.infer<typeof detalleConteo>;

/**
 * A counted quantity. A blank one (null, '' or missing: the field left empty) is "not counted", never 0: coercing
 * it counted the lot as empty and opened a difference of its whole stock.
 */
const cantidad = z.preprocess(
  (v) =>
    v === null || v === undefined || (typeof v === 'string' && v.trim() === '')
      ? undefined
      : typeof v === 'string'
        ? Number(v)
        : v,
  z
    .number({
      error: (i) => (i.input === undefined ? 'Ingrese la cantidad contada' : 'Debe ser un número'),
    })
    .min(0, { error: 'La cantidad no puede ser negativa' })
    .max(99_999_999_999, { error: 'Cantidad demasiado grande' }),
);

const porConteo = z.object({ CodigoConteo: entero().positive() });

/** Physical counts (inventory/controlInventory). */
export const apiConteo = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ListarConteos',
    resumen: 'Conteos de inventario físico, los más recientes primero (paginado)',
    query: z.object({
      PageNumber: entero().min(1).default(1),
      limit: entero().min(1).max(POR_PAGINA_MAXIMO).default(POR_PAGINA_DEFECTO),
      CodigoEmpresaUsuario: entero().default(-1),
      Estado: entero().min(0).max(4).default(0),
      /** The search box: the count's number or (operator staff) its company. */
      Columna: z.string().max(60).optional(),
      Valor: z.string().max(200).optional(),
    }),
    respuesta: sobrePaginado(filaConteo),
  }),
  consultar: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ConsultarConteo',
    resumen: 'Un conteo con sus lotes, diferencias, justificaciones y decisiones',
    query: porConteo,
    respuesta: sobre(detalleConteo),
  }),
  abrir: ruta({
    metodo: 'POST',
    ruta: '/Almacen/AbrirConteo',
    resumen: 'Abre un conteo: foto del stock teórico por lote de la empresa (todos o los productos elegidos)',
    body: z.object({
      codigoEmpresaUsuario: entero().positive({ error: 'Debe seleccionar una empresa' }),
      /** Only these products of the company (its catalogue codes); none or empty: every product with stock. */
      productos: z.array(entero().positive()).max(500, { error: 'Máximo 500 productos por conteo' }).optional(),
      observacion: z.string().trim().max(400, { error: 'Máximo 400 caracteres' }).optional(),
    }),
    respuesta: sobre(z.object({ codigoConteo: z.number().int() })),
  }),
  registrar: ruta({
    metodo: 'POST',
    ruta: '/Almacen/RegistrarConteo',
    resumen: 'Registra las cantidades contadas de todos los lotes; empieza el plazo de justificación',
    body: z.object({
      codigoConteo: entero().positive(),
      version: versionRegistro(),
      lineas: z
        .array(z.object({ codigoConteoDetalle: entero().positive(), cantidadContada: cantidad }))
        .min(1, { error: MENSAJES_CONTEO.faltanCantidades }),
    }),
    respuesta: sobre(z.null()),
  }),
  importar: ruta({
    metodo: 'POST',
    ruta: '/Almacen/ImportarConteo',
    resumen: 'Registra las cantidades contadas desde la plantilla xlsx llenada (CodigoConteo y archivo)',
    cuerpo: 'multipart',
    respuesta: sobre(z.null()),
  }),
  plantilla: ruta({
    metodo: 'GET',
    ruta: '/Almacen/PlantillaConteo',
    resumen: 'Plantilla xlsx del conteo: un lote por fila, con la columna de cantidad contada por llenar',
    query: porConteo,
    respuesta: archivo('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    tipoRespuesta: 'archivo',
  }),
  justificar: ruta({
    metodo: 'POST',
    ruta: '/Almacen/JustificarConteo',
    resumen: 'La empresa justifica cada diferencia dentro del plazo',
    body: z.object({
      codigoConteo: entero().positive(),
      lineas: z.array(
        z.object({
          codigoConteoDetalle: entero().positive(),
          justificacion: z
            .string()
            .trim()
            .min(5, { error: MENSAJES_CONTEO.justificacionRequerida })
            .max(1000, { error: 'Máximo 1000 caracteres' }),
        }),
      ),
    }),
    respuesta: sobre(z.null()),
  }),
  resolver: ruta({
    metodo: 'POST',
    ruta: '/Almacen/ResolverConteo',
    resumen: 'El operador aprueba o rechaza cada diferencia; cada aprobada es un asiento de ajuste en el kardex',
    body: z.object({
      codigoConteo: entero().positive(),
      lineas: z.array(z.object({ codigoConteoDetalle: entero().positive(), aprobar: z.boolean() })),
    }),
    respuesta: sobre(z.object({ ajustes: z.number().int() })),
  }),
  acta: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ActaConteo',
    resumen: 'Acta del conteo en PDF',
    query: porConteo,
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
};
