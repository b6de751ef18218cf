import { describe, expect, it } from 'vitest';
import { textoDePdf } from '../../test/pdf-texto';
import { generarDocumentoPdf } from './documento-pdf';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('printed documents', () => {
  it('lays out the title, fields, a table that continues on a new page with its header, photos, signatures and the QR block', async () => {
    const filas = Array.from({ length: 80 }, (_, i) => [String(i + 1), `PRODUCTO ${i + 1}`, '10.000']);
    const pdf = await generarDocumentoPdf({
      encabezado: 'OPERADOR DE LA ZONA FRANCA',
      titulo: 'Acta de apertura de contenedor',
      subtitulo: 'N° AC-2026-000001',
      bloques: [
        { tipo: 'seccion', titulo: 'Datos de la orden' },
        {
          tipo: 'campos',
          campos: [
            ['Orden', 'OP0000123'],
            ['Contenedor', 'MSCU1234565'],
            ['Observación', null],
          ],
        },
        {
          tipo: 'tabla',
          columnas: [
            { titulo: 'N°', ancho: 40 },
            { titulo: 'Producto', ancho: 355 },
            { titulo: 'Cantidad', ancho: 100, alinear: 'right' },
          ],
          filas,
          pie: ['', 'Total', '800.000'],
        },
        { tipo: 'imagenes', titulo: 'Fotografías', imagenes: [PNG_1x1, PNG_1x1, Buffer.from('no es imagen')] },
        { tipo: 'firmas', firmantes: ['Operador', 'Empresa usuaria', 'Aduanas'] },
      ],
      verificacion: {
        contenido: 'https://zofra.example/verificar?c=1',
        lineas: ['Verifique este documento en:', 'https://zofra.example/verificar?c=1'],
      },
    });
    const texto = textoDePdf(pdf).join(' ');
    expect(texto).toContain('ACTA DE APERTURA DE CONTENEDOR');
    expect(texto).toContain('MSCU1234565');
    expect(texto).toContain('PRODUCTO 80');
    expect(texto).toContain('800.000');
    expect(texto).toContain('(imagen no legible)');
    expect(texto).toContain('Aduanas');
    expect(texto).toContain('https://zofra.example/verificar?c=1');
    // 80 rows do not fit one page: the header is repeated on the next one.
    expect(textoDePdf(pdf).filter((t) => t === 'Producto').length).toBeGreaterThanOrEqual(2);
  });
});
