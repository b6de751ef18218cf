/**
 * The order's life (DOMAIN.md §4): one transition table read by the server (which enforces it inside one
 * guarded transaction per transition) and by the web (which offers only the actions the table allows).
 */

export const ESTADO_MOVIMIENTO = {
  registrado: 1,
  pesajeIngreso: 2,
  pesajeSalida: 3,
  controlSalida: 4,
  final: 5,
} as const;
export type EstadoMovimiento = (typeof ESTADO_MOVIMIENTO)[keyof typeof ESTADO_MOVIMIENTO];

/** Colour of each state tag (spec 03 §4.1); the label text comes from the server. */
export const COLOR_ESTADO_MOVIMIENTO: Record<number, string> = {
  1: 'red',
  2: 'warning',
  3: 'success',
  4: 'processing',
  5: 'default',
};

export const TIPO_CONTROL = {
  controlIngreso: 1,
  pesajeIngreso: 2,
  verificacionIngreso: 3,
  pesajeSalida: 4,
  verificacionSalida: 5,
  controlSalida: 6,
  /** Used by the movement registration form (spec 03 §9); not a stage. */
  registro: 7,
} as const;
export type TipoControlEtapa = 1 | 2 | 3 | 4 | 5 | 6;

/** codigoEstadoObservado (spec 03 §4.2). */
export const ESTADO_OBSERVADO = { pendiente: 0, noObservado: 1, observado: 2 } as const;
export const COLOR_ESTADO_OBSERVADO: Record<number, string> = { 0: 'warning', 1: 'processing', 2: 'error' };
export const OBSERVACION_NO_OBSERVADO = 'No se registraron Observaciones';

/** Scale types (parameter group 27): 1 truck scale (> 80 kg, trailer switches), 2 no scale (weight 0). */
export const TIPO_BALANZA = { camiones: 1, sinBalanza: 2 } as const;
export const PESO_MINIMO_BALANZA_KG = 80;

/** Entry types (parameter group 61). Pedestrian and finished-product orders pass the scale with type 2. */
export const TIPO_INGRESO = { vehicular: 'VH', peatonal: 'PE', productoTerminado: 'PT' } as const;
export const tipoBalanzaDeIngreso = (codigoTipoIngreso: string) =>
  codigoTipoIngreso === TIPO_INGRESO.vehicular ? TIPO_BALANZA.camiones : TIPO_BALANZA.sinBalanza;

/** Operation types (group 3) whose finalized entry verification credits stock (DOMAIN.md §5). */
export const OPERACIONES_QUE_INGRESAN: readonly number[] = [1, 4];

export interface Etapa {
  tipoControl: TipoControlEtapa;
  nombre: string;
  /** The screen (menu node under /app) that acts on this stage; its permission tree authorizes the call. */
  modulo: string;
  /** The movement state this stage acts on. */
  desde: EstadoMovimiento;
  /** The state after a successful save; null when the stage records without moving (verifications). */
  hasta: EstadoMovimiento | null;
  /** A stage that must be recorded and finalized before this one (verification before the next step). */
  requiereFinalizada?: TipoControlEtapa;
  /** Refused while the order is observed (codigoEstadoObservado = 2) until an administrator lifts it. */
  bloqueaObservada?: boolean;
  /** A verification: saved first (control record), then images, then Finalizar registro. */
  verificacion?: boolean;
  /** Weighing stages: captures from the scale reader. */
  pesaje?: boolean;
  /** Whose checklist items this stage ticks (security control uses type 6 on entry too: spec 03 §9). */
  configuracion?: TipoControlEtapa;
}

