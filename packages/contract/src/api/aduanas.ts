import { z } from 'zod';
import { consultaPaginada, entero, fechaIso, ordenarPor } from '../comun';
import { errorContenedor, MENSAJES_CONTENEDOR } from '../formatos';
import { archivo, dia, instante, ruta, sobre, sobrePaginado } from './definicion';
import { resultadoLevante } from './movimiento';

/** Messages of the customs area (DOMAIN.md §8, §12; spec 01 §5, §8). */
export const MENSAJES_ADUANAS = {
  numeroFormato: 'El número de declaración debe tener cuatro partes separadas por guiones',
  aduanaNoExiste: (a: string) => `La aduana ${a} no existe en la tabla de aduanas`,
  anioInvalido: (a: string) => `El año ${a} no es válido para una declaración`,
  regimenNoExiste: (r: string) => `El régimen ${r} no existe en la tabla de regímenes aduaneros`,
  numeroCero: 'El número correlativo de la declaración no puede ser cero',
  declaracionExiste: 'Ya existe una declaración registrada con ese número para la empresa',
  documentoNoDeclaracion: 'El documento no es una declaración aduanera (DUA/DAM o declaración simplificada)',
  rucInvalido: 'RUC no encontrado o inválido',
  cifDistinto: 'El CIF debe ser igual a FOB + flete + seguro',
  pesoNetoMayor: 'El peso neto no puede ser mayor que el peso bruto',
  vinculoExiste: 'La orden ya está vinculada a la declaración',
  levanteInactivo: 'Error, Activar consultas externas SUNAT',
  declaracionNoEncontrada: 'No se encontró la declaración consultada',
  sinLevante: (numero: string) =>
    `La orden no puede salir: la declaración ${numero} requiere levante y aún no lo tiene registrado`,
  toleranciaGuardada: 'Tolerancias actualizadas',
  declaracionGuardada: 'Declaración registrada correctamente',
  declaracionActualizada: 'Declaración actualizada correctamente',
  vinculoGuardado: 'Orden vinculada a la declaración',
  levanteRegistrado: 'Consulta registrada: la declaración tiene levante',
  levanteSinLevante: 'Consulta registrada: la declaración aún no tiene levante',
  levanteManualRegistrado: 'Levante registrado manualmente',
  levanteYaRegistrado: 'La declaración ya tiene levante registrado',
  levanteNoRequerido: 'La declaración no requiere levante',
  levanteFechaFutura: 'La fecha de levante no puede ser posterior a hoy',
  levanteFechaAnterior: 'La fecha de levante no puede ser anterior a la fecha de numeración',
  levanteDocumento: 'Indique el documento de levante que tuvo a la vista (de 3 a 200 caracteres)',
} as const;

/** Customs declaration types of the order documents (parameter group 56): DUA/DAM import, export, simplified. */
export const TIPOS_DOCUMENTO_DECLARACION = ['4', '5', '9'] as const;
export const CANALES = ['verde', 'naranja', 'rojo'] as const;
/** Default tolerances (DOMAIN.md §12): 2 % of the weight, 0 packages. */
export const TOLERANCIA_DEFECTO = { porcentajePeso: 2, bultos: 0 } as const;

const CUATRO_PARTES = /^\d{3}-\d{4}-\d{2}-\d{1,6}$/;
/** The four-part number (office-year-regime-number): format only; the server checks the lookups. */
export const numeroDeclaracion = () =>
  z
    .string({ error: 'Este es un campo requerido' })
    .trim()
    .min(1, { error: 'Este es un campo requerido' })
    .regex(CUATRO_PARTES, { error: MENSAJES_ADUANAS.numeroFormato });

/** The number with its correlative padded to 6 digits (172-2026-10-4512 → 172-2026-10-004512). */
export function normalizarNumeroDeclaracion(texto: string) {
  const t = texto.trim();
  if (!CUATRO_PARTES.test(t)) return null;
  const [aduana = '', anio = '', regimen = '', numero = ''] = t.split('-');
  return {
    aduana,
    anio,
    regimen,
    numero: numero.padStart(6, '0'),
    texto: `${aduana}-${anio}-${regimen}-${numero.padStart(6, '0')}`,
  };
}

