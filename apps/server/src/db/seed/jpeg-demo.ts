/**
 * Small valid JPEG photos for the demo, generated (no binary assets in the repository): a baseline
 * grayscale JPEG where each 8×8 block is flat (DC only), drawn as a crate-and-truck-bed pattern that
 * varies with the seed. Enough to show thumbnails and previews in the verified-operations screen.
 */

const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
// The AC table needs only end-of-block: one symbol (0x00) with the 1-bit code '0'.
const AC_BITS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_VALS = [0];

function codigosHuffman(bits: number[], vals: number[]) {
  const tabla = new Map<number, { codigo: number; largo: number }>();
  let codigo = 0;
  let k = 0;
  for (let largo = 1; largo <= 16; largo++) {
    for (let i = 0; i < (bits[largo - 1] ?? 0); i++) tabla.set(vals[k++] ?? 0, { codigo: codigo++, largo });
    codigo <<= 1;
  }
  return tabla;
}
const DC = codigosHuffman(DC_BITS, DC_VALS);
const EOB = { codigo: 0, largo: 1 };

class Bits {
  bytes: number[] = [];
  private acumulado = 0;
  private cuantos = 0;
  escribir(valor: number, largo: number) {
    for (let i = largo - 1; i >= 0; i--) {
      this.acumulado = (this.acumulado << 1) | ((valor >> i) & 1);
      this.cuantos += 1;
      if (this.cuantos === 8) this.volcar();
    }
  }
  private volcar() {
    this.bytes.push(this.acumulado);
    if (this.acumulado === 0xff) this.bytes.push(0x00);
    this.acumulado = 0;
    this.cuantos = 0;
  }
  cerrar() {
    while (this.cuantos !== 0) this.escribir(1, 1);
    return this.bytes;
  }
}

const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const segmento = (marcador: number, datos: number[]) => [0xff, marcador, ...u16(datos.length + 2), ...datos];

/** A JPEG of ancho×alto pixels (multiples of 8) with a pattern chosen by `semilla`. */
export function jpegDemo(semilla: number, ancho = 160, alto = 120): Buffer {
  const bx = ancho / 8;
  const by = alto / 8;
  const brillo = (x: number, y: number) => {
    // Sky, a truck bed and crates whose sizes and tones depend on the seed.
    if (y < by * 0.3) return 200 + ((x + semilla) % 3) * 10;
    if (y > by * 0.85) return 60;
    const caja = 2 + (semilla % 3);
    const borde = x % caja === 0 || y % caja === 0;
    return borde ? 90 : 140 + ((x * 7 + y * 13 + semilla * 29) % 5) * 18;
  };
  const bits = new Bits();
  let previo = 0;
  for (let y = 0; y < by; y++) {
    for (let x = 0; x < bx; x++) {
      const dc = 8 * (brillo(x, y) - 128);
      const diff = dc - previo;
      previo = dc;
      const categoria = diff === 0 ? 0 : Math.floor(Math.log2(Math.abs(diff))) + 1;
      const h = DC.get(categoria);
      if (!h) throw new Error('categoría DC');
      bits.escribir(h.codigo, h.largo);
      if (categoria) bits.escribir(diff > 0 ? diff : diff + (1 << categoria) - 1, categoria);
      bits.escribir(EOB.codigo, EOB.largo);
    }
  }
  return Buffer.from([
    0xff,
    0xd8,
    ...segmento(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segmento(0xdb, [0x00, ...new Array(64).fill(1)]),
    ...segmento(0xc0, [8, ...u16(alto), ...u16(ancho), 1, 1, 0x11, 0]),
    ...segmento(0xc4, [0x00, ...DC_BITS, ...DC_VALS]),
    ...segmento(0xc4, [0x10, ...AC_BITS, ...AC_VALS]),
    ...segmento(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...bits.cerrar(),
    0xff,
    0xd9,
  ]);
}