export const ETAPAS: readonly Etapa[] = [
  {
    tipoControl: 1,
    nombre: 'Control de ingreso',
    modulo: 'security/income',
    desde: 1,
    hasta: 2,
    configuracion: 6,
  },
  { tipoControl: 2, nombre: 'Pesaje de ingreso', modulo: 'balanza/firstScales', desde: 2, hasta: 3, pesaje: true },
  {
    tipoControl: 3,
    nombre: 'Verificación de ingreso',
    modulo: 'operator/income',
    desde: 3,
    hasta: null,
    verificacion: true,
    configuracion: 3,
  },
  {
    tipoControl: 4,
    nombre: 'Pesaje de salida',
    modulo: 'balanza/secondScales',
    desde: 3,
    hasta: 4,
    requiereFinalizada: 3,
    pesaje: true,
  },
  {
    tipoControl: 5,
    nombre: 'Verificación de salida',
    modulo: 'operator/exit',
    desde: 4,
    hasta: null,
    verificacion: true,
    configuracion: 5,
  },
  {
    tipoControl: 6,
    nombre: 'Control de salida',
    modulo: 'security/exit',
    desde: 4,
    hasta: 5,
    requiereFinalizada: 5,
    bloqueaObservada: true,
    configuracion: 6,
  },
];

export const etapa = (tipoControl: number): Etapa => {
  const e = ETAPAS.find((x) => x.tipoControl === tipoControl);
  if (!e) throw new Error(`Tipo de control desconocido: ${tipoControl}`);
  return e;
};

/** What the web needs to know about one order to decide which stage actions it offers. */
export interface SituacionOrden {
  codigoEstadoMovimiento: number;
  codigoEstadoObservado: number;
  estadoAnulado: number;
  /** Control types already recorded, and which of them are finalized. */
  registradas: readonly number[];
  finalizadas: readonly number[];
}

/** Why a stage cannot act on an order now, or null when it can (same rule on server and web). */
export function motivoRechazoEtapa(tipoControl: TipoControlEtapa, o: SituacionOrden): string | null {
  const e = etapa(tipoControl);
  if (o.estadoAnulado !== 0) return MENSAJES_ETAPAS.ordenAnulada;
  if (o.codigoEstadoMovimiento !== e.desde) return MENSAJES_ETAPAS.fueraDeEtapa(e.nombre);
  if (o.registradas.includes(tipoControl)) return MENSAJES_ETAPAS.etapaYaRegistrada(e.nombre);
  if (e.requiereFinalizada && !o.finalizadas.includes(e.requiereFinalizada)) {
    return MENSAJES_ETAPAS.requiereFinalizada(etapa(e.requiereFinalizada).nombre);
  }
  if (e.bloqueaObservada && o.codigoEstadoObservado === ESTADO_OBSERVADO.observado) {
    return MENSAJES_ETAPAS.ordenObservada;
  }
  return null;
}

/**
 * Stage screens whose search list an order enters or leaves when it moves `desde` → `hasta`, from the table:
 * the screens acting on either state, except that a verification screen lists its state and later ones
 * (spec 03 §4.1), so an order only enters it. 2 → 3: entry weighing, exit weighing, entry verification.
 */
export const modulosDelCambio = (desde: number, hasta: number) =>
  ETAPAS.filter((e) => e.desde === hasta || (e.desde === desde && !e.verificacion)).map((e) => e.modulo);

/** The screen of the stage that waits for this verification to be finalized (3 → exit weighing, 5 → exit control). */
export const moduloTrasVerificacion = (tipoControl: number) =>
  ETAPAS.find((e) => e.requiereFinalizada === tipoControl)?.modulo ?? null;

/** The stage actions available on an order (the web shows only these). */
export const etapasDisponibles = (o: SituacionOrden) =>
  ETAPAS.filter((e) => motivoRechazoEtapa(e.tipoControl, o) === null).map((e) => e.tipoControl);

/** Observar / No observar only while pending, not final, not annulled (spec 03 §4.2). */
export const puedeObservar = (
  o: Pick<SituacionOrden, 'codigoEstadoMovimiento' | 'codigoEstadoObservado' | 'estadoAnulado'>,
) =>
  o.estadoAnulado === 0 &&
  o.codigoEstadoObservado === ESTADO_OBSERVADO.pendiente &&
  o.codigoEstadoMovimiento !== ESTADO_MOVIMIENTO.final;

