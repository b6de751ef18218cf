import { z } from 'zod';
import { entero, requerido } from './comun';
import { MENSAJES_ETAPAS, MINIMO_ITEMS_CONTENEDOR } from './etapas';
import { multilinea } from './texto-seguro';

/**
 * Requests of the stage calls (spec 03 §3.4–3.9, §3.13, §7.1–7.4). Field names are the spec's, including
 * its spellings (codeTipoBalanza, pesoTotalMecancia, codigoDetalleTipoContol, numerobultosVerificado).
 */

const texto = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` });
const opcionalTexto = (max: number) => texto(max).optional().nullable();
/** Observations and container marks are typed in text areas: line breaks allowed. */
const opcionalMultilinea = (max: number) => multilinea(texto(max)).optional().nullable();

/** Stage search: code or identity document, upper-cased (spec 03 §5.1). */
export const busquedaEtapa = (maxDocumento: number) =>
  z
    .object({
      CodigoIngreso: texto(9).toUpperCase().optional(),
      NumeroDocumentoIdentidad: texto(maxDocumento).toUpperCase().optional(),
      CodigoEstadoMovimiento: entero().min(-1).max(5).optional(),
    })
    .refine((q) => Boolean(q.CodigoIngreso || q.NumeroDocumentoIdentidad), {
      error: MENSAJES_ETAPAS.codigoODocumentoRequerido,
      path: ['CodigoIngreso'],
    });
/** Security control accepts an 11-character document (RUC or foreign documents). */
export const busquedaControlSeguridad = busquedaEtapa(11);
export const busquedaBalanza = busquedaEtapa(8);

/** Image search of verified operations: code or ticket, max 9. */
export const busquedaImagenes = z
  .object({
    CodigoIngreso: texto(9).toUpperCase().optional(),
    NumeroTicket: texto(9).toUpperCase().optional(),
  })
  .refine((q) => Boolean(q.CodigoIngreso || q.NumeroTicket), {
    error: MENSAJES_ETAPAS.codigoODocumentoRequerido,
    path: ['CodigoIngreso'],
  });

export const porMovimiento = z.object({ CodigoMovimiento: entero().positive() });

export const itemControl = z.object({
  codigoDetalleTipoContol: entero().positive(),
  verificacion: z.boolean(),
});

/** Security control form (spec 03 §3.4): entry (type 1, top-level body) and exit (type 6, body data). */
export const formularioControl = z.object({
  codigoTipoControl: entero().optional(),
  codigoMovimiento: entero().positive(),
  usuarioRegistro: opcionalTexto(60),
  detalleTipoControl: z.array(itemControl).max(100).default([]),
  observacion: opcionalMultilinea(500),
});
export type FormularioControl = z.infer<typeof formularioControl>;

const pesoKg = z.coerce
  .number({ error: 'Debe ser un número' })
  .min(0, { error: 'El peso no puede ser negativo' })
  .max(999_999.999, { error: 'El peso no puede superar 999999' });

/**
 * Weighing form (spec 03 §3.5). The weights the server saves are the ones its scale reader captured
 * (codigoPesaje / codigoPesajeCarreta, ours); the browser's numbers are only checked for format.
 */
export const formularioPesaje = z.object({
  codigoMovimiento: entero().positive(),
  codigoTipoControl: entero().optional(),
  codeTipoBalanza: z.coerce.number({ error: MENSAJES_ETAPAS.seleccionarBalanza }).refine((v) => v === 1 || v === 2, {
    error: MENSAJES_ETAPAS.seleccionarBalanza,
  }),
  peso: pesoKg.default(0),
  pesoBruto: pesoKg.optional().nullable(),
  pesoNeto: pesoKg.optional().nullable(),
  pesoTara: pesoKg.optional().nullable(),
  pesoCarreta: pesoKg.optional().nullable(),
  pesoTotalMecancia: pesoKg.optional().nullable(),
  usuarioRegistro: opcionalTexto(60),
  codigoUsuarioRegistro: entero().optional().nullable(),
  codigoPesaje: entero().positive().optional().nullable(),
  codigoPesajeCarreta: entero().positive().optional().nullable(),
});
export type FormularioPesaje = z.infer<typeof formularioPesaje>;

/** Capture of a weight from the scale of the chosen type. */
export const capturaPrimerPesaje = z.object({
  TipoBalanza: z.coerce.number({ error: MENSAJES_ETAPAS.seleccionarBalanza }).refine((v) => v === 1 || v === 2, {
    error: MENSAJES_ETAPAS.seleccionarBalanza,
  }),
  CodigoMovimiento: entero().positive(),
  /** 1 = the vehicle, 2 = its trailer (ours: the trailer switch captures a second weight). */
  Carreta: entero().min(1).max(2).optional(),
});
export const capturaSegundoPesaje = capturaPrimerPesaje.extend({
  TipoCarreta: entero().min(0).max(2).optional(),
  PrimeraPesadaCarreta: z.coerce.number().min(0).max(999_999.999).optional(),
});

/** Cargo verification form (spec 03 §3.6, §5.3). */
export const formularioVerificacion = z
  .object({
    codigoMovimiento: entero().positive(),
    codigoTipoCarga: entero().refine((v) => v === 1 || v === 2, { error: 'Tipo de carga no válido' }),
    codigoTipoControl: entero().refine((v) => v === 3 || v === 5, { error: 'Tipo de control no válido' }),
    numerobultosVerificado: z.union([z.string(), z.number()]).optional().nullable(),
    marcaContenedor: opcionalMultilinea(300),
    observacion: opcionalMultilinea(500),
    usuarioRegistro: opcionalTexto(60),
    codigoEmpresaUsuario: entero().optional().nullable(),
    detalleTipoControl: z.array(itemControl).max(100).default([]),
  })
  .superRefine((f, c) => {
    if (f.codigoTipoCarga === 1) {
      const v =
        f.numerobultosVerificado === null || f.numerobultosVerificado === undefined
          ? ''
          : String(f.numerobultosVerificado).trim();
      if (!v) c.addIssue({ code: 'custom', path: ['numerobultosVerificado'], message: MENSAJES_ETAPAS.cantidadBultos });
      else if (!/^\d{1,5}$/.test(v))
        c.addIssue({
          code: 'custom',
          path: ['numerobultosVerificado'],
          message: 'Ingrese un número de hasta 5 dígitos',
        });
    } else {
      // Container cargo (spec 03 §5.3): more than one configured item ticked, and the container's marks.
      if (f.detalleTipoControl.filter((d) => d.verificacion).length < MINIMO_ITEMS_CONTENEDOR)
        c.addIssue({ code: 'custom', path: ['detalleTipoControl'], message: MENSAJES_ETAPAS.seleccionarVerificacion });
      if (!f.marcaContenedor?.trim())
        c.addIssue({ code: 'custom', path: ['marcaContenedor'], message: MENSAJES_ETAPAS.marcasContenedor });
    }
  });
export type FormularioVerificacion = z.infer<typeof formularioVerificacion>;

export const finalizarVerificacion = z.object({
  codigoMovimiento: entero().positive(),
  codigoTipoControl: entero().refine((v) => v === 3 || v === 5, { error: 'Tipo de control no válido' }),
  codigoVerificacionTipoControl: entero().positive().optional(),
});

/**
 * POST /Verificacion/AgregarVerificacionImagenes (JSON, spec 03 §7.3): photos already uploaded to the order
 * (its files, movimiento_archivo) registered as photos of its saved verification
 * (docs/adr/0038-verificacion-e-imagenes.md).
 */
export const agregarVerificacionImagenes = z.object({
  codigoMovimiento: entero().positive(),
  codigoTipoControl: entero().refine((v) => v === 3 || v === 5, { error: 'Tipo de control no válido' }),
  codigoVerificacionTipoControl: entero().positive().optional(),
  usuarioRegistro: opcionalTexto(60),
  imagenes: z
    .array(z.object({ codigoMovimientoArchivo: entero().positive() }))
    .min(1, { error: MENSAJES_ETAPAS.imagenRequerida })
    .max(20, { error: 'Se admite como máximo 20 imágenes por carga' })
    .refine((xs) => new Set(xs.map((x) => x.codigoMovimientoArchivo)).size === xs.length, {
      error: 'Hay imágenes repetidas en la lista',
    }),
});
export type AgregarVerificacionImagenes = z.infer<typeof agregarVerificacionImagenes>;

/** Fields of a verification image upload (spec 03 §3.7), both spellings. */
export const camposImagenVerificacion = z.object({
  CodigoMovimiento: entero().positive(),
  CodigoTipoControl: entero().refine((v) => v === 3 || v === 5, { error: 'Tipo de control no válido' }),
  CodigoVerificacionTipoControl: entero().positive().optional(),
  CodigoIngreso: z.string().max(12).optional(),
  UsuarioRegistro: z.string().max(60).optional(),
  CodigoEmpresaUsuario: entero().optional(),
});

/** Observation change (spec 03 §3.9). Observar (2) needs a text; No observar (1) stores the fixed text. */
export const cambioEstadoObservado = z
  .object({
    codigoMovimiento: entero().positive(),
    usuarioRegistro: opcionalTexto(60),
    estadoObservado: entero().refine((v) => v === 1 || v === 2, { error: 'Estado de observación no válido' }),
    observacion: multilinea(z.string().max(20_000, { error: 'La observación es demasiado larga' }))
      .optional()
      .nullable(),
  })
  .superRefine((f, c) => {
    if (f.estadoObservado === 2 && !f.observacion?.replace(/<[^>]*>/g, '').trim()) {
      c.addIssue({ code: 'custom', path: ['observacion'], message: MENSAJES_ETAPAS.observacionRequerida });
    }
  });

/** Order review list (spec 03 §7.4): the date range applies when the column is M.FECHA_REGISTRO. */
export const consultaOrdenesVerificacion = z.object({
  PageNumber: entero().min(1).default(1),
  CodigoEmpresaUsuario: entero().default(-1),
  limit: entero().min(1).max(100).default(10),
  Columna: z.string().max(60).optional(),
  Valor: z.string().max(200).optional(),
  DesdeFecha: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha debe tener el formato yyyy-MM-dd' })
    .optional(),
  HastaFecha: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha debe tener el formato yyyy-MM-dd' })
    .optional(),
  /** Ours: the observed-orders inbox (operator/check) lists codigoEstadoObservado = 2. */
  CodigoEstadoObservado: entero().min(0).max(2).optional(),
});

/** Driver and carrier update (spec 03 §2.9, §5.5). */
/** Weights of the driver dialog (spec 03 §5.5): 0 to 999999 kg with up to 3 decimals; null clears. */
const pesoDeclarado = z.coerce
  .number({ error: MENSAJES_ETAPAS.pesoDeclaradoInvalido })
  .min(0, { error: MENSAJES_ETAPAS.pesoDeclaradoInvalido })
  .max(999_999, { error: MENSAJES_ETAPAS.pesoDeclaradoInvalido })
  .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, { error: MENSAJES_ETAPAS.pesoDeclaradoInvalido })
  .optional()
  .nullable();

export const datosTransportistaMovimiento = z
  .object({
    codigoMovimiento: entero().positive(),
    codigoTipoDocumentoIdentidad: z.string().trim().max(4).optional().nullable(),
    numeroDocumentoIdentidad: z.string().trim().toUpperCase().max(10).optional().nullable(),
    nombres: opcionalTexto(30),
    apellidoPaterno: opcionalTexto(20),
    apellidoMaterno: opcionalTexto(20),
    codigoPersona: entero().positive().optional().nullable(),
    numeroBrevete: z.string().trim().toUpperCase().max(10).optional().nullable(),
    codigoClaseBrevete: opcionalTexto(10),
    codigoTransportistaUsuario: entero().positive().optional().nullable(),
    placaUno: z.string().trim().toUpperCase().max(8).optional().nullable(),
    placaDos: z.string().trim().toUpperCase().max(8).optional().nullable(),
    pesoBruto: pesoDeclarado,
    pesoTara: pesoDeclarado,
    usuarioRegistro: opcionalTexto(60),
    codigoUsuarioRegistro: entero().optional().nullable(),
    /** The version the dialog read (ours); absent, the update does not check it. */
    version: entero().positive().optional().nullable(),
  })
  .superRefine((f, c) => {
    const falta = (campo: string) =>
      c.addIssue({ code: 'custom', path: [campo], message: MENSAJES_ETAPAS.errorActualizacion });
    if (!f.codigoTipoDocumentoIdentidad) falta('codigoTipoDocumentoIdentidad');
    if (!f.numeroDocumentoIdentidad) return falta('numeroDocumentoIdentidad');
    const max = f.codigoTipoDocumentoIdentidad === '1' ? 8 : 10;
    if (f.numeroDocumentoIdentidad.length > max)
      c.addIssue({ code: 'custom', path: ['numeroDocumentoIdentidad'], message: `Máximo ${max} caracteres` });
    if (f.codigoTipoDocumentoIdentidad === '1' && !/^\d{8}$/.test(f.numeroDocumentoIdentidad))
      c.addIssue({ code: 'custom', path: ['numeroDocumentoIdentidad'], message: 'El DNI debe tener 8 dígitos' });
    const maxBrevete = f.codigoTipoDocumentoIdentidad === '3' ? 9 : 10;
    if (f.numeroBrevete && f.numeroBrevete.length > maxBrevete)
      c.addIssue({ code: 'custom', path: ['numeroBrevete'], message: `Máximo ${maxBrevete} caracteres` });
  });

/** Carrier-user company save (spec 03 §3.13): the 'Registro Empresa' dialog. */
export const guardarTransportistaUsuario = z.object({
  codigoEmpresaUsuario: entero().positive(),
  ruc: requerido(13),
  razonSocial: requerido(200),
  direccion: requerido(300),
  usuarioRegistro: opcionalTexto(60),
});