const importe = () => z.coerce.number({ error: 'Debe ser un número' }).min(0).max(999_999_999);
const peso = () => z.coerce.number({ error: 'Debe ser un número' }).min(0).max(99_999_999);

/** A declaration as the register form sends it. */
export const formularioDeclaracion = z.object({
  codigoDeclaracion: entero().positive().nullish(),
  codigoEmpresaUsuario: entero().nullish(),
  numeroDeclaracion: numeroDeclaracion(),
  fechaNumeracion: fechaIso().nullish(),
  rucImportador: z
    .string()
    .trim()
    .regex(/^\d{11}$/, { error: 'El RUC debe tener 11 dígitos' })
    .nullish(),
  razonImportador: z.string().trim().max(200).nullish(),
  valorFob: importe().default(0),
  flete: importe().default(0),
  seguro: importe().default(0),
  cif: importe().nullish(),
  pesoBruto: peso().default(0),
  pesoNeto: peso().default(0),
  totalBultos: entero().min(0).max(99_999).default(0),
  numeroSeries: entero().min(0).max(999).default(0),
  canal: z.enum(CANALES, { error: 'Canal verde, naranja o rojo' }).nullish(),
  requiereLevante: z.boolean().default(true),
  /** An order to link by hand (when its document does not carry the same number). */
  codigoMovimiento: entero().positive().nullish(),
  version: entero().positive().nullish(),
});
export type FormularioDeclaracion = z.input<typeof formularioDeclaracion>;

