import type { PassThrough } from 'node:stream';
import {
  type ConsultaExportarKardex,
  type ConsultaStockLotes,
  fechaHoraLima,
  fechaLima,
  finDiaLima,
  inicioDiaLima,
  sumarDias,
  TIPOS_EXISTENCIA_SUNAT,
} from '@cronos/contract';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, noEncontrado } from '../../platform/errores';
import { empresaParaListar } from '../../platform/tenencia';
import * as repo from './kardex.repository';
import { exigirProducto, mapearFila } from './kardex.service';
import { filtroStock, mapearStock } from './stock.service';

/**
 * The SUNAT permanent-inventory books (R.S. 234-2006/SUNAT, DOMAIN.md §11) as .xlsx written while the rows are
 * read (exceljs streaming writer: each row is committed and leaves memory; the reading waits when the client
 * has not taken what was written). Format 12.1 in units, 13.1 valued at weighted average cost.
 */

const TITULOS = {
  '12.1':
    'FORMATO 12.1: REGISTRO DEL INVENTARIO PERMANENTE EN UNIDADES FÍSICAS - DETALLE DEL INVENTARIO PERMANENTE EN UNIDADES FÍSICAS',
  '13.1': 'FORMATO 13.1: REGISTRO DE INVENTARIO PERMANENTE VALORIZADO - DETALLE DEL INVENTARIO VALORIZADO',
} as const;

/** The period of an export: a month (yyyy-MM), a year (yyyy) or a date range; its label for SUNAT and the file. */
export function periodoDe(q: ConsultaExportarKardex, ahora: Date) {
  let desde: string;
  let hasta: string;
  if (q.Periodo && q.Periodo.length === 7) {
    desde = `${q.Periodo}-01`;
    const [a, m] = q.Periodo.split('-').map(Number) as [number, number];
    const siguiente = m === 12 ? `${a + 1}-01-01` : `${a}-${String(m + 1).padStart(2, '0')}-01`;
    hasta = sumarDias(siguiente, -1);
  } else if (q.Periodo) {
    desde = `${q.Periodo}-01-01`;
    hasta = `${q.Periodo}-12-31`;
  } else if (q.DesdeFecha && q.HastaFecha) {
    desde = q.DesdeFecha;
    hasta = q.HastaFecha;
  } else {
    const hoy = fechaLima(ahora);
    desde = `${hoy.slice(0, 7)}-01`;
    hasta = hoy;
  }
  if (desde > hasta) throw errorCampos({ HastaFecha: ['La fecha inicial no puede ser posterior a la fecha final'] });
  const etiqueta = q.Periodo
    ? q.Periodo.replace('-', '')
    : desde.slice(0, 7) === hasta.slice(0, 7)
      ? desde.slice(0, 7).replace('-', '')
      : `${desde.replaceAll('-', '')}-${hasta.replaceAll('-', '')}`;
  return { desde: inicioDiaLima(desde), hasta: finDiaLima(hasta), etiqueta, texto: `${desde} al ${hasta}` };
}

/** Where the writer waits for the client: more than this buffered and the reading pauses until it drains. */
const UMBRAL_BYTES = 1024 * 1024;
const esperarCliente = (s: PassThrough) =>
  s.writableLength > UMBRAL_BYTES && !s.destroyed ? new Promise<void>((r) => s.once('drain', r)) : Promise.resolve();

const NEGRITA = { bold: true } as const;

/** Resolves the request (tenancy, period) and names the file; the rows are written by `escribir`. */
export async function prepararKardexSunat(ctx: Ctx, q: ConsultaExportarKardex) {
  let empresa: number;
  if (q.CodigoCatalogoUsuario) empresa = await exigirProducto(ctx, q.CodigoCatalogoUsuario, q.CodigoEmpresaUsuario);
  else {
    const e = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario);
    if (e === null) throw errorCampos({ CodigoEmpresaUsuario: ['Debe seleccionar una empresa'] });
    empresa = e;
  }
  const datos = await repo.datosEmpresa(ctx.db, empresa);
  if (!datos) throw noEncontrado();
  const periodo = periodoDe(q, ctx.ahora());
  return {
    nombre: `Kardex-${datos.ruc}-${periodo.etiqueta}${q.Formato === '13.1' ? '-valorizado' : ''}.xlsx`,
    escribir: (salida: PassThrough) => escribirKardexSunat(ctx, q, empresa, datos, periodo, salida),
  };
}

