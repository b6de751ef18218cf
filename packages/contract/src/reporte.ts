import { z } from 'zod';
import { entero, fechaIso } from './comun';

/**
 * The movements report (spec 03 §2.8, §3.11, §3.12, §7.5): six report types, their columns (shared by the
 * screen's table, the Excel file and the PDF preview, so the three always match) and the filter.
 */

export const MENSAJES_REPORTE = {
  rangoFechas: 'La diferencia entre las fechas debe ser menor o igual a 365 días.',
  sinResultados: 'Filtro no contiene resultados',
  estadosNoDisponibles: 'No se pudo obtener el estado del movimiento. Intente nuevamente más tarde.',
  tituloVistaPrevia: 'Vista preliminar del archivo digital',
  tipoNoPermitido: 'El tipo de reporte no está disponible para su empresa.',
} as const;

/** DOMAIN.md §6: the range rule reads 365 days, applied only when the whole zone (operator company) is selected. */
export const DIAS_RANGO_MAXIMO = 365;
/** Fixed unit of the ministry-format report (spec 03 §3.12). */
export const UNIDAD_MINCETUR = 'KGS';
/** Rows the PDF preview shows (the Excel file always carries every row). */
export const FILAS_VISTA_PREVIA = 1000;
export const POR_PAGINA_REPORTE_MAXIMO = 500;

export const TIPOS_REPORTE = ['op1', 'op2', 'op3', 'op4', 'op5', 'op6'] as const;
export type TipoReporte = (typeof TIPOS_REPORTE)[number];
/** What a user company (not the operator) may run (spec 03 §6). */
export const TIPOS_REPORTE_EMPRESA: readonly TipoReporte[] = ['op1', 'op3'];

export type TipoColumna = 'texto' | 'numero' | 'entero' | 'fecha' | 'hora';
export interface ColumnaReporte {
  clave: string;
  titulo: string;
  tipo: TipoColumna;
  /** Excel column width (characters). */
  ancho: number;
}

const c = (clave: string, titulo: string, tipo: TipoColumna = 'texto', ancho = 14): ColumnaReporte => ({
  clave,
  titulo,
  tipo,
  ancho,
});

export interface DefinicionReporte {
  tipo: TipoReporte;
  nombre: string;
  archivo: string;
  /** The spec's call that answers this report's rows. */
  ruta: string;
  /** Which filters the screen shows (spec 03 §2.8). */
  filtroTipoMovimiento: boolean;
  filtroEstado: boolean;
  columnas: ColumnaReporte[];
}

const OP1: ColumnaReporte[] = [
  c('razonSocial', 'Empresa usuaria', 'texto', 32),
  c('tipoOperacion', 'Tipo de operación', 'texto', 14),
  c('codigoIngreso', 'Código de orden', 'texto', 12),
  c('estadoMovimientoDescripcion', 'Estado', 'texto', 16),
  c('rucImportador', 'RUC proveedor / importador', 'texto', 14),
  c('razonSocialImportador', 'Proveedor / importador', 'texto', 30),
  c('numeroTicket', 'Número de ticket', 'texto', 12),
  c('placa', 'Placa', 'texto', 16),
  c('transporte', 'Empresa de transporte', 'texto', 28),
  c('tipoDocumento', 'Tipo de documento', 'texto', 22),
  c('documentosFiscales', 'Documentos', 'texto', 28),
  c('numeroDeclaracion', 'Número de declaración', 'texto', 12),
  c('numeroBultoUsuario', 'Bultos declarados', 'entero', 10),
  c('numeroBultoVerificado', 'Bultos verificados', 'entero', 10),
  c('fechaUno', 'Fecha primer pesaje', 'fecha', 12),
  c('horaUno', 'Hora primer pesaje', 'hora', 10),
  c('pesoUno', 'Primer peso (kg)', 'numero', 12),
  c('fechaDos', 'Fecha segundo pesaje', 'fecha', 12),
  c('horaDos', 'Hora segundo pesaje', 'hora', 10),
  c('pesoDos', 'Segundo peso (kg)', 'numero', 12),
  c('pesoBruto', 'Peso bruto (kg)', 'numero', 12),
  c('pesoTara', 'Peso tara (kg)', 'numero', 12),
  c('pesoNeto', 'Peso neto (kg)', 'numero', 12),
];

