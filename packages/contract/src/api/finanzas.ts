import { z } from 'zod';
import { consultaPaginada, entero, fechaIso, ordenarPor, requerido, versionRegistro } from '../comun';
import { archivo, dia, instante, ruta, sobre, sobrePaginado } from './definicion';

/** Units a service is billed by (DOMAIN §14). */
export const UNIDADES_TARIFA = {
  ORDEN_PESADA: 'Por orden pesada',
  DIA_ALMACEN: 'Por día de almacenaje',
  TARJETA: 'Por tarjeta de acceso',
  REGISTRO_ANUAL: 'Por registro anual',
} as const;
/** Tax treatment, SUNAT catálogo 07. */
export const AFECTACIONES_IGV = { '10': 'Gravado IGV 18 %', '20': 'Exonerado', '30': 'Inafecto' } as const;
export const MONEDAS = { PEN: 'Soles', USD: 'Dólares' } as const;
export const TIPOS_COMPROBANTE = { '01': 'Factura', '03': 'Boleta', '07': 'Nota de crédito' } as const;
export const METODOS_PAGO = {
  TRANSFERENCIA: 'Transferencia',
  DEPOSITO: 'Depósito',
  EFECTIVO: 'Efectivo',
  CHEQUE: 'Cheque',
} as const;

/**
 * The earliest month a billing run accepts: SUNAT accepts the UBL 2.1 vouchers this system signs from January
 * 2019, so no zone record this system bills can be older (docs/adr/0065-facturacion-automatica.md).
 */
export const PERIODO_MINIMO_FACTURACION = '2019-01';

export const MENSAJES_FINANZAS = {
  periodoInvalido: 'El periodo debe tener el formato yyyy-MM',
  sinLineas: 'El comprobante debe tener al menos una línea',
  servicioNoExiste: 'El servicio no existe o está anulado',
  sinPrecio: 'El servicio no tiene precio vigente en la fecha',
  monedasDistintas: 'Todas las líneas deben tener la misma moneda',
  referenciaInvalida: 'La nota de crédito debe referirse a una factura o boleta emitida',
  notaExcede: 'La nota de crédito no puede superar el saldo del comprobante',
  pagoExcede: 'El monto excede el saldo del comprobante',
  pagoNoAplica: 'No se registran pagos sobre notas de crédito',
  pagoFechaFutura: 'La fecha de pago no puede ser posterior a hoy',
  pagoAntesDeEmision: 'La fecha de pago no puede ser anterior a la emisión del comprobante',
  /** 0 or less was once raised to 0.01 by the form and saved: an amount is never changed behind the user's back. */
  pagoMontoPositivo: 'El monto del pago debe ser mayor a 0',
  personaSoloBoleta: 'Solo una boleta se emite a una persona con DNI; la factura va a la empresa (RUC)',
  pagoMontoNumero: 'El monto del pago debe ser un número',
  pagoMontoDecimales: 'El monto del pago admite como máximo 2 decimales',
  pagoMontoMaximo: 'El monto del pago no puede superar 9 999 999',
  motivoAnulacionRequerido: 'Indique el motivo de la anulación',
  pagoYaAnulado: 'El pago ya está anulado',
  /** A run of a month still in course bills through yesterday: today is not over (docs/adr/0100-corte-facturacion.md). */
  periodoSinDiasCerrados: 'El periodo empieza hoy: aún no tiene días cerrados que facturar',
  nadaQueFacturar: 'No hay nada que facturar en el periodo',
  periodoFuturo: 'No se puede facturar un periodo que aún no empieza: elija el mes en curso o uno anterior',
  /**
   * A run before `PERIODO_MINIMO_FACTURACION` (docs/adr/0065-facturacion-automatica.md) would only record 'nada que
   * facturar'.
   */
  periodoAntiguo: 'No se puede facturar un periodo anterior a enero de 2019 (inicio de los comprobantes UBL 2.1)',
  /** A price starting more than a year ahead leaves the service without a price in force for too long a plan. */
  vigenciaLejana: 'La fecha de vigencia no puede ser posterior a un año desde hoy',
  precioRepetido: 'Ya existe un precio con esa fecha de vigencia',
  sinTarifaRegistro: 'No hay tarifa vigente de registro anual de transportistas (REG_TRANSP)',
  sinTarifaImportador: 'No hay tarifa vigente de registro anual de importadores (REG_IMPORT)',
  notaMontoMixta: 'El comprobante tiene líneas de distinta afectación: acredite por líneas',
  lineaLibreIncompleta: 'Una línea sin servicio necesita descripción, valor unitario y afectación',
  /** numeric(14,2): a voucher's total (and so each line's amount) stays below a trillion. */
  totalExcede: 'El total del comprobante no puede superar 999 999 999 999.99',
  bloqueoMenorQueCero: 'Los días de atraso que bloquean no pueden ser negativos',
  /** 409: the credit/block days (or the late fee) were saved by someone else after this form read them. */
  parametrosCambiaron: 'Otro usuario cambió estos valores; se recargaron los vigentes. Revise y guarde de nuevo.',
} as const;