export const filaDeclaracion = z.object({
  codigoDeclaracion: z.number().int(),
  numeroDeclaracion: z.string(),
  codigoAduana: z.string(),
  aduana: z.string().nullable(),
  anio: z.number().int(),
  codigoRegimen: z.string(),
  regimen: z.string().nullable(),
  fechaNumeracion: dia().nullable(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  rucImportador: z.string().nullable(),
  razonImportador: z.string().nullable(),
  valorFob: z.number(),
  flete: z.number(),
  seguro: z.number(),
  cif: z.number(),
  pesoBruto: z.number(),
  pesoNeto: z.number(),
  totalBultos: z.number().int(),
  numeroSeries: z.number().int(),
  canal: z.string().nullable(),
  requiereLevante: z.boolean(),
  estadoLevante: z.number().int(),
  fechaLevante: instante().nullable(),
  /** Levante recorded by hand (customs service off or not answering): who recorded it, the document seen. */
  levanteManual: z.boolean(),
  usuarioLevante: z.string().nullable(),
  documentoLevante: z.string().nullable(),
  origen: z.string(),
  ordenes: z.array(z.object({ codigoMovimiento: z.number().int(), codigoIngreso: z.string(), manual: z.boolean() })),
  fechaRegistro: instante(),
  version: z.number().int(),
});
export type FilaDeclaracion = z.infer<typeof filaDeclaracion>;

/** List filters: Columna/Valor (number, company, regime) and a numbering date range. */
export const consultaDeclaraciones = consultaPaginada.extend({
  DesdeFecha: fechaIso().optional(),
  HastaFecha: fechaIso().optional(),
  ...ordenarPor(['numeroDeclaracion']),
});
export const porDeclaracion = z.object({ CodigoDeclaracion: entero().positive() });

export const filaConciliacion = z.object({
  codigoMovimiento: z.number().int(),
  codigoIngreso: z.string(),
  razonSocial: z.string(),
  declaraciones: z.array(z.object({ codigoDeclaracion: z.number().int(), numeroDeclaracion: z.string() })),
  pesoDeclarado: z.number(),
  pesoDocumentos: z.number(),
  pesoBalanza: z.number().nullable(),
  diferenciaPeso: z.number().nullable(),
  porcentajeDiferencia: z.number().nullable(),
  bultosDeclarados: z.number().int(),
  bultosDocumentos: z.number().int().nullable(),
  bultosContados: z.number().int().nullable(),
  diferenciaBultos: z.number().int().nullable(),
  dentroTolerancia: z.boolean().nullable(),
  codigoEstadoObservado: z.number().int(),
  observadoAutomaticamente: z.boolean(),
});
export type FilaConciliacion = z.infer<typeof filaConciliacion>;

export const tolerancia = z.object({
  porcentajePeso: z.coerce.number({ error: 'Debe ser un número' }).min(0).max(100),
  bultos: entero().min(0).max(9999),
});
/**
 * The tolerances to save, with the figures the screen read (`leida`): a save made from figures someone else has
 * changed since is refused (409), never a silent overwrite of the other person's change.
 */
export const formularioTolerancia = tolerancia.extend({
  leida: z.object({ porcentajePeso: z.number(), bultos: z.number() }).optional(),
});

export const consultaLevanteAduana = z.object({
  NumeroDeclaracion: numeroDeclaracion(),
  /** Operator staff: the company the declaration belongs to when it is new (default: the importer's RUC). */
  CodigoEmpresaUsuario: entero().nullish(),
});
/**
 * A levante recorded by hand, when the release query is off or does not answer: its date (Lima) and the document
 * the operator saw (e.g. the printed release notice). Who recorded it is the session's user.
 */
export const formularioLevanteManual = z.object({
  codigoDeclaracion: entero().positive(),
  fechaLevante: fechaIso(),
  documento: z
    .string({ error: MENSAJES_ADUANAS.levanteDocumento })
    .trim()
    .min(3, { error: MENSAJES_ADUANAS.levanteDocumento })
    .max(200, { error: MENSAJES_ADUANAS.levanteDocumento }),
  version: entero().positive().nullish(),
});
export type FormularioLevanteManual = z.input<typeof formularioLevanteManual>;

/** The provider's answer: the release-query result (spec 01 §3) plus the levante itself. */
export const respuestaLevante = resultadoLevante.extend({
  levante: z.boolean(),
  fecha_levante: z.string().nullable(),
  canal: z.string().nullable(),
});
export type RespuestaLevante = z.infer<typeof respuestaLevante>;

export const consultaLevanteHistorial = z.object({
  codigoConsulta: z.number().int(),
  numeroDeclaracion: z.string(),
  fechaConsulta: instante(),
  proveedor: z.string(),
  levante: z.boolean(),
  usuario: z.string().nullable(),
  respuesta: respuestaLevante,
});

/** Customs area (DOMAIN.md §12): declarations, reconciliation, release query. Paths are ours (spec: "not shown"). */
export const apiAduanas = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Declaracion/ListarDatos',
    resumen: 'Declaraciones (DUA/DAM) paginadas: búsqueda por número, empresa o régimen y rango de fechas',
    query: consultaDeclaraciones,
    respuesta: sobrePaginado(filaDeclaracion),
  }),
  exportar: ruta({
    metodo: 'GET',
    ruta: '/Declaracion/ExportarExcel',
    resumen: 'Excel de las declaraciones con los mismos filtros de la lista',
    query: consultaDeclaraciones.omit({ PageNumber: true, limit: true }),
    respuesta: archivo('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    tipoRespuesta: 'archivo',
  }),
  consultar: ruta({
    metodo: 'GET',
    ruta: '/Declaracion/ConsultarDeclaracion',
    resumen: 'Una declaración con sus órdenes vinculadas',
    query: porDeclaracion,
    respuesta: sobre(filaDeclaracion),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/Declaracion/GuardarDeclaracion',
    resumen: 'Registra o actualiza una declaración (número validado contra aduanas y regímenes)',
    body: z.object({ data: formularioDeclaracion }),
    respuesta: sobre(filaDeclaracion),
  }),
  desdeDocumento: ruta({
    metodo: 'POST',
    ruta: '/Declaracion/RegistrarDesdeDocumento',
    resumen: 'Registra la declaración de un documento DUA/DAM de una orden (número, importador, pesos)',
    body: z.object({ data: z.object({ codigoMovimientoDocumento: entero().positive() }) }),
    respuesta: sobre(filaDeclaracion),
  }),
  documentosDeOrden: ruta({
    metodo: 'GET',
    ruta: '/Declaracion/ListarDocumentosOrden',
    resumen: 'Documentos aduaneros (DUA/DAM, declaración simplificada) de una orden, con su declaración si ya existe',
    query: z.object({ CodigoIngreso: z.string().trim().min(1).max(12) }),
    respuesta: sobre(
      z.array(
        z.object({
          codigoMovimientoDocumento: z.number().int(),
          codigoMovimiento: z.number().int(),
          codigoIngreso: z.string(),
          tipoDocumento: z.string().nullable(),
          numeroDocumento: z.string(),
          peso: z.number(),
          codigoDeclaracion: z.number().int().nullable(),
        }),
      ),
    ),
  }),
  vincular: ruta({
    metodo: 'POST',
    ruta: '/Declaracion/VincularMovimiento',
    resumen: 'Vincula a mano una orden (por su código OP) a una declaración',
    body: z.object({
      data: z.object({ codigoDeclaracion: entero().positive(), codigoIngreso: z.string().trim().min(1).max(12) }),
    }),
    respuesta: sobre(filaDeclaracion),
  }),
  conciliacion: ruta({
    metodo: 'GET',
    ruta: '/Declaracion/ListarConciliacion',
    resumen: 'Declarado vs documentos vs balanza vs bultos contados, por orden con declaración',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaConciliacion),
  }),
  tolerancia: ruta({
    metodo: 'GET',
    ruta: '/Declaracion/ConsultarTolerancia',
    resumen: 'Tolerancias del control de declaraciones',
    respuesta: sobre(tolerancia),
  }),
  guardarTolerancia: ruta({
    metodo: 'POST',
    ruta: '/Declaracion/GuardarTolerancia',
    resumen: 'Actualiza las tolerancias (porcentaje de peso, bultos)',
    body: z.object({ data: formularioTolerancia }),
    respuesta: sobre(tolerancia),
  }),
  consultarLevante: ruta({
    metodo: 'POST',
    ruta: '/Declaracion/ConsultarLevante',
    resumen:
      'Consulta el levante al proveedor de aduanas, guarda la respuesta en el historial y actualiza (o crea) la declaración',
    body: z.object({ data: consultaLevanteAduana }),
    respuesta: sobre(z.object({ declaracion: filaDeclaracion, respuesta: respuestaLevante })),
  }),
  levanteManual: ruta({
    metodo: 'POST',
    ruta: '/Declaracion/RegistrarLevanteManual',
    resumen:
      'Registra a mano el levante de una declaración (consulta apagada o sin respuesta): fecha, documento visto y usuario, auditado',
    body: z.object({ data: formularioLevanteManual }),
    respuesta: sobre(filaDeclaracion),
  }),
  historialLevante: ruta({
    metodo: 'GET',
    ruta: '/Declaracion/ListarConsultasLevante',
    resumen: 'Historial de respuestas de la consulta de levante de una declaración',
    query: porDeclaracion,
    respuesta: sobre(z.array(consultaLevanteHistorial)),
  }),
};

