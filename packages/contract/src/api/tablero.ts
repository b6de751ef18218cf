import { z } from 'zod';
import { entero } from '../comun';
import { archivo, instante, ruta, sobre, sobreVacio } from './definicion';

/**
 * The live board of the zone: the six stages an order waits at, in the order a truck meets them.
 * `codigoTipoControl` is the control type of the stage (DOMAIN.md §4); `estado` the movement state it waits in;
 * `modulo` the stage's screen.
 */
export const ETAPAS_TABLERO = [
  { codigoTipoControl: 1, nombre: 'Control de ingreso', estado: 1, modulo: 'security/income' },
  { codigoTipoControl: 2, nombre: 'Pesaje de ingreso', estado: 2, modulo: 'balanza/firstScales' },
  { codigoTipoControl: 3, nombre: 'Verificación de ingreso', estado: 3, modulo: 'operator/income' },
  { codigoTipoControl: 4, nombre: 'Pesaje de salida', estado: 3, modulo: 'balanza/secondScales' },
  { codigoTipoControl: 5, nombre: 'Verificación de salida', estado: 4, modulo: 'operator/exit' },
  { codigoTipoControl: 6, nombre: 'Control de salida', estado: 4, modulo: 'security/exit' },
] as const;

/** Dwell alarm per stage (minutes) until an administrator changes it. */
export const UMBRAL_PERMANENCIA_PREDETERMINADO: Record<number, number> = { 1: 120, 2: 30, 3: 60, 4: 60, 5: 60, 6: 30 };
export const UMBRAL_PERMANENCIA_MAXIMO = 10_080;

export const MENSAJES_TABLERO = {
  umbralesGuardados: 'Umbrales de alarma guardados',
  umbralInvalido: `El umbral debe ser un número entero de minutos entre 1 y ${UMBRAL_PERMANENCIA_MAXIMO}`,
  etapaRequerida: 'Indique la etapa',
} as const;

export const etapaTablero = z.object({
  codigoTipoControl: z.number().int(),
  nombre: z.string(),
  cantidad: z.number().int(),
  /** Orders whose dwell time in this stage passed the alarm threshold. */
  enAlarma: z.number().int(),
  umbralMinutos: z.number().int(),
  /** The longest dwell time in this stage, in minutes (0 when empty). */
  maximoMinutos: z.number().int(),
});

export const horaTablero = z.object({
  /** Lima hour 0–23. */
  hora: z.number().int(),
  entradas: z.number().int(),
  salidas: z.number().int(),
  /** Net tonnes of the exit weighings of that hour. */
  toneladasNetas: z.number(),
});

export const resumenTablero = z.object({
  /** Lima day of the figures, yyyy-MM-dd. */
  fecha: z.string(),
  generado: instante(),
  etapas: z.array(etapaTablero),
  horas: z.array(horaTablero),
  totales: z.object({
    dentro: z.number().int(),
    entradas: z.number().int(),
    salidas: z.number().int(),
    toneladasNetas: z.number(),
    observadas: z.number().int(),
    empresasBloqueadas: z.number().int(),
  }),
});
export type ResumenTablero = z.infer<typeof resumenTablero>;

/** The list behind a figure of the board. */
export const FIGURAS_TABLERO = ['etapa', 'entradas', 'salidas', 'toneladas', 'observadas', 'bloqueadas'] as const;
export type FiguraTablero = (typeof FIGURAS_TABLERO)[number];

export const consultaListaTablero = z.object({
  Figura: z.enum(FIGURAS_TABLERO),
  /** For `etapa`: the stage's control type (1–6). */
  Etapa: entero().min(1).max(6).optional(),
  /** For entries / exits / tonnes: only this Lima hour. */
  Hora: entero().min(0).max(23).optional(),
});

