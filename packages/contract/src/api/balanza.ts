import { z } from 'zod';
import { entero } from '../comun';
import {
  busquedaBalanza,
  capturaPrimerPesaje,
  capturaSegundoPesaje,
  formularioControl,
  formularioPesaje,
  porMovimiento,
} from '../etapas-formularios';
import { ruta, sobre, sobrePaginado } from './definicion';
import { datosControlEtapa, filaEtapa, lineaEtapa } from './etapas';

/** A weight captured from the scale (spec 03 §7.2: peso, pesoBruto, pesoNeto, pesoTara). */
export const capturaPesaje = z.object({
  /** Ours: the stored capture the save will use. */
  codigoPesaje: z.number().int(),
  numeroCarreta: z.number().int(),
  peso: z.number(),
  pesoBruto: z.number(),
  pesoNeto: z.number(),
  pesoTara: z.number(),
  /** The indicator's raw frame (null without a scale). */
  trama: z.string().nullable(),
  connected: z.boolean(),
});

/** The exit capture: the first weight's figures computed against this one (spec 03 §7.2). */
export const capturaSegundoPesajeRespuesta = capturaPesaje.extend({
  pesoSegundaCarreta: z.number(),
  pesoEntrada: z.number(),
});

/** What a weighing save recorded (the server's own captures; spec 03 §5.2). */
export const resultadoPesaje = z.object({
  codigoControlMovimiento: z.number().int(),
  codigoTipoBalanza: z.number().int(),
  peso: z.number(),
  pesoCarreta: z.number(),
  pesoBruto: z.number().nullable(),
  pesoTara: z.number().nullable(),
  pesoNeto: z.number().nullable(),
  pesoTotalMercancia: z.number().nullable(),
  /** Exit weighing: the entry weight the net was computed against. */
  pesoEntrada: z.number().optional(),
  capturas: z.array(z.number().int()),
});

/** The live state of a scale type's indicator (ours). */
export const estadoBalanza = z.object({
  connected: z.boolean(),
  simulador: z.boolean(),
  protocolo: z.string().optional(),
  ultimaLectura: z
    .object({
      peso: z.number(),
      estable: z.boolean().nullable(),
      sobrecarga: z.boolean(),
      neto: z.boolean(),
      tara: z.number(),
      trama: z.string(),
      fecha: z.string(),
    })
    .nullable(),
});

/** What the built-in simulator shows on its platform (ours). */
export const estadoSimulador = z.object({
  peso: z.number(),
  estable: z.boolean(),
  sobrecarga: z.boolean().optional(),
  neto: z.boolean().optional(),
  tara: z.number().optional(),
});

/** Weighing (spec 03 §2.3, §2.4, §7.2), exit security control, and the scale reader behind them. */
export const apiBalanza = {
  buscar: ruta({
    metodo: 'GET',
    ruta: '/Balanza/ConsultarMovimientoControl',
    resumen:
      'Órdenes de una etapa (2 pesaje de ingreso, 3 pesaje de salida, 4 control de salida) por código o documento',
    query: busquedaBalanza,
    respuesta: sobre(z.array(filaEtapa)),
  }),
  datosControl: ruta({
    metodo: 'GET',
    ruta: '/Balanza/ConsultaMovimientoDatosControl',
    resumen: 'Datos de control de una orden con sus líneas',
    query: porMovimiento,
    respuesta: sobre(datosControlEtapa),
  }),
  lineas: ruta({
    metodo: 'GET',
    ruta: '/Balanza/ListarDatosDetalle',
    resumen: 'Líneas de producto de una orden (50 por página)',
    query: porMovimiento.extend({ PageNumber: entero().min(1).default(1) }),
    respuesta: sobrePaginado(lineaEtapa),
  }),
  primerPesaje: ruta({
    metodo: 'GET',
    ruta: '/Balanza/ObtenerPrimerPesaje',
    resumen: 'Captura el peso de ingreso de la balanza elegida (tipo 2: 0 kg); Carreta=2 captura la carreta',
    query: capturaPrimerPesaje,
    respuesta: sobre(capturaPesaje),
  }),
  segundoPesaje: ruta({
    metodo: 'GET',
    ruta: '/Balanza/ObtenerSegundoPesaje',
    resumen: 'Captura el peso de salida y calcula bruto, tara y neto contra el de ingreso',
    query: capturaSegundoPesaje,
    respuesta: sobre(capturaSegundoPesajeRespuesta),
  }),
  guardarIngreso: ruta({
    metodo: 'POST',
    ruta: '/Balanza/GuardarBalanzaIngreso',
    resumen: 'Pesaje de ingreso (tipo 2): guarda las capturas del servidor; la orden pasa a verificación',
    body: z.object({ data: formularioPesaje }),
    respuesta: sobre(resultadoPesaje),
  }),
  guardarSalida: ruta({
    metodo: 'POST',
    ruta: '/Balanza/ActualizaBalanzaSalida',
    resumen: 'Pesaje de salida (tipo 4): bruto, tara y neto; la orden pasa a la verificación de salida',
    body: z.object({ data: formularioPesaje }),
    respuesta: sobre(resultadoPesaje),
  }),
  guardarControlSalida: ruta({
    metodo: 'POST',
    ruta: '/Balanza/GuardarVerificacionControlSalida',
    resumen:
      "Control de salida (tipo 6): la orden queda finalizada (success 'true'). Ítems sin marcar exigen el motivo",
    body: z.object({ data: formularioControl }),
    respuesta: sobre(z.object({ codigoControlMovimiento: z.number().int(), reservasDebitadas: z.number().int() }), {
      exito: 'texto',
    }),
  }),
  estado: ruta({
    metodo: 'GET',
    ruta: '/Balanza/EstadoBalanza',
    resumen: 'Estado del indicador de una balanza (conexión y última lectura)',
    query: z.object({ TipoBalanza: entero().min(1).max(2) }),
    respuesta: sobre(estadoBalanza),
  }),
  simularPeso: ruta({
    metodo: 'POST',
    ruta: '/Balanza/SimularPeso',
    resumen: 'Solo con el simulador: fija el peso en su plataforma (demo y pruebas)',
    body: z.object({
      tipoBalanza: entero().min(1).max(2),
      peso: z.number().min(-99_999).max(999_999),
      estable: z.boolean().default(true),
      sobrecarga: z.boolean().default(false),
    }),
    respuesta: sobre(estadoSimulador),
  }),
};
