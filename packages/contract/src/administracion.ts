import { z } from 'zod';
import { entero, fechaIso, requerido, versionRegistro } from './comun';
import { rucValido } from './formatos';
import { MENSAJES } from './mensajes';

/** Messages of parameters, company profile and workers (spec 02 §5, §8). */
export const MENSAJES_ADMINISTRACION = {
  rellenarObligatorios: 'Debe rellenar campos obligatorios',
  parametroRegistrado: 'Parámetro registro con éxito',
  seccionRegistrada: 'Sección registrada con éxito',
  datosActualizados: 'Datos actualizados con éxito',
  trabajadorRegistrado: 'Usuario registro con éxito',
  consultaReniec: 'Debe realizar la consulta RENIEC',
  informacionNecesaria: 'Ingrese información necesaria',
  ochoCaracteres: 'Debe Ingresar los 8 caracteres',
  // Ours, in the same tone.
  estadoActualizado: 'Estado actualizado con éxito',
  yaEnEseEstado: 'El registro ya se encuentra en ese estado.',
  parametroNoAgrega: 'Este parámetro no permite agregar valores.',
  parametroNoModifica: 'Este parámetro no permite modificar valores.',
  seccionSoloLectura: 'Esta sección es de solo lectura.',
  codigoSeccionExiste: 'El código ya existe en este parámetro.',
  nombreParametroExiste: 'Ya existe un parámetro con ese nombre.',
  nombreSeccionExiste: 'Ya existe un valor con ese nombre en este parámetro.',
  soloOperador: 'Solo el operador de la zona modifica los parámetros generales.',
  mesRegistrado: 'Ya existe un registro para este mes.',
  mesNoEditable: 'El mes no puede modificarse.',
  mesFuturo: 'El mes aún no comienza: registre el empleo del mes en curso o de uno anterior.',
  empleoGuardado: 'Registro guardado con éxito',
  prorrogaRegistrada: 'Prórroga registrada con éxito',
  prorrogaNoAutorizado: 'Su usuario no está autorizado para registrar prórrogas.',
  fechaDesdeAyer: 'La fecha no puede ser anterior a ayer',
  pdfTipo: 'No es el formato correcto!',
  pdfTamanio: 'El archivo excede 1Mb!',
  correoInvalido: (c: string) => `Correo electrónico inválido: ${c}`,
  soloMayusculas: 'Solo letras mayúsculas',
  alMenosUnDia: 'Debe marcar al menos un día',
  documentoRegistrado: 'El trabajador ya está registrado en la empresa.',
  fechaFinAnterior: 'La fecha de cese no puede ser anterior al inicio',
  finSoatAnterior: 'El fin del SOAT no puede ser anterior a su inicio',
  registroDeshabilitado: 'El registro está deshabilitado; habilítelo para editarlo.',
} as const;

/** Users allowed to add extensions (spec 02 §6): user codes 1, 48 and 202. */
export const USUARIOS_PRORROGA: readonly number[] = [1, 48, 202];
/** Workers with bulk import up to 2000 rows (spec 02 §5). */
export const LIMITE_TRABAJADORES = 2000;
export const MESES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;
export const DIAS_SEMANA = ['lunes', 'martes', 'miercoles', 'jueves', 'viernes', 'sabado', 'domingo'] as const;

const opcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` })
    .optional()
    .nullable();
const digitos = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{0,${max}}$`), { error: `Solo números, máximo ${max} dígitos` }))
    .optional()
    .nullable();

// ---- Parameters -------------------------------------------------------------------------------------

export const parametroFormulario = z.object({
  codigoParametro: entero().min(0).optional(),
  version: versionRegistro(),
  nombre: requerido(100),
  descripcion: requerido(300),
  indicardorPermiteAgregarValor: z.boolean().default(true),
  indicardorPermiteModificarValor: z.boolean().default(true),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});
export type ParametroFormulario = z.infer<typeof parametroFormulario>;

export const seccionFormulario = z.object({
  codigoParametro: entero().positive(),
  codigoSeccion: entero().min(0).optional(),
  version: versionRegistro(),
  // A code is what records store and imports type: 'X Y' could not be told from 'X' typed in a template.
  codigo: z
    .string()
    .trim()
    .max(40)
    .regex(/^\S*$/, { error: 'El código no puede contener espacios' })
    .optional()
    .nullable(),
  nombre: requerido(200),
  soloLectura: z.boolean().default(false),
  estadoAnulado: z.coerce.number().int().min(0).max(1).default(0),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});
