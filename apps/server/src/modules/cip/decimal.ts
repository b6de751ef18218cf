/**
 * Exact decimal arithmetic for the CIP: quantities are fractions of BigInts, so a coefficient times a
 * catalogue equivalence times (1 + waste %) is exact until the one rounding to the kardex's 3 decimals
 * (half away from zero). Floating point would drift on values like 0.1 × 3.
 */
export interface Fraccion {
  n: bigint;
  d: bigint;
}

/** Parses '12.345', '-0.5', 3, '1e-3' is not accepted (the database and zod give plain decimals). */
export function fraccion(v: string | number): Fraccion {
  const s = typeof v === 'number' ? v.toFixed(9) : v.trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`Número decimal inválido: ${s}`);
  const dec = m[3] ?? '';
  const n = BigInt(`${m[2]}${dec}`) * (m[1] ? -1n : 1n);
  return reducir({ n, d: 10n ** BigInt(dec.length) });
}

const mcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x || 1n;
};
const reducir = (f: Fraccion): Fraccion => {
  const g = mcd(f.n, f.d);
  return f.d < 0n ? { n: -f.n / g, d: -f.d / g } : { n: f.n / g, d: f.d / g };
};

export const mul = (...fs: Fraccion[]) =>
  reducir(fs.reduce((a, b) => ({ n: a.n * b.n, d: a.d * b.d }), { n: 1n, d: 1n }));
export const sumar = (a: Fraccion, b: Fraccion) => reducir({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
export const restar = (a: Fraccion, b: Fraccion) => sumar(a, { n: -b.n, d: b.d });
export const div = (a: Fraccion, b: Fraccion) => reducir({ n: a.n * b.d, d: a.d * b.n });
export const comparar = (a: Fraccion, b: Fraccion) => {
  const x = a.n * b.d - b.n * a.d;
  return x === 0n ? 0 : x > 0n ? 1 : -1;
};
export const CERO: Fraccion = { n: 0n, d: 1n };

/** Rounds to `decimales` (half away from zero) and gives the plain text the numeric columns take. */
export function redondear(f: Fraccion, decimales = 3): string {
  const escala = 10n ** BigInt(decimales);
  const negativo = f.n < 0n;
  const abs = negativo ? -f.n : f.n;
  const q = (abs * escala * 2n + f.d) / (2n * f.d);
  const entero = q / escala;
  const resto = (q % escala).toString().padStart(decimales, '0');
  return `${negativo && q !== 0n ? '-' : ''}${entero}${decimales ? `.${resto}` : ''}`;
}
