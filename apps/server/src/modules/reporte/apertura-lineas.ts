import { LectorCopiaBinaria } from './copia-binaria';
import { S_ENTERO } from '../../platform/xlsx';

/** A batch of kept lines opened: the sheet rows one after another, where each ends, and how many there are. */
export interface LineasAbiertas {
  datos: Buffer;
  finales: Int32Array;
  lineas: number;
}

/**
 * A line's opening (`<row r="R"><c r="AR" s="3"><v>N</v></c>`: the sheet row R twice and the report's N°) kept as
 * bytes and counted up in place from one line to the next: usually one digit of each number changes. It is written
 * anew only when a number gains a digit or a new sheet starts (R back to 2). Writing the three numbers and the
 * fixed parts byte by byte for each line was 7 % of the export's CPU (op2 at a million orders).
 */
class Plantilla {
  bytes = new Uint8Array(0);
  /** The N° it holds (-1: none yet), its sheet row, and where each number's digits end. */
  n = -1;
  private r = 0;
  private finR1 = 0;
  private finR2 = 0;
  private finN = 0;

  constructor(private readonly filasPorHoja: number) {}

  /** Holds the opening of N° `n`. */
  para(n: number) {
    if (n === this.n) return;
    const r = ((n - 1) % this.filasPorHoja) + 2;
    const a = '<row r="';
    const b = '"><c r="A';
    const c = `" s="${S_ENTERO}"><v>`;
    const texto = `${a}${r}${b}${r}${c}${n}</v></c>`;
    this.bytes = Uint8Array.from(texto, (x) => x.charCodeAt(0));
    const digitosR = String(r).length;
    this.finR1 = a.length + digitosR;
    this.finR2 = this.finR1 + b.length + digitosR;
    this.finN = this.finR2 + c.length + String(n).length;
    this.n = n;
    this.r = r;
  }

  /** Adds one to the digits ending at `fin`; false when they were all nines (the number gains a digit). */
  private sumarUno(fin: number) {
    const d = this.bytes;
    for (let i = fin - 1; ; i--) {
      const x = d[i] as number;
      if (x < 48 || x > 57) return false;
      if (x < 57) {
        d[i] = x + 1;
        return true;
      }
      d[i] = 48;
    }
  }

  /** Moves on to the next N° (written anew by `para` when a number gains a digit or a sheet ends). */
  siguiente() {
    if (this.r - 1 === this.filasPorHoja || !this.sumarUno(this.finR1)) {
      this.n = -1;
      return;
    }
    this.sumarUno(this.finR2);
    if (!this.sumarUno(this.finN)) {
      this.n = -1;
      return;
    }
    this.n += 1;
    this.r += 1;
  }
}

/** The longest opening: the fixed parts, a sheet row twice and the N° of up to 15 digits each. */
const APERTURA_MAXIMA = 64 + 45;

/**
 * Opens the batches of kept lines (op2, op4) into one buffer of its own, used again batch after batch. Each order's
 * value is its lines, each U+0001 and the line's cells after the N°; each line gets its opening in front (`<row>` and
 * the N° cell, as filaXmlSql writes them), from a template counted up line by line (Plantilla). The batch's lines are one buffer and one list of
 * where each ends: a batch of 1 000 orders (~5 000 lines) handed on as a buffer per line and per opening kept ~10 000
 * small objects alive while it was written, which every young-generation collection copied and then promoted (with
 * the server's small young generation that doubled the export's CPU). The result is valid until the next call; the
 * writer copies it before its write returns (ZipFlujo).
 *
 * The values may come whole (`abrir`, a buffer per order) or as the binary COPY's chunks (`empezarCopia`): an order's
 * value is then read in the pieces the chunks cut it into, straight from them, with no buffer made per order.
 */
export class AperturaLineas {
  private destino: Buffer;
  private finales = new Int32Array(8192);
  private p = 0;
  /** Lines opened in this batch, whether one is open, and the numbering of the batch. */
  private k = 0;
  private abierta = false;
  private antes = 0;
  private plantilla = new Plantilla(1);
  private plantillaHoja = 1;

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
  private empezar(antes: number, filasPorHoja: number) {
    this.p = 0;
    this.k = 0;
    this.abierta = false;
    this.antes = antes;
    if (filasPorHoja !== this.plantillaHoja) {
      this.plantilla = new Plantilla(filasPorHoja);
      this.plantillaHoja = filasPorHoja;
    }
  }
  /** Ends the open line, if any: where it ends goes to the list. */
  private cerrarLinea() {
    if (!this.abierta) return;
    const k = this.k;
    if (k === this.finales.length) {
      const mas = new Int32Array(2 * k);
      mas.set(this.finales);
      this.finales = mas;
    }
    this.finales[k] = this.p;
    this.k = k + 1;
    this.abierta = false;
  }
  /** Writes the next line's opening. */
  private abrirLinea() {
    this.asegurar(APERTURA_MAXIMA);
    const plantilla = this.plantilla;
    plantilla.para(this.antes + this.k + 1);
    this.destino.set(plantilla.bytes, this.p);
    this.p += plantilla.bytes.length;
    plantilla.siguiente();
    this.abierta = true;
  }
  /**
   * Bytes `desde`–`hasta` of `b`, the next piece of an order's value: each U+0001 ends the open line and opens the
   * next; the other bytes are the open line's (any before the order's first U+0001 are not a line's and are dropped).
   */
  private trozo(b: Buffer, desde: number, hasta: number) {
    let i = desde;
    while (i < hasta) {
      const j = b.indexOf(1, i);
      const fin = j < 0 || j > hasta ? hasta : j;
      if (fin > i && this.abierta) {
        this.asegurar(fin - i);
        this.p += b.copy(this.destino, this.p, i, fin);
      }
      if (fin === hasta) return;
      this.cerrarLinea();
      this.abrirLinea();
      i = fin + 1;
    }
  }
  private resultado(): LineasAbiertas {
    return { datos: this.destino.subarray(0, this.p), finales: this.finales, lineas: this.k };
  }

  /** `ordenes`: each order's value; `antes` is the report's rows before the batch; `filasPorHoja` the writer's sheet length. */
  abrir(ordenes: Buffer[], antes: number, filasPorHoja: number): LineasAbiertas {
    this.empezar(antes, filasPorHoja);
    for (const o of ordenes) {
      this.trozo(o, 0, o.length);
      this.cerrarLinea();
    }
    return this.resultado();
  }

  /**
   * The same from a binary COPY of one text column (the orders' values), read as its chunks arrive, however they cut
   * it: `trozo` opens each chunk's lines into this opener's buffer at once, so no chunk outlives its arrival, and
   * `terminar` gives the batch and how many orders it held. A chunk kept until the writer's turn came survived the
   * young generation's collections and was freed only by full ones (a batch waits while the one before is written).
   */
  empezarCopia(antes: number, filasPorHoja: number) {
    this.empezar(antes, filasPorHoja);
    const lector = new LectorCopiaBinaria(
      (b, desde, hasta) => this.trozo(b, desde, hasta),
      () => this.cerrarLinea(),
    );
    return {
      trozo: (b: Buffer, desde?: number, hasta?: number) => lector.trozo(b, desde, hasta),
      terminar: (): LineasAbiertas & { ordenes: number } => ({ ...this.resultado(), ordenes: lector.terminar() }),
    };
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
