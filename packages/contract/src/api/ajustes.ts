import { z } from 'zod';
import { entero, versionRegistro } from '../comun';
import { MENSAJES_FINANZAS } from './finanzas';
import { instante, ruta, sobre } from './definicion';

/**
 * The settings hub (all-settings): scales, control checklists, tolerances and windows, and the
 * external-consultation switches. Customs tolerances and dwell alarms keep their own routes (aduanas, tablero);
 * this module adds what had none.
 */
export const MENSAJES_AJUSTES = {
  balanzaGuardada: 'Configuración de la balanza guardada',
  balanzaNoExiste: 'La balanza no existe',
  protocoloInvalido: 'Seleccione un protocolo del indicador: toledo, ascii o yaohua',
  hostInvalido: 'Ingrese el nombre o la dirección IP del convertidor (o "simulador")',
  puertoInvalido: 'El puerto debe ser un número entero entre 1 y 65535',
  pruebaSinIndicador: 'La balanza está deshabilitada o no tiene indicador configurado',
  pruebaSinConexion: (destino: string) =>
    `No se pudo conectar con el indicador en ${destino}: verifique el host, el puerto y que el convertidor esté encendido`,
  pruebaSinLectura: (destino: string) =>
    `El indicador en ${destino} aceptó la conexión pero no envió ninguna lectura válida: verifique el protocolo`,
  pruebaCorrecta: 'Conexión correcta: el indicador envía lecturas',
  itemGuardado: 'Ítem de la lista de control guardado',
  itemNoExiste: 'El ítem de la lista de control no existe',
  itemDuplicado: 'Ya existe un ítem con esa descripción en esta lista',
  descripcionInvalida: 'Ingrese la descripción del ítem (de 3 a 200 caracteres)',
  tipoControlInvalido: 'Seleccione un tipo de control con lista: control de seguridad o verificación',
  tipoIngresoInvalido: 'Seleccione un tipo de ingreso: vehicular, peatonal o producto terminado',
  tipoCargaInvalido: 'Seleccione a qué carga aplica: cualquiera, suelta o contenedor',
  ordenGuardado: 'Orden de la lista guardado',
  ordenIncompleto: 'El orden debe incluir cada ítem de la lista una sola vez',
  itemHabilitado: 'Ítem habilitado',
  itemDeshabilitado: 'Ítem deshabilitado',
  plazoInvalido: 'El plazo de justificación debe ser un número entero de horas entre 1 y 720',
  diasBloqueoInvalido: 'Los días de atraso que bloquean deben ser un número entero entre 0 y 365',
  diasCreditoInvalido: 'Los días de crédito deben ser un número entero entre 0 y 365',
  plazoGuardado: 'Plazo de justificación de conteos guardado',
  deudaGuardada: 'Días de crédito y de bloqueo por deuda guardados',
  /** 409: the same days are also edited in finance «Parámetros y tarifas»; one message for both screens. */
  deudaCambio: MENSAJES_FINANZAS.parametrosCambiaron,
  consultaGuardada: 'Consulta externa actualizada',
} as const;

/** Indicator protocols the scale reader speaks (modules/balanza/lector/protocolos.ts). */
export const PROTOCOLOS_BALANZA = ['toledo', 'ascii', 'yaohua'] as const;

/** Control types that tick a checklist: security control (6, entry and exit) and the verifications (3, 5). */
export const TIPOS_CONTROL_LISTA = [
  { codigo: 6, nombre: 'Control de seguridad (ingreso y salida)' },
  { codigo: 3, nombre: 'Verificación de ingreso' },
  { codigo: 5, nombre: 'Verificación de salida' },
] as const;
export const TIPOS_INGRESO_LISTA = [
  { codigo: 'VH', nombre: 'Vehicular' },
  { codigo: 'PE', nombre: 'Peatonal' },
  { codigo: 'PT', nombre: 'Producto terminado' },
] as const;
export const TIPOS_CARGA_LISTA = [
  { codigo: 0, nombre: 'Cualquier carga' },
  { codigo: 1, nombre: 'Carga suelta' },
  { codigo: 2, nombre: 'Contenedor' },
] as const;