async function escribirKardexSunat(
  ctx: Ctx,
  q: ConsultaExportarKardex,
  empresa: number,
  datos: { ruc: string; razonSocial: string; establecimiento: string },
  periodo: ReturnType<typeof periodoDe>,
  salida: PassThrough,
) {
  const valorizado = q.Formato === '13.1';
  const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true, useSharedStrings: false });
  const hoja = libro.addWorksheet(`Formato ${q.Formato}`);
  hoja.columns = valorizado
    ? [14, 10, 10, 16, 12, 12, 12, 14, 12, 12, 14, 12, 12, 14, 12].map((width) => ({ width }))
    : [14, 10, 10, 16, 14, 14, 14, 14, 12].map((width) => ({ width }));
  const fila = (valores: (string | number | null)[], negrita = false) => {
    const r = hoja.addRow(valores);
    if (negrita) r.font = NEGRITA;
    r.commit();
  };

  const productos = await repo.productosExportar(ctx.db, empresa, q.CodigoCatalogoUsuario, periodo.hasta);
  fila([TITULOS[q.Formato]], true);
  fila([]);
  for (const p of productos) {
    if (salida.destroyed) return;
    fila(['PERÍODO:', periodo.etiqueta]);
    fila(['RUC:', datos.ruc]);
    fila(['APELLIDOS Y NOMBRES, DENOMINACIÓN O RAZÓN SOCIAL:', datos.razonSocial]);
    fila(['ESTABLECIMIENTO (1):', datos.establecimiento]);
    fila(['CÓDIGO DE LA EXISTENCIA:', p.codigoInterno ?? String(p.codigoCatalogoUsuario)]);
    fila([
      'TIPO (TABLA 5):',
      `${p.codigoExistencia} ${TIPOS_EXISTENCIA_SUNAT[p.codigoExistencia] ?? TIPOS_EXISTENCIA_SUNAT['99']}`,
    ]);
    fila(['DESCRIPCIÓN:', p.descripcion]);
    fila(['CÓDIGO DE LA UNIDAD DE MEDIDA (TABLA 6):', p.codigoUnidadMedida]);
    if (valorizado) fila(['MÉTODO DE VALUACIÓN:', 'PROMEDIO PONDERADO']);
    fila(
      valorizado
        ? [
            'FECHA',
            'TIPO (TABLA 10)',
            'SERIE',
            'NÚMERO',
            'TIPO DE OPERACIÓN (TABLA 12)',
            'ENTRADAS CANTIDAD',
            'ENTRADAS COSTO UNITARIO',
            'ENTRADAS COSTO TOTAL',
            'SALIDAS CANTIDAD',
            'SALIDAS COSTO UNITARIO',
            'SALIDAS COSTO TOTAL',
            'SALDO FINAL CANTIDAD',
            'SALDO FINAL COSTO UNITARIO',
            'SALDO FINAL COSTO TOTAL',
            'ORDEN',
          ]
        : [
            'FECHA',
            'TIPO (TABLA 10)',
            'SERIE',
            'NÚMERO',
            'TIPO DE OPERACIÓN (TABLA 12)',
            'ENTRADAS',
            'SALIDAS',
            'SALDO FINAL',
            'ORDEN',
          ],
      true,
    );
    const previo = await repo.saldoAntesDe(ctx.db, p.codigoCatalogoUsuario, periodo.desde);
    const saldoInicial = Number(previo?.cantidad ?? 0);
    const valorInicial = Number(previo?.valor ?? 0);
    fila(
      valorizado
        ? [
            fechaHoraLima(periodo.desde).slice(0, 10),
            null,
            null,
            null,
            '16',
            null,
            null,
            null,
            null,
            null,
            null,
            saldoInicial,
            Number(previo?.costo ?? 0),
            valorInicial,
            'SALDO INICIAL',
          ]
        : [
            fechaHoraLima(periodo.desde).slice(0, 10),
            null,
            null,
            null,
            '16',
            null,
            null,
            saldoInicial,
            'SALDO INICIAL',
          ],
    );
    let entradas = 0;
    let salidas = 0;
    let vEntradas = 0;
    let vSalidas = 0;
    for await (const lote of repo.recorrerKardexProducto(
      ctx.db,
      p.codigoCatalogoUsuario,
      periodo.desde,
      periodo.hasta,
    )) {
      if (salida.destroyed) return;
      for (const b of lote) {
        const f = mapearFila(b, false);
        const [serie, numero] = separarNumero(f.numeroDocumento);
        entradas += f.entrada;
        salidas += f.salida;
        vEntradas += f.valorEntrada;
        vSalidas += f.valorSalida;
        const fecha = fechaHoraLima(new Date(f.fecha)).slice(0, 10);
        fila(
          valorizado
            ? [
                fecha,
                f.tipoDocumento,
                serie,
                numero,
                f.tipoOperacion,
                f.entrada || null,
                f.entrada ? f.costoUnitario : null,
                f.entrada ? f.valorEntrada : null,
                f.salida || null,
                f.salida ? f.costoUnitario : null,
                f.salida ? f.valorSalida : null,
                f.saldo,
                f.costoPromedio,
                f.saldoValor,
                f.codigoIngreso,
              ]
            : [
                fecha,
                f.tipoDocumento,
                serie,
                numero,
                f.tipoOperacion,
                f.entrada || null,
                f.salida || null,
                f.saldo,
                f.codigoIngreso,
              ],
        );
      }
      await esperarCliente(salida);
    }
    fila(
      valorizado
        ? [
            'TOTALES',
            null,
            null,
            null,
            null,
            entradas,
            null,
            redondear(vEntradas),
            salidas,
            null,
            redondear(vSalidas),
            null,
            null,
            null,
            null,
          ]
        : ['TOTALES', null, null, null, null, entradas, salidas, null, null],
      true,
    );
    fila([]);
  }
  hoja.commit();
  await libro.commit();
}

