import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { codigoDeOrden, decodificarPixeles } from './decodificar';

/** RGBA pixels of a QR holding `texto`, drawn as a ticket would print it (4 px per module, white quiet zone). */
function pixelesQr(texto: string, escala = 4, margen = 4) {
  const qr = QRCode.create(texto, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const lado = (n + 2 * margen) * escala;
  const rgba = new Uint8ClampedArray(lado * lado * 4).fill(255);
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) {
      if (!qr.modules.get(y, x)) continue;
      for (let dy = 0; dy < escala; dy++)
        for (let dx = 0; dx < escala; dx++) {
          const i = (((y + margen) * escala + dy) * lado + (x + margen) * escala + dx) * 4;
          rgba[i] = 0;
          rgba[i + 1] = 0;
          rgba[i + 2] = 0;
        }
    }
  return { rgba, lado };
}

describe('escáner de tickets (sin red)', () => {
  it('lee el código OP del QR de un ticket', () => {
    const { rgba, lado } = pixelesQr('OP0000123');
    const texto = decodificarPixeles(rgba, lado, lado);
    expect(texto).toBe('OP0000123');
    expect(codigoDeOrden(texto)).toBe('OP0000123');
  });

  it('una imagen sin código no devuelve nada', () => {
    const lado = 64;
    expect(decodificarPixeles(new Uint8ClampedArray(lado * lado * 4).fill(255), lado, lado)).toBeNull();
  });

  it('acepta solo códigos de orden', () => {
    expect(codigoDeOrden(' op0000042 ')).toBe('OP0000042');
    expect(codigoDeOrden('https://cronos/app/orden/OP0000042')).toBe('OP0000042');
    expect(codigoDeOrden('OP123')).toBeNull();
    expect(codigoDeOrden(null)).toBeNull();
  });
});
