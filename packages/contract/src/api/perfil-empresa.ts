import { z } from 'zod';
import {
  cambioEstadoEmpleo,
  correosNotificacion,
  datosAdicionales,
  empleoFormulario,
  empresaFormulario,
} from '../administracion';
import { consultaPaginada, entero } from '../comun';
import { archivo, dia, instante, ruta, sobre, sobrePaginado } from './definicion';
import { formularioEnData } from './parametros';

/**
 * The company profile (spec 02 §3 Company, notification e-mails, additional data). Amounts are the stored
 * decimal text ('150000.00'), as the form edits them.
 */
export const perfilEmpresa = z.object({
  codigoEmpresaUsuario: z.number().int(),
  ruc: z.string(),
  razonSocial: z.string(),
  nombreComercial: z.string().nullable(),
  direccion: z.string().nullable(),
  codigoTipoEmpresa: z.string().nullable(),
  codigoTipoUsuario: z.string().nullable(),
  codigoTipoActividad: z.string().nullable(),
  codigoCondicion: z.string().nullable(),
  numeroContrato: z.string().nullable(),
  fechaContrato: dia().nullable(),
  fechaInicioOperacion: dia().nullable(),
  representanteLegal: z.string().nullable(),
  empresaCodigoAduana: z.string().nullable(),
  /** The spec's spelling. */
  correoEletronico: z.string().nullable(),
  numeroTelefonico: z.string().nullable(),
  correoElectronicoNotificacion: z.string().nullable(),
  areaTotal: z.string().nullable(),
  numeroLote: z.string().nullable(),
  areaConstruida: z.string().nullable(),
  inversionComprometida: z.string().nullable(),
  inversionNacional: z.string().nullable(),
  inversionExtranjera: z.string().nullable(),
  indicadorAlmacenActivo: z.boolean(),
  indicadorRegistroEspecialExcel: z.boolean(),
  indicadorBloqueo: z.boolean(),
  estadoAnulado: z.number().int(),
  fechaRegistro: instante(),
  usuarioRegistro: z.string().nullable(),
  /** Sent back with each card's save (optimistic lock). */
  version: z.number().int(),
});
export type PerfilEmpresa = z.infer<typeof perfilEmpresa>;

/** A monthly employment record (spec 02 §3), with the year and month name the list shows. */
export const filaEmpleo = z.object({
  CodigoEmpresaUsuarioEmpleado: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  anioMes: z.string(),
  anio: z.number().int(),
  descripcionMes: z.string(),
  numeroPeruana: z.number().int(),
  numeroPeruano: z.number().int(),
  numeroExtranjero: z.number().int(),
  numeroEmpleadoIndirecto: z.number().int(),
  estadoAnulado: z.number().int(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
  /** Sent back with an edit (optimistic lock). */
  version: z.number().int(),
});
export type FilaEmpleo = z.infer<typeof filaEmpleo>;

/** An extension (prórroga) of the Prorrogas tab (spec 02 §3 Extension list). */
export const filaProrroga = z.object({
  codigoEmpresaListaBlanca: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  ruc: z.string(),
  empresa: z.string(),
  fechaExpiracionHasta: dia(),
  documentoAutorizacion: z.string(),
  usuarioRegistro: z.string().nullable(),
  /** 1 Activo (the newest of the company, not expired), 0 Inactivo. */
  estadoRegistro: z.number().int(),
  /** The download path of the PDF (EmpresaListaBlanca/DescargarArchivo). */
  rutaArchivo: z.string(),
  nombreArchivo: z.string(),
  fechaRegistro: instante(),
});
export type FilaProrroga = z.infer<typeof filaProrroga>;

/** Company profile: company form, notification e-mails, additional data, employment counts, extensions. */
export const apiPerfilEmpresa = {
  consultar: ruta({
    metodo: 'GET',
    ruta: '/EmpresaUsuario/ConsultaEmpresaUsuario',
    resumen: 'Datos de la empresa (la propia, o la elegida por el operador)',
    query: z.object({ CodigoEmpresaUsuario: entero().optional() }),
    respuesta: sobre(perfilEmpresa),
  }),
  actualizarEmpresa: ruta({
    metodo: 'POST',
    ruta: '/EmpresaUsuario/ActualizaEmpresaUsuario',
    resumen: 'Actualiza los datos de la empresa',
    body: z.object({ data: empresaFormulario }),
    respuesta: sobre(z.boolean()),
  }),
  actualizarCorreos: ruta({
    metodo: 'POST',
    ruta: '/EmpresaUsuario/ActualizaCorreoNotificacion',
    resumen: 'Actualiza los correos de notificación (separados por punto y coma)',
    body: z.object({ data: correosNotificacion }),
    respuesta: sobre(z.boolean()),
  }),
  actualizarAdicionales: ruta({
    metodo: 'POST',
    ruta: '/EmpresaUsuario/ActualizaDatosAdicionales',
    resumen: 'Actualiza la información adicional (lote, áreas, inversiones)',
    body: z.object({ data: datosAdicionales }),
    respuesta: sobre(z.boolean()),
  }),
  listarEmpleo: ruta({
    metodo: 'GET',
    ruta: '/EmpresaUsuarioEmpleado/ListarDatos',
    resumen: 'Empleo mensual de la empresa (paginado)',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaEmpleo),
  }),
  consultarEmpleo: ruta({
    metodo: 'GET',
    ruta: '/EmpresaUsuarioEmpleado/ConsultarDatos',
    resumen: 'Un registro de empleo mensual',
    query: z.object({
      CodigoEmpresaUsuarioEmpleado: entero().positive(),
      CodigoEmpresaUsuario: entero().optional(),
    }),
    respuesta: sobre(filaEmpleo),
  }),
  guardarEmpleo: ruta({
    metodo: 'POST',
    ruta: '/EmpresaUsuarioEmpleado/GuardarDatos',
    resumen: 'Registra o edita el empleo de un mes (el mes no cambia al editar)',
    body: formularioEnData(empleoFormulario),
    /** The record's code. */
    respuesta: sobre(z.number().int()),
  }),
  cambiarEstadoEmpleo: ruta({
    metodo: 'POST',
    ruta: '/EmpresaUsuarioEmpleado/CambiarEstadoAnulado',
    resumen: 'Deshabilita (estado 1) o habilita (estado 0) un registro de empleo mensual',
    body: cambioEstadoEmpleo,
    respuesta: sobre(z.boolean()),
  }),
  listarProrrogas: ruta({
    metodo: 'GET',
    ruta: '/EmpresaListaBlanca/ListarDatos',
    resumen: 'Prórrogas (lista blanca) de la empresa (paginadas)',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaProrroga),
  }),
  registrarProrroga: ruta({
    metodo: 'POST',
    ruta: '/EmpresaListaBlanca/GuardarEmpresaListaBlanca',
    resumen:
      'Registra una prórroga con su PDF (usuarios 1, 48 y 202). Campos: FechaExpiracionHasta, ' +
      'DocumentoAutorizacion, CodigoEmpresaUsuario, archivo (PDF de hasta 1 MB)',
    cuerpo: 'multipart',
    /** The extension's code. */
    respuesta: sobre(z.number().int()),
  }),
  descargarProrroga: ruta({
    metodo: 'GET',
    ruta: '/EmpresaListaBlanca/DescargarArchivo',
    resumen: 'PDF de autorización de una prórroga',
    query: z.object({ CodigoEmpresaListaBlanca: entero().positive() }),
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
};
