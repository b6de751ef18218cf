import { type DetalleCip, fechaHoraLima } from '@cronos/contract';
import { generarDocumentoPdf } from '../../platform/documento-pdf';

const n = (v: number, d = 6) => v.toLocaleString('es-PE', { maximumFractionDigits: d });

/** The printed CIP version: header fields, the inputs table and the review. */
export function pdfCip(c: DetalleCip, ahora: Date) {
  return generarDocumentoPdf({
    encabezado: 'Zona Franca — Industria',
    titulo: `Cuadro insumo-producto — versión ${c.numeroVersion}`,
    subtitulo: c.razonSocial,
    bloques: [
      {
        tipo: 'campos',
        campos: [
          ['Producto terminado', `${c.producto}${c.codigoInterno ? ` (${c.codigoInterno})` : ''}`],
          ['Unidad', c.codigoUnidadMedida],
          ['Estado', c.descripcionEstado],
          ['Vigencia', `${c.fechaInicioVigencia} — ${c.fechaFinVigencia ?? 'sin fecha de fin'}`],
          ['Descripción', c.descripcion],
          ['Enviado', c.fechaEnvio ? `${fechaHoraLima(new Date(c.fechaEnvio))} — ${c.usuarioEnvio}` : '—'],
          ['Revisado', c.fechaRevision ? `${fechaHoraLima(new Date(c.fechaRevision))} — ${c.usuarioRevision}` : '—'],
          ['Observación', c.observacion],
        ],
      },
      { tipo: 'seccion', titulo: 'Insumos por unidad de producto' },
      {
        tipo: 'tabla',
        columnas: [
          { titulo: 'Insumo', ancho: 175 },
          { titulo: 'Cantidad', ancho: 70, alinear: 'right' },
          { titulo: 'Unidad', ancho: 50 },
          { titulo: 'Factor', ancho: 70, alinear: 'right' },
          { titulo: 'Merma %', ancho: 65, alinear: 'right' },
          { titulo: 'Residuo %', ancho: 65, alinear: 'right' },
        ],
        filas: c.detalle.map((d) => [
          d.insumo,
          n(d.cantidadPorUnidad),
          d.codigoUnidadMedida,
          `${n(d.factorConversion, 8)} ${d.codigoUnidadMedidaInsumo}`,
          n(d.porcentajeMerma, 2),
          n(d.porcentajeResiduo, 2),
        ]),
      },
      { tipo: 'firmas', firmantes: [c.razonSocial, 'Operador de la zona'] },
    ],
    metadatos: { autor: 'Cronos', asunto: `CIP ${c.codigoCip}`, fecha: ahora },
  });
}