/** Lifting an observation (operator/check): only an observed order that is not final. */
export const puedeLevantarObservacion = (o: Pick<SituacionOrden, 'codigoEstadoObservado' | 'estadoAnulado'>) =>
  o.estadoAnulado === 0 && o.codigoEstadoObservado === ESTADO_OBSERVADO.observado;

/** Container cargo needs more than one configured item ticked (spec 03 §5.3). */
export const MINIMO_ITEMS_CONTENEDOR = 2;

/**
 * What an order really waits for, from the transition table: at state 3 it is the entry
 * verification until that is finalized, then exit weighing; at state 4 the exit verification, then exit
 * control. This is the label the stage screens show, never the bare state name.
 */
export function etapaPendiente(
  o: Pick<SituacionOrden, 'codigoEstadoMovimiento' | 'registradas' | 'finalizadas'> & { estadoAnulado?: number },
): string {
  if (o.estadoAnulado) return 'Anulada';
  if (o.codigoEstadoMovimiento === ESTADO_MOVIMIENTO.final) return 'Finalizado';
  const pendiente = ETAPAS.find(
    (e) =>
      e.desde === o.codigoEstadoMovimiento &&
      !(e.verificacion ? o.finalizadas.includes(e.tipoControl) : o.registradas.includes(e.tipoControl)),
  );
  return pendiente?.nombre ?? `Estado ${o.codigoEstadoMovimiento}`;
}

