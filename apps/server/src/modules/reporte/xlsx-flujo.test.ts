import { randomBytes } from 'node:crypto';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ZipFlujo } from './xlsx-flujo';

/** Everything the writer sends, once it is closed. */
async function escribirZip(entradas: { nombre: string; partes: (string | Buffer | Buffer[])[] }[]) {
  const zip = new ZipFlujo();
  const trozos: Buffer[] = [];
  zip.salida.on('data', (t: Buffer) => trozos.push(t));
  for (const e of entradas)
    await zip.entrada(e.nombre, async (escribir) => {
      for (const p of e.partes) await escribir(p);
    });
  await zip.cerrar();
  return Buffer.concat(trozos);
}

/** The bytes a list of writes stands for, one after another. */
const bytesDe = (partes: (string | Buffer | Buffer[])[]) =>
  Buffer.concat(
    partes.map((p) => (Array.isArray(p) ? Buffer.concat(p) : typeof p === 'string' ? Buffer.from(p, 'utf8') : p)),
  );

describe('the streaming ZIP writer', () => {
  it('keeps every byte of entries many pieces long, written in any cut, one entry after another', async () => {
    // ~7 MB per entry: seven pieces of 1 MB deflated two at a time and joined into one deflate stream; rows of
    // text, blocks larger than a piece, a list of small buffers, an empty one.
    const fila = (i: number) =>
      `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>Ñandú ${i} &amp; “x”</t></is></c></row>`;
    const texto = Array.from({ length: 20_000 }, (_x, i) => fila(i)).join('');
    const aleatorio = randomBytes(2_500_000).toString('base64');
    const bloque = Buffer.from(`${aleatorio}${texto}`, 'utf8');
    const pequenos = Array.from({ length: 3_000 }, (_x, i) => Buffer.from(fila(i), 'utf8'));
    const partes = [texto, bloque, pequenos, 'x', Buffer.alloc(0), bloque.subarray(7, 1_048_583), texto];
    const esperado = bytesDe(partes);
    expect(esperado.length).toBeGreaterThan(7 * 1024 * 1024);

    const archivo = await escribirZip([
      { nombre: 'xl/worksheets/sheet1.xml', partes },
      { nombre: 'xl/worksheets/sheet2.xml', partes: [...partes].reverse() },
      { nombre: 'vacio.xml', partes: [] },
    ]);
    const leido = await JSZip.loadAsync(archivo, { checkCRC32: true });
    expect(Object.keys(leido.files)).toEqual(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'vacio.xml']);
    const uno = await leido.file('xl/worksheets/sheet1.xml')?.async('nodebuffer');
    expect(uno?.equals(esperado)).toBe(true);
    const invertido = bytesDe([...partes].reverse());
    const dos = await leido.file('xl/worksheets/sheet2.xml')?.async('nodebuffer');
    expect(dos?.equals(invertido)).toBe(true);
    expect((await leido.file('vacio.xml')?.async('nodebuffer'))?.length).toBe(0);
  });

  it('copies what it is given at once: a writer may fill its buffer again as soon as the write returns', async () => {
    const zip = new ZipFlujo();
    const trozos: Buffer[] = [];
    zip.salida.on('data', (t: Buffer) => trozos.push(t));
    const propio = Buffer.alloc(300_000);
    const esperado: Buffer[] = [];
    await zip.entrada('hoja.xml', async (escribir) => {
      // 40 writes of one buffer filled anew each time (12 MB: pieces deflated while the next are being filled).
      for (let i = 0; i < 40; i++) {
        propio.fill(`fila ${i};`);
        esperado.push(Buffer.from(propio));
        await escribir(i % 2 ? propio : [propio.subarray(0, 1000), propio.subarray(1000)]);
      }
    });
    await zip.cerrar();
    const leido = await JSZip.loadAsync(Buffer.concat(trozos), { checkCRC32: true });
    expect((await leido.file('hoja.xml')?.async('nodebuffer'))?.equals(Buffer.concat(esperado))).toBe(true);
  });
});