const decimal = (max = 9_999_999) =>
  z.coerce
    .number({ error: 'Debe ser un número' })
    .positive({ error: 'Debe ser mayor a 0' })
    .max(max, { error: `Máximo ${max}` })
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
      error: 'Máximo 2 decimales',
    });
const periodo = () => z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: MENSAJES_FINANZAS.periodoInvalido });

// ---- tarifas
export const filaTarifa = z.object({
  codigoServicio: z.number().int(),
  codigo: z.string(),
  descripcion: z.string(),
  unidad: z.string(),
  moneda: z.string(),
  afectacionIgv: z.string(),
  /** Price in force today (text with 2 decimals), null without a price. */
  precio: z.string().nullable(),
  vigenteDesde: dia().nullable(),
  estadoAnulado: z.number().int(),
  /** The version the edit dialog sends back: a save over a newer one answers 409 and changes nothing. */
  version: z.number().int(),
});
export type FilaTarifa = z.infer<typeof filaTarifa>;
export const precioTarifa = z.object({
  codigoPrecio: z.number().int(),
  precio: z.string(),
  vigenteDesde: dia(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
});
export const guardarTarifa = z.object({
  codigoServicio: entero().positive().nullish(),
  codigo: requerido(20).regex(/^[A-Z0-9_]+$/, { error: 'Solo mayúsculas, dígitos y _' }),
  descripcion: requerido(200),
  unidad: z.enum(Object.keys(UNIDADES_TARIFA) as [keyof typeof UNIDADES_TARIFA], { error: 'Unidad inválida' }),
  moneda: z.enum(['PEN', 'USD'], { error: 'Moneda inválida' }),
  afectacionIgv: z.enum(['10', '20', '30'], { error: 'Afectación inválida' }),
  precio: decimal(),
  vigenteDesde: fechaIso(),
  /** The version the edit read (`filaTarifa.version`); a newer one on the server is a 409 and nothing changes. */
  version: versionRegistro(),
});
export type GuardarTarifa = z.infer<typeof guardarTarifa>;

// ---- comprobantes
export const filaComprobante = z.object({
  codigoComprobante: z.number().int(),
  tipoComprobante: z.string(),
  serie: z.string(),
  numero: z.number().int(),
  fechaEmision: dia(),
  fechaVencimiento: dia(),
  codigoEmpresaUsuario: z.number().int(),
  ruc: z.string(),
  razonSocial: z.string(),
  moneda: z.string(),
  total: z.string(),
  saldo: z.string(),
  /** Payment state: PENDIENTE, PARCIAL, PAGADO, ANULADO (fully credited), or EMITIDA for a credit note. */
  estado: z.string(),
  estadoEnvio: z.string(),
  hash: z.string(),
});
export type FilaComprobante = z.infer<typeof filaComprobante>;

export const lineaComprobante = z.object({
  orden: z.number().int(),
  descripcion: z.string(),
  unidad: z.string(),
  cantidad: z.string(),
  valorUnitario: z.string(),
  afectacionIgv: z.string(),
  valorVenta: z.string(),
  igv: z.string(),
  origen: z.array(z.string()),
});
export const pago = z.object({
  codigoPago: z.number().int(),
  codigoComprobante: z.number().int(),
  monto: z.string(),
  fechaPago: dia(),
  metodo: z.string(),
  referencia: z.string().nullable(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
  /** Annulled: listed with its reason, no longer counted in the balance. */
  estadoAnulado: z.boolean(),
  motivoAnulacion: z.string().nullable(),
  usuarioAnulacion: z.string().nullable(),
  fechaAnulacion: instante().nullable(),
});
export type Pago = z.infer<typeof pago>;
/** Who may annul a payment: the treasurer and the administrator. */
export const ROLES_ANULAN_PAGO: readonly number[] = [1, 9];
export const anularPago = z.object({
  codigoPago: entero().positive(),
  motivo: z
    .string({ error: MENSAJES_FINANZAS.motivoAnulacionRequerido })
    .trim()
    .min(1, { error: MENSAJES_FINANZAS.motivoAnulacionRequerido })
    .max(250, { error: 'Máximo 250 caracteres' }),
});
export type AnularPago = z.infer<typeof anularPago>;

export const detalleComprobante = filaComprobante.extend({
  totalGravado: z.string(),
  totalExonerado: z.string(),
  totalInafecto: z.string(),
  igv: z.string(),
  montoLetras: z.string(),
  motivo: z.string().nullable(),
  referencia: z.string().nullable(),
  codigoCorrida: z.number().int().nullable(),
  diasAtraso: z.number().int(),
  mora: z.string(),
  errorEnvio: z.string().nullable(),
  tieneCdr: z.boolean(),
  lineas: z.array(lineaComprobante),
  pagos: z.array(pago),
  notas: z.array(z.object({ codigoComprobante: z.number().int(), numero: z.string(), total: z.string() })),
});
export type DetalleComprobante = z.infer<typeof detalleComprobante>;

/**
 * A line of a voucher issued by hand: a service (priced by its tariff on the issue date), or free text with its
 * own unit value (without IGV) and tax treatment.
 */
const lineaEmision = z
  .object({
    codigoServicio: entero().positive({ error: 'Seleccione un servicio' }).nullish(),
    cantidad: decimal(999_999),
    descripcion: z.string().trim().max(200).optional(),
    valorUnitario: decimal().nullish(),
    afectacionIgv: z.enum(['10', '20', '30'], { error: 'Afectación inválida' }).nullish(),
  })
  .superRefine((l, c) => {
    if (l.codigoServicio) return;
    if (!l.descripcion) c.addIssue({ code: 'custom', path: ['descripcion'], message: 'Ingrese la descripción' });
    if (l.valorUnitario == null)
      c.addIssue({ code: 'custom', path: ['valorUnitario'], message: 'Ingrese el valor unitario' });
    if (!l.afectacionIgv) c.addIssue({ code: 'custom', path: ['afectacionIgv'], message: 'Seleccione la afectación' });
  });
export const emitirComprobante = z
  .object({
    codigoEmpresaUsuario: entero().positive({ error: 'Seleccione la empresa' }),
    tipoComprobante: z.enum(['01', '03'], { error: 'Tipo de comprobante inválido' }),
    /** Currency of the voucher; lines from services must be in it. Default: that of the services, or PEN. */
    moneda: z.enum(['PEN', 'USD'], { error: 'Moneda inválida' }).nullish(),
    lineas: z.array(lineaEmision).min(1, { error: MENSAJES_FINANZAS.sinLineas }).max(100),
    /**
     * A boleta's buyer when it is a person (SUNAT catálogo 06 '1', DNI of 8 digits); the company stays the account it
     * is charged to. A factura is always to the company (RUC).
     */
    persona: z
      .object({
        tipoDocumento: z.literal('1', { error: 'Tipo de documento inválido' }),
        numeroDocumento: z.string().regex(/^\d{8}$/, { error: 'El DNI debe tener 8 dígitos' }),
        nombre: requerido(200),
      })
      .nullish(),
  })
  .refine((d) => !d.persona || d.tipoComprobante === '03', {
    error: MENSAJES_FINANZAS.personaSoloBoleta,
    path: ['persona'],
  });
export type EmitirComprobante = z.infer<typeof emitirComprobante>;
export const emitirNotaCredito = z.object({
  codigoComprobante: entero().positive(),
  codigoMotivo: z.enum(['01', '06', '07', '09'], { error: 'Motivo inválido' }),
  motivo: requerido(250),
  /**
   * An amount to credit (IGV included) on a voucher of one tax treatment; when given, `lineas` is ignored.
   */
  monto: decimal().nullish(),
  /** Lines to credit (taken from the voucher's lines by `orden`, with a quantity); none = the whole voucher. */
  lineas: z
    .array(z.object({ orden: entero().positive(), cantidad: decimal(999_999) }))
    .max(100)
    .optional(),
});
export type EmitirNotaCredito = z.infer<typeof emitirNotaCredito>;
export const porComprobante = z.object({ CodigoComprobante: entero().positive() });

// ---- facturación automática
export const lineaPrevia = z.object({
  codigoServicio: z.number().int(),
  descripcion: z.string(),
  unidad: z.string(),
  cantidad: z.string(),
  valorUnitario: z.string(),
  afectacionIgv: z.string(),
  valorVenta: z.string(),
  igv: z.string(),
  origen: z.array(z.string()),
});
export const previaEmpresa = z.object({
  codigoEmpresaUsuario: z.number().int(),
  ruc: z.string(),
  razonSocial: z.string(),
  moneda: z.string(),
  tipoComprobante: z.string(),
  /** Already billed for this period through the cut-off (a run issues nothing for it; no lines). */
  facturado: z.boolean(),
  /** The last day this run bills: the period's last day, or yesterday while the month is in course. */
  corte: dia(),
  /** The last day an earlier run billed for the company (it bills from the day after); null when never billed. */
  facturadoHasta: dia().nullable(),
  comprobante: z.string().nullable(),
  lineas: z.array(lineaPrevia),
  gravado: z.string(),
  exonerado: z.string(),
  inafecto: z.string(),
  igv: z.string(),
  total: z.string(),
});
export type PreviaEmpresa = z.infer<typeof previaEmpresa>;
export const consultaCorrida = z.object({ Periodo: periodo(), CodigoEmpresaUsuario: entero().default(-1) });
export const emitirCorrida = z.object({ periodo: periodo(), codigoEmpresaUsuario: entero().nullish() });
export const filaCorrida = z.object({
  codigoCorrida: z.number().int(),
  periodo: z.string(),
  codigoEmpresaUsuario: z.number().int().nullable(),
  comprobantesEmitidos: z.number().int(),
  empresasOmitidas: z.number().int(),
  resultado: z.string(),
  usuarioRegistro: z.string().nullable(),
  fechaRegistro: instante(),
  /** The last day the run billed; null on runs recorded before cut-offs were kept. */
  fechaCorte: dia().nullable(),
});
export type FilaCorrida = z.infer<typeof filaCorrida>;

// ---- pagos y deuda
export const registrarPago = z.object({
  codigoComprobante: entero().positive({ error: 'Seleccione el comprobante' }),
  monto: z.coerce
    .number({ error: MENSAJES_FINANZAS.pagoMontoNumero })
    .refine((n) => Number.isFinite(n), { error: MENSAJES_FINANZAS.pagoMontoNumero })
    .refine((n) => n > 0, { error: MENSAJES_FINANZAS.pagoMontoPositivo, abort: true })
    .refine((n) => n <= 9_999_999, { error: MENSAJES_FINANZAS.pagoMontoMaximo })
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: MENSAJES_FINANZAS.pagoMontoDecimales }),
  fechaPago: fechaIso(),
  metodo: z.enum(Object.keys(METODOS_PAGO) as [keyof typeof METODOS_PAGO], { error: 'Método inválido' }),
  referencia: z.string().trim().max(60).nullish(),
});
export type RegistrarPago = z.infer<typeof registrarPago>;

