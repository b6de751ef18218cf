import { z } from 'zod';
import { entero, fechaIso } from './comun';

import { EMPRESA_OPERADOR } from './roles';
import { multilinea } from './texto-seguro';

/** Manufacture certificates (spec 02 §2 Manufacture certificates, §3, §4, §5, §6, §7, §8, §9). */

export const DIAS_VIGENCIA_CERTIFICADO = 180;
/** How far ahead a certificate may start: a quarter (a later date is taken for a typo, say 2062 for 2026). */
export const ANTICIPACION_MAXIMA_CERTIFICADO_DIAS = 90;
export const MAXIMO_CANTIDAD_CERTIFICADO = 90000;
export const MAXIMO_LINEAS_CERTIFICADO = 200;
/** 'PDF only, under 500kb' (spec 02 §5, §9). */
export const PDF_CERTIFICADO_MAX_BYTES = 500 * 1024;

/** codigoEstadoAutorizado (spec 02 §4): 1 awaiting, 2 rejected, 3 authorized. */
export const ESTADO_CERTIFICADO = { pendiente: 1, rechazado: 2, autorizado: 3 } as const;
export type EstadoCertificado = (typeof ESTADO_CERTIFICADO)[keyof typeof ESTADO_CERTIFICADO];

export const ESTADOS_CERTIFICADO: Record<number, { descripcion: string; color: string }> = {
  1: { descripcion: 'PENDIENTE DE AUTORIZACIÓN', color: 'processing' },
  2: { descripcion: 'RECHAZADO', color: 'error' },
  3: { descripcion: 'AUTORIZADO', color: 'success' },
};
export const SIN_CERTIFICADO = 'SIN CERTIFICADO';

/** The one transition table: from awaiting, an approver may reject (2) or authorize (3); nothing else moves. */
export const TRANSICIONES_CERTIFICADO: Record<number, readonly number[]> = { 1: [2, 3], 2: [], 3: [] };
export const transicionPermitida = (desde: number, hasta: number) =>
  TRANSICIONES_CERTIFICADO[desde]?.includes(hasta) ?? false;

/** Levels of spec 02 §6 (user level, nivelUsuario). */
export const NIVELES_SOLICITAN_CERTIFICADO: readonly number[] = [1, 2, 4];
export const NIVELES_AUTORIZAN_CERTIFICADO: readonly number[] = [1, 9];
/** Company selector in the request dialog: roles 1 and 4 (operator staff). */
export const ROLES_ELIGEN_EMPRESA_CERTIFICADO: readonly number[] = [1, 4];
/** Operator roles that see every company's certificates: the approvers (1, 9) and the scale role that requests for others (4). */
export const ROLES_VEN_TODOS_CERTIFICADOS: readonly number[] = [1, 4, 9];

export const puedeSolicitarCertificado = (nivelUsuario: number) => NIVELES_SOLICITAN_CERTIFICADO.includes(nivelUsuario);
export const eligeEmpresaCertificado = (u: { codigoRol: number; codigoEmpresaUsuario: number }) =>
  u.codigoEmpresaUsuario === EMPRESA_OPERADOR && ROLES_ELIGEN_EMPRESA_CERTIFICADO.includes(u.codigoRol);
/** The authorize action: levels 1 and 9, only while neither rejected nor authorized (and enabled). */
export const puedeAutorizarCertificado = (
  nivelUsuario: number,
  c: { codigoEstadoAutorizado: number; estadoAnulado: number },
) =>
  NIVELES_AUTORIZAN_CERTIFICADO.includes(nivelUsuario) &&
  c.estadoAnulado === 0 &&
  (TRANSICIONES_CERTIFICADO[c.codigoEstadoAutorizado]?.length ?? 0) > 0;
/** Delete (disable/enable) and attach are offered on rows in state 1. */
export const admiteCambiosCertificado = (c: { codigoEstadoAutorizado: number }) =>
  c.codigoEstadoAutorizado === ESTADO_CERTIFICADO.pendiente;

