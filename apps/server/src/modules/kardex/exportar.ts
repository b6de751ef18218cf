import type { PassThrough } from 'node:stream';
import {
  type ConsultaExportarKardex,
  type ConsultaStockLotes,
  fechaHoraLima,
  fechaLima,
  finDiaLima,
  inicioDiaLima,
  nombreArchivoKardex,
  sumarDias,
  TIPOS_EXISTENCIA_SUNAT,
} from '@cronos/contract';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, noEncontrado } from '../../platform/errores';
import { empresaParaListar } from '../../platform/tenencia';
import { escribirXlsx } from '../../platform/xlsx';
import * as repo from './kardex.repository';
import { exigirProducto, montosKardex } from './kardex.service';
import { filtroStock, mapearStock } from './stock.service';
import { aNumero, Decimal } from '../../platform/dinero';

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
  } else if (q.DesdeFecha || q.HastaFecha) {
    // Half a range was answered with this month's book, whatever day it named.
    throw errorCampos(
      q.DesdeFecha
        ? { HastaFecha: ['Indique la fecha final del rango'] }
        : { DesdeFecha: ['Indique la fecha inicial del rango'] },
    );
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
  const producto = q.CodigoCatalogoUsuario ? await repo.productoDe(ctx.db, q.CodigoCatalogoUsuario) : undefined;
  return {
    nombre: nombreArchivoKardex({
      ruc: datos.ruc,
      periodo: periodo.etiqueta,
      producto,
      valorizado: q.Formato === '13.1',
    }),
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
  // The books are plain text and numbers, as SUNAT reads them (header lines not bold), written by the lean
  // one-sheet writer: exceljs's row and cell objects (and styling every cell) were most of the export's CPU
  // for a busy company's year. Column widths stay.
  const hoja = escribirXlsx(salida, {
    hoja: `Formato ${q.Formato}`,
    anchos: valorizado
      ? [14, 10, 10, 16, 12, 12, 12, 14, 12, 12, 14, 12, 12, 14, 12]
      : [14, 10, 10, 16, 14, 14, 14, 14, 12],
  });
  const fila = (valores: (string | number | null)[]) => hoja.fila(valores);

  const productos = await repo.productosExportar(ctx.db, empresa, q.CodigoCatalogoUsuario, periodo.hasta);
  fila([TITULOS[q.Formato]]);
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
    let entradas = new Decimal(0);
    let salidas = new Decimal(0);
    let vEntradas = new Decimal(0);
    let vSalidas = new Decimal(0);
    for await (const lote of repo.recorrerKardexProducto(
      ctx.db,
      p.codigoCatalogoUsuario,
      periodo.desde,
      periodo.hasta,
    )) {
      if (salida.destroyed) return;
      for (const b of lote) {
        const r = filaSunat(b, valorizado);
        entradas = entradas.plus(r.entrada);
        salidas = salidas.plus(r.salida);
        vEntradas = vEntradas.plus(r.valorEntrada);
        vSalidas = vSalidas.plus(r.valorSalida);
        fila(r.valores);
      }
      await hoja.vaciar();
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
            entradas.toNumber(),
            null,
            aNumero(vEntradas, 5),
            salidas.toNumber(),
            null,
            aNumero(vSalidas, 5),
            null,
            null,
            null,
            null,
          ]
        : ['TOTALES', null, null, null, null, entradas.toNumber(), salidas.toNumber(), null, null],
    );
    fila([]);
  }
  await hoja.cerrar();
}

/**
 * One entry as a line of the book (12.1 in units, 13.1 valued) and its amounts for the totals. A small function of
 * its own: the export's loop runs it tens of thousands of times, and V8 optimizes a small hot function where the
 * long async body around it stayed slow (the loop body inline was the export's largest CPU cost).
 */
function filaSunat(b: repo.FilaKardexExportarBd, valorizado: boolean) {
  const m = montosKardex(b);
  const tipoOperacion = b.tipoOperacion ?? '99';
  const saldo = Number(b.saldoProducto);
  const [serie, numero] = separarNumero(b.numeroDocumento);
  const fecha = fechaHoraLima(b.fecha instanceof Date ? b.fecha : new Date(b.fecha)).slice(0, 10);
  const valores = valorizado
    ? [
        fecha,
        b.tipoDocumento,
        serie,
        numero,
        tipoOperacion,
        m.entrada || null,
        m.entrada ? m.costoUnitario : null,
        m.entrada ? m.valorEntrada : null,
        m.salida || null,
        m.salida ? m.costoUnitario : null,
        m.salida ? m.valorSalida : null,
        saldo,
        Number(b.costoPromedio ?? 0),
        Number(b.saldoValor ?? 0),
        b.codigoIngreso,
      ]
    : [
        fecha,
        b.tipoDocumento,
        serie,
        numero,
        tipoOperacion,
        m.entrada || null,
        m.salida || null,
        saldo,
        b.codigoIngreso,
      ];
  return { valores, ...m };
}

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
      const t = { stock: new Decimal(0), reservada: new Decimal(0), disponible: new Decimal(0), fob: new Decimal(0) };
      for await (const lote of repo.recorrerStockLotes(ctx.db, f)) {
        if (salida.destroyed) return;
        for (const b of lote) {
          const r = mapearStock(b);
          t.stock = t.stock.plus(r.cantidadStock);
          t.reservada = t.reservada.plus(r.cantidadReservada);
          t.disponible = t.disponible.plus(r.cantidadDisponible);
          t.fob = t.fob.plus(r.fobTotal);
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
        t.stock.toNumber(),
        t.reservada.toNumber(),
        t.disponible.toNumber(),
        null,
        aNumero(t.fob, 5),
      ]);
      total.font = NEGRITA;
      total.commit();
      hoja.commit();
      await libro.commit();
    },
  };
}
