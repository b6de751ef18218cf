import { z } from 'zod';
import { consultaEmpresaEntrada, consultaPersonaEntrada, personaFormulario } from '../persona';
import { dia, ruta, sobre } from './definicion';

/**
 * A lookup's answer: found (success true, data) or not found, still a 200, with success false, data null and
 * the spec's message for the screen ('Usuario no registrado', 'Error en la busqueda, intente nuevamente',
 * 'RUC no encontrado o inválido', …).
 */
export const sobreConsulta = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.boolean(), message: z.string(), data: data.nullable() });

/** A person of the identity registry (spec 01 §3 Person; §7 identity lookups). */
export const personaEncontrada = z.object({
  codigoPersona: z.number().int(),
  numeroDocumentoIdentidad: z.string(),
  codigoTipoDocumentoIdentidad: z.string(),
  apellidoPaterno: z.string(),
  apellidoMaterno: z.string(),
  nombres: z.string(),
  nombreCompleto: z.string(),
  /** Who registered the person by hand ('Registro Usuario'); null when it came from a provider or the seed. */
  usuarioCreacion: z.string().nullable(),
});
export type PersonaEncontrada = z.infer<typeof personaEncontrada>;

/** A company found by RUC, with the acting company's carrier contract dates when there is one (spec 01 §7). */
export const empresaEncontrada = z.object({
  ruc: z.string(),
  razonSocial: z.string(),
  direccion: z.string().nullable(),
  estado: z.string().nullable(),
  condicion: z.string().nullable(),
  fechaInicio: dia().nullable(),
  fechaFin: dia().nullable(),
});
export type EmpresaEncontrada = z.infer<typeof empresaEncontrada>;

/** People and companies lookups (spec 01 §7) through the adapters of DOMAIN.md §7. */
export const apiPersona = {
  consultarDocumentoIdentidad: ruta({
    metodo: 'POST',
    ruta: '/ConsultaDocumentoIdentidad/ConsultarPersona',
    resumen: 'Consulta de persona por documento (DNI: registro local y proveedor de identidad; otros: registro local)',
    body: consultaPersonaEntrada,
    respuesta: sobreConsulta(personaEncontrada),
  }),
  consultarPersona: ruta({
    metodo: 'POST',
    ruta: '/Persona/ConsultarPersona',
    resumen: 'Consulta de persona extranjera en el registro local',
    body: consultaPersonaEntrada,
    respuesta: sobreConsulta(personaEncontrada),
  }),
  guardarPersona: ruta({
    metodo: 'POST',
    ruta: '/Persona/GuardarPersona',
    resumen: "Registro manual de una persona ('Registro Usuario')",
    body: personaFormulario,
    respuesta: sobre(personaEncontrada),
  }),
  consultarEmpresa: ruta({
    metodo: 'POST',
    ruta: '/Empresa/ConsultarEmpresa',
    resumen: 'Consulta de empresa por RUC (registros locales y proveedor tributario)',
    body: consultaEmpresaEntrada,
    respuesta: sobreConsulta(empresaEncontrada),
  }),
};