export const MENSAJES_CERTIFICADO = {
  produccionAjena: 'El parte de producción no es de este producto de la empresa',
  produccionExcedida: 'La cantidad supera lo producido en el parte de producción',
  // From the spec.
  cantidadODescripcion: 'Debe ingresar una cantidad o descripción del producto',
  opcionAdicional: 'Debe aplicar al menos una opcion adicional',
  registroError: 'Ocurrió un error al registrar, intente otra vez',
  registroExito: 'Certificado registro con éxito',
  archivoAgregado: 'Archivo agregado correctamente',
  transaccionExitosa: 'Transacción Ejecutada con éxito',
  formatoIncorrecto: 'No es el formato correcto!',
  excede500: 'El archivo excede los 500KB!',
  // Our own, in the same tone.
  sinProductos: 'Debe agregar al menos un producto',
  demasiadosProductos: `Máximo ${MAXIMO_LINEAS_CERTIFICADO} productos por certificado`,
  maximo: `El valor máximo es ${MAXIMO_CANTIDAD_CERTIFICADO}`,
  noNegativo: 'El valor no puede ser negativo',
  decimales: 'Máximo 3 decimales',
  fechaAnterior: 'La fecha de inicio no puede ser anterior a ayer',
  fechaPosterior: `La fecha de inicio no puede ser posterior a ${ANTICIPACION_MAXIMA_CERTIFICADO_DIAS} días desde hoy`,
  fechaInvalida: 'La fecha no es válida',
  finVigencia: `La fecha fin de vigencia debe ser ${DIAS_VIGENCIA_CERTIFICADO} días después de la fecha de inicio`,
  diasVigencia: `Los días de vigencia son ${DIAS_VIGENCIA_CERTIFICADO}`,
  productoAjeno: 'El producto no pertenece al catálogo de la empresa',
  productoRepetido: 'El producto ya fue agregado',
  pesoNetoMayor: 'El peso neto no puede ser mayor al peso bruto',
  tipoBulto: 'El tipo de bulto no es válido',
  nivelNoSolicita: 'Su nivel de usuario no permite solicitar certificados',
  nivelNoAutoriza: 'Su nivel de usuario no permite autorizar certificados',
  estadoAutorizacion: 'Debe elegir Autorizar o Rechazar',
  observacionRechazo: 'Debe ingresar una observación para rechazar',
  yaAtendido: 'El certificado ya fue autorizado o rechazado.',
  vigenciaTerminada: (fin: string) =>
    `La vigencia de esta solicitud terminó el ${fin.split('-').reverse().join('/')}: no se puede autorizar. Recházela o pida a la empresa una solicitud nueva.`,
  soloPendiente: 'Solo se puede modificar un certificado pendiente de autorización',
  deshabilitado: 'El certificado se encuentra deshabilitado',
  sinPdf: 'El certificado aún no ha sido autorizado',
  habilitado: 'Certificado habilitado',
  deshabilitadoOk: 'Certificado deshabilitado',
} as const;

const tresDecimales = (v: number) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6;

/** A quantity of the request: number (or numeric text), 0..90000, 3 decimals. */
const magnitud = () =>
  z.coerce
    .number({ error: MENSAJES_CERTIFICADO.cantidadODescripcion })
    .min(0, { error: MENSAJES_CERTIFICADO.noNegativo })
    .max(MAXIMO_CANTIDAD_CERTIFICADO, { error: MENSAJES_CERTIFICADO.maximo })
    .refine(tresDecimales, { error: MENSAJES_CERTIFICADO.decimales });

