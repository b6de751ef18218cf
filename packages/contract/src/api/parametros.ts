import { z } from 'zod';
import { cambioEstadoParametro, parametroFormulario, seccionFormulario } from '../administracion';
import { consultaPaginada, entero } from '../comun';
import { ruta, sobre, sobrePaginado } from './definicion';

/**
 * A form sent as `{ data: form }` that the route validates itself, so that a refusal answers 422 with the
 * screen's own message ('Debe rellenar campos obligatorios') and the fields: the client is typed with the
 * form's schema, the route receives `data` as sent.
 */
export const formularioEnData = <T extends z.ZodType>(_formulario: T) =>
  z.object({ data: z.unknown() }) as unknown as z.ZodType<{ data: unknown }, { data: z.input<T> }>;

/** A lookup value as every ConsultaParametro call returns it. */
export const valorParametro = z.object({ codigo: z.string(), descripcion: z.string() });
export type ValorParametro = z.infer<typeof valorParametro>;

/** A parameter group of Parámetros Generales (spec 02 §3 Parameter), with its count of sections. */
export const filaParametro = z.object({
  codigoParametro: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  indicardorPermiteAgregarValor: z.boolean(),
  indicardorPermiteModificarValor: z.boolean(),
  estadoRegistro: z.number().int(),
  version: z.number().int(),
  secciones: z.number().int(),
});
export type FilaParametro = z.infer<typeof filaParametro>;

/** A section (lookup value) of a parameter (spec 02 §3 Section). */
export const filaSeccion = z.object({
  codigoParametro: z.number().int(),
  codigoSeccion: z.number().int(),
  codigo: z.string(),
  nombre: z.string(),
  soloLectura: z.boolean(),
  estadoAnulado: z.number().int(),
  orden: z.number().int(),
  version: z.number().int(),
});
export type FilaSeccion = z.infer<typeof filaSeccion>;

/** The parameter with all its sections (enabled or not). */
export const bandejaParametro = filaParametro.omit({ secciones: true }).extend({ secciones: z.array(filaSeccion) });

const consultaParametro = z.object({ CodigoParametro: entero().positive() });
const valores = sobre(z.array(valorParametro));

/**
 * Lookups (spec 01 §7: three paths read the same groups, every signed-in user may read them) and Parámetros
 * Generales: groups and their sections (spec 02 §7 Parameters).
 */
export const apiParametros = {
  consultar: ruta({
    metodo: 'GET',
    ruta: '/Parametro/ConsultaParametro',
    resumen: 'Valores habilitados de un grupo de parámetros, en orden',
    query: consultaParametro,
    respuesta: valores,
  }),
  consultarMovimiento: ruta({
    metodo: 'GET',
    ruta: '/Movimiento/ConsultaParametro',
    resumen: 'Valores habilitados de un grupo de parámetros (ruta de la orden; 56 = tipos de documento)',
    query: consultaParametro,
    respuesta: valores,
  }),
  consultarValor: ruta({
    metodo: 'GET',
    ruta: '/ParametroValor/ConsultaParametro',
    resumen: 'Valores habilitados de un grupo de parámetros',
    query: consultaParametro,
    respuesta: valores,
  }),
  listar: ruta({
    metodo: 'GET',
    ruta: '/Parametro/ListarDatos',
    resumen: 'Parámetros Generales (paginado)',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaParametro),
  }),
  bandeja: ruta({
    metodo: 'GET',
    ruta: '/Parametro/ConsultarBandejaParametroTabla',
    resumen: 'Un parámetro con todas sus secciones',
    query: consultaParametro,
    respuesta: sobre(bandejaParametro),
  }),
  guardar: ruta({
    metodo: 'POST',
    ruta: '/Parametro/GuardarParametro',
    resumen: 'Registra o edita un parámetro',
    body: formularioEnData(parametroFormulario),
    /** The parameter's code. */
    respuesta: sobre(z.number().int()),
  }),
  cambiarEstado: ruta({
    metodo: 'POST',
    ruta: '/Parametro/CambiarEstadoAnuladoParametro',
    resumen: 'Deshabilita (estadoAnulado 1) o habilita (0) un parámetro',
    body: cambioEstadoParametro,
    respuesta: sobre(z.boolean()),
  }),
  listarSecciones: ruta({
    metodo: 'GET',
    ruta: '/ParametroSeccion/ListarDatos',
    resumen: 'Secciones de un parámetro (paginadas)',
    query: consultaPaginada.extend({ CodigoParametro: entero().positive() }),
    respuesta: sobrePaginado(filaSeccion),
  }),
  guardarSeccion: ruta({
    metodo: 'POST',
    ruta: '/ParametroSeccion/GuardarParametroSeccion',
    resumen: 'Registra o edita una sección de un parámetro',
    body: formularioEnData(seccionFormulario),
    /** The section's code. */
    respuesta: sobre(z.number().int()),
  }),
};
