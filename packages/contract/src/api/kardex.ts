import { z } from 'zod';
import { entero, fechaIso, ordenarPor, POR_PAGINA_DEFECTO, POR_PAGINA_MAXIMO } from '../comun';
import { archivo, instante, ruta, sobre, sobrePaginado } from './definicion';

/** SUNAT table 12 (operation types) as the kardex uses them (DOMAIN.md §11). */
export const TIPOS_OPERACION_SUNAT: Record<string, string> = {
  '01': 'Venta',
  '02': 'Compra',
  '10': 'Salida a producción',
  '11': 'Transferencia entre almacenes',
  '12': 'Retiro',
  '13': 'Mermas',
  '16': 'Saldo inicial',
  '19': 'Entrada de producción',
  '99': 'Otros (ajuste de inventario)',
};

/** SUNAT table 5 (existence types) of the catalogue's `codigoExistencia` (DOMAIN.md §11). */
export const TIPOS_EXISTENCIA_SUNAT: Record<string, string> = {
  '01': 'Mercaderías',
  '02': 'Productos terminados',
  '03': 'Materias primas',
  '04': 'Envases',
  '05': 'Materiales auxiliares',
  '06': 'Suministros',
  '07': 'Repuestos',
  '08': 'Embalajes',
  '09': 'Subproductos',
  '10': 'Desechos y desperdicios',
  '99': 'Otros',
};

export const MENSAJES_KARDEX = {
  productoRequerido: 'Debe seleccionar un producto',
  rangoFechas: 'La fecha inicial no puede ser posterior a la fecha final',
  periodoRequerido: 'Debe indicar el periodo (yyyy-MM)',
  periodoInvalido: 'El periodo debe ser un año (aaaa) o un mes (aaaa-mm) existente',
} as const;

const ordenAsc = z.enum(['asc', 'desc']).default('asc');

/** `GET /Almacen/ListarKardex`: one product (optionally one lot) of a company in a date range, paged. */
export const consultaKardex = z
  .object({
    PageNumber: entero().min(1).default(1),
    limit: entero().min(1).max(POR_PAGINA_MAXIMO).default(POR_PAGINA_DEFECTO),
    CodigoEmpresaUsuario: entero().default(-1),
    CodigoCatalogoUsuario: z.coerce
      .number({ error: MENSAJES_KARDEX.productoRequerido })
      .int({ error: MENSAJES_KARDEX.productoRequerido })
      .positive({ error: MENSAJES_KARDEX.productoRequerido }),
    CodigoLote: entero().positive().optional(),
    DesdeFecha: fechaIso().optional(),
    HastaFecha: fechaIso().optional(),
    /** Ledger order (the order the entries were written): asc oldest first (default), desc newest first. */
    Orden: ordenAsc,
  })
  .refine((q) => !q.DesdeFecha || !q.HastaFecha || q.DesdeFecha <= q.HastaFecha, {
    path: ['HastaFecha'],
    error: MENSAJES_KARDEX.rangoFechas,
  });
export type ConsultaKardex = z.infer<typeof consultaKardex>;

/** A kardex row: one ledger entry with the running balance kept when it was written. */
export const filaKardex = z.object({
  codigoKardex: z.number().int(),
  fecha: instante(),
  codigoMovimiento: z.number().int().nullable(),
  codigoIngreso: z.string().nullable(),
  codigoLote: z.number().int(),
  /** The lot's entry document number. */
  documentoLote: z.string(),
  /** SUNAT table 10 code of the supporting document (the order's document type). */
  tipoDocumento: z.string().nullable(),
  descripcionTipoDocumento: z.string().nullable(),
  numeroDocumento: z.string().nullable(),
  /** SUNAT table 12 code and its description. */
  tipoOperacion: z.string(),
  descripcionTipoOperacion: z.string(),
  entrada: z.number(),
  salida: z.number(),
  /** Balance after this entry: of the product, or of the lot when CodigoLote is given. */
  saldo: z.number(),
  /** Unit FOB (USD) of an entry; weighted average cost of an exit. */
  costoUnitario: z.number(),
  costoPromedio: z.number(),
  valorEntrada: z.number(),
  valorSalida: z.number(),
  /** Valued balance of the product after this entry (weighted average cost). */
  saldoValor: z.number(),
  codigoConteo: z.number().int().nullable(),
  usuarioRegistro: z.string().nullable(),
});
export type FilaKardex = z.infer<typeof filaKardex>;