/** Debt report row (spec 03 §3.12 debt columns). */
export const filaDeuda = z.object({
  codigoComprobante: z.number().int(),
  fechaEmision: dia(),
  fechaVencimiento: dia(),
  diasAtraso: z.number().int(),
  serie: z.string(),
  numero: z.number().int(),
  ruc: z.string(),
  razonSocial: z.string(),
  moneda: z.string(),
  montoFactura: z.string(),
  montoAdeudado: z.string(),
  mora: z.string(),
  deudaTotal: z.string(),
});
export type FilaDeuda = z.infer<typeof filaDeuda>;
/** What the debt report sorts by: days late (the due date, the other way round). */
export const ORDEN_DEUDA = ['diasAtraso'] as const;
export const consultaDeuda = consultaPaginada.extend({
  SoloVencidos: z.enum(['true', 'false']).optional(),
  ...ordenarPor(ORDEN_DEUDA),
});
export type ConsultaDeuda = z.infer<typeof consultaDeuda>;

export const parametrosFinanzas = z.object({
  diasCredito: z.number().int(),
  diasBloqueo: z.number().int(),
  tasaMoraDiaria: z.string(),
  /** What a save sends back: shared with Configuración general, which edits the same days. */
  version: z.number().int(),
});
export const guardarParametrosFinanzas = z.object({
  diasCredito: entero()
    .min(0, { error: 'Los días de crédito no pueden ser negativos' })
    .max(365, { error: 'Máximo 365 días de crédito' }),
  diasBloqueo: entero()
    .min(0, { error: 'Los días de atraso que bloquean no pueden ser negativos' })
    .max(365, { error: 'Máximo 365 días de atraso' }),
  tasaMoraDiaria: z.coerce
    .number({ error: 'Debe ser un número' })
    .min(0, { error: 'La mora diaria no puede ser negativa' })
    .max(1, { error: 'La mora diaria no puede superar 1 % por día' })
    .refine((n) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6, { error: 'Máximo 4 decimales' }),
  /** The version the form read: saved over a newer one, 409 `parametrosCambiaron` and nothing changes. */
  version: versionRegistro(),
});
export type GuardarParametrosFinanzas = z.infer<typeof guardarParametrosFinanzas>;

