import { z } from 'zod';
import { entero, requerido, versionRegistro } from './comun';
import { MENSAJES } from './mensajes';
import { multilinea } from './texto-seguro';

/** Messages of the catalogue (spec 01 §5, §8; spec 02 §5), exact where the spec gives them. */
export const MENSAJES_CATALOGO = {
  descripcionIncorrecta: 'Descripción incorrecta',
  rellenarObligatorios: 'Debe rellenar campos obligatorios',
  equivalenciaExiste: 'Esta equivalencia ya existe.',
  equivalenciaEliminada: 'Equivalencia eliminada correctamente.',
  formatoIncorrecto: 'No es el formato correcto!',
  excede1024: 'El archivo excede los 1024KB!',
  // Ours, in the same tone.
  productoRegistrado: 'Producto registrado con éxito',
  productoEditado: 'Producto editado con éxito',
  productoEliminado: 'Producto eliminado con éxito',
  productoConMovimientos: 'El producto tiene movimientos o stock registrados; solo puede deshabilitarlo.',
  codigoInternoExiste: 'El código interno ya existe en el catálogo de la empresa.',
  codigoInternoRepetido: 'El código interno se repite en el archivo.',
  partidaNoExiste: 'La partida arancelaria no existe.',
  partidaFormato: 'La partida arancelaria debe tener 10 dígitos',
  valorNoValido: 'El valor no está en la lista permitida.',
  estadoCambiado: 'Estado actualizado con éxito',
  yaEnEseEstado: 'El registro ya se encuentra en ese estado.',
  equivalenciaRegistrada: 'Equivalencia registrada con éxito',
  archivoSinFilas: 'El archivo no contiene registros.',
  archivoDemasiadasFilas: (max: number) => `El archivo excede los ${max} registros permitidos.`,
  archivoNoPlantilla: 'El archivo no corresponde a la plantilla: revise los encabezados.',
  archivoDaniado: 'El archivo está dañado o no es una hoja de cálculo válida.',
  archivoDescomprimidoGrande: 'El contenido del archivo excede el tamaño permitido al descomprimirse.',
  archivoConFormulas: 'El archivo contiene fórmulas; guarde solo valores.',
  archivoConErrores: 'El archivo contiene errores; no se importó ningún registro.',
  importacionExitosa: (n: number) => `Se importaron ${n} registros con éxito`,
} as const;

/** Import limits (spec 02 §5, §9): 1 MB, 2000 rows. */
export const LIMITE_IMPORTACION_BYTES = 1024 * 1024;
export const LIMITE_IMPORTACION_FILAS = 2000;

const decimal = (max: number, decimales: number) =>
  z.coerce
    .number({ error: 'Debe ser un número' })
    .min(0, { error: 'Debe ser mayor o igual a 0' })
    .max(max, { error: `Máximo ${max}` })
    .refine((n) => Number.isInteger(Math.round(n * 10 ** decimales * 1e6) / 1e6), {
      error: `Máximo ${decimales} decimales`,
    });

/** numeroPartida: 10 digits, accepted with the dots of the display form (8517.13.00.00). */
export const numeroPartida = () =>
  z
    .string({ error: MENSAJES.requerido })
    .trim()
    .min(1, { error: MENSAJES.requerido, abort: true })
    .transform((v) => v.replaceAll('.', ''))
    .pipe(z.string().regex(/^\d{10}$/, { error: MENSAJES_CATALOGO.partidaFormato }));

/**
 * The product form (spec 01 §3 Catalogue product, §5 Product dialog). The same schema validates every row
 * of the Excel import. Creating when codigoCatalogoUsuario is empty or 0; editing otherwise.
 */
export const productoCatalogo = z.object({
  codigoCatalogoUsuario: entero().min(0).optional(),
  version: versionRegistro(),
  codigoEmpresaUsuario: entero().optional(),
  codigoEmpresaAlmacen: entero().positive().optional().nullable(),
  codigoInterno: z
    .string()
    .trim()
    .toUpperCase()
    .max(9, { error: 'Máximo 9 caracteres' })
    .regex(/^[A-Z0-9.\-_/]*$/, { error: 'Solo letras, números y . - _ /' })
    .optional()
    .nullable(),
  descripcion: multilinea(
    z
      .string({ error: MENSAJES.requerido })
      .trim()
      .min(1, { error: MENSAJES.requerido, abort: true })
      .min(5, { error: MENSAJES_CATALOGO.descripcionIncorrecta })
      .max(400, { error: MENSAJES_CATALOGO.descripcionIncorrecta }),
  ),
  numeroPartida: numeroPartida(),
  codigoUnidadMedida: requerido(10),
  codigoExistencia: requerido(4),
  stock: decimal(999999, 3).optional().nullable(),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});
export type ProductoCatalogo = z.infer<typeof productoCatalogo>;

/** Equivalence form (spec 01 §3 Equivalence). */
export const equivalenciaCatalogo = z.object({
  codigoCatalogoUsuario: entero().positive({ error: MENSAJES.requerido }),
  cantidadBase: decimal(999999, 3).refine((n) => n > 0, { error: 'Debe ser mayor a 0' }),
  codigoUnidadMedidaBase: requerido(10),
  cantidadEquivalente: decimal(999999, 3).refine((n) => n > 0, { error: 'Debe ser mayor a 0' }),
  codigoUnidadMedidaEquivalencia: requerido(10),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});
export type EquivalenciaCatalogo = z.infer<typeof equivalenciaCatalogo>;

/** Enable/disable (spec 02 §7): estado is the new estadoAnulado (1 disables, 0 enables). */
export const cambioEstadoCatalogo = z.object({
  codigoCatalogoUsuario: entero().positive(),
  estado: z.coerce.number().int().min(0).max(1),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});

export const eliminarCatalogo = z.object({
  codigoCatalogoUsuario: entero().positive(),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});

export const eliminarEquivalencia = z.object({
  data: z.object({
    codigoEquivalenciaCatalogo: entero().positive(),
    usuarioRegistro: z.string().max(60).optional().nullable(),
  }),
});

/** What an import answers when a file has bad rows: every error, by row and column. */
export interface ErrorImportacion {
  fila: number;
  columna: string;
  mensaje: string;
}

/** Kinds of the bulk upload (RegistrarCatalogoMasivo also serves the worker import, spec 02 §7). */
export const TIPOS_CARGA_MASIVA = ['catalogo', 'trabajadores'] as const;
export type TipoCargaMasiva = (typeof TIPOS_CARGA_MASIVA)[number];
