import { z } from 'zod';
import { fechaIso, requerido } from './comun';
import { MENSAJES } from './mensajes';

/** Identity lookup (ConsultaDocumentoIdentidad/ConsultarPersona, Persona/ConsultarPersona). */
export const consultaPersonaEntrada = z.object({
  numeroDocumentoIdentidad: z
    .string({ error: MENSAJES.requerido })
    .trim()
    .min(1, { error: MENSAJES.requerido })
    .max(12),
  codigoTipoDocumentoIdentidad: z.coerce.string().trim().max(4).default('1'),
  usuarioCreacion: z.string().max(60).nullish(),
});

const letras = (max: number) =>
  requerido(max)
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-ZÁÉÍÓÚÑÜ' .-]+$/.test(v), { error: 'Solo letras' });

/** 'Registro Usuario' (foreign person): nombres and both surnames required (spec 01 §5). */
export const personaFormulario = z.object({
  numeroDocumentoIdentidad: requerido(12).refine((v) => /^[A-Za-z0-9-]+$/.test(v), {
    error: 'Solo letras y números',
  }),
  codigoTipoDocumentoIdentidad: z.coerce.string().trim().min(1, { error: MENSAJES.requerido }).max(4),
  apellidoPaterno: letras(20),
  apellidoMaterno: letras(20),
  nombres: letras(30),
  usuarioCreacion: z.string().max(60).nullish(),
});
export type PersonaFormulario = z.input<typeof personaFormulario>;

export const consultaEmpresaEntrada = z.object({
  ruc: z.string({ error: MENSAJES.requerido }).trim().min(1, { error: MENSAJES.requerido }).max(13),
  /** Whose carrier contract dates to return (operator staff acting for a company). */
  codigoEmpresaUsuario: z.coerce.number().int().nullish(),
});

/** Contract validity of a carrier ('Registrar vigencia Transpotista'); default 364 days (spec 01 §4). */
export const DIAS_VIGENCIA_TRANSPORTISTA = 364;
export const transportistaVigenciaFormulario = z
  .object({
    razonSocial: requerido(200),
    ruc: requerido(13),
    direccion: z.string().trim().max(300).nullish(),
    fechaInicio: fechaIso().nullish(),
    fechaCese: fechaIso().nullish(),
    codigoEmpresaUsuario: z.coerce.number().int().nullish(),
    /** '6' RUC (national, check digits) or '0' foreign tax id (parameter 64). */
    /** Any other code used to be taken as foreign, saving a national RUC without its check digits. */
    codigoTipoDocumentoEmpresa: z.enum(['6', '0'], { error: 'Tipo de documento no válido' }).default('6'),
    usuarioRegistro: z.string().max(60).nullish(),
  })
  .refine((t) => !t.fechaInicio || !t.fechaCese || t.fechaInicio <= t.fechaCese, {
    path: ['fechaCese'],
    error: 'La fecha de cese debe ser posterior a la de inicio',
  });
