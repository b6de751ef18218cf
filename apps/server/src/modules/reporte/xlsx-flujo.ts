import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { constants, crc32, deflateRaw } from 'node:zlib';

/**
 * A minimal streaming ZIP writer for an .xlsx: entries are deflated as they are written (data descriptors
 * after each entry, central directory at the end), so a sheet of any length goes out in constant memory.
 * Sizes stay below 4 GB (no ZIP64): a sheet holds at most Excel's 1 048 576 rows (about 1 GB of XML for the
 * widest report) and the whole file compresses to a small fraction of that.
 */
/** The client went away while the file was being written: the export stops (not an error of the server). */
export class SalidaCerrada extends Error {
  constructor() {
    super('el cliente cerró la descarga');
  }
}

/**
 * Waits until `salida` takes more bytes; throws SalidaCerrada once it is destroyed (a closed stream never
 * emits 'drain' or 'close' again, so waiting for them after the fact would hang the export and hold its
 * database connections).
 */
async function esperarSalida(salida: PassThrough) {
  if (!salida.destroyed) await Promise.race([once(salida, 'drain'), once(salida, 'close')]);
  if (salida.destroyed) throw new SalidaCerrada();
}

/** Bytes of a sheet deflated at once, and how many such pieces may be deflated at the same time. */
const PIEZA = 1 << 20;
const EN_VUELO = 2;
/**
 * What is written is copied at once into the piece being filled (a buffer of PIEZA bytes), so a writer may use its
 * buffer again as soon as its write returns (the kept lines' batches are opened into one reused buffer). The piece
 * buffers are kept and used again: allocating a new one per piece made 1 GB of short-lived buffers outside the heap
 * for op1's 1 GB of XML, and V8 runs full collections to keep up with such memory.
 */
const BUFERES_PIEZA = EN_VUELO + 1;

/**
 * Output buffer of each deflate call. zlib fills it on the thread pool and comes back to the main thread each time it
 * is full: with the default 16 kB, a piece of 1 MB (~150 kB deflated) made ten round trips, 2 s of the main thread's
 * time for op1's 1 GB at a million orders; 256 kB makes one.
 */
const SALIDA_ZLIB = 1 << 18;

/**
 * Deflate level. Node's zlib (Chromium's) deflates the report XML faster at level 2 than at level 1, and a little
 * smaller: 17 % less time and 2.7 % fewer bytes on op2's rows (1 MB pieces, alternated six times).
 */
const NIVEL = 2;

/** One piece of an entry, raw deflate at NIVEL; a piece that is not the last ends on a sync flush. */
const comprimir = (pieza: Buffer, final: boolean) =>
  new Promise<Buffer>((listo, fallo) =>
    deflateRaw(
      pieza,
      { level: NIVEL, chunkSize: SALIDA_ZLIB, finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH },
      (e, r) => (e ? fallo(e) : listo(r)),
    ),
  );

export class ZipFlujo {
  readonly salida = new PassThrough({ highWaterMark: 1 << 20 });
  private desplazamiento = 0;
  private readonly centrales: Buffer[] = [];
  /** Piece buffers deflated and free to take the next piece (PIEZA bytes each). */
  private readonly libres: Buffer[] = [];

  private async escribir(b: Buffer) {
    if (this.salida.destroyed) throw new SalidaCerrada();
    this.desplazamiento += b.length;
    if (!this.salida.write(b)) await esperarSalida(this.salida);
  }

  /** Writes one entry whose content comes from `producir(escribir)`; `escribir` honours backpressure. */
  async entrada(
    nombre: string,
    producir: (escribir: (texto: string | Buffer | Buffer[]) => Promise<void>) => Promise<void>,
  ) {
    const nombreB = Buffer.from(nombre, 'utf8');
    const inicio = this.desplazamiento;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0808, 6); // data descriptor + UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt16LE(nombreB.length, 26);
    await this.escribir(Buffer.concat([local, nombreB]));

    // The entry's data is deflated in independent pieces of PIEZA bytes, up to EN_VUELO at once on the thread
    // pool (node:zlib runs each call on a thread of its own), written in order: every piece but the last ends
    // with a sync flush (an empty stored block, on a byte boundary, not final), so the pieces one after another
    // are one valid deflate stream, as pigz does. One stream would compress on one core only.
    let crc = 0;
    let tamanio = 0;
    let comprimido = 0;
    /** The piece being filled and how many of its bytes are taken. */
    let pieza: Buffer | null = null;
    let lleno = 0;
    const enVuelo: Promise<Buffer>[] = [];
    const lanzar = async (final: boolean) => {
      const propio = pieza ?? Buffer.allocUnsafe(0);
      const datos = propio.subarray(0, lleno);
      pieza = null;
      lleno = 0;
      crc = crc32(datos, crc);
      tamanio += datos.length;
      const p = comprimir(datos, final);
      // The piece's buffer is given back once deflated (see BUFERES_PIEZA).
      p.then(
        () => propio.length === PIEZA && this.libres.length < BUFERES_PIEZA && this.libres.push(propio),
        () => undefined,
      );
      enVuelo.push(p);
      while (enVuelo.length >= (final ? 1 : EN_VUELO)) {
        const z = await (enVuelo.shift() as Promise<Buffer>);
        comprimido += z.length;
        await this.escribir(z);
      }
    };
    /** Copies `b` into the pieces, launching each one that fills. */
    const copiar = async (b: Buffer) => {
      let desde = 0;
      while (desde < b.length) {
        pieza ??= this.libres.pop() ?? Buffer.allocUnsafe(PIEZA);
        const n = b.copy(pieza, lleno, desde, Math.min(b.length, desde + PIEZA - lleno));
        lleno += n;
        desde += n;
        if (lleno === PIEZA) await lanzar(false);
      }
    };
    try {
      await producir(async (texto) => {
        if (Array.isArray(texto)) for (const b of texto) await copiar(b);
        else if (typeof texto !== 'string') await copiar(texto);
        else {
          // Text goes straight into the piece when it fits (the writer's batches of rows are ~256 kB).
          pieza ??= this.libres.pop() ?? Buffer.allocUnsafe(PIEZA);
          const largo = Buffer.byteLength(texto, 'utf8');
          if (lleno + largo < PIEZA) lleno += pieza.write(texto, lleno, 'utf8');
          else await copiar(Buffer.from(texto, 'utf8'));
        }
      });
      await lanzar(true);
    } finally {
      await Promise.allSettled(enVuelo);
    }

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(comprimido >>> 0, 8);
    descriptor.writeUInt32LE(tamanio >>> 0, 12);
    await this.escribir(descriptor);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0808, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(comprimido >>> 0, 20);
    central.writeUInt32LE(tamanio >>> 0, 24);
    central.writeUInt16LE(nombreB.length, 28);
    central.writeUInt32LE(inicio >>> 0, 42);
    this.centrales.push(Buffer.concat([central, nombreB]));
  }

  async archivo(nombre: string, texto: string) {
    await this.entrada(nombre, async (escribir) => escribir(texto));
  }

  async cerrar() {
    const inicio = this.desplazamiento;
    const directorio = Buffer.concat(this.centrales);
    const fin = Buffer.alloc(22);
    fin.writeUInt32LE(0x06054b50, 0);
    fin.writeUInt16LE(this.centrales.length, 8);
    fin.writeUInt16LE(this.centrales.length, 10);
    fin.writeUInt32LE(directorio.length, 12);
    fin.writeUInt32LE(inicio >>> 0, 16);
    await this.escribir(Buffer.concat([directorio, fin]));
    this.salida.end();
  }
}