/** Stage messages: the spec's exact texts, plus ours for what it leaves open (docs/adr/0035-tabla-de-etapas.md). */
export const MENSAJES_ETAPAS = {
  codigoODocumentoRequerido: 'Error, debe ingresar un código o nro de documento',
  sinDatos: 'Advertencia, no se encuentran datos registrados',
  sinDatosEtapa: 'Advertencia, no se encuentran datos registrados, para esta etapa',
  procedimientosAnteriores: 'Advertencia, debe completar los procedimientos anteriores',
  seleccionarBalanza: 'Error, debe seleccionar un balanza',
  pesoMayor80: 'Error, el peso debe ser mayor a 80 Kg',
  pesoMayor0: 'Error, el peso debe ser mayor a 0 Kg',
  declaroVerificado: 'Declaro haber verificado correctamente los datos adjuntos registrados.',
  soyResponsable: 'Soy responsable de haber cumplido con la verificación de esta mercancía.',
  seleccionarVerificacion: 'Error, debe seleccionar al menos una verificación',
  cantidadBultos: 'Debe ingresar una cantidad de bultos',
  archivoExcede: (mb: number) => `El archivo excede los ${mb}MB`,
  archivoSuperaMaximo: (nombre: string, mb: number) => `Error, Archivo ${nombre}, supera el máximo permitido - ${mb}MB`,
  bloqueoDeuda: 'No puede continuar con la operación contactar al operador de turno para mayor información',
  errorActualizacion: 'Erro!, ocurrio un error en la actualizacion.',
  errorNotificacion: 'Error!, ocurrio un error en la notificación.',
  notificacionExitosa: 'Se ha generado la notificacion de forma exitosa.',
  registroExitoso: 'Registro Exitoso',
  verificacionExitosa: 'Verificación Exitosa',
  cargaExitosa: 'Carga Exitosa',
  cargaSinExito: 'Carga sin exito',
  cargaSinExitoDetalle: 'Se ha reintetado en la carga de las siguientes imagenes, pero ha fallado.',
  sinInternet: 'Advertencia, no tiene acceso a internet',
  otroError: 'Advertencia, ocurrio otro tipo de error',
  // Ours (the spec leaves these open).
  fueraDeEtapa: (etapaNombre: string) => `Error, la orden no se encuentra en la etapa de ${etapaNombre}.`,
  etapaYaRegistrada: (etapaNombre: string) => `Error, la etapa de ${etapaNombre} ya fue registrada para esta orden.`,
  requiereFinalizada: (etapaNombre: string) =>
    `Advertencia, debe completar los procedimientos anteriores: ${etapaNombre} sin finalizar. ` +
    `Regístrela en la pantalla ${etapaNombre}, cargue sus imágenes y pulse Finalizar registro; después vuelva a buscar la orden.`,
  ordenObservada:
    'Error, la orden se encuentra observada: tiene una observación pendiente de levantar. ' +
    'Un administrador debe levantarla en Órdenes observadas; después vuelva a buscar la orden.',
  controlSinObservacion:
    'Error, hay ítems de revisión sin marcar: escriba en Observaciones el motivo, o marque todos los ítems.',
  marcasContenedor: 'Debe ingresar las marcas del contenedor',
  ordenAnulada: 'Error, la orden se encuentra anulada.',
  balanzaInestable: 'Error, el peso de la balanza no es estable; espere a que el vehículo se detenga.',
  balanzaSinConexion: 'Error, no hay conexión con la balanza; verifique el indicador.',
  balanzaSobrecarga: 'Error, la balanza indica sobrecarga.',
  balanzaNoCorresponde: 'Error, el tipo de balanza no corresponde al tipo de ingreso de la orden.',
  pesoNoCapturado: 'Error, debe capturar el peso en la balanza antes de guardar.',
  pesoSinBalanza: 'Error, el peso debe ser 0 Kg cuando no se usa balanza',
  verificacionNoRegistrada: 'Advertencia, primero debe guardar la verificación.',
  verificacionSinImagenes: 'Advertencia, debe cargar al menos una imagen antes de finalizar.',
  verificacionFinalizada: 'Advertencia, la verificación ya fue finalizada.',
  imagenNoValida: 'Error, el archivo no es una imagen válida (jpg, jpeg, png o tif).',
  imagenRequerida: 'Error, debe seleccionar al menos una imagen.',
  imagenesYaAgregadas: 'Error, una de las imágenes ya fue agregada a esta verificación.',
  pesoDeclaradoInvalido: 'El peso debe estar entre 0 y 999999 kg, con hasta 3 decimales',
  ordenFueraDeLista: (codigo: string) => `La orden ${codigo} ya no se encuentra en esta etapa.`,
  observacionRequerida: 'Debe ingresar la observación',
  observacionYaRegistrada: 'Error, la orden ya fue revisada.',
  observacionNoLevantable: 'Error, la orden no se encuentra observada.',
  ordenFinalizada: 'Error, la orden ya se encuentra finalizada.',
  detalleNoConfigurado: 'Error, una de las verificaciones no corresponde a este control.',
  transportistaRegistrado: 'Transportista registrado correctamente',
  transportistaExiste: 'Error, el transportista ya se encuentra registrado para la empresa.',
  datosActualizados: 'Cambio cargado correctamente',
  tipoDocumentoConductor: 'Elija un tipo de documento de la lista (DNI, carnet de extranjería, pasaporte u otro)',
  observacionGuardada: 'Se registró la observación de la orden',
  observacionLevantada: 'Se levantó la observación de la orden',
  controlGuardadoIngreso: 'Control guardado: la orden pasa a Pesaje en Balanza',
  pesajeIngresoGuardado: 'Pesaje registrado: la orden pasa a verificación o descarga',
  pesajeSalidaGuardado: 'Pesaje registrado: la orden queda aprobada para la verificación de salida por seguridad',
  controlSalidaGuardado: 'Control guardado: salida habilitada',
  verificacionGuardada: 'Verificación registrada; cargue las imágenes y finalice el registro',
  verificacionFinalizadaOk: 'Verificación finalizada',
} as const;