export type SeccionFormulario = z.infer<typeof seccionFormulario>;

export const cambioEstadoParametro = z.object({
  codigoParametro: entero().positive(),
  estadoAnulado: z.coerce.number().int().min(0).max(1),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});

// ---- Company profile --------------------------------------------------------------------------------

export const empresaFormulario = z.object({
  codigoEmpresaUsuario: entero().positive(),
  version: versionRegistro(),
  ruc: requerido(11).refine(rucValido, { error: 'RUC inválido' }),
  razonSocial: requerido(200),
  nombreComercial: opcional(200),
  direccion: opcional(300),
  codigoTipoEmpresa: opcional(10),
  codigoTipoUsuario: opcional(10),
  numeroContrato: opcional(30),
  fechaContrato: fechaIso().optional().nullable().or(z.literal('')),
  fechaInicioOperacion: fechaIso().optional().nullable().or(z.literal('')),
  representanteLegal: opcional(150),
  empresaCodigoAduana: opcional(20),
  correoEletronico: z.email({ error: 'Correo electrónico inválido' }).max(150).optional().nullable().or(z.literal('')),
  numeroTelefonico: digitos(9),
  codigoTipoActividad: opcional(10),
  codigoCondicion: opcional(10),
  indicadorAlmacenActivo: z.boolean().optional(),
});
export type EmpresaFormulario = z.infer<typeof empresaFormulario>;

/** Notification e-mails: several, separated by semicolons (spec 02 §5). */
export const correosNotificacion = z.object({
  codigoEmpresaUsuario: entero().positive(),
  version: versionRegistro(),
  correoElectronicoNotificacion: z
    .string()
    .max(1000)
    .transform((v) =>
      v
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .superRefine((lista, c) => {
      for (const correo of lista) {
        if (!z.email().safeParse(correo).success)
          c.addIssue({ code: 'custom', message: MENSAJES_ADMINISTRACION.correoInvalido(correo) });
      }
      if (lista.length > 10) c.addIssue({ code: 'custom', message: 'Máximo 10 correos' });
    }),
});

const monto = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{0,9}(\.\d{1,2})?$/, { error: 'Solo números, máximo 9 dígitos' }))
  .optional()
  .nullable();

/** An area in m² (spec: at most 6 characters): digits with up to 2 decimals; '-5' or 'abc' used to be saved. */
const area = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .max(6, { error: 'Máximo 6 caracteres' })
      .regex(/^(\d+(\.\d{1,2})?)?$/, { error: 'Solo números (m²), hasta 2 decimales' }),
  )
  .optional()
  .nullable();

export const datosAdicionales = z.object({
  codigoEmpresaUsuario: entero().positive(),
  version: versionRegistro(),
  areaTotal: area,
  numeroLote: opcional(6),
  areaConstruida: area,
  inversionComprometida: monto,
  inversionNacional: monto,
  inversionExtranjera: monto,
});

const cuenta = z
  .union([z.string(), z.number()], { error: MENSAJES.requerido })
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1, { error: MENSAJES.requerido, abort: true })
      .regex(/^\d{1,4}$/, { error: 'Solo números, máximo 4 dígitos' }),
  )
  .transform(Number);

/** Monthly employment counts: the five fields are required, numeric, at most 4 digits (spec 02 §5). */
export const empleoFormulario = z.object({
  CodigoEmpresaUsuarioEmpleado: entero().min(0).optional(),
  /** The version the edit was read at: a save over a newer one is refused (409). */
  version: versionRegistro(),
  codigoEmpresaUsuario: entero().optional(),
  anioMes: z
    .string({ error: MENSAJES.requerido })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'El mes debe tener el formato yyyy-MM' }),
  numeroPeruana: cuenta,
  numeroPeruano: cuenta,
  numeroExtranjero: cuenta,
  numeroEmpleadoIndirecto: cuenta,
  usuarioRegistro: z.string().max(60).optional().nullable(),
});
export type EmpleoFormulario = z.infer<typeof empleoFormulario>;

/** Enable/disable a monthly employment record: estado is the new estadoAnulado (1 disables, 0 enables). */
export const cambioEstadoEmpleo = z.object({
  CodigoEmpresaUsuarioEmpleado: entero().positive(),
  estado: z.coerce.number().int().min(0).max(1),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});

export const prorrogaFormulario = z.object({
  FechaExpiracionHasta: fechaIso(),
  DocumentoAutorizacion: requerido(30),
  CodigoEmpresaUsuario: entero().positive({ error: MENSAJES.requerido }),
  UsuarioRegistro: z.string().max(60).optional(),
  CodigoUsuario: z.string().optional(),
});

