import { z } from 'zod';
import { entero } from '../comun';
import {
  busquedaControlSeguridad,
  formularioControl,
  guardarTransportistaUsuario,
  porMovimiento,
} from '../etapas-formularios';
import { ruta, sobre, sobreVacio } from './definicion';
import { datosControlEtapa, filaEtapa, itemControlEtapa } from './etapas';

/** Checklist items of a control type for an entry type (spec 03 §7.1: CodigoTipoControl=6). */
export const consultaItemsControl = z.object({
  CodigoTipoControl: entero().min(1).max(6),
  CodigoTipoIngreso: z.string().trim().min(2).max(2),
});

/** The 'Registro Empresa' answer (spec 03 §3.13): the carrier company saved. */
export const transportistaRegistrado = z.object({
  codigoTransportistaUsuario: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  ruc: z.string(),
  razonSocial: z.string(),
  direccion: z.string().nullable(),
  extranjero: z.boolean(),
});

/** Security control on entry (spec 03 §2.1, §7.1), its debt block, the driver dialog and 'Registro Empresa'. */
export const apiControlSeguridad = {
  buscar: ruta({
    metodo: 'GET',
    ruta: '/ControlSeguridad/ConsultarMovimientoControl',
    resumen: 'Órdenes en control de ingreso (estado 1) por código o documento; sin resultados, la advertencia',
    query: busquedaControlSeguridad,
    respuesta: sobre(z.array(filaEtapa)),
  }),
  datosControl: ruta({
    metodo: 'GET',
    ruta: '/ControlSeguridad/ConsultaMovimientoDatosControl',
    resumen: 'Datos de control de una orden (persona, vehículo, documentos, líneas, etapas registradas)',
    query: porMovimiento,
    respuesta: sobre(datosControlEtapa),
  }),
  items: ruta({
    metodo: 'GET',
    ruta: '/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle',
    resumen: 'Ítems de revisión configurados de un tipo de control para un tipo de ingreso',
    query: consultaItemsControl,
    respuesta: sobre(z.array(itemControlEtapa)),
  }),
  itemsSalida: ruta({
    metodo: 'GET',
    ruta: '/Balanza/ConsultaConfiguracionTipoControlDetalle',
    resumen: 'Ítems de revisión del control de salida (la misma consulta, ruta de la spec 03 §7.2)',
    query: consultaItemsControl,
    respuesta: sobre(z.array(itemControlEtapa)),
  }),
  guardarIngreso: ruta({
    metodo: 'POST',
    ruta: '/ControlSeguridad/GuardarVerificacionControlIngreso',
    resumen:
      'Control de ingreso (tipo 1): la orden pasa a pesaje. Ítems sin marcar exigen la observación con el motivo',
    body: formularioControl,
    respuesta: sobre(z.object({ codigoControlMovimiento: z.number().int() })),
  }),
  bloqueo: ruta({
    metodo: 'GET',
    ruta: '/EmpresaUsuario/ConsultaEmpresaUsuarioBloqueo',
    resumen: 'Bloqueo por deuda de la empresa usuaria (spec 03 §4.6)',
    query: z.object({ Codigo: entero().positive() }),
    respuesta: sobre(z.object({ indicadorBloqueo: z.boolean() })),
  }),
  actualizarTransportista: ruta({
    metodo: 'POST',
    ruta: '/Movimiento/ActualizaDatosTransportistaMovimiento',
    resumen:
      'Conductor, transportista y pesos declarados de una orden en control de ingreso (validado con el mensaje del diálogo)',
    body: z.record(z.string(), z.unknown()),
    respuesta: sobreVacio,
  }),
  guardarTransportista: ruta({
    metodo: 'POST',
    ruta: '/TransportistaUsuario/GuardarTransportistaUsuario',
    resumen: "'Registro Empresa': un transportista extranjero de la empresa usuaria (success 'true')",
    body: guardarTransportistaUsuario,
    respuesta: sobre(transportistaRegistrado, { exito: 'texto' }),
  }),
};
