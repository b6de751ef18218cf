import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * Printed documents of the zone (acts, certificates, vouchers, counts): a title block, sections of labelled
 * fields, tables that continue on the next page with their header, photos, and a verification block with a
 * QR. Modules describe the document; this file lays it out with pdfkit's standard fonts (A4, 50 pt margins).
 */

export interface ColumnaPdf {
  titulo: string;
  /** Width in points; the widths of a table should add up to 495 (the A4 page inside the margins). */
  ancho: number;
  alinear?: 'left' | 'right' | 'center';
}

export type BloquePdf =
  | { tipo: 'seccion'; titulo: string }
  | { tipo: 'campos'; campos: [etiqueta: string, valor: string | null | undefined][] }
  | { tipo: 'parrafo'; texto: string }
  | { tipo: 'tabla'; columnas: ColumnaPdf[]; filas: string[][]; pie?: string[] }
  | { tipo: 'imagenes'; imagenes: Buffer[]; titulo?: string }
  | { tipo: 'firmas'; firmantes: string[] }
  | { tipo: 'espacio'; puntos?: number };

export interface DocumentoPdf {
  /** Small line above the title (usually the operator's name). */
  encabezado?: string;
  titulo: string;
  subtitulo?: string;
  bloques: BloquePdf[];
  /** Verification block at the end: a QR with `contenido` and the text lines beside it. */
  verificacion?: { contenido: string; lineas: string[] };
  metadatos?: { autor?: string; asunto?: string; fecha?: Date };
  /**
   * 'A6' (105 × 148 mm, 18 pt margins): tickets and labels; sections, fields, paragraphs and spaces only, and the
   * QR centred under them. Default A4.
   */
  formato?: 'A4' | 'A6';
}

const MARGEN = 50;
const ANCHO_UTIL = 495;

/** Renders the document into a Buffer. */
export async function generarDocumentoPdf(d: DocumentoPdf): Promise<Buffer> {
  const qr = d.verificacion
    ? await QRCode.toBuffer(d.verificacion.contenido, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 })
    : undefined;
  const a6 = d.formato === 'A6';
  const doc = new PDFDocument({
    size: a6 ? 'A6' : 'A4',
    margin: a6 ? MARGEN_A6 : MARGEN,
    info: {
      Title: d.subtitulo ? `${d.titulo} ${d.subtitulo}` : d.titulo,
      ...(d.metadatos?.autor ? { Author: d.metadatos.autor } : {}),
      ...(d.metadatos?.asunto ? { Subject: d.metadatos.asunto } : {}),
      ...(d.metadatos?.fecha ? { CreationDate: d.metadatos.fecha } : {}),
    },
  });
  const trozos: Buffer[] = [];
  doc.on('data', (t: Buffer) => trozos.push(t));
  const fin = new Promise<Buffer>((ok, mal) => {
    doc.on('end', () => ok(Buffer.concat(trozos)));
    doc.on('error', mal);
  });

  if (a6) return ticket(doc, d, qr, fin);
  if (d.encabezado) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#555555').text(d.encabezado, { align: 'center' });
    doc.moveDown(0.6);
  }
  doc.font('Helvetica-Bold').fontSize(17).fillColor('#000000').text(d.titulo.toUpperCase(), { align: 'center' });
  if (d.subtitulo) doc.font('Helvetica-Bold').fontSize(12).text(d.subtitulo, { align: 'center' });
  doc.moveDown(1);

  for (const b of d.bloques) bloque(doc, b);

  if (d.verificacion && qr) {
    const alto = 120;
    if (doc.y + alto > doc.page.height - MARGEN) doc.addPage();
    const y = doc.y + 16;
    doc.image(qr, MARGEN, y, { width: 100, height: 100 });
    d.verificacion.lineas.forEach((linea, i) => {
      doc
        .font(i === 1 ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .text(linea, i === 0 ? MARGEN + 115 : undefined, i === 0 ? y : undefined, { width: ANCHO_UTIL - 115 });
    });
  }
  doc.end();
  return fin;
}

const MARGEN_A6 = 18;

/** The A6 layout: title, fields, then the QR centred and its lines under it (a ticket to scan). */
function ticket(doc: PDFKit.PDFDocument, d: DocumentoPdf, qr: Buffer | undefined, fin: Promise<Buffer>) {
  const ancho = doc.page.width - 2 * MARGEN_A6;
  if (d.encabezado)
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#555555').text(d.encabezado, { align: 'center', width: ancho });
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor('#000000')
    .text(d.titulo.toUpperCase(), { align: 'center', width: ancho });
  if (d.subtitulo) doc.font('Helvetica-Bold').fontSize(20).text(d.subtitulo, { align: 'center', width: ancho });
  doc.moveDown(0.4);
  for (const b of d.bloques) bloque(doc, b);
  if (d.verificacion && qr) {
    const lado = Math.min(150, doc.page.height - MARGEN_A6 - doc.y - 40);
    const y = doc.y + 6;
    doc.image(qr, (doc.page.width - lado) / 2, y, { width: lado, height: lado });
    doc.y = y + lado + 4;
    for (const linea of d.verificacion.lineas)
      doc.font('Helvetica').fontSize(7).text(linea, MARGEN_A6, undefined, { align: 'center', width: ancho });
  }
  doc.end();
  return fin;
}