// ---- Workers ----------------------------------------------------------------------------------------

const nombreMayusculas = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` })
    .regex(/^[A-ZÁÉÍÓÚÑÜ' ]*$/, { error: MENSAJES_ADMINISTRACION.soloMayusculas });
const dia = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) =>
    v === true || v === 1 || v === '1' || v === 'SI' || v === 'Sí' || v === 'SÍ' || v === 'S' ? 1 : 0,
  );
const fechaOpcional = fechaIso()
  .optional()
  .nullable()
  .or(z.literal('').transform(() => null));

/** The worker form (spec 02 §3 Worker, §5 Worker). The same schema validates every imported row. */
export const trabajadorFormulario = z
  .object({
    codigoControlColaboradorEmpresa: entero().min(0).optional(),
    version: versionRegistro(),
    codigoEmpresaUsuario: entero().optional(),
    condicionLaboral: requerido(4),
    codeTipoDocumentoPeaton: requerido(4).refine((v) => v !== '3', { error: 'Tipo de documento no permitido' }),
    numeroDocumentoIdentidad: requerido(12).regex(/^\d+$/, { error: 'Solo se permiten números' }),
    apellidoPaterno: nombreMayusculas(20).default(''),
    apellidoMaterno: nombreMayusculas(20).default(''),
    nombre: nombreMayusculas(30).default(''),
    codigoPersona: entero().positive().optional().nullable(),
    genero: opcional(4),
    nacionalidad: opcional(4),
    codigoCargo: requerido(60),
    codigoControl: requerido(20),
    fechaInicioContrato: z
      .string({ error: MENSAJES.requerido })
      .min(1, { error: MENSAJES.requerido, abort: true })
      .pipe(fechaIso()),
    fechaVencimientoContrato: fechaOpcional,
    placa: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z0-9]{3}-\d{3,4})?$/, { error: 'Formato correcto es Ej: ABC-123' })
      .optional()
      .nullable(),
    fechaInicioSoat: fechaOpcional,
    fechaFinSoat: fechaOpcional,
    lunes: dia.default(0),
    martes: dia.default(0),
    miercoles: dia.default(0),
    jueves: dia.default(0),
    viernes: dia.default(0),
    sabado: dia.default(0),
    domingo: dia.default(0),
    usuarioRegistro: z.string().max(60).optional().nullable(),
  })
  .superRefine((f, c) => {
    if (f.codeTipoDocumentoPeaton === '1' && f.numeroDocumentoIdentidad.length !== 8) {
      c.addIssue({
        code: 'custom',
        path: ['numeroDocumentoIdentidad'],
        message: MENSAJES_ADMINISTRACION.ochoCaracteres,
      });
    }
    if (f.codeTipoDocumentoPeaton !== '1' && f.numeroDocumentoIdentidad.length > 12) {
      c.addIssue({ code: 'custom', path: ['numeroDocumentoIdentidad'], message: 'Máximo 12 caracteres' });
    }
    if (!f.nombre || !f.apellidoPaterno) {
      c.addIssue({ code: 'custom', path: ['nombre'], message: MENSAJES_ADMINISTRACION.informacionNecesaria });
    }
    if (DIAS_SEMANA.every((d) => f[d] === 0)) {
      c.addIssue({ code: 'custom', path: ['lunes'], message: MENSAJES_ADMINISTRACION.alMenosUnDia });
    }
    if (f.fechaVencimientoContrato && f.fechaVencimientoContrato < f.fechaInicioContrato) {
      c.addIssue({
        code: 'custom',
        path: ['fechaVencimientoContrato'],
        message: MENSAJES_ADMINISTRACION.fechaFinAnterior,
      });
    }
    if (f.fechaInicioSoat && f.fechaFinSoat && f.fechaFinSoat < f.fechaInicioSoat) {
      c.addIssue({ code: 'custom', path: ['fechaFinSoat'], message: MENSAJES_ADMINISTRACION.finSoatAnterior });
    }
  });
export type TrabajadorFormulario = z.infer<typeof trabajadorFormulario>;

/** Enable/disable a worker: estado is the new estadoAnulado (1 disables, 0 enables). */
export const cambioEstadoTrabajador = z.object({
  codigoControlColaboradorEmpresa: entero().positive(),
  estado: z.coerce.number().int().min(0).max(1),
  usuarioRegistro: z.string().max(60).optional().nullable(),
});