/** A product of a company for the kardex's product filter, with its kept balance. */
export const productoKardex = z.object({
  codigoCatalogoUsuario: z.number().int(),
  descripcion: z.string(),
  codigoInterno: z.string().nullable(),
  numeroPartida: z.string(),
  codigoUnidadMedida: z.string(),
  codigoExistencia: z.string(),
  saldo: z.number(),
});

/** A lot of a product for the kardex's lot filter. */
export const loteProducto = z.object({
  codigoLote: z.number().int(),
  numeroDocumento: z.string(),
  codigoIngreso: z.string().nullable(),
  fechaIngreso: instante(),
  cantidadStock: z.number(),
  cantidadReservada: z.number(),
});

/** Stock by lot (finishedProducts: existence type 02; otherProducts: every other type). */
export const consultaStockLotes = z.object({
  PageNumber: entero().min(1).default(1),
  limit: entero().min(1).max(POR_PAGINA_MAXIMO).default(POR_PAGINA_DEFECTO),
  CodigoEmpresaUsuario: entero().default(-1),
  /**
   * Product or days in the zone (the entry date), each backed by an index. Not the FOB total: it multiplies the
   * lot's balance by its entry line's FOB (two tables), which no index orders.
   */
  ...ordenarPor(['producto', 'diasEnZona']),
  /** 'terminados' (type 02), 'otros' (every other type) or 'todos' (the dashboard's lists). */
  Tipo: z.enum(['terminados', 'otros', 'todos']),
  /** Lots whose days in the zone are within [DiasMinimo, DiasMaximo] (the dashboard's age buckets). */
  DiasMinimo: entero().min(0).optional(),
  DiasMaximo: entero().min(0).optional(),
  /** Only lots with reserved quantity. */
  SoloReservados: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  Columna: z.string().max(60).optional(),
  Valor: z.string().max(200).optional(),
  /** Only lots with stock on hand (default) or every lot. */
  SoloConStock: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export type ConsultaStockLotes = z.infer<typeof consultaStockLotes>;

export const filaStockLote = z.object({
  codigoLote: z.number().int(),
  codigoEmpresaUsuario: z.number().int(),
  razonSocial: z.string(),
  codigoCatalogoUsuario: z.number().int(),
  producto: z.string(),
  codigoExistencia: z.string(),
  numeroPartida: z.string(),
  codigoUnidadMedida: z.string(),
  codigoMovimiento: z.number().int().nullable(),
  codigoIngreso: z.string().nullable(),
  numeroDocumento: z.string(),
  fechaIngreso: instante(),
  diasEnZona: z.number().int(),
  cantidadStock: z.number(),
  cantidadReservada: z.number(),
  cantidadDisponible: z.number(),
  fobUnitario: z.number(),
  fobTotal: z.number(),
});
export type FilaStockLote = z.infer<typeof filaStockLote>;

export const totalesStockLotes = z.object({
  lotes: z.number().int(),
  cantidadStock: z.number(),
  cantidadReservada: z.number(),
  cantidadDisponible: z.number(),
  fobTotal: z.number(),
});

/** The SUNAT permanent-inventory export: format 12.1 (units) or 13.1 (valued), one product or all of a company. */
export const consultaExportarKardex = z.object({
  CodigoEmpresaUsuario: entero().default(-1),
  CodigoCatalogoUsuario: entero().positive().optional(),
  /** yyyy-MM: the month of the period; or DesdeFecha/HastaFecha for any range (a year). */
  Periodo: z
    .string()
    // Month 01–12 of a year 1900–2099: '2026-13' was a 500 and '2026-00' a refusal about the dates.
    .regex(/^(19|20)\d{2}(-(0[1-9]|1[0-2]))?$/, { error: MENSAJES_KARDEX.periodoInvalido })
    .optional(),
  DesdeFecha: fechaIso().optional(),
  HastaFecha: fechaIso().optional(),
  Formato: z.enum(['12.1', '13.1']).default('12.1'),
});
export type ConsultaExportarKardex = z.infer<typeof consultaExportarKardex>;

/**
 * The kardex book's file name: Kardex-<RUC>-<period>[-<product>][-valorizado].xlsx. One product's file names it (its
 * internal code, else P<catalogue id>), so it is not taken for, nor overwrites, the book of every product.
 */
export function nombreArchivoKardex(p: {
  ruc: string;
  periodo: string;
  producto?: { codigoCatalogoUsuario: number; codigoInterno: string | null } | undefined;
  valorizado: boolean;
}) {
  const codigo = p.producto
    ? p.producto.codigoInterno?.replace(/[^\w.-]+/g, '_') || `P${p.producto.codigoCatalogoUsuario}`
    : '';
  return `Kardex-${p.ruc}-${p.periodo}${codigo ? `-${codigo}` : ''}${p.valorizado ? '-valorizado' : ''}.xlsx`;
}

/**
 * The stock export's file name: what it lists, whose (the company's RUC, or every company's for operator staff who
 * chose none) and the day it was taken (Lima), so that two downloads of different companies or days never share one.
 */
export function nombreArchivoStock(p: { tipo: 'terminados' | 'otros' | 'todos'; ruc: string | null; dia: string }) {
  const que = { terminados: 'ProductosTerminados', otros: 'OtrosProductos', todos: 'StockPorLote' }[p.tipo];
  return `${que}-${p.ruc ?? 'todas-las-empresas'}-${p.dia}.xlsx`;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const cifras = z.object({ lotes: z.number().int(), cantidadStock: z.number(), fobTotal: z.number() });

/** The operator's stock dashboard (inventory/control). */
export const tableroInventario = z.object({
  limitePermanenciaDias: z.number().int(),
  /** Lots within this many days of the permanence limit count as near it. */
  avisoDias: z.number().int(),
  total: cifras,
  porEmpresa: z.array(cifras.extend({ codigoEmpresaUsuario: z.number().int(), razonSocial: z.string() })),
  porPartida: z.array(cifras.extend({ numeroPartida: z.string() })),
  porAntiguedad: z.array(
    cifras.extend({ rango: z.string(), diasMinimo: z.number().int(), diasMaximo: z.number().int().nullable() }),
  ),
  cercaLimite: cifras,
  productosConReserva: z.number().int(),
  lotesConReserva: z.number().int(),
  productosSinStock: z.number().int(),
});
export type TableroInventario = z.infer<typeof tableroInventario>;

/** The kardex: the ledger, its filters and its SUNAT exports; stock by lot. */
export const apiKardex = {
  listar: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ListarKardex',
    resumen: 'Kardex de un producto (o de un lote): asientos en orden con su saldo, paginado',
    query: consultaKardex,
    respuesta: sobrePaginado(filaKardex),
  }),
  productos: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ListarProductosKardex',
    resumen: 'Productos de una empresa con su saldo, para el filtro del kardex',
    query: z.object({
      CodigoEmpresaUsuario: entero().default(-1),
      Descripcion: z.string().max(200).optional(),
      /** Only products with a balance (Abrir conteo: a count snapshots lots with stock). */
      SoloConStock: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
    }),
    respuesta: sobre(z.array(productoKardex)),
  }),
  lotes: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ListarLotesProducto',
    resumen: 'Lotes de un producto (con o sin stock), para el filtro del kardex',
    query: z.object({ CodigoCatalogoUsuario: entero().positive() }),
    respuesta: sobre(z.array(loteProducto)),
  }),
  exportar: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ExportarKardexSunat',
    resumen: 'Kardex en formato SUNAT 12.1 (unidades) o 13.1 (valorizado), xlsx enviado mientras se genera',
    query: consultaExportarKardex,
    respuesta: archivo(XLSX),
    tipoRespuesta: 'archivo',
  }),
  stockLotes: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ListarStockLotes',
    resumen: 'Stock por lote: productos terminados (tipo 02) u otros productos, paginado con totales',
    query: consultaStockLotes,
    respuesta: sobrePaginado(filaStockLote).extend({ totales: totalesStockLotes }),
  }),
  tablero: ruta({
    metodo: 'GET',
    ruta: '/Almacen/TableroInventario',
    resumen: 'Tablero de stock del operador: valor por empresa y partida, antigüedad de lotes, permanencia, reservas',
    query: z.object({ CodigoEmpresaUsuario: entero().default(-1) }),
    respuesta: sobre(tableroInventario),
  }),
  exportarStockLotes: ruta({
    metodo: 'GET',
    ruta: '/Almacen/ExportarStockLotes',
    resumen: 'Stock por lote en Excel (xlsx)',
    query: consultaStockLotes.omit({ PageNumber: true, limit: true }),
    respuesta: archivo(XLSX),
    tipoRespuesta: 'archivo',
  }),
};
