import { z } from 'zod';
import { cambioEstadoTrabajador, trabajadorFormulario } from '../administracion';
import { consultaPaginada, entero, ordenarPor } from '../comun';
import { dia, instante, ruta, sobre, sobrePaginado } from './definicion';
import { formularioEnData } from './parametros';

const diasSemana = {
  lunes: z.number().int(),
  martes: z.number().int(),
  miercoles: z.number().int(),
  jueves: z.number().int(),
  viernes: z.number().int(),
  sabado: z.number().int(),
  domingo: z.number().int(),
};

/** A row of Lista de Trabajadores (spec 02 §3 Worker list fields: colaborador, lunes..domingo 1 = yes, fechaCese). */
export const filaTrabajador = z.object({
  codigoControlColaboradorEmpresa: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  ruc: z.string(),
  razonSocial: z.string(),
  codeTipoDocumentoPeaton: z.string(),
  numeroDocumentoIdentidad: z.string(),
  colaborador: z.string(),
  nacionalidad: z.string().nullable(),
  codigoCargo: z.string(),
  codigoControl: z.string(),
  ...diasSemana,
  /** End of employment; null while the worker is still working. */
  fechaCese: dia().nullable(),
  estadoAnulado: z.number().int(),
});
export type FilaTrabajador = z.infer<typeof filaTrabajador>;

/** A worker as the form edits it (spec 02 §3 Worker): dias lists the weekdays (1 Monday … 7 Sunday). */
export const trabajador = z.object({
  codigoControlColaboradorEmpresa: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  condicionLaboral: z.string(),
  codeTipoDocumentoPeaton: z.string(),
  numeroDocumentoIdentidad: z.string(),
  apellidoPaterno: z.string(),
  apellidoMaterno: z.string(),
  nombre: z.string(),
  nombreCompleto: z.string(),
  codigoPersona: z.number().int().nullable(),
  genero: z.string().nullable(),
  nacionalidad: z.string().nullable(),
  codigoCargo: z.string(),
  /** Access card number. */
  codigoControl: z.string(),
  fechaInicioContrato: dia(),
  fechaVencimientoContrato: dia().nullable(),
  placa: z.string().nullable(),
  fechaInicioSoat: dia().nullable(),
  fechaFinSoat: dia().nullable(),
  ...diasSemana,
  dias: z.array(z.number().int()),
  estadoAnulado: z.number().int(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
  /** Sent back with an edit (optimistic lock). */
  version: z.number().int(),
});
export type Trabajador = z.infer<typeof trabajador>;

/** Lista de Trabajadores (spec 02 §7 Workers). The bulk upload is apiCatalogo.importar (TipoCarga=trabajadores). */
/** What the workers list sorts by: identity document and name (as shown, surnames first). */
export const ORDEN_TRABAJADORES = ['numeroDocumentoIdentidad', 'colaborador'] as const;
export const consultaTrabajadores = consultaPaginada.extend(ordenarPor(ORDEN_TRABAJADORES));
export type ConsultaTrabajadores = z.infer<typeof consultaTrabajadores>;

export const apiTrabajadores = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/ControlColaboradorEmpresa/ConsultaBandejaControlColaboradorEmpresa',
    resumen:
      'Lista de Trabajadores (paginada; columnas RUC, DOCUMENTO, COLABORADOR; se ordena por numeroDocumentoIdentidad o colaborador)',
    query: consultaTrabajadores,
    respuesta: sobrePaginado(filaTrabajador),
  }),
  consultar: ruta({
    metodo: 'GET',
    ruta: '/ControlColaboradorEmpresa/record/:id',
    resumen: 'Un trabajador, como lo edita el formulario',
    params: z.object({ id: entero().positive() }),
    respuesta: sobre(trabajador),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/ControlColaboradorEmpresa/GuardarControColaboradorEmpresa',
    resumen: 'Registra o edita un trabajador (para DNI, los nombres son los de la consulta RENIEC)',
    body: formularioEnData(trabajadorFormulario),
    /** The worker's code. */
    respuesta: sobre(z.number().int()),
  }),
  cambiarEstado: ruta({
    metodo: 'POST',
    ruta: '/ControlColaboradorEmpresa/CambiarEstadoAnulado',
    resumen: 'Deshabilita (estado 1) o habilita (estado 0) un trabajador',
    body: cambioEstadoTrabajador,
    respuesta: sobre(z.boolean()),
  }),
};
