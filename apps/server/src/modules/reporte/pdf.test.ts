import { PassThrough } from 'node:stream';
import { type FilaReporte, REPORTES } from '@cronos/contract';
import { describe, expect, it } from 'vitest';
import { textoDePdf } from '../../../test/pdf-texto';
import { escribirPdf } from './pdf';

/** The preview of `n` op1 rows as bytes. */
async function vistaDe(n: number) {
  const destino = new PassThrough();
  const partes: Buffer[] = [];
  destino.on('data', (b: Buffer) => partes.push(b));
  const fin = new Promise((listo) => destino.on('end', listo));
  const filas: FilaReporte[] = Array.from({ length: n }, (_, i) => ({
    razonSocial: `EMPRESA ${i + 1} S.A.C.`,
    codigoIngreso: `OP${String(i + 1).padStart(7, '0')}`,
    pesoNeto: 1000 + i,
  }));
  async function* lotes() {
    yield filas;
  }
  await escribirPdf(destino, REPORTES.op1.columnas, lotes(), {
    titulo: 'Ingreso / salida de mercancía',
    filtro: 'Filtro: toda la zona',
    generado: 'Generado el 28/11/2026',
    total: n,
  });
  await fin;
  return Buffer.concat(partes);
}

const paginasDe = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('report preview PDF', () => {
  it('has one page for a few rows, its number at its foot', async () => {
    const pdf = await vistaDe(3);
    expect(paginasDe(pdf)).toBe(1);
    expect(textoDePdf(pdf).filter((t) => t.startsWith('Página'))).toEqual(['Página 1']);
  });

  it('numbers every page and adds no blank page after each one', async () => {
    const pdf = await vistaDe(150);
    const numeros = textoDePdf(pdf).filter((t) => t.startsWith('Página'));
    expect(numeros.length).toBeGreaterThan(1);
    expect(numeros).toEqual(numeros.map((_, i) => `Página ${i + 1}`));
    expect(paginasDe(pdf)).toBe(numeros.length);
    expect(textoDePdf(pdf)).toContain('OP0000150');
  });
});