/** External providers behind switches (DOMAIN.md §7). */
export const PROVEEDORES_EXTERNOS = [
  { codigo: 'dni', nombre: 'Identidad (DNI, RENIEC)' },
  { codigo: 'ruc', nombre: 'Contribuyentes (RUC, SUNAT)' },
  { codigo: 'levante', nombre: 'Levante de declaraciones (SUNAT Aduanas)' },
] as const;
export type ProveedorExterno = (typeof PROVEEDORES_EXTERNOS)[number]['codigo'];
const codigosProveedor = PROVEEDORES_EXTERNOS.map((p) => p.codigo) as [ProveedorExterno, ...ProveedorExterno[]];

// ------------------------------------------------------------------ balanzas
export const filaBalanza = z.object({
  codigoTipoBalanza: z.number().int(),
  nombre: z.string(),
  protocolo: z.string(),
  host: z.string(),
  puerto: z.number().int(),
  activo: z.boolean(),
  fechaModificacion: instante(),
});
export type FilaBalanza = z.infer<typeof filaBalanza>;

const HOST = /^(simulador|[A-Za-z0-9]([A-Za-z0-9.-]{0,118}[A-Za-z0-9])?|\[?[0-9A-Fa-f:]+\]?)$/;

export const formularioBalanza = z
  .object({
    codigoTipoBalanza: entero().positive(),
    protocolo: z.enum(PROTOCOLOS_BALANZA, { error: MENSAJES_AJUSTES.protocoloInvalido }),
    host: z
      .string({ error: MENSAJES_AJUSTES.hostInvalido })
      .trim()
      .min(1, { error: MENSAJES_AJUSTES.hostInvalido })
      .max(120, { error: MENSAJES_AJUSTES.hostInvalido })
      .regex(HOST, { error: MENSAJES_AJUSTES.hostInvalido }),
    puerto: z.coerce
      .number({ error: MENSAJES_AJUSTES.puertoInvalido })
      .int({ error: MENSAJES_AJUSTES.puertoInvalido })
      .min(0, { error: MENSAJES_AJUSTES.puertoInvalido })
      .max(65535, { error: MENSAJES_AJUSTES.puertoInvalido }),
    activo: z.boolean(),
  })
  .superRefine((b, ctx) => {
    // The simulator picks its own port; a real indicator needs one.
    if (b.host !== 'simulador' && b.puerto < 1)
      ctx.addIssue({ code: 'custom', path: ['puerto'], message: MENSAJES_AJUSTES.puertoInvalido });
  });
export type FormularioBalanza = z.infer<typeof formularioBalanza>;

/** What "Probar conexión" answers: a live reading, or why there is none (never a 5xx for an unreachable scale). */
export const pruebaBalanza = z.object({
  ok: z.boolean(),
  mensaje: z.string(),
  milisegundos: z.number().int(),
  lectura: z
    .object({
      peso: z.number(),
      estable: z.boolean().nullable(),
      sobrecarga: z.boolean(),
      trama: z.string(),
    })
    .nullable(),
});
export type PruebaBalanza = z.infer<typeof pruebaBalanza>;

// ------------------------------------------------------------------ listas de control
const tipoControlLista = z.coerce
  .number({ error: MENSAJES_AJUSTES.tipoControlInvalido })
  .refine((n) => TIPOS_CONTROL_LISTA.some((t) => t.codigo === n), { error: MENSAJES_AJUSTES.tipoControlInvalido });
const tipoIngresoLista = z
  .string({ error: MENSAJES_AJUSTES.tipoIngresoInvalido })
  .refine((s) => TIPOS_INGRESO_LISTA.some((t) => t.codigo === s), { error: MENSAJES_AJUSTES.tipoIngresoInvalido });
