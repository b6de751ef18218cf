import { AFECTACIONES_IGV, EMPRESA_OPERADOR, TIPOS_COMPROBANTE } from '@cronos/contract';
import type { Ctx } from '../../platform/contexto';
import { generarDocumentoPdf } from '../../platform/documento-pdf';
import * as repo from './finanzas.repository';
import * as servicio from './finanzas.service';
import { numeroCompleto } from './ubl';

const fecha = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;

/**
 * The printed representation of a voucher (DOMAIN §14): its data, lines and totals, the amount in words, the
 * hash (DigestValue of the signature) and the QR `RUC|tipo|serie|número|IGV|total|fecha|tipo doc|número doc|hash`.
 */
export async function pdfComprobante(ctx: Ctx, codigoComprobante: number) {
  const c = await servicio.cargarComprobante(ctx, codigoComprobante);
  const d = await servicio.consultarComprobante(ctx, codigoComprobante);
  const emisor = await repo.empresa(ctx.db, EMPRESA_OPERADOR);
  const numero = numeroCompleto(c.serie, c.numero);
  const tipo = TIPOS_COMPROBANTE[c.tipoComprobante as keyof typeof TIPOS_COMPROBANTE] ?? c.tipoComprobante;
  const qr = [
    emisor?.ruc ?? '',
    c.tipoComprobante,
    c.serie,
    String(c.numero),
    d.igv,
    d.total,
    c.fechaEmision,
    c.tipoDocumentoAdquirente,
    c.rucAdquirente,
    c.hash,
  ].join('|');
  const contenido = await generarDocumentoPdf({
    encabezado: `${emisor?.razonSocial ?? ''} — RUC ${emisor?.ruc ?? ''}`,
    titulo: `${tipo} electrónica`,
    subtitulo: numero,
    bloques: [
      {
        tipo: 'campos',
        campos: [
          ['Adquirente', c.razonSocialAdquirente],
          [c.tipoDocumentoAdquirente === '1' ? 'DNI' : 'RUC', c.rucAdquirente],
          ['Fecha de emisión', fecha(c.fechaEmision)],
          ['Fecha de vencimiento', fecha(c.fechaVencimiento)],
          ['Moneda', c.moneda],
          ...(d.referencia
            ? ([
                ['Comprobante que modifica', d.referencia],
                ['Motivo', d.motivo],
              ] as [string, string | null][])
            : []),
        ],
      },
      {
        tipo: 'tabla',
        columnas: [
          { titulo: '#', ancho: 25, alinear: 'right' },
          { titulo: 'Descripción', ancho: 190 },
          { titulo: 'Cantidad', ancho: 55, alinear: 'right' },
          { titulo: 'V. unitario', ancho: 65, alinear: 'right' },
          { titulo: 'Afectación', ancho: 60 },
          { titulo: 'Valor venta', ancho: 60, alinear: 'right' },
          { titulo: 'IGV', ancho: 40, alinear: 'right' },
        ],
        filas: d.lineas.map((l) => [
          String(l.orden),
          l.descripcion,
          l.cantidad,
          l.valorUnitario,
          AFECTACIONES_IGV[l.afectacionIgv as keyof typeof AFECTACIONES_IGV] ?? l.afectacionIgv,
          l.valorVenta,
          l.igv,
        ]),
      },
      {
        tipo: 'campos',
        campos: [
          ['Op. gravadas', d.totalGravado],
          ['Op. exoneradas', d.totalExonerado],
          ['Op. inafectas', d.totalInafecto],
          ['IGV (18 %)', d.igv],
          ['Importe total', `${c.moneda} ${d.total}`],
          ['Son', d.montoLetras],
        ],
      },
    ],
    verificacion: {
      contenido: qr,
      lineas: [
        `Representación impresa de la ${tipo.toLowerCase()} electrónica ${numero}`,
        `Hash: ${c.hash}`,
        `Estado de envío: ${c.estadoEnvio}`,
      ],
    },
    metadatos: { autor: emisor?.razonSocial, asunto: `${tipo} ${numero}`, fecha: c.fechaRegistro },
  });
  return { contenido, nombre: `${c.rucAdquirente}-${c.tipoComprobante}-${numero}.pdf`, qr };
}
