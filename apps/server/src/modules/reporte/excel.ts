import { PassThrough } from 'node:stream';
import type { ColumnaReporte, FilaReporte } from '@cronos/contract';
import type { LineasAbiertas } from './apertura-lineas';
import {
  celdaTexto,
  ESTILOS,
  hojaXml,
  letra,
  pareceFormula,
  RELACIONES,
  relacionesLibro,
  S_ENCABEZADO,
  S_ENTERO,
  S_FECHA,
  S_HORA,
  S_NUMERO,
  S_TEXTO_SEGURO,
  serialFecha,
  TEXTOS_XML,
  tiposContenido,
  xml,
  ZipFlujo,
} from '../../platform/xlsx';
import { escribirTextos, HOJA_PARAMETROS, hojaParametros, type ParametroLibro } from './excel-partes';

/**
 * Data rows per sheet: Excel holds 1 048 576 rows in a sheet, the header is one of them. A longer report goes on
 * in the next sheet ('Reporte 2', 'Reporte 3'…), each with its own header.
 */
export const FILAS_POR_HOJA = 1_048_575;

/** HH:mm:ss → the fraction of a day Excel uses for a time. */
const serialHora = (v: string) => {
  const [h, m, s] = v.split(':').map(Number);
  return ((h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0)) / 86_400;
};

/**
 * The `<row>` element of a report row as the writer puts it in the sheet (sheet row `fila`: the header is row 1).
 * xlsx-sql.repository.ts renders the same element in the database.
 *
 * A cell names its reference (`r="B7"`) only when it is the row's first column or the column before it is empty
 * (not written): a cell without one is the column after the previous cell (ECMA-376 Part 1 §18.3.1.4, the attribute
 * is optional), and readers (Excel, LibreOffice, exceljs) place it so. The reference was ~13 bytes of every cell at a
 * million rows, 22 % of op1's XML (1.22 → 0.95 GB for the year), which every export deflated and sent again.
 */
export function renderizadorFilas(columnas: ColumnaReporte[]) {
  const letras = columnas.map((_c, i) => letra(i));
  return (f: FilaReporte, fila: number) => {
    let s = `<row r="${fila}">`;
    /** Whether the previous column was written (a cell after a gap names its reference). */
    let contigua = false;
    for (let i = 0; i < columnas.length; i++) {
      const c = columnas[i] as ColumnaReporte;
      const v = f[c.clave];
      const ref = contigua ? '' : ` r="${letras[i]}${fila}"`;
      contigua = false;
      if (v === null || v === undefined || v === '') continue;
      contigua = true;
      switch (c.tipo) {
        case 'numero':
        case 'entero': {
          const n = Number(v);
          if (Number.isFinite(n)) s += `<c${ref} s="${c.tipo === 'numero' ? S_NUMERO : S_ENTERO}"><v>${n}</v></c>`;
          else contigua = false;
          break;
        }
        case 'fecha':
          s += `<c${ref} s="${S_FECHA}"><v>${serialFecha(String(v))}</v></c>`;
          break;
        case 'hora':
          s += `<c${ref} s="${S_HORA}"><v>${serialHora(String(v))}</v></c>`;
          break;
        default: {
          const t = String(v);
          s += celdaTexto(ref, t, pareceFormula(t) ? S_TEXTO_SEGURO : 0);
        }
      }
    }
    return `${s}</row>`;
  };
}

/** What the export writes into: the Node rows (agregarLote) or sheet rows rendered by the database (agregarFilasXml). */
export type Libro = ReturnType<typeof crearLibro>;

/**
 * Writes a report as an .xlsx streamed row by row (constant memory): Spanish headers, dates and times as real
 * Excel dates, numbers as numbers, frozen and filtered header row, column widths, and text that looks like a
 * formula written as text. The caller feeds batches of rows; between batches the writer waits while the client
 * has not taken what was already written. After `filasPorHoja` data rows the sheet is closed and the rows go on
 * in the next one, with its header; the workbook's parts that list the sheets are written at the end, when their
 * number is known (a ZIP is read through its central directory: the order of its entries does not matter).
 * With `parametros`, a last sheet ('Parámetros') says what the report was run with and how many rows it holds: a
 * file passed on or opened weeks later must not read as the whole movement when it holds one company's month.
 */