const tipoCargaLista = z.coerce
  .number({ error: MENSAJES_AJUSTES.tipoCargaInvalido })
  .refine((n) => TIPOS_CARGA_LISTA.some((t) => t.codigo === n), { error: MENSAJES_AJUSTES.tipoCargaInvalido });

export const consultaListaControl = z.object({ TipoControl: tipoControlLista, TipoIngreso: tipoIngresoLista });

export const itemListaControl = z.object({
  codigoDetalleTipoControl: z.number().int(),
  codigoTipoControl: z.number().int(),
  codigoTipoIngreso: z.string(),
  codigoTipoCarga: z.number().int(),
  descripcion: z.string(),
  orden: z.number().int(),
  activo: z.boolean(),
});
export type ItemListaControl = z.infer<typeof itemListaControl>;

export const formularioItemControl = z.object({
  /** Absent: a new item at the end of its list. */
  codigoDetalleTipoControl: entero().positive().optional(),
  codigoTipoControl: tipoControlLista,
  codigoTipoIngreso: tipoIngresoLista,
  codigoTipoCarga: tipoCargaLista,
  descripcion: z
    .string({ error: MENSAJES_AJUSTES.descripcionInvalida })
    .trim()
    .min(3, { error: MENSAJES_AJUSTES.descripcionInvalida })
    .max(200, { error: MENSAJES_AJUSTES.descripcionInvalida }),
});

// ------------------------------------------------------------------ plazos y tolerancias
const horasPlazo = z.coerce
  .number({ error: MENSAJES_AJUSTES.plazoInvalido })
  .int({ error: MENSAJES_AJUSTES.plazoInvalido })
  .min(1, { error: MENSAJES_AJUSTES.plazoInvalido })
  .max(720, { error: MENSAJES_AJUSTES.plazoInvalido });
const dias = (mensaje: string) =>
  z.coerce.number({ error: mensaje }).int({ error: mensaje }).min(0, { error: mensaje }).max(365, { error: mensaje });

export const plazosAjustes = z.object({
  /** Hours a company has to justify the differences of a physical count (inventory parameter group). */
  plazoJustificacionHoras: z.number().int(),
  diasCredito: z.number().int(),
  /** Days past due that block a company at the gate (spec 03 §4.6). */
  diasBloqueo: z.number().int(),
  /** Version of the finance parameters these days belong to (what the debt form sends back). */
  versionDeuda: z.number().int(),
});
export const formularioPlazoConteo = z.object({ plazoJustificacionHoras: horasPlazo });
export const formularioDeuda = z.object({
  diasCredito: dias(MENSAJES_AJUSTES.diasCreditoInvalido),
  diasBloqueo: dias(MENSAJES_AJUSTES.diasBloqueoInvalido),
  /** The `versionDeuda` the form read: saved over a newer one, 409 `deudaCambio` and nothing changes. */
  versionDeuda: versionRegistro(),
});

// ------------------------------------------------------------------ consultas externas
export const filaConsultaExterna = z.object({
  codigo: z.enum(codigosProveedor),
  nombre: z.string(),
  /** The switch an administrator sets here. */
  activo: z.boolean(),
  /** The server's master switch (CONSULTAS_EXTERNAS): off, nothing is asked outside whatever this says. */
  permitidoServidor: z.boolean(),
  /** Whether a provider URL is configured (otherwise the local provider or the manual-entry path answers). */
  urlConfigurada: z.boolean(),
  /** What a lookup does now: both switches on. */
  efectivo: z.boolean(),
});
export type FilaConsultaExterna = z.infer<typeof filaConsultaExterna>;

