import { S_ENTERO } from './excel';

/** A batch of kept lines opened: the sheet rows one after another, where each ends, and how many there are. */
export interface LineasAbiertas {
  datos: Buffer;
  finales: Int32Array;
  lineas: number;
}

const ascii = (t: string) => Uint8Array.from(t, (c) => c.charCodeAt(0));
const ABRE_FILA = ascii('<row r="');
const ABRE_CELDA = ascii('"><c r="A');
const ABRE_VALOR = ascii(`" s="${S_ENTERO}"><v>`);
const CIERRA_CELDA = ascii('</v></c>');
/** The longest opening: the three parts, a sheet row and the N° of up to 15 digits each. */
const APERTURA_MAXIMA = ABRE_FILA.length + ABRE_CELDA.length + ABRE_VALOR.length + CIERRA_CELDA.length + 45;

/**
 * Opens the batches of kept lines (op2, op4) into one buffer of its own, used again batch after batch. Each order's
 * value is its lines, each U+0001 and the line's cells after the N°; each line gets its opening in front (`<row>` and
 * the N° cell, as filaXmlSql writes them), written byte by byte. The batch's lines are one buffer and one list of
 * where each ends: a batch of 1 000 orders (~5 000 lines) handed on as a buffer per line and per opening kept ~10 000
 * small objects alive while it was written, which every young-generation collection copied and then promoted (with
 * the server's small young generation that doubled the export's CPU). The result is valid until the next call; the
 * writer copies it before its write returns (ZipFlujo).
 */
export class AperturaLineas {
  private destino: Buffer;
  private finales = new Int32Array(8192);
  private p = 0;

  /** `bytes`: the buffer's first size (it doubles when a batch needs more). */
  constructor(bytes = 8 << 20) {
    this.destino = Buffer.allocUnsafe(bytes);
  }

  private asegurar(n: number) {
    if (this.p + n <= this.destino.length) return;
    const mayor = Buffer.allocUnsafe(Math.max(2 * this.destino.length, this.p + n));
    this.destino.copy(mayor, 0, 0, this.p);
    this.destino = mayor;
  }
  private bytes(b: Uint8Array) {
    const d = this.destino;
    let p = this.p;
    for (let i = 0; i < b.length; i++) d[p++] = b[i] as number;
    this.p = p;
  }
  private numero(n: number) {
    const d = this.destino;
    let cifras = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) cifras++;
    let p = this.p + cifras;
    this.p = p;
    let x = n;
    do {
      d[--p] = 48 + (x % 10);
      x = Math.floor(x / 10);
    } while (x > 0);
  }

  /** `antes` is the report's rows before the batch; `filasPorHoja` the writer's sheet length. */
  abrir(ordenes: Buffer[], antes: number, filasPorHoja: number): LineasAbiertas {
    this.p = 0;
    let k = 0;
    for (const o of ordenes) {
      let i = o.indexOf(1);
      while (i >= 0) {
        const j = o.indexOf(1, i + 1);
        const fin = j < 0 ? o.length : j;
        this.asegurar(APERTURA_MAXIMA + fin - i);
        const n = antes + k + 1;
        const r = ((n - 1) % filasPorHoja) + 2;
        this.bytes(ABRE_FILA);
        this.numero(r);
        this.bytes(ABRE_CELDA);
        this.numero(r);
        this.bytes(ABRE_VALOR);
        this.numero(n);
        this.bytes(CIERRA_CELDA);
        this.destino.set(new Uint8Array(o.buffer, o.byteOffset + i + 1, fin - i - 1), this.p);
        this.p += fin - i - 1;
        if (k === this.finales.length) {
          const mas = new Int32Array(2 * k);
          mas.set(this.finales);
          this.finales = mas;
        }
        this.finales[k++] = this.p;
        i = j;
      }
    }
    return { datos: this.destino.subarray(0, this.p), finales: this.finales, lineas: k };
  }
}

/** The sheet rows of a batch of kept lines, one buffer per row (the embedded database's export hands rows so). */
export function abrirLineas(ordenes: Buffer[], antes: number, filasPorHoja: number) {
  const largo = ordenes.reduce((t, o) => t + o.length, 0);
  const { datos, finales, lineas } = new AperturaLineas(2 * largo + 1024).abrir(ordenes, antes, filasPorHoja);
  const filas = new Array<Buffer>(lineas);
  for (let k = 0; k < lineas; k++) filas[k] = datos.subarray(k ? finales[k - 1] : 0, finales[k]);
  return { filas, lineas };
}
