import type { Writable } from 'node:stream';
import type { ColumnaReporte, FilaReporte } from '@cronos/contract';
import PDFDocument from 'pdfkit';
import { LIMITE_CONTEO } from '../../platform/paginacion';

const cifra = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 3 });
const fechaCorta = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A cell as the preview prints it (the same values the Excel file holds, shown the Peruvian way). */
export function textoCelda(c: ColumnaReporte, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (c.tipo === 'fecha') return fechaCorta(String(v));
  if (c.tipo === 'numero') return cifra.format(Number(v));
  return String(v);
}

export interface EncabezadoPdf {
  titulo: string;
  filtro: string;
  generado: string;
  total: number;
}

/**
 * The report preview as a PDF streamed to `destino`: A3 landscape, the report's columns in proportion to
 * their Excel widths, the header row repeated on every page, page numbers. Text is clipped to its cell.
 */
export async function escribirPdf(
  destino: Writable,
  columnas: ColumnaReporte[],
  filas: AsyncIterable<FilaReporte[]>,
  enc: EncabezadoPdf,
) {
  const doc = new PDFDocument({ size: 'A3', layout: 'landscape', margin: 28, bufferPages: false });
  doc.pipe(destino);
  doc.info.Title = enc.titulo;
  const ancho = doc.page.width - 56;
  const totalAncho = columnas.reduce((s, c) => s + c.ancho, 0);
  const anchos = columnas.map((c) => (c.ancho / totalAncho) * ancho);
  const alto = 13;
  const fuente = columnas.length > 18 ? 6 : 7;
  let pagina = 1;
  let y = 0;
  let mostradas = 0;

  // The page number sits below the bottom margin: pdfkit would move text written there to a new page (each page
  // was followed by a blank one holding its number), so the margin is lifted while it is written.
  const pie = () => {
    const margenInferior = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor('#555')
      .text(`Página ${pagina}`, 28, doc.page.height - 22, { width: ancho, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margenInferior;
  };
  const encabezadoTabla = () => {
    let x = 28;
    doc.rect(28, y, ancho, alto * 2).fill('#1F4E78');
    doc.font('Helvetica-Bold').fontSize(fuente).fillColor('#FFFFFF');
    columnas.forEach((c, i) => {
      doc.text(c.titulo, x + 2, y + 2, { width: (anchos[i] ?? 0) - 4, height: alto * 2 - 2, ellipsis: true });
      x += anchos[i] ?? 0;
    });
    y += alto * 2;
    doc.font('Helvetica').fillColor('#000000');
  };

  doc.font('Helvetica-Bold').fontSize(13).text(enc.titulo, 28, 28);
  doc.font('Helvetica').fontSize(8).fillColor('#333').text(enc.filtro).text(enc.generado);
  y = doc.y + 6;
  encabezadoTabla();

  for await (const lote of filas) {
    for (const f of lote) {
      if (y + alto > doc.page.height - 34) {
        pie();
        doc.addPage();
        pagina += 1;
        y = 28;
        encabezadoTabla();
      }
      if (mostradas % 2 === 1) doc.rect(28, y, ancho, alto).fill('#F2F2F2').fillColor('#000000');
      let x = 28;
      doc.fontSize(fuente);
      columnas.forEach((c, i) => {
        const w = anchos[i] ?? 0;
        doc.text(textoCelda(c, f[c.clave]), x + 2, y + 3, {
          width: w - 4,
          height: alto - 2,
          lineBreak: false,
          ellipsis: true,
          align: c.tipo === 'numero' || c.tipo === 'entero' ? 'right' : 'left',
        });
        x += w;
      });
      y += alto;
      mostradas += 1;
    }
  }
  if (mostradas === 0) doc.fontSize(9).text('Filtro no contiene resultados', 28, y + 6);
  else if (enc.total > mostradas) {
    if (y + alto * 2 > doc.page.height - 34) {
      pie();
      doc.addPage();
      pagina += 1;
      y = 28;
    }
    doc
      .fontSize(8)
      .fillColor('#333')
      .text(
        `Vista preliminar: se muestran las primeras ${mostradas} de ${enc.total > LIMITE_CONTEO ? 'más de 10 000' : enc.total} filas. El archivo Excel contiene todas.`,
        28,
        y + 6,
        { lineBreak: false },
      );
  }
  pie();
  doc.end();
}