const OP2: ColumnaReporte[] = [
  c('id', 'N°', 'entero', 7),
  c('mes', 'Mes', 'texto', 11),
  c('fechaIngreso', 'Fecha', 'fecha', 12),
  c('codigoIngreso', 'Código de orden', 'texto', 12),
  c('tipoOperacion', 'Tipo de operación', 'texto', 14),
  c('rucEmpresaUsuario', 'RUC empresa usuaria', 'texto', 14),
  c('razonSocialEmpresaUsuario', 'Empresa usuaria', 'texto', 32),
  c('tipoDocumentoFiscal', 'Tipo de documento', 'texto', 22),
  c('numeroDocumento', 'Número de documento', 'texto', 20),
  c('numeroPartida', 'Subpartida nacional', 'texto', 14),
  c('mercancia', 'Mercancía', 'texto', 36),
  c('cantidad', 'Cantidad', 'numero', 12),
  c('unidadMedida', 'Unidad', 'texto', 8),
  c('valorTotalFob', 'Valor FOB (USD)', 'numero', 14),
  c('paisProcedencia', 'País de procedencia / destino', 'texto', 16),
];

const OP3: ColumnaReporte[] = [
  c('id', 'N°', 'entero', 7),
  c('fechaIngreso', 'Fecha', 'fecha', 12),
  c('codigoIngreso', 'Código de orden', 'texto', 12),
  c('tipoOperacion', 'Tipo de operación', 'texto', 14),
  c('rucEmpresaUsuario', 'RUC empresa usuaria', 'texto', 14),
  c('razonSocialEmpresaUsuario', 'Empresa usuaria', 'texto', 32),
  c('tipoDocumentoFiscal', 'Tipo de declaración', 'texto', 22),
  c('numeroDocumento', 'Número de declaración', 'texto', 22),
  c('codigoAduana', 'Aduana', 'texto', 8),
  c('regimenAduanero', 'Régimen', 'texto', 8),
  c('cantidad', 'Cantidad', 'numero', 12),
  c('totalPesoNeto', 'Peso declarado (kg)', 'numero', 14),
  c('valorTotalFob', 'Valor FOB (USD)', 'numero', 14),
  c('estadoMovimientoDescripcion', 'Estado', 'texto', 16),
];

const OP4: ColumnaReporte[] = [
  c('id', 'N°', 'entero', 7),
  c('fechaIngreso', 'Fecha', 'fecha', 12),
  c('codigoIngreso', 'Código de orden', 'texto', 12),
  c('tipoOperacion', 'Tipo de operación', 'texto', 14),
  c('rucEmpresaUsuario', 'RUC empresa usuaria', 'texto', 14),
  c('razonSocialEmpresaUsuario', 'Empresa usuaria', 'texto', 32),
  c('codigoTipoMercaderia', 'Tipo de mercadería', 'texto', 12),
  c('tipoDocumentoFiscal', 'Tipo de documento', 'texto', 22),
  c('numeroDocumento', 'Número de documento', 'texto', 20),
  c('numeroPartida', 'Subpartida nacional', 'texto', 14),
  c('mercancia', 'Mercancía', 'texto', 36),
  c('cantidad', 'Cantidad', 'numero', 12),
  c('unidadMedida', 'Unidad', 'texto', 8),
  c('valorUnitario', 'Valor unitario (USD)', 'numero', 14),
  c('valorTotal', 'Valor total (USD)', 'numero', 14),
  c('peso', 'Peso (kg)', 'numero', 12),
  c('paisProcedencia', 'País de procedencia / destino', 'texto', 16),
  c('codigoTipoVia', 'Vía', 'texto', 12),
  c('lugarIngresoSalida', 'Aduana de ingreso / salida', 'texto', 18),
];

const OP5: ColumnaReporte[] = [
  c('id', 'N°', 'entero', 7),
  c('fechaRegistro', 'Fecha de solicitud', 'fecha', 12),
  c('fechaIngreso', 'Fecha de traslado', 'fecha', 12),
  c('codigoIngreso', 'Código de orden', 'texto', 12),
  c('tipoOperacion', 'Tipo de operación', 'texto', 18),
  c('rucEmpresaUsuario', 'RUC empresa solicitante', 'texto', 14),
  c('razonSocialEmpresaUsuario', 'Empresa solicitante', 'texto', 32),
  c('procedenciaDestino', 'Empresa de destino / origen', 'texto', 30),
  c('numeroDocumento', 'Documento', 'texto', 20),
  c('numeroPartida', 'Subpartida nacional', 'texto', 14),
  c('mercancia', 'Mercancía', 'texto', 36),
  c('cantidad', 'Cantidad', 'numero', 12),
  c('unidadMedida', 'Unidad', 'texto', 8),
  c('valorUnitario', 'Valor unitario (USD)', 'numero', 14),
  c('valorTotal', 'Valor total (USD)', 'numero', 14),
  c('estadoMovimientoDescripcion', 'Estado', 'texto', 16),
];

