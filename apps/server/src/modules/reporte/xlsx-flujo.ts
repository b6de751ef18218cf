import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A minimal streaming ZIP writer for an .xlsx: entries are deflated as they are written (data descriptors
 * after each entry, central directory at the end), so a sheet of any length goes out in constant memory.
 * Sizes stay below 4 GB (no ZIP64): a year of the busiest report is far smaller.
 */
export class ZipFlujo {
  readonly salida = new PassThrough({ highWaterMark: 1 << 20 });
  private desplazamiento = 0;
  private readonly centrales: Buffer[] = [];

  private async escribir(b: Buffer) {
    this.desplazamiento += b.length;
    if (!this.salida.write(b)) await Promise.race([once(this.salida, 'drain'), once(this.salida, 'close')]);
  }

  /** Writes one entry whose content comes from `producir(escribir)`; `escribir` honours backpressure. */
  async entrada(nombre: string, producir: (escribir: (texto: string) => Promise<void>) => Promise<void>) {
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

    let crc = 0;
    let tamanio = 0;
    let comprimido = 0;
    const deflate = createDeflateRaw({ level: 1, strategy: constants.Z_DEFAULT_STRATEGY });
    const pendientes: Promise<void>[] = [];
    deflate.on('data', (trozo: Buffer) => {
      comprimido += trozo.length;
      pendientes.push(this.escribir(trozo));
    });
    const fin = once(deflate, 'end');
    await producir(async (texto) => {
      const b = Buffer.from(texto, 'utf8');
      crc = crc32(b, crc);
      tamanio += b.length;
      if (!deflate.write(b)) await once(deflate, 'drain');
      if (pendientes.length > 64) await Promise.all(pendientes.splice(0));
      if (this.salida.writableNeedDrain && !this.salida.destroyed) {
        await Promise.race([once(this.salida, 'drain'), once(this.salida, 'close')]);
      }
    });
    deflate.end();
    await fin;
    await Promise.all(pendientes.splice(0));

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
