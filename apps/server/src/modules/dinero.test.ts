import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aNumero, aTexto, multiplicar, redondear, sumar } from '../platform/dinero';

/**
 * Money, and the quantities and weights multiplied into money, are computed with the money module
 * (platform/dinero.ts, decimal.js), never in binary floating point (docs/adr/0142-un-modulo-de-dinero.md). This scans
 * the modules' code (tests and repositories aside) for the float idioms that did it by hand. A sum of whole counts
 * (packages, records) is exact in floating point: its line ends with `// entero`.
 */
const MODULOS = import.meta.dirname;
const archivos = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? archivos(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** Words that name an amount, or a quantity or weight that feeds one. */
const MONTO = '(?:valor|monto|importe|precio|costo|fob|flete|seguro|cif|igv|total|saldo|peso|neto|cantidad|tara)';
const REGLAS: [string, RegExp][] = [
  ['rounding by scaling a float: Math.round(x * 100) / 100', /Math\.round\([^;]*?\*\s*1_?0{2,}/],
  ['parseFloat of a value', /\bparseFloat\(|Number\.parseFloat\(/],
  [
    'arithmetic on Number(amount)',
    new RegExp(`Number\\([^()]*${MONTO}[^()]*\\)\\s*[-+*/](?!=)|[-+*/]\\s*Number\\([^()]*${MONTO}[^()]*\\)`, 'i'),
  ],
  [
    'a float sum of amounts: reduce((s, x) => s + x.amount …)',
    new RegExp(`reduce\\(\\s*\\(\\s*\\w+\\s*,\\s*\\w+\\s*\\)\\s*=>\\s*\\w+\\s*\\+[^,]*${MONTO}`, 'i'),
  ],
];

describe('money is decimal', () => {
  it('no module computes amounts, or the weights and quantities that feed them, in floating point', () => {
    const hallazgos = archivos(MODULOS)
      .filter((f) => !f.endsWith('.test.ts') && !f.endsWith('.repository.ts'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((linea, i) =>
            // A sum of whole counts (packages, records) marked `// entero` is exact in floating point.
            (linea.trimEnd().endsWith('// entero') ? [] : REGLAS)
              .filter(([, r]) => r.test(linea))
              .map(([regla]) => `${relative(MODULOS, f)}:${i + 1}: ${regla}: ${linea.trim()}`),
          ),
      );
    expect(
      hallazgos,
      'Floating-point arithmetic on amounts: add, multiply and round them with platform/dinero.ts (sumar, multiplicar, redondear; aTexto for a numeric column, aNumero for an answer).',
    ).toEqual([]);
  });

  it('adds, multiplies and rounds exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumar(['0.1', 0.2, null]).toString()).toBe('0.3');
    // 1.005 is 1.00499999999999989… as a float: Math.round(1.005 * 100) / 100 gives 1.
    expect(Math.round(1.005 * 100) / 100).toBe(1);
    expect(aTexto('1.005', 2)).toBe('1.01');
    expect(aNumero(1.005, 2)).toBe(1.01);
    expect(aTexto(multiplicar('3', '0.1', '1.18'), 3)).toBe('0.354');
    expect(redondear('-2.5', 0).toString()).toBe('-3');
    expect(aTexto(12, 3)).toBe('12.000');
  });
});