/** A product line (spec 02 §3 Detail line). Descriptions come from the catalogue, not from the client. */
export const lineaCertificado = z.object({
  codigoCatalogoUsuario: z.coerce
    .number({ error: MENSAJES_CERTIFICADO.cantidadODescripcion })
    .int({ error: MENSAJES_CERTIFICADO.cantidadODescripcion })
    .positive({ error: MENSAJES_CERTIFICADO.cantidadODescripcion }),
  descripcionProducto: z.string().max(400).optional(),
  cantidad: magnitud().refine((v) => v > 0, { error: MENSAJES_CERTIFICADO.cantidadODescripcion }),
  cantidadBulto: magnitud().default(0),
  codigoTipoBulto: z.string().trim().max(4).optional().nullable(),
  pesoNeto: magnitud().default(0),
  pesoBruto: magnitud().default(0),
  /** The production report the line is taken from: same company and product, quantity within it. */
  codigoProduccion: entero().positive().optional().nullable(),
});
export type LineaCertificado = z.infer<typeof lineaCertificado>;

/** Certificate form (spec 02 §3): body { data: {...} } of GuardarCertificadoManufactura. */
export const certificadoFormulario = z.object({
  fechaEmision: fechaIso(),
  fechaFinVigencia: fechaIso().optional().nullable(),
  diasVigencia: z.coerce
    .number()
    .refine((d) => d === DIAS_VIGENCIA_CERTIFICADO, { error: MENSAJES_CERTIFICADO.diasVigencia })
    .optional()
    .nullable(),
  usuarioRegistro: z.string().max(60).optional().nullable(),
  codigoEmpresaUsuario: entero().optional().nullable(),
  detalle: z
    .array(lineaCertificado, { error: MENSAJES_CERTIFICADO.sinProductos })
    .min(1, { error: MENSAJES_CERTIFICADO.sinProductos })
    .max(MAXIMO_LINEAS_CERTIFICADO, { error: MENSAJES_CERTIFICADO.demasiadosProductos }),
});
export type CertificadoFormulario = z.infer<typeof certificadoFormulario>;
export const guardarCertificadoEntrada = z.object({ data: certificadoFormulario });

/** Approval form (spec 02 §3): estadoAutorizacion 2 reject, 3 authorize. */
export const aprobacionFormulario = z.object({
  codigoCertificadoManufactura: entero().positive(),
  estadoAutorizacion: z.coerce
    .number({ error: MENSAJES_CERTIFICADO.estadoAutorizacion })
    .refine((v) => v === ESTADO_CERTIFICADO.rechazado || v === ESTADO_CERTIFICADO.autorizado, {
      error: MENSAJES_CERTIFICADO.estadoAutorizacion,
    }),
  opcionNuevaFuncionalidad: z.boolean().default(false),
  opcionGeneraValor: z.boolean().default(false),
  observaciones: multilinea(z.string().trim().max(1000, { error: 'Máximo 1000 caracteres' }))
    .optional()
    .nullable(),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});
export type AprobacionFormulario = z.infer<typeof aprobacionFormulario>;
export const aprobarCertificadoEntrada = z.object({ data: aprobacionFormulario });

/** EliminarCertificadoManufactura: enable/disable (soft delete), top-level fields. */
export const eliminarCertificadoEntrada = z.object({
  codigoCertificadoManufactura: entero().positive(),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});

export const consultaCertificado = z.object({ CodigoCertificadoManufactura: entero().positive() });

/** Public verification: the number printed on the certificate and the code carried by its QR. */
export const verificacionCertificado = z.object({
  NumeroCertificado: z.string().trim().min(1).max(40),
  CodigoVerificacion: z.string().trim().max(100).optional().default(''),
});

/** Search columns of the list (Columna keys). */
export const COLUMNAS_CERTIFICADO = ['documento', 'empresaUsuario', 'CM.NUMERO', 'E.RAZON_SOCIAL'] as const;

/** The public verification page (outside /app): the QR of every authorized certificate points here. */
export const RUTA_VERIFICACION_CERTIFICADO = '/verificar-certificado';
