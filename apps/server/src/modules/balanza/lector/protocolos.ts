import { aNumero, Decimal, multiplicar } from '../../../platform/dinero';
/**
 * Weighbridge indicator protocols (DOMAIN.md §9): a decoder per protocol that reassembles frames from a
 * byte stream split anywhere and mixed with noise, and the matching encoder the simulator uses.
 */

export type Protocolo = 'toledo' | 'ascii' | 'yaohua';
export const PROTOCOLOS: readonly Protocolo[] = ['toledo', 'ascii', 'yaohua'];

/** One decoded frame. `estable` is null when the protocol carries no motion flag (Yaohua). */
export interface Lectura {
  peso: number;
  estable: boolean | null;
  sobrecarga: boolean;
  neto: boolean;
  tara: number;
  /** The raw frame as received, printable (control bytes as \xNN) for the weighing record. */
  trama: string;
}

export interface Decodificador {
  alimentar(trozo: Uint8Array): Lectura[];
}

const STX = 0x02;
const ETX = 0x03;
const CR = 0x0d;
const LF = 0x0a;
/** A frame longer than this without its terminator is noise: drop it and resynchronise. */
const MAXIMO_TRAMA = 64;

export const tramaLegible = (bytes: Uint8Array) =>
  Array.from(bytes, (b) =>
    b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`,
  ).join('');

const esDigito = (b: number) => b >= 0x30 && b <= 0x39;
const digitos = (bytes: Uint8Array) => {
  let n = 0;
  for (const b of bytes) {
    if (b === 0x20) continue;
    if (!esDigito(b)) return null;
    n = n * 10 + (b - 0x30);
  }
  return n;
};

/**
 * Toledo continuous output: STX, status A, B, C, 6 weight digits, 6 tare digits, CR (an optional checksum
 * byte after CR is ignored). Status A bits 0–2: decimal point (0 = ×100, 1 = ×10, 2 = ×1, 3 = /10 …);
 * status B: bit 0 net, bit 1 negative, bit 2 over/under range, bit 3 motion. Fixed bits are not checked.
 */
export function decodificarToledo(cuerpo: Uint8Array, trama: Uint8Array): Lectura | null {
  if (cuerpo.length !== 15) return null;
  const [a = 0, b = 0] = cuerpo;
  if (a < 0x20 || a > 0x7f || b < 0x20 || b > 0x7f) return null;
  const peso = digitos(cuerpo.subarray(3, 9));
  const tara = digitos(cuerpo.subarray(9, 15));
  if (peso === null || tara === null) return null;
  const factor = 10 ** (2 - (a & 0b111));
  const negativo = (b & 0b10) !== 0;
  return {
    peso: aNumero(multiplicar(negativo ? -1 : 1, peso, factor), 3),
    tara: aNumero(multiplicar(tara, factor), 3),
    estable: (b & 0b1000) === 0,
    sobrecarga: (b & 0b100) !== 0,
    neto: (b & 0b1) !== 0,
    trama: tramaLegible(trama),
  };
}

/** ASCII line: `ST,GS,+0023960kg` CRLF; ST stable, US unstable, OL overload; GS gross, NT net. */
const LINEA = /^(ST|US|OL)\s*,\s*(GS|NT|TR)?\s*,?\s*([+-])?\s*(\d{1,9}(?:\.\d{1,4})?)?\s*(kg|g|t|lb)?$/i;
export function decodificarAscii(texto: string, trama: Uint8Array): Lectura | null {
  const m = LINEA.exec(texto.trim());
  if (!m) return null;
  const estado = (m[1] ?? '').toUpperCase();
  const valor = m[4];
  if (valor === undefined && estado !== 'OL') return null;
  const unidad = (m[5] ?? 'kg').toLowerCase();
  const aKg = unidad === 't' ? 1000 : unidad === 'g' ? '0.001' : unidad === 'lb' ? '0.45359237' : 1;
  return {
    peso: aNumero(multiplicar(valor ?? 0, m[3] === '-' ? -1 : 1, aKg), 3),
    tara: 0,
    estable: estado === 'ST',
    sobrecarga: estado === 'OL',
    neto: (m[2] ?? '').toUpperCase() === 'NT',
    trama: tramaLegible(trama),
  };
}

/** XOR of the bytes from the sign to the decimal digit, as two nibbles written 0x30 + nibble. */
export const controlYaohua = (datos: Uint8Array) => {
  let x = 0;
  for (const b of datos) x ^= b;
  return [0x30 + ((x >> 4) & 0xf), 0x30 + (x & 0xf)] as const;
};

/**
 * Yaohua XK3190-A9: STX, sign, 6 digits, decimal position digit, two XOR-check nibbles, ETX.
 * `\x02+023960015\x03` = 23 960 kg. A frame whose check fails is noise. Digits that are not numbers
 * (the indicator writes 'OL' or dashes) mean overload. No motion flag: stability is judged by the reader.
 */
export function decodificarYaohua(cuerpo: Uint8Array, trama: Uint8Array): Lectura | null {
  if (cuerpo.length !== 10) return null;
  const datos = cuerpo.subarray(0, 8);
  const [h, l] = controlYaohua(datos);
  if (cuerpo[8] !== h || cuerpo[9] !== l) return null;
  const signo = cuerpo[0];
  if (signo !== 0x2b && signo !== 0x2d && signo !== 0x20) return null;
  const decimales = (cuerpo[7] ?? 0) - 0x30;
  if (decimales < 0 || decimales > 4) return null;
  const valor = digitos(cuerpo.subarray(1, 7));
  if (valor === null)
    return { peso: 0, tara: 0, estable: false, sobrecarga: true, neto: false, trama: tramaLegible(trama) };
  return {
    peso: aNumero(new Decimal(valor).times(signo === 0x2d ? -1 : 1).div(10 ** decimales), 3),
    tara: 0,
    estable: null,
    sobrecarga: false,
    neto: false,
    trama: tramaLegible(trama),
  };
}

/** Reassembles STX…CR (Toledo) or STX…ETX (Yaohua) frames; bytes outside a frame are noise. */
class DecodificadorStx implements Decodificador {
  private buffer: number[] = [];
  private dentro = false;
  constructor(
    private readonly fin: number,
    private readonly decodificar: (cuerpo: Uint8Array, trama: Uint8Array) => Lectura | null,
  ) {}
  alimentar(trozo: Uint8Array): Lectura[] {
    const salida: Lectura[] = [];
    for (const b of trozo) {
      if (b === STX) {
        // A new STX restarts the frame: whatever came before it without a terminator was a broken frame.
        this.buffer = [];
        this.dentro = true;
        continue;
      }
      if (!this.dentro) continue;
      if (b === this.fin) {
        const cuerpo = Uint8Array.from(this.buffer);
        const l = this.decodificar(cuerpo, Uint8Array.from([STX, ...this.buffer, b]));
        if (l) salida.push(l);
        this.buffer = [];
        this.dentro = false;
        continue;
      }
      this.buffer.push(b);
      if (this.buffer.length > MAXIMO_TRAMA) {
        this.buffer = [];
        this.dentro = false;
      }
    }
    return salida;
  }
}

/** Reassembles CR/LF-terminated lines; a line that does not parse is noise. */
class DecodificadorLinea implements Decodificador {
  private buffer: number[] = [];
  alimentar(trozo: Uint8Array): Lectura[] {
    const salida: Lectura[] = [];
    for (const b of trozo) {
      if (b === CR || b === LF) {
        if (this.buffer.length) {
          const bytes = Uint8Array.from(this.buffer);
          // Keep only printable bytes of the line; noise or a cut frame before the last status word is skipped.
          const texto = Array.from(bytes, (x) => (x >= 0x20 && x < 0x7f ? String.fromCharCode(x) : '')).join('');
          const inicio = Math.max(-1, ...[...texto.matchAll(/(ST|US|OL)\s*,/gi)].map((m) => m.index ?? -1));
          const l = inicio >= 0 ? decodificarAscii(texto.slice(inicio), Uint8Array.from([...bytes, CR, LF])) : null;
          if (l) salida.push(l);
        }
        this.buffer = [];
        continue;
      }
      this.buffer.push(b);
      if (this.buffer.length > MAXIMO_TRAMA) this.buffer = [];
    }
    return salida;
  }
}

export function crearDecodificador(protocolo: Protocolo): Decodificador {
  if (protocolo === 'toledo') return new DecodificadorStx(CR, decodificarToledo);
  if (protocolo === 'yaohua') return new DecodificadorStx(ETX, decodificarYaohua);
  return new DecodificadorLinea();
}

/** What an indicator is showing, for the encoders (the simulator). */
export interface EstadoIndicador {
  peso: number;
  estable: boolean;
  sobrecarga?: boolean;
  neto?: boolean;
  tara?: number;
}

const seis = (n: number) => String(Math.min(999_999, Math.max(0, Math.round(Math.abs(n))))).padStart(6, '0');
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

export function tramaToledo(e: EstadoIndicador): Uint8Array {
  // Status A: decimal code 2 (×1) with the fixed bit 5 set; B: net, sign, range, motion, kg (bit 4), bit 5.
  const a = 0x20 | 0b010;
  const b =
    0x20 | 0x10 | (e.neto ? 0b1 : 0) | (e.peso < 0 ? 0b10 : 0) | (e.sobrecarga ? 0b100 : 0) | (e.estable ? 0 : 0b1000);
  const c = 0x20;
  return Uint8Array.from([STX, a, b, c, ...bytes(seis(e.peso)), ...bytes(seis(e.tara ?? 0)), CR]);
}

export function tramaAscii(e: EstadoIndicador): Uint8Array {
  const estado = e.sobrecarga ? 'OL' : e.estable ? 'ST' : 'US';
  const signo = e.peso < 0 ? '-' : '+';
  const valor = String(Math.round(Math.abs(e.peso))).padStart(7, '0');
  return bytes(`${estado},${e.neto ? 'NT' : 'GS'},${signo}${valor}kg\r\n`);
}

export function tramaYaohua(e: EstadoIndicador): Uint8Array {
  const datos = bytes(`${e.peso < 0 ? '-' : '+'}${e.sobrecarga ? '--OL--' : seis(e.peso)}0`);
  const [h, l] = controlYaohua(datos);
  return Uint8Array.from([STX, ...datos, h, l, ETX]);
}

export const CODIFICADORES: Record<Protocolo, (e: EstadoIndicador) => Uint8Array> = {
  toledo: tramaToledo,
  ascii: tramaAscii,
  yaohua: tramaYaohua,
};