export function crearLibro(
  nombreHoja: string,
  columnas: ColumnaReporte[],
  { filasPorHoja = FILAS_POR_HOJA, parametros }: { filasPorHoja?: number; parametros?: ParametroLibro[] } = {},
) {
  const salida = new PassThrough({ highWaterMark: 1 << 20 });
  const zip = new ZipFlujo(salida);
  const letras = columnas.map((_c, i) => letra(i));
  const ultima = letras.at(-1) ?? 'A';
  const nombre = (i: number) => (i === 1 ? nombreHoja : `${nombreHoja} ${i}`);
  const anchos = columnas
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.ancho}" customWidth="1"/>`)
    .join('');
  const encabezado = columnas.map((c, i) => celdaTexto(` r="${letras[i]}1"`, c.titulo, S_ENCABEZADO)).join('');
  /** Sheets opened so far; the sheet row of the last row written (the header is row 1); data rows in all. */
  let hojas = 0;
  let fila = 1;
  let total = 0;
  let escribirHoja: ((texto: string | Buffer | Buffer[]) => Promise<void>) | null = null;
  let terminarHoja: (() => void) | null = null;
  let hojaLista: Promise<void> = Promise.resolve();
  let textos: (string | null)[] | null = null;

  const abrirHoja = async () => {
    hojas += 1;
    fila = 1;
    // The sheet entry stays open while batches arrive.
    await new Promise<void>((listo) => {
      hojaLista = zip.entrada(hojaXml(hojas), async (escribir) => {
        escribirHoja = escribir;
        listo();
        await new Promise<void>((fin) => {
          terminarHoja = fin;
        });
      });
    });
    await escribirHoja?.(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${anchos}</cols><sheetData><row r="1" ht="30" customHeight="1">${encabezado}</row>`,
    );
  };
  const cerrarHoja = async () => {
    await escribirHoja?.(`</sheetData><autoFilter ref="A1:${ultima}1"/></worksheet>`);
    (terminarHoja as (() => void) | null)?.();
    await hojaLista;
  };
  /** Data rows the current sheet still takes; a full sheet is closed and the next one opened first. */
  const espacio = async () => {
    await iniciado;
    if (fila - 1 >= filasPorHoja) {
      await cerrarHoja();
      await abrirHoja();
    }
    return filasPorHoja - (fila - 1);
  };
  const iniciado = (async () => {
    await zip.archivo('xl/styles.xml', ESTILOS);
    await abrirHoja();
  })();
  // A client that leaves at once fails the start before anyone awaits it: the next call sees the failure.
  iniciado.catch(() => undefined);
  const renderizar = renderizadorFilas(columnas);

  return {
    salida,
    filasPorHoja,
    get cancelado() {
      return salida.destroyed;
    },
    /** Adds a batch and waits until the client has taken what was written (backpressure). */
    async agregarLote(lote: FilaReporte[]) {
      let trozo = '';
      let libres = await espacio();
      for (const f of lote) {
        if (libres === 0) {
          if (trozo) await escribirHoja?.(trozo);
          trozo = '';
          libres = await espacio();
        }
        fila += 1;
        total += 1;
        libres -= 1;
        trozo += renderizar(f, fila);
        if (trozo.length > 256 * 1024) {
          await escribirHoja?.(trozo);
          trozo = '';
        }
      }
      if (trozo) await escribirHoja?.(trozo);
    },
    /**
     * Adds rows already rendered as sheet XML by the database (xlsx-sql.repository.ts: one `<row>` element per
     * buffer, numbered there for the sheet they fall in), with the same backpressure as agregarLote.
     */
    async agregarFilasXml(filas: Buffer[]) {
      const n = filas.length;
      let i = 0;
      while (i < n) {
        const hasta = Math.min(n, i + (await espacio()));
        fila += hasta - i;
        total += hasta - i;
        await escribirHoja?.(filas.slice(i, hasta));
        i = hasta;
      }
    },
    /**
     * Adds sheet rows that are one buffer (`finales`: where each of the `lineas` rows ends), split only where a sheet
     * ends. The buffer may be used again once this returns.
     */
    async agregarFilasContiguas({ datos, finales, lineas }: LineasAbiertas) {
      let i = 0;
      let desde = 0;
      while (i < lineas) {
        const hasta = Math.min(lineas, i + (await espacio()));
        const fin = finales[hasta - 1] as number;
        fila += hasta - i;
        total += hasta - i;
        await escribirHoja?.(datos.subarray(desde, fin));
        desde = fin;
        i = hasta;
      }
    },
    /** Data rows written so far, in all sheets. */
    get filas() {
      return total;
    },
    /**
     * The shared-strings table the rows' `t="s"` cells name (op2's and op4's kept lines: textos-compartidos.repository.ts),
     * written when the workbook is closed.
     */
    compartir(entradas: (string | null)[]) {
      textos = entradas;
    },
    async cerrar() {
      await iniciado;
      await cerrarHoja();
      const libro = Array.from({ length: hojas }, (_x, i) => i + 1);
      const conParametros = parametros ? hojas + 1 : hojas;
      if (parametros)
        await zip.archivo(hojaXml(conParametros), hojaParametros([...parametros, ['Filas exportadas', total]]));
      const conTextos = textos !== null;
      if (textos !== null) {
        const entradas = textos;
        await zip.entrada(TEXTOS_XML, (escribir) => escribirTextos(escribir, entradas));
      }
      await zip.archivo(
        'xl/workbook.xml',
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${libro
          .map((i) => `<sheet name="${xml(nombre(i))}" sheetId="${i}" r:id="rId${i}"/>`)
          .join('')}${
          parametros ? `<sheet name="${HOJA_PARAMETROS}" sheetId="${conParametros}" r:id="rId${conParametros}"/>` : ''
        }</sheets><definedNames>${libro
          .map(
            (i) =>
              `<definedName name="_xlnm._FilterDatabase" localSheetId="${i - 1}" hidden="1">'${xml(nombre(i))}'!$A$1:$${ultima}$1</definedName>`,
          )
          .join('')}</definedNames></workbook>`,
      );
      await zip.archivo('xl/_rels/workbook.xml.rels', relacionesLibro(conParametros, conTextos));
      await zip.archivo('_rels/.rels', RELACIONES);
      await zip.archivo('[Content_Types].xml', tiposContenido(conParametros, conTextos));
      await zip.cerrar();
      return total;
    },
  };
}
