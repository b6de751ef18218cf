import { DIAS_VIGENCIA_CERTIFICADO, formatearPartida, fechaHoraLima } from '@cronos/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** What the generated certificate prints: the snapshot taken at authorization, never live data. */
export interface DatosPdfCertificado {
  numeroCertificado: string;
  operador: string;
  razonSocial: string;
  ruc: string;
  direccion: string | null;
  fechaEmision: string;
  fechaFinVigencia: string;
  diasVigencia: number;
  opcionNuevaFuncionalidad: boolean;
  opcionGeneraValor: boolean;
  observaciones: string | null;
  nombreAutorizador: string;
  fechaAutorizacion: Date;
  /** Full address of the public verification page for this certificate (the QR's content). */
  urlVerificacion: string;
  codigoVerificacion: string;
  productos: {
    descripcionProducto: string;
    numeroPartida: string;
    cantidad: string;
    unidad: string;
    cantidadBulto: string;
    pesoNeto: string;
    pesoBruto: string;
  }[];
}

const numero = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const cifra = (v: string) => numero.format(Number(v));
/** yyyy-MM-dd -> dd/MM/yyyy (DOMAIN.md §8). */
export const fechaCorta = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const MARGEN = 50;
const COLUMNAS = [
  { titulo: 'N°', ancho: 22, alinear: 'left' as const },
  { titulo: 'Descripción', ancho: 150, alinear: 'left' as const },
  { titulo: 'Subpartida', ancho: 66, alinear: 'left' as const },
  { titulo: 'Cantidad', ancho: 56, alinear: 'right' as const },
  { titulo: 'Unidad', ancho: 40, alinear: 'left' as const },
  { titulo: 'Bultos', ancho: 48, alinear: 'right' as const },
  { titulo: 'P. neto kg', ancho: 56, alinear: 'right' as const },
  { titulo: 'P. bruto kg', ancho: 57, alinear: 'right' as const },
];

/** Renders the certificate: company, products, validity, approver, and a QR to the public verification page. */
export async function generarPdfCertificado(d: DatosPdfCertificado): Promise<Buffer> {
  const qr = await QRCode.toBuffer(d.urlVerificacion, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 240,
  });
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGEN,
    info: {
      Title: `Certificado de Manufactura ${d.numeroCertificado}`,
      Author: d.operador,
      Subject: `Certificado de manufactura de ${d.razonSocial}`,
      CreationDate: d.fechaAutorizacion,
    },
  });
  const trozos: Buffer[] = [];
  doc.on('data', (t: Buffer) => trozos.push(t));
  const fin = new Promise<Buffer>((ok, mal) => {
    doc.on('end', () => ok(Buffer.concat(trozos)));
    doc.on('error', mal);
  });

  const ancho = doc.page.width - 2 * MARGEN;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#555555').text(d.operador, { align: 'center' });
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text('CERTIFICADO DE MANUFACTURA', { align: 'center' });
  doc.font('Helvetica-Bold').fontSize(13).text(`N° ${d.numeroCertificado}`, { align: 'center' });
  doc.moveDown(1);

  const dato = (etiqueta: string, valor: string) => {
    doc.font('Helvetica-Bold').fontSize(10).text(`${etiqueta}: `, { continued: true });
    doc.font('Helvetica').text(valor);
  };
  doc.font('Helvetica-Bold').fontSize(11).text('Empresa usuaria');
  doc.moveDown(0.2);
  dato('Razón social', d.razonSocial);
  dato('RUC', d.ruc);
  dato('Dirección', d.direccion || '-');
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(11).text('Vigencia');
  doc.moveDown(0.2);
  dato('Fecha de inicio', fechaCorta(d.fechaEmision));
  dato('Fecha fin de vigencia', fechaCorta(d.fechaFinVigencia));
  dato('Días de vigencia', String(d.diasVigencia || DIAS_VIGENCIA_CERTIFICADO));
  doc.moveDown(0.8);

  doc.font('Helvetica-Bold').fontSize(11).text('Productos certificados');
  doc.moveDown(0.3);
  tablaProductos(doc, d.productos);
  doc.moveDown(0.8);

  doc.x = MARGEN;
  dato('Aplica a la nueva individualidad', d.opcionNuevaFuncionalidad ? 'Sí' : 'No');
  dato('Aplica a generar un valor agregado', d.opcionGeneraValor ? 'Sí' : 'No');
  if (d.observaciones) dato('Observaciones', d.observaciones);
  doc.moveDown(0.6);
  dato('Autorizado por', d.nombreAutorizador);
  dato('Fecha de autorización', fechaHoraLima(d.fechaAutorizacion));

  // Verification block: QR on the left, how to verify on the right; kept together on one page.
  const alto = 120;
  if (doc.y + alto > doc.page.height - MARGEN) doc.addPage();
  const y = doc.y + 16;
  doc.image(qr, MARGEN, y, { width: 100, height: 100 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text('Verifique la autenticidad y vigencia de este certificado escaneando el código QR o en:', MARGEN + 115, y, {
      width: ancho - 115,
    });
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(d.urlVerificacion, { width: ancho - 115 });
  doc.font('Helvetica').text(`Código de verificación: ${d.codigoVerificacion}`, { width: ancho - 115 });
  doc.end();
  return fin;
}

function tablaProductos(doc: PDFKit.PDFDocument, productos: DatosPdfCertificado['productos']) {
  const cabecera = () => {
    const y = doc.y;
    let x = MARGEN;
    doc.font('Helvetica-Bold').fontSize(8);
    for (const c of COLUMNAS) {
      doc.text(c.titulo, x + 2, y, { width: c.ancho - 4, align: c.alinear });
      x += c.ancho;
    }
    const y2 = y + 14;
    doc
      .moveTo(MARGEN, y2 - 2)
      .lineTo(MARGEN + 495, y2 - 2)
      .stroke();
    doc.y = y2;
  };
  cabecera();
  doc.font('Helvetica').fontSize(8);
  productos.forEach((p, i) => {
    const celdas = [
      String(i + 1),
      p.descripcionProducto,
      formatearPartida(p.numeroPartida),
      cifra(p.cantidad),
      p.unidad,
      cifra(p.cantidadBulto),
      cifra(p.pesoNeto),
      cifra(p.pesoBruto),
    ];
    const alto =
      Math.max(...celdas.map((t, j) => doc.heightOfString(t, { width: (COLUMNAS[j]?.ancho ?? 40) - 4 }))) + 4;
    if (doc.y + alto > doc.page.height - MARGEN) {
      doc.addPage();
      cabecera();
      doc.font('Helvetica').fontSize(8);
    }
    const y = doc.y;
    let x = MARGEN;
    celdas.forEach((t, j) => {
      const c = COLUMNAS[j];
      if (!c) return;
      doc.text(t, x + 2, y, { width: c.ancho - 4, align: c.alinear });
      x += c.ancho;
    });
    doc.y = y + alto;
  });
  doc.x = MARGEN;
}