// ---------------------------------------------------------------------------------------------------------
// Container opening act (operations/openingContainer)

export const MENSAJES_ACTA = {
  contenedorFormato: MENSAJES_CONTENEDOR.formato,
  contenedorDigito: MENSAJES_CONTENEDOR.digito,
  personasRequeridas: 'Registre al menos una persona presente',
  fotosRequeridas: 'Debe adjuntar al menos una foto de la apertura',
  actaRegistrada: (n: string) => `Acta ${n} registrada correctamente`,
  ordenSinContenedor: 'La orden no es de carga en contenedor',
  ordenNoExiste: 'No existe una orden con ese código',
} as const;

/** Container number as the spec writes it (4 letters, 6 digits, hyphen, 1 digit) with a valid ISO 6346 check digit. */
export const numeroContenedor = () =>
  z
    .string({ error: 'Este es un campo requerido' })
    .trim()
    .toUpperCase()
    .superRefine((v, c) => {
      const error = errorContenedor(v);
      if (error) c.addIssue({ code: 'custom', message: error });
    });

export const CALIDADES_PRESENTE = ['operador', 'empresa', 'aduana'] as const;
export const personaPresente = z.object({
  nombre: z.string().trim().min(3, { error: 'Ingrese el nombre' }).max(120),
  documento: z.string().trim().max(15).nullish(),
  calidad: z.enum(CALIDADES_PRESENTE, { error: 'Operador, empresa o aduana' }),
});