function bloque(doc: PDFKit.PDFDocument, b: BloquePdf) {
  doc.x = doc.page.margins.left;
  switch (b.tipo) {
    case 'seccion':
      if (doc.y + 40 > doc.page.height - MARGEN) doc.addPage();
      doc.moveDown(0.4);
      doc.font('Helvetica-Bold').fontSize(11).text(b.titulo);
      doc.moveDown(0.2);
      return;
    case 'campos':
      for (const [etiqueta, valor] of b.campos) {
        doc.font('Helvetica-Bold').fontSize(10).text(`${etiqueta}: `, { continued: true });
        doc.font('Helvetica').text(valor || '-');
      }
      return;
    case 'parrafo':
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(b.texto, { width: doc.page.width - 2 * doc.page.margins.left });
      return;
    case 'tabla':
      tabla(doc, b.columnas, b.filas, b.pie);
      return;
    case 'imagenes':
      imagenes(doc, b.imagenes, b.titulo);
      return;
    case 'firmas':
      firmas(doc, b.firmantes);
      return;
    case 'espacio':
      doc.moveDown((b.puntos ?? 12) / 12);
      return;
  }
}

function tabla(doc: PDFKit.PDFDocument, columnas: ColumnaPdf[], filas: string[][], pie?: string[]) {
  const fila = (celdas: string[], negrita: boolean) => {
    doc.font(negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const alto =
      Math.max(...celdas.map((t, j) => doc.heightOfString(t, { width: (columnas[j]?.ancho ?? 40) - 4 }))) + 4;
    return alto;
  };
  const escribir = (celdas: string[], negrita: boolean, alto: number) => {
    const y = doc.y;
    let x = MARGEN;
    doc.font(negrita ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    celdas.forEach((t, j) => {
      const c = columnas[j];
      if (!c) return;
      doc.text(t, x + 2, y, { width: c.ancho - 4, align: c.alinear ?? 'left' });
      x += c.ancho;
    });
    doc.y = y + alto;
  };
  const cabecera = () => {
    const titulos = columnas.map((c) => c.titulo);
    escribir(titulos, true, fila(titulos, true) + 2);
    doc
      .moveTo(MARGEN, doc.y - 2)
      .lineTo(MARGEN + ANCHO_UTIL, doc.y - 2)
      .stroke();
  };
  cabecera();
  for (const celdas of filas) {
    const alto = fila(celdas, false);
    if (doc.y + alto > doc.page.height - MARGEN) {
      doc.addPage();
      cabecera();
    }
    escribir(celdas, false, alto);
  }
  if (pie) {
    const alto = fila(pie, true);
    if (doc.y + alto > doc.page.height - MARGEN) doc.addPage();
    doc
      .moveTo(MARGEN, doc.y)
      .lineTo(MARGEN + ANCHO_UTIL, doc.y)
      .stroke();
    doc.y += 2;
    escribir(pie, true, alto);
  }
  doc.x = MARGEN;
  doc.moveDown(0.5);
}

/** Photos two per row, each scaled into a 240 × 180 box. */
function imagenes(doc: PDFKit.PDFDocument, fotos: Buffer[], titulo?: string) {
  if (titulo) doc.font('Helvetica-Bold').fontSize(10).text(titulo);
  const caja = { ancho: 240, alto: 180 };
  for (let i = 0; i < fotos.length; i += 2) {
    if (doc.y + caja.alto + 10 > doc.page.height - MARGEN) doc.addPage();
    const y = doc.y + 6;
    for (const [k, foto] of fotos.slice(i, i + 2).entries()) {
      try {
        doc.image(foto, MARGEN + k * (caja.ancho + 15), y, { fit: [caja.ancho, caja.alto], align: 'center' });
      } catch {
        doc
          .font('Helvetica')
          .fontSize(8)
          .text('(imagen no legible)', MARGEN + k * (caja.ancho + 15), y + 80);
      }
    }
    doc.y = y + caja.alto + 6;
  }
  doc.x = MARGEN;
}

/** Signature lines side by side, a name under each. */
function firmas(doc: PDFKit.PDFDocument, firmantes: string[]) {
  if (!firmantes.length) return;
  if (doc.y + 80 > doc.page.height - MARGEN) doc.addPage();
  const ancho = Math.min(150, (ANCHO_UTIL - 20 * (firmantes.length - 1)) / firmantes.length);
  const y = doc.y + 50;
  firmantes.forEach((nombre, i) => {
    const x = MARGEN + i * (ancho + 20);
    doc
      .moveTo(x, y)
      .lineTo(x + ancho, y)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(nombre, x, y + 4, { width: ancho, align: 'center' });
  });
  doc.x = MARGEN;
  doc.y = y + 30;
}
