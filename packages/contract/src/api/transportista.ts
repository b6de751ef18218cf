import { z } from 'zod';
import { consultaPaginada, ordenarPor } from '../comun';
import { transportistaVigenciaFormulario } from '../persona';
import { dia, ruta, sobre, sobrePaginado } from './definicion';

/** VIGENTE unless its start date is the minimum date or its end date is before today (spec 01 §4). */
export const estadoContrato = z.enum(['VIGENTE', 'VENCIDO']);

/** A row of the transporter truck list (spec 01 §2; spec 02 §3 Carrier). */
export const filaTransportista = z.object({
  codigoTransportistaUsuario: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  /** The user company's name. */
  empresaUsuario: z.string(),
  ruc: z.string(),
  razonSocial: z.string(),
  direccion: z.string().nullable(),
  fechaInicio: dia().nullable(),
  fechaCese: dia().nullable(),
  extranjero: z.boolean(),
  estadoContrato,
});
export type FilaTransportista = z.infer<typeof filaTransportista>;

/**
 * What the carriers list sorts by: RUC, name and the contract's dates (the contract state follows the end date, and
 * depends on today, so it is not a sort of its own).
 */
export const ORDEN_TRANSPORTISTAS = ['ruc', 'razonSocial', 'fechaInicio', 'fechaCese'] as const;
export const consultaTransportistas = consultaPaginada.extend(ordenarPor(ORDEN_TRANSPORTISTAS));
export type ConsultaTransportistas = z.infer<typeof consultaTransportistas>;

/** The carriers of the user companies and their contract validity. */
export const apiTransportista = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/TransportistaUsuario/ListarDatos',
    resumen:
      'Lista de transportistas (paginada; búsqueda por TV.RUC o TV.RAZON_SOCIAL; se ordena por ruc, razonSocial, fechaInicio o fechaCese)',
    query: consultaTransportistas,
    respuesta: sobrePaginado(filaTransportista),
  }),
  guardarVigencia: ruta({
    metodo: 'POST',
    ruta: '/TransportistaUsuario/GuardarTransportistaVigencia',
    resumen: "'Registrar vigencia Transpotista': registra o renueva el contrato del transportista (364 días)",
    body: transportistaVigenciaFormulario,
    respuesta: sobre(
      z.object({
        codigoTransportistaUsuario: z.number().int(),
        nombreTransportista: z.string(),
        ruc: z.string(),
        fechaInicio: dia(),
        fechaCese: dia(),
        estadoContrato,
      }),
    ),
  }),
};
