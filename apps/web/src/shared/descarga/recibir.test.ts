import { describe, expect, it } from 'vitest';
import { leerConProgreso, textoBytes, textoDuracion } from './recibir';

/** A body that arrives in the given chunks. */
const cuerpo = (trozos: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const t of trozos) c.enqueue(t);
      c.close();
    },
  });

describe('a file read as it arrives', () => {
  it('tells the bytes received after each chunk and keeps every byte in order', async () => {
    const trozos = [new Uint8Array([1, 2, 3]), new Uint8Array(70_000).fill(7), new Uint8Array([9])];
    const avisos: number[] = [];
    const blob = await leerConProgreso(cuerpo(trozos), 'application/vnd.ms-excel', (b) => avisos.push(b));
    expect(avisos).toEqual([3, 70_003, 70_004]);
    expect(blob.type).toBe('application/vnd.ms-excel');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(bytes.length).toBe(70_004);
    expect([...bytes.subarray(0, 4)]).toEqual([1, 2, 3, 7]);
    expect(bytes[70_003]).toBe(9);
  });

  it('an empty body is an empty file, with no progress to tell', async () => {
    const avisos: number[] = [];
    const blob = await leerConProgreso(cuerpo([]), '', (b) => avisos.push(b));
    expect(blob.size).toBe(0);
    expect(avisos).toEqual([]);
  });

  it('a body that fails midway fails the download (no partial file)', async () => {
    const roto = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array([1]));
        c.error(new Error('conexión cortada'));
      },
    });
    await expect(leerConProgreso(roto, '', () => undefined)).rejects.toThrow('conexión cortada');
  });
});

describe('the progress as the screen writes it', () => {
  it('bytes in kB below a MB and in MB with one decimal above', () => {
    expect(textoBytes(0)).toBe('0 kB');
    expect(textoBytes(850 * 1024)).toBe('850 kB');
    expect(textoBytes(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(textoBytes(201 * 1024 * 1024)).toBe('201.0 MB');
  });
  it('time as m:ss', () => {
    expect(textoDuracion(0)).toBe('0:00');
    expect(textoDuracion(7_900)).toBe('0:07');
    expect(textoDuracion(125_000)).toBe('2:05');
  });
});
