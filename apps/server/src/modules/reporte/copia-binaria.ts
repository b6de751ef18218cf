/** PostgreSQL's binary COPY format of one column, read chunk by chunk as the chunks come. */

/** Where the walk of a binary COPY is: the fixed header, an integer being read, or a value's bytes. */
const Paso = { Firma: 0, Extension: 1, SaltarExtension: 2, Campos: 3, Largo: 4, Valor: 5, Fin: 6 } as const;

/**
 * Reads a binary COPY of one column (PostgreSQL's format: an 11-byte signature, flags, a header extension, then
 * each row as its field count, the value's length and bytes, and -1 at the end) chunk by chunk as they come: every
 * row's value is handed to `valor` in the pieces the chunks cut it into (a NULL or empty value in none), then `fin` is
 * called (told whether the value was NULL). No buffer is made.
 */
export class LectorCopiaBinaria {
  private paso: number = Paso.Firma;
  /** Bytes left of the current step, and the integer being read (big-endian). */
  private falta = 15;
  private entero = 0;
  private filas = 0;
  private vacia = true;

  constructor(
    private readonly valor: (b: Buffer, desde: number, hasta: number) => void,
    private readonly fin: (nulo: boolean) => void,
  ) {}

  private siguiente(paso: number, falta: number) {
    this.paso = paso;
    this.falta = falta;
    this.entero = 0;
  }
  private terminarFila(nulo = false) {
    this.fin(nulo);
    this.filas++;
    this.siguiente(Paso.Campos, 2);
  }

  /** Reads the chunk's bytes `desde`–`hasta` (all of it by default). */
  trozo(t: Buffer, desde = 0, hasta = t.length) {
    if (hasta > desde) this.vacia = false;
    let i = desde;
    while (i < hasta && this.paso !== Paso.Fin) {
      const paso = this.paso;
      if (paso === Paso.Valor || paso === Paso.Firma || paso === Paso.SaltarExtension) {
        const n = Math.min(this.falta, hasta - i);
        if (paso === Paso.Valor) this.valor(t, i, i + n);
        i += n;
        this.falta -= n;
        if (this.falta > 0) continue;
        if (paso === Paso.Valor) this.terminarFila();
        else if (paso === Paso.Firma) this.siguiente(Paso.Extension, 4);
        else this.siguiente(Paso.Campos, 2);
        continue;
      }
      this.entero = this.entero * 256 + (t[i] as number);
      i++;
      if (--this.falta > 0) continue;
      const entero = this.entero;
      if (paso === Paso.Extension) {
        if (entero === 0) this.siguiente(Paso.Campos, 2);
        else this.siguiente(Paso.SaltarExtension, entero);
      } else if (paso === Paso.Campos) {
        if (entero === 0xffff) this.siguiente(Paso.Fin, 0);
        else if (entero !== 1) throw new Error(`COPY binario con ${entero} columnas (se espera 1)`);
        else this.siguiente(Paso.Largo, 4);
      } else if (entero === 0xffffffff || entero === 0) {
        // Paso.Largo: -1 (0xffffffff) is a NULL value, 0 an empty one; either has no bytes.
        this.terminarFila(entero === 0xffffffff);
      } else this.siguiente(Paso.Valor, entero);
    }
  }

  /** The rows read; fails unless the COPY ended (nothing at all is no rows). */
  terminar() {
    if (this.paso !== Paso.Fin && !this.vacia) throw new Error('COPY binario incompleto');
    return this.filas;
  }
}

/** Walks the chunks of a whole binary COPY (LectorCopiaBinaria); returns the rows walked. */
export function recorrerCopiaBinaria(
  trozos: Buffer[],
  valor: (b: Buffer, desde: number, hasta: number) => void,
  fin: (nulo: boolean) => void,
): number {
  const lector = new LectorCopiaBinaria(valor, fin);
  for (const t of trozos) lector.trozo(t);
  return lector.terminar();
}

/**
 * The rows of a binary COPY of one text column, from the chunks as they came: a view on the bytes of each row (no
 * copy, no decoding), except a row split between chunks, which is joined. NULL rows are left out.
 */
export function filasCopiaBinaria(trozos: Buffer | Buffer[]): Buffer[] {
  const filas: Buffer[] = [];
  let partes: Buffer[] = [];
  recorrerCopiaBinaria(
    Array.isArray(trozos) ? trozos : [trozos],
    (b, desde, hasta) => partes.push(b.subarray(desde, hasta)),
    (nulo) => {
      if (!nulo) filas.push(partes.length === 1 ? (partes[0] as Buffer) : Buffer.concat(partes));
      partes = [];
    },
  );
  return filas;
}
