import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  NotFoundException,
  RGBLuminanceSource,
} from '@zxing/library';

/** What the stage searches accept from a scan: an order code (OP + 7 digits). */
export const PATRON_CODIGO_ORDEN = /^OP\d{7}$/;

const lector = () => {
  const r = new MultiFormatReader();
  const pistas = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  r.setHints(pistas);
  return r;
};

/**
 * Decodes a QR (or Code 128) from RGBA pixels (a canvas's ImageData), entirely on the device: no network.
 * Returns the text, or null when the picture holds no readable code.
 */
export function decodificarPixeles(rgba: Uint8ClampedArray, ancho: number, alto: number): string | null {
  const luminancia = new Uint8ClampedArray(ancho * alto);
  for (let i = 0; i < ancho * alto; i++) {
    const r = rgba[i * 4] ?? 0;
    const g = rgba[i * 4 + 1] ?? 0;
    const b = rgba[i * 4 + 2] ?? 0;
    luminancia[i] = (r * 306 + g * 601 + b * 117) >> 10;
  }
  const fuente = new RGBLuminanceSource(luminancia, ancho, alto);
  try {
    return lector()
      .decode(new BinaryBitmap(new HybridBinarizer(fuente)))
      .getText();
  } catch (e) {
    if (e instanceof NotFoundException || (e as Error).name === 'NotFoundException') return null;
    return null;
  }
}

/** The order code inside a scanned text (the ticket's QR holds just the code; a URL ending in it works too). */
export function codigoDeOrden(texto: string | null): string | null {
  if (!texto) return null;
  const limpio = texto.trim().toUpperCase();
  if (PATRON_CODIGO_ORDEN.test(limpio)) return limpio;
  const m = /OP\d{7}(?!\d)/.exec(limpio);
  return m ? m[0] : null;
}
