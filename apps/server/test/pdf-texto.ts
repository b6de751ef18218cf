import { inflateSync } from 'node:zlib';

/**
 * Reads a PDF the way a viewer starts to: header, cross-reference table at `startxref`, then every content
 * stream (inflated when FlateDecode), returning the text shown by TJ/Tj operators, one string per operator.
 * Enough for PDFs written with the standard fonts (WinAnsi, as pdfkit does); tests use it to read what a
 * generated document says without a viewer.
 */
export function textoDePdf(pdf: Buffer): string[] {
  const s = pdf.toString('latin1');
  if (!s.startsWith('%PDF-')) throw new Error('No empieza con %PDF-');
  if (!s.trimEnd().endsWith('%%EOF')) throw new Error('No termina con %%EOF');
  const inicioXref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(s);
  if (!inicioXref || s.slice(Number(inicioXref[1]), Number(inicioXref[1]) + 4) !== 'xref') {
    throw new Error('La tabla de referencias cruzadas no está donde startxref dice');
  }
  const textos: string[] = [];
  const flujo = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (let m = flujo.exec(s); m; m = flujo.exec(s)) {
    const dic = m[1] ?? '';
    const largo = Number(/\/Length (\d+)/.exec(dic)?.[1] ?? -1);
    if (largo < 0 || /\/Subtype\s*\/Image/.test(dic)) continue;
    const crudo = Buffer.from(s.slice(m.index + m[0].length, m.index + m[0].length + largo), 'latin1');
    let contenido: string;
    try {
      contenido = (/\/FlateDecode/.test(dic) ? inflateSync(crudo) : crudo).toString('latin1');
    } catch {
      continue;
    }
    for (const op of contenido.matchAll(/\[((?:<[0-9a-fA-F]*>|\([^)]*\)|[-\d.\s])*)\]\s*TJ|\(([^)]*)\)\s*Tj/g)) {
      if (op[2] !== undefined) {
        textos.push(op[2]);
        continue;
      }
      const partes = [...(op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>|\(([^)]*)\)/g)].map((p) =>
        p[1] !== undefined ? Buffer.from(p[1], 'hex').toString('latin1') : (p[2] ?? ''),
      );
      textos.push(partes.join(''));
    }
  }
  return textos;
}