export const apiAjustes = {
  balanzas: ruta({
    metodo: 'GET',
    ruta: '/Ajustes/Balanzas',
    resumen: 'Balanzas por tipo: protocolo del indicador, host, puerto y si está habilitada',
    respuesta: sobre(z.array(filaBalanza)),
  }),
  guardarBalanza: ruta({
    metodo: 'POST',
    ruta: '/Ajustes/GuardarBalanza',
    resumen: 'Cambia el protocolo, host, puerto o habilitación del indicador de una balanza',
    body: z.object({ data: formularioBalanza }),
    respuesta: sobre(filaBalanza),
  }),
  probarBalanza: ruta({
    metodo: 'POST',
    ruta: '/Ajustes/ProbarBalanza',
    resumen: 'Prueba la conexión con el indicador con la configuración del formulario: lectura en vivo o el motivo',
    body: z.object({ data: formularioBalanza }),
    respuesta: sobre(pruebaBalanza),
  }),
  listaControl: ruta({
    metodo: 'GET',
    ruta: '/Ajustes/ListaControl',
    resumen: 'Ítems de la lista de control de un tipo de control y de ingreso (habilitados y deshabilitados)',
    query: consultaListaControl,
    respuesta: sobre(z.array(itemListaControl)),
  }),
  guardarItemControl: ruta({
    metodo: 'POST',
    ruta: '/Ajustes/GuardarItemControl',
    resumen: 'Agrega o edita un ítem de una lista de control',
    body: z.object({ data: formularioItemControl }),
    respuesta: sobre(itemListaControl),
  }),
  ordenarListaControl: ruta({
    metodo: 'POST',
    ruta: '/Ajustes/OrdenarListaControl',
    resumen: 'Reordena los ítems de una lista de control',
    body: z.object({
      data: z.object({
        codigoTipoControl: tipoControlLista,
        codigoTipoIngreso: tipoIngresoLista,
        codigos: z.array(entero().positive()).min(1).max(200),
      }),
    }),
    respuesta: sobre(z.array(itemListaControl)),
  }),
  estadoItemControl: ruta({
    metodo: 'POST',
    ruta: '/Ajustes/EstadoItemControl',
    resumen: 'Habilita o deshabilita un ítem de una lista de control (las etapas solo muestran los habilitados)',
    body: z.object({ data: z.object({ codigoDetalleTipoControl: entero().positive(), activo: z.boolean() }) }),
    respuesta: sobre(itemListaControl),
  }),
  plazos: ruta({
    metodo: 'GET',
    ruta: '/Ajustes/Plazos',
    resumen: 'Plazo de justificación de conteos y días de crédito y de bloqueo por deuda',
    respuesta: sobre(plazosAjustes),
  }),
  guardarPlazoConteo: ruta({
    metodo: 'POST',
    ruta: '/Ajustes/GuardarPlazoConteo',
    resumen: 'Cambia el plazo (horas) para justificar las diferencias de un conteo',
    body: z.object({ data: formularioPlazoConteo }),
    respuesta: sobre(plazosAjustes),
  }),
  guardarDeuda: ruta({
    metodo: 'POST',
    ruta: '/Ajustes/GuardarDeuda',
    resumen: 'Cambia los días de crédito y los días de atraso que bloquean a una empresa',
    body: z.object({ data: formularioDeuda }),
    respuesta: sobre(plazosAjustes),
  }),
  consultasExternas: ruta({
    metodo: 'GET',
    ruta: '/Ajustes/ConsultasExternas',
    resumen: 'Interruptores de las consultas externas (DNI, RUC, levante)',
    respuesta: sobre(z.array(filaConsultaExterna)),
  }),
  guardarConsultaExterna: ruta({
    metodo: 'POST',
    ruta: '/Ajustes/GuardarConsultaExterna',
    resumen: 'Activa o desactiva una consulta externa',
    body: z.object({ data: z.object({ codigo: z.enum(codigosProveedor), activo: z.boolean() }) }),
    respuesta: sobre(z.array(filaConsultaExterna)),
  }),
};