const OP6: ColumnaReporte[] = [
  c('id', 'N°', 'entero', 7),
  c('rucEmpresaUsuario', 'RUC empresa usuaria', 'texto', 14),
  c('razonSocialEmpresaUsuario', 'Empresa usuaria', 'texto', 32),
  c('almacen', 'Almacén', 'texto', 18),
  c('codigoInterno', 'Código interno', 'texto', 12),
  c('numeroPartida', 'Subpartida nacional', 'texto', 14),
  c('mercancia', 'Mercancía', 'texto', 36),
  c('existencia', 'Existencia', 'texto', 16),
  c('unidadMedida', 'Unidad', 'texto', 8),
  c('numeroDocumento', 'Documento de ingreso (lote)', 'texto', 20),
  c('fechaIngreso', 'Fecha de ingreso', 'fecha', 12),
  c('cantidadIngresada', 'Cantidad ingresada', 'numero', 12),
  c('cantidadReservada', 'Cantidad reservada', 'numero', 12),
  c('cantidad', 'Stock actual', 'numero', 12),
];

export const REPORTES: Record<TipoReporte, DefinicionReporte> = {
  op1: {
    tipo: 'op1',
    nombre: 'Ingreso / salida de mercancía',
    archivo: 'ReporteMovimientoSalidaIngreso',
    ruta: '/Movimiento/ConsultarReporteIngresoSalidaMercancia',
    filtroTipoMovimiento: true,
    filtroEstado: true,
    columnas: OP1,
  },
  op2: {
    tipo: 'op2',
    nombre: 'Ingreso / salida formato MINCETUR',
    archivo: 'ReporteMovimientoSalidaIngresoMincetur',
    ruta: '/Movimiento/ConsultarReporteMovimientoIngresoSalidaMercanciaDetalle',
    filtroTipoMovimiento: true,
    filtroEstado: false,
    columnas: OP2,
  },
  op3: {
    tipo: 'op3',
    nombre: 'Reporte de declaraciones',
    archivo: 'ReporteDeclaraciones',
    ruta: '/Movimiento/ConsultarReporteMovimientoIngresoSalidaMercanciaDeclaracion',
    filtroTipoMovimiento: true,
    filtroEstado: false,
    columnas: OP3,
  },
  op4: {
    tipo: 'op4',
    nombre: 'Reporte zona franca',
    archivo: 'ReporteZonaFranca',
    ruta: '/Movimiento/ConsultarReporteMovimientoIngresoSalidaMercanciaDeclaracion',
    filtroTipoMovimiento: true,
    filtroEstado: false,
    columnas: OP4,
  },
  op5: {
    tipo: 'op5',
    nombre: 'Reporte de solicitudes de traslado',
    archivo: 'ReporteSolicitudTraslado',
    ruta: '/Movimiento/ConsultarReporteMovimientoIngresoSalidaMercanciaDeclaracion',
    filtroTipoMovimiento: false,
    filtroEstado: false,
    columnas: OP5,
  },
  op6: {
    tipo: 'op6',
    nombre: 'Stock de almacén versión 1',
    archivo: 'ReporteStockActualAlmacen',
    ruta: '/Almacen/ConsultaReporteStockActualAlmacen',
    filtroTipoMovimiento: false,
    filtroEstado: false,
    columnas: OP6,
  },
};

/** Operation types of the transfer-request report (parameter group 3: 3 traslado entre usuarios, 5 transferencia). */
export const OPERACIONES_TRASLADO: readonly number[] = [3, 5];

/**
 * The movement-type list of the screen (spec 03 §6): with exactly two stored entries all are shown,
 * otherwise the last three are dropped.
 */
export const cortarTiposMovimiento = <T>(lista: readonly T[]): T[] =>
  lista.length === 2 ? [...lista] : lista.slice(0, Math.max(0, lista.length - 3));

/** Report filter (spec 03 §3.11). TipoReporte picks op3/op4/op5 on the shared declaration path. */
export const filtroReporte = z.object({
  CodigoEmpresaUsuario: entero().default(-1),
  CodigoTipoOperacion: entero().min(0).default(0),
  CodigoEstadoMovimiento: entero().min(0).default(0),
  DesdeFecha: fechaIso().optional(),
  HastaFecha: fechaIso().optional(),
  TipoReporte: z.enum(TIPOS_REPORTE, { error: 'Tipo de reporte no válido' }).optional(),
  PageNumber: entero().min(1).default(1),
  limit: entero().min(1).max(POR_PAGINA_REPORTE_MAXIMO).default(50),
});
export type FiltroReporte = z.infer<typeof filtroReporte>;
/** The Excel download and the PDF preview: the same filter, with the report type required. */
export const filtroReporteArchivo = filtroReporte.extend({
  TipoReporte: z.enum(TIPOS_REPORTE, { error: 'Tipo de reporte no válido' }),
});

/** Whole days between two yyyy-MM-dd dates. */
export const diasEntre = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / 86_400_000);

export type FilaReporte = Record<string, string | number | null>;
export interface RespuestaReporte {
  data: FilaReporte[];
  meta: { total: number; current_page: number; per_page: number };
}