// ---- registro anual de importadores (finances/importador)
export const estadoRegistro = z.enum(['VIGENTE', 'VENCIDO']);
export const filaRegistroImportador = z.object({
  codigoImportador: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  /** The user company's name. */
  empresaUsuario: z.string(),
  ruc: z.string(),
  razonSocial: z.string(),
  fechaInicio: dia(),
  fechaCese: dia(),
  /** VENCIDO once its `fechaCese` is before today (Lima). */
  estadoRegistro,
});
export type FilaRegistroImportador = z.infer<typeof filaRegistroImportador>;
/** The voucher list; `ConSaldo=true` keeps the facturas/boletas still owed (the payment and credit-note pickers). */
/** What the voucher list sorts by: number (within its series), issue date, buyer, total. */
export const ORDEN_COMPROBANTES = ['numero', 'fechaEmision', 'razonSocial', 'total'] as const;
export const consultaComprobantes = consultaPaginada.extend({
  ConSaldo: z.enum(['true', 'false']).optional(),
  ...ordenarPor(ORDEN_COMPROBANTES),
});
export type ConsultaComprobantes = z.infer<typeof consultaComprobantes>;
export const consultaRegistroImportador = consultaPaginada.extend({
  SoloVencidos: z.enum(['true', 'false']).optional(),
});