const redondear = (n: number) => Math.round(n * 100_000) / 100_000;

/** 'F001-000123' → serie F001, número 000123; a number without a series keeps it whole. */
export function separarNumero(numero: string | null): [string | null, string | null] {
  if (!numero) return [null, null];
  const i = numero.indexOf('-');
  return i > 0 ? [numero.slice(0, i), numero.slice(i + 1)] : [null, numero];
}

// ---------------------------------------------------------------------------------------------------------

/** Stock by lot as .xlsx (finishedProducts / otherProducts): the screen's columns and a totals row. */
export async function prepararStockLotes(ctx: Ctx, q: Omit<ConsultaStockLotes, 'PageNumber' | 'limit'>) {
  const f = filtroStock(ctx, q);
  return {
    nombre: `${q.Tipo === 'terminados' ? 'ProductosTerminados' : 'OtrosProductos'}-${fechaLima(ctx.ahora()).replaceAll('-', '')}.xlsx`,
    escribir: async (salida: PassThrough) => {
      const libro = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: salida,
        useStyles: true,
        useSharedStrings: false,
      });
      const hoja = libro.addWorksheet(q.Tipo === 'terminados' ? 'Productos terminados' : 'Otros productos');
      const columnas: [string, number][] = [
        ['Empresa', 30],
        ['Producto', 36],
        ['Partida', 14],
        ['Tipo existencia', 10],
        ['Unidad', 8],
        ['Orden', 12],
        ['Documento', 18],
        ['Fecha ingreso', 12],
        ['Días en zona', 10],
        ['Stock', 12],
        ['Reservado', 12],
        ['Disponible', 12],
        ['FOB unitario', 12],
        ['FOB total', 14],
      ];
      hoja.columns = columnas.map(([header, width]) => ({ header, width }));
      hoja.getRow(1).font = NEGRITA;
      hoja.getRow(1).commit();
      const t = { stock: 0, reservada: 0, disponible: 0, fob: 0 };
      for await (const lote of repo.recorrerStockLotes(ctx.db, f)) {
        if (salida.destroyed) return;
        for (const b of lote) {
          const r = mapearStock(b);
          t.stock += r.cantidadStock;
          t.reservada += r.cantidadReservada;
          t.disponible += r.cantidadDisponible;
          t.fob += r.fobTotal;
          hoja
            .addRow([
              r.razonSocial,
              r.producto,
              r.numeroPartida,
              r.codigoExistencia,
              r.codigoUnidadMedida,
              r.codigoIngreso,
              r.numeroDocumento,
              fechaLima(new Date(r.fechaIngreso)),
              r.diasEnZona,
              r.cantidadStock,
              r.cantidadReservada,
              r.cantidadDisponible,
              r.fobUnitario,
              r.fobTotal,
            ])
            .commit();
        }
        await esperarCliente(salida);
      }
      const total = hoja.addRow([
        'TOTALES',
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        t.stock,
        t.reservada,
        t.disponible,
        null,
        redondear(t.fob),
      ]);
      total.font = NEGRITA;
      total.commit();
      hoja.commit();
      await libro.commit();
    },
  };
}
