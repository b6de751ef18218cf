import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { escribirXlsx, type ValorCelda, ZipFlujo } from './xlsx';

/** Everything the writer sends, once it is closed. */
async function escribirZip(entradas: { nombre: string; partes: (string | Buffer | Buffer[])[] }[]) {
  const salida = new PassThrough();
  const zip = new ZipFlujo(salida);
  const trozos: Buffer[] = [];
  salida.on('data', (t: Buffer) => trozos.push(t));
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
    const salida = new PassThrough();
    const zip = new ZipFlujo(salida);
    const trozos: Buffer[] = [];
    salida.on('data', (t: Buffer) => trozos.push(t));
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

async function escribirHoja(filas: ValorCelda[][], anchos?: number[], encabezado?: string[]) {
  const salida = new PassThrough();
  const trozos: Buffer[] = [];
  salida.on('data', (b: Buffer) => trozos.push(b));
  const fin = new Promise((r) => salida.on('end', r));
  const hoja = escribirXlsx(salida, { hoja: 'Formato 12.1 & <otro>', anchos, encabezado });
  for (const [i, f] of filas.entries()) {
    hoja.fila(f);
    if (i % 500 === 0) await hoja.vaciar();
  }
  await hoja.cerrar();
  await fin;
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.load(Buffer.concat(trozos) as unknown as ArrayBuffer);
  return libro;
}

describe('the one-sheet workbook (escribirXlsx, on the same ZIP writer)', () => {
  it('text, numbers, dates and empty cells read back as written, escaped, past column Z and past one batch', async () => {
    const ancha = Array.from({ length: 30 }, (_, i) => (i % 2 ? i : `c${i}`));
    const filas: ValorCelda[][] = [
      ['FORMATO 12.1: REGISTRO <DEL> INVENTARIO & "UNIDADES"'],
      [],
      [
        '  con espacios  ',
        null,
        0,
        -12.5,
        'ÑANDÚ S.A.C.',
        'con\u0001control',
        '=1+1',
        new Date('2025-02-01T00:00:00Z'),
      ],
      ancha,
      ...Array.from({ length: 6000 }, (_, i) => [
        `01/02/2025 ${'x'.repeat(40)}`,
        '1',
        'F001',
        String(i).padStart(8, '0'),
        '02',
        i,
        null,
        i * 3,
      ]),
    ];
    const libro = await escribirHoja(filas, [14, 10, 10]);
    const hoja = libro.worksheets[0];
    expect(hoja?.name).toBe('Formato 12.1 & <otro>');
    expect(hoja?.getCell('A1').value).toBe('FORMATO 12.1: REGISTRO <DEL> INVENTARIO & "UNIDADES"');
    expect(hoja?.getRow(2).cellCount).toBe(0);
    expect([1, 2, 3, 4, 5, 6, 7].map((c) => hoja?.getRow(3).getCell(c).value)).toEqual([
      '  con espacios  ',
      null,
      0,
      -12.5,
      'ÑANDÚ S.A.C.',
      'concontrol',
      '=1+1',
    ]);
    // Text that looks like a formula stays text (Text format, quote prefix); a date is a date cell.
    expect(hoja?.getCell('G3').numFmt).toBe('@');
    expect(hoja?.getCell('H3').value).toEqual(new Date('2025-02-01T00:00:00Z'));
    expect(hoja?.getCell('H3').numFmt).toBe('dd/mm/yyyy');
    expect(hoja?.getCell('AD4').value).toBe(29);
    expect(hoja?.getCell('AC4').value).toBe('c28');
    expect(hoja?.rowCount).toBe(6004);
    expect([1, 4, 6, 7, 8].map((c) => hoja?.getRow(6004).getCell(c).value)).toEqual([
      `01/02/2025 ${'x'.repeat(40)}`,
      '00005999',
      5999,
      null,
      17997,
    ]);
    expect(hoja?.getColumn(1).width).toBe(14);
  });

  it('waits while the client does not read (backpressure) and goes on when it does', async () => {
    const salida = new PassThrough({ highWaterMark: 16 * 1024 });
    const hoja = escribirXlsx(salida, { hoja: 'Hoja' });
    // Random text deflates to about its size: far more than the stream's buffer, nobody reading.
    const ruido = () => randomBytes(3000).toString('base64');
    for (let i = 0; i < 1500; i++) hoja.fila([ruido(), i]);
    let vaciado = false;
    const vaciar = hoja.vaciar().then(() => {
      vaciado = true;
    });
    await esperar(300);
    expect(vaciado).toBe(false);
    const trozos: Buffer[] = [];
    salida.on('data', (b: Buffer) => trozos.push(b));
    await vaciar;
    const fin = new Promise((r) => salida.on('end', r));
    await hoja.cerrar();
    await fin;
    const libro = new ExcelJS.Workbook();
    await libro.xlsx.load(Buffer.concat(trozos) as unknown as ArrayBuffer);
    expect(libro.worksheets[0]?.rowCount).toBe(1500);
  });
});

describe('one writer', () => {
  it('a header row is styled, frozen, and the rows follow it', async () => {
    const libro = await escribirHoja(
      [
        [1, 'a'],
        [2, 'b'],
      ],
      [6, 20],
      ['N°', 'Número de declaración'],
    );
    const hoja = libro.worksheets[0];
    expect(hoja?.getRow(1).values).toEqual([undefined, 'N°', 'Número de declaración']);
    expect(hoja?.getCell('A1').font?.bold).toBe(true);
    expect(hoja?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(hoja?.getRow(3).values).toEqual([undefined, 2, 'b']);
  });

  it('no other server file writes a ZIP of its own', () => {
    const src = join(import.meta.dirname, '..');
    const archivos = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? archivos(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    // The local file header's signature (PK\x03\x04) is what a hand-written ZIP writer must emit.
    const propios = archivos(src)
      .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('platform/xlsx.ts'))
      .filter((f) => /(?:writeUInt32LE\(|\[)\s*0x04034b50/i.test(readFileSync(f, 'utf8')))
      .map((f) => relative(src, f));
    expect(propios, 'Write the workbook with platform/xlsx.ts (ZipFlujo, escribirXlsx): one ZIP writer.').toEqual([]);
  });
});