/** Finance: tariffs, vouchers, automatic invoicing, payments and debt (DOMAIN §14). */
export const apiFinanzas = {
  listarTarifas: ruta({
    metodo: 'GET',
    ruta: '/Tarifa/ListarDatos',
    resumen: 'Servicios facturables con su precio vigente (columnas codigo, descripcion)',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaTarifa),
  }),
  historialPrecios: ruta({
    metodo: 'GET',
    ruta: '/Tarifa/HistorialPrecios',
    resumen: 'Historial de precios de un servicio',
    query: z.object({ CodigoServicio: entero().positive() }),
    respuesta: sobre(z.array(precioTarifa)),
  }),
  guardarTarifa: ruta({
    metodo: 'POST',
    ruta: '/Tarifa/Guardar',
    resumen: 'Registrar o editar un servicio; un precio nuevo se agrega al historial',
    body: z.object({ data: guardarTarifa }),
    respuesta: sobre(filaTarifa),
  }),
  listarComprobantes: ruta({
    metodo: 'GET',
    ruta: '/Comprobante/ListarDatos',
    resumen:
      'Comprobantes electrónicos (columnas numero, ruc, razonSocial, tipoComprobante, estado); ConSaldo=true: solo facturas y boletas con saldo',
    query: consultaComprobantes,
    respuesta: sobrePaginado(filaComprobante),
  }),
  consultarComprobante: ruta({
    metodo: 'GET',
    ruta: '/Comprobante/Consultar',
    resumen: 'Detalle del comprobante con líneas, pagos y notas de crédito',
    query: porComprobante,
    respuesta: sobre(detalleComprobante),
  }),
  descargarXml: ruta({
    metodo: 'GET',
    ruta: '/Comprobante/DescargarXml',
    resumen: 'XML UBL 2.1 firmado, tal como se envió',
    query: porComprobante,
    respuesta: archivo('application/xml'),
    tipoRespuesta: 'archivo',
  }),
  descargarPdf: ruta({
    metodo: 'GET',
    ruta: '/Comprobante/DescargarPdf',
    resumen: 'Representación impresa (PDF) con hash y QR',
    query: porComprobante,
    respuesta: archivo('application/pdf'),
    tipoRespuesta: 'archivo',
  }),
  descargarCdr: ruta({
    metodo: 'GET',
    ruta: '/Comprobante/DescargarCdr',
    resumen: 'Constancia de recepción (CDR) del comprobante',
    query: porComprobante,
    respuesta: archivo('application/xml'),
    tipoRespuesta: 'archivo',
  }),
  emitir: ruta({
    metodo: 'POST',
    ruta: '/Comprobante/Emitir',
    resumen: 'Emitir una factura o boleta manual',
    body: z.object({ data: emitirComprobante }),
    respuesta: sobre(filaComprobante),
  }),
  emitirNotaCredito: ruta({
    metodo: 'POST',
    ruta: '/Comprobante/EmitirNotaCredito',
    resumen: 'Emitir una nota de crédito que corrige un comprobante',
    body: z.object({ data: emitirNotaCredito }),
    respuesta: sobre(filaComprobante),
  }),
  previsualizarCorrida: ruta({
    metodo: 'GET',
    ruta: '/Facturacion/Previsualizar',
    resumen: 'Vista previa de la facturación de un periodo, con cada línea trazada a sus órdenes',
    query: consultaCorrida,
    respuesta: sobre(z.array(previaEmpresa)),
  }),
  emitirCorrida: ruta({
    metodo: 'POST',
    ruta: '/Facturacion/Emitir',
    resumen: 'Emitir la facturación de un periodo (nunca factura dos veces el mismo periodo)',
    body: z.object({ data: emitirCorrida }),
    respuesta: sobre(filaCorrida),
  }),
  listarCorridas: ruta({
    metodo: 'GET',
    ruta: '/Facturacion/ListarCorridas',
    resumen: 'Corridas de facturación con su resultado',
    query: consultaPaginada,
    respuesta: sobrePaginado(filaCorrida),
  }),
  registrarPago: ruta({
    metodo: 'POST',
    ruta: '/Pago/Registrar',
    resumen: 'Registrar un pago total o parcial de un comprobante',
    body: z.object({ data: registrarPago }),
    respuesta: sobre(pago),
  }),
  anularPago: ruta({
    metodo: 'POST',
    ruta: '/Pago/Anular',
    resumen: 'Anular un pago registrado por error (con motivo): sale del saldo y se recalcula el bloqueo',
    body: z.object({ data: anularPago }),
    respuesta: sobre(pago),
  }),
  listarPagos: ruta({
    metodo: 'GET',
    ruta: '/Pago/ListarDatos',
    resumen: 'Pagos registrados (columnas numero, ruc, razonSocial)',
    query: consultaPaginada,
    respuesta: sobrePaginado(pago.extend({ numero: z.string(), razonSocial: z.string(), moneda: z.string() })),
  }),
  listarDeuda: ruta({
    metodo: 'GET',
    ruta: '/ReporteFinanciero/ListarDeuda',
    resumen: 'Reporte de deuda (spec 03 §3.12)',
    query: consultaDeuda,
    respuesta: sobrePaginado(filaDeuda),
  }),
  exportarDeuda: ruta({
    metodo: 'GET',
    ruta: '/ReporteFinanciero/ExportarExcel',
    resumen: 'Reporte de deuda en Excel',
    query: consultaDeuda,
    respuesta: archivo('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    tipoRespuesta: 'archivo',
  }),
  renovarTransportista: ruta({
    metodo: 'POST',
    ruta: '/Finanzas/RenovarTransportista',
    resumen: 'Renovar el registro anual de un transportista y facturar su tarifa (REG_TRANSP)',
    body: z.object({ data: z.object({ codigoTransportistaUsuario: entero().positive() }) }),
    respuesta: sobre(filaComprobante),
  }),
  listarRegistroImportadores: ruta({
    metodo: 'GET',
    ruta: '/Finanzas/ListarImportadores',
    resumen: 'Registro anual de importadores con su vencimiento (columnas ruc, razonSocial, empresa)',
    query: consultaRegistroImportador,
    respuesta: sobrePaginado(filaRegistroImportador),
  }),
  renovarImportador: ruta({
    metodo: 'POST',
    ruta: '/Finanzas/RenovarImportador',
    resumen: 'Renovar el registro anual de un importador y facturar su tarifa (REG_IMPORT)',
    body: z.object({ data: z.object({ codigoImportador: entero().positive() }) }),
    respuesta: sobre(filaComprobante),
  }),
  guardarParametros: ruta({
    metodo: 'POST',
    ruta: '/Finanzas/GuardarParametros',
    resumen: 'Guardar días de crédito, días de atraso que bloquean y mora diaria',
    body: z.object({ data: guardarParametrosFinanzas }),
    respuesta: sobre(parametrosFinanzas),
  }),
  parametros: ruta({
    metodo: 'GET',
    ruta: '/Finanzas/Parametros',
    resumen: 'Días de crédito, días de atraso que bloquean y mora diaria',
    respuesta: sobre(parametrosFinanzas),
  }),
};