/** Text fields of the act's multipart form (the photos travel in `files`). */
export const camposActa = z.object({
  /** The order: its id, or its code (OP…) as the screen types it. */
  CodigoMovimiento: entero().positive().optional(),
  CodigoIngreso: z.string().trim().toUpperCase().max(12).optional(),
  NumeroContenedor: numeroContenedor(),
  CodigoTipoContenedor: z.string().trim().max(4).optional(),
  PrecintosEncontrados: z.string().trim().min(1, { error: 'Este es un campo requerido' }).max(400),
  PrecintosNuevos: z.string().trim().max(400).optional(),
  /** Lima date and time of the opening, yyyy-MM-ddTHH:mm. */
  FechaApertura: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Fecha y hora yyyy-MM-ddTHH:mm' }),
  Personas: z
    .string()
    .transform((s, c) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        c.addIssue({ code: 'custom', message: MENSAJES_ACTA.personasRequeridas });
        return z.NEVER;
      }
    })
    .pipe(z.array(personaPresente).min(1, { error: MENSAJES_ACTA.personasRequeridas }).max(12)),
  Observaciones: z.string().trim().max(2000).optional(),
});

export const filaActa = z.object({
  codigoActaApertura: z.number().int(),
  numeroActa: z.string(),
  codigoMovimiento: z.number().int(),
  codigoIngreso: z.string(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  numeroContenedor: z.string(),
  codigoTipoContenedor: z.string().nullable(),
  tipoContenedor: z.string().nullable(),
  precintosEncontrados: z.string(),
  precintosOrden: z.string().nullable(),
  precintosCoinciden: z.boolean(),
  precintosNuevos: z.string().nullable(),
  fechaApertura: instante(),
  personas: z.array(personaPresente),
  observaciones: z.string().nullable(),
  fotos: z.array(z.object({ codigoActaAperturaFoto: z.number().int(), nombreArchivo: z.string() })),
  /** The QR's code: the act's public verification page takes it with the act's number. */
  codigoVerificacion: z.string(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
});
export type FilaActa = z.infer<typeof filaActa>;

export const porActa = z.object({ CodigoActaApertura: entero().positive() });
export const verificacionActa = z.object({
  NumeroActa: z.string().trim().min(1).max(20),
  CodigoVerificacion: z.string().trim().min(1).max(100),
});
export const resultadoVerificacionActa = z.object({
  numeroActa: z.string(),
  valido: z.boolean(),
  numeroContenedor: z.string().nullable(),
  codigoIngreso: z.string().nullable(),
  fechaApertura: instante().nullable(),
});
export type ResultadoVerificacionActa = z.infer<typeof resultadoVerificacionActa>;
/** The public page the act's QR opens (outside /app). */
export const RUTA_VERIFICACION_ACTA = '/verificar-acta';

export const apiActas = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/ActaApertura/ListarDatos',
    resumen: 'Actas de apertura de contenedor (búsqueda por número de acta, contenedor u orden)',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaActa),
  }),
  consultar: ruta({
    metodo: 'GET',
    ruta: '/ActaApertura/ConsultarActa',
    resumen: 'Un acta con sus personas y fotos',
    query: porActa,
    respuesta: sobre(filaActa),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/ActaApertura/GuardarActa',
    resumen:
      'Registra un acta (multipart: CodigoMovimiento, NumeroContenedor, CodigoTipoContenedor, PrecintosEncontrados, PrecintosNuevos, FechaApertura, Personas (JSON), Observaciones, files: fotos JPG/PNG/TIF de hasta 10 MB)',
    cuerpo: 'multipart',
    respuesta: sobre(filaActa),
  }),
  descargarPdf: ruta({
    metodo: 'GET',
    ruta: '/ActaApertura/DescargarActa',
    resumen: 'PDF del acta con su QR de verificación',
    query: porActa,
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
  foto: ruta({
    metodo: 'GET',
    ruta: '/ActaApertura/DescargarFoto',
    resumen: 'Una foto del acta',
    query: z.object({ CodigoActaAperturaFoto: entero().positive() }),
    respuesta: archivo('image/jpeg'),
    tipoRespuesta: 'archivo',
  }),
  verificar: ruta({
    metodo: 'GET',
    ruta: '/ActaApertura/VerificarActa',
    resumen: 'Verificación pública de un acta (sin sesión): número y código del QR',
    query: verificacionActa,
    respuesta: sobre(resultadoVerificacionActa),
  }),
};