export const filaListaTablero = z.object({
  codigoMovimiento: z.number().int().nullable(),
  codigoIngreso: z.string().nullable(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  placa: z.string().nullable(),
  /** When the order entered its stage / passed the control; for a company, null. */
  fecha: instante().nullable(),
  /** Dwell time in its stage (orders inside), minutes. */
  minutos: z.number().int().nullable(),
  alarma: z.boolean(),
  /** Net kilograms (exit weighing), the RUC of a blocked company, or the observation. */
  detalle: z.string().nullable(),
});
export type FilaListaTablero = z.infer<typeof filaListaTablero>;

export const umbralEtapa = z.object({
  codigoTipoControl: z.number().int().min(1).max(6),
  minutos: z
    .number({ message: MENSAJES_TABLERO.umbralInvalido })
    .int(MENSAJES_TABLERO.umbralInvalido)
    .min(1, MENSAJES_TABLERO.umbralInvalido)
    .max(UMBRAL_PERMANENCIA_MAXIMO, MENSAJES_TABLERO.umbralInvalido),
});

/** One stage of an order's timeline: who recorded it, when, its weights and photos. */
export const etapaLineaTiempo = z.object({
  codigoTipoControl: z.number().int(),
  nombre: z.string(),
  /** When the record was saved (null: the stage has not happened). */
  fecha: instante().nullable(),
  usuario: z.string().nullable(),
  finalizado: z.boolean(),
  /** Verifications: when 'Finalizar registro' closed it. */
  fechaFinalizacion: instante().nullable(),
  observacion: z.string().nullable(),
  /** Weighings, kilograms. */
  peso: z.number().nullable(),
  pesoBruto: z.number().nullable(),
  pesoTara: z.number().nullable(),
  pesoNeto: z.number().nullable(),
  /** Minutes from the previous step (registration, or the previous stage's end) to this record. */
  minutosDesdeAnterior: z.number().int().nullable(),
  imagenes: z.array(
    z.object({ codigoVerificacionImagen: z.number().int(), nombreArchivo: z.string(), rutaArchivo: z.string() }),
  ),
});
export type EtapaLineaTiempo = z.infer<typeof etapaLineaTiempo>;

export const lineaTiempoOrden = z.object({
  codigoMovimiento: z.number().int(),
  codigoIngreso: z.string(),
  numeroTicket: z.string().nullable(),
  razonSocial: z.string(),
  placa: z.string().nullable(),
  codigoEstadoMovimiento: z.number().int(),
  registro: instante(),
  usuarioRegistro: z.string().nullable(),
  etapas: z.array(etapaLineaTiempo),
  /** Minutes from registration to the last recorded stage. */
  minutosTotales: z.number().int(),
});
export type LineaTiempoOrden = z.infer<typeof lineaTiempoOrden>;

export const apiTablero = {
  resumen: ruta({
    metodo: 'GET',
    ruta: '/Tablero/Resumen',
    resumen: 'Tablero en vivo: órdenes dentro por etapa, permanencia, movimientos de hoy por hora',
    respuesta: sobre(resumenTablero),
  }),
  lista: ruta({
    metodo: 'GET',
    ruta: '/Tablero/Lista',
    resumen: 'Lista detrás de una cifra del tablero',
    query: consultaListaTablero,
    respuesta: sobre(z.array(filaListaTablero)),
  }),
  lineaTiempo: ruta({
    metodo: 'GET',
    ruta: '/Tablero/LineaTiempo',
    resumen: 'Línea de tiempo de una orden: cada etapa con quién, cuándo, pesos, fotos y permanencia',
    query: z.object({ CodigoMovimiento: entero().positive() }),
    respuesta: sobre(lineaTiempoOrden),
  }),
  ticket: ruta({
    metodo: 'GET',
    ruta: '/Tablero/TicketOrden',
    resumen: 'Ticket imprimible de una orden (PDF A6) con su código OP y un QR que las etapas leen',
    query: z.object({ CodigoMovimiento: entero().positive() }),
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
  umbrales: ruta({
    metodo: 'GET',
    ruta: '/Tablero/Umbrales',
    resumen: 'Umbrales de alarma de permanencia por etapa (minutos)',
    respuesta: sobre(z.array(umbralEtapa.extend({ nombre: z.string() }))),
  }),
  guardarUmbrales: ruta({
    metodo: 'POST',
    ruta: '/Tablero/GuardarUmbrales',
    resumen: 'Guarda los umbrales de alarma de permanencia por etapa',
    body: z.object({ data: z.array(umbralEtapa).min(1).max(6) }),
    respuesta: sobreVacio,
  }),
};
