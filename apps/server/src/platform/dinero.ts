import Decimal from 'decimal.js';

/**
 * The server's money module (docs/adr/0142-un-modulo-de-dinero.md): amounts, and the quantities and weights that
 * are multiplied into amounts, are added, multiplied and rounded here in decimal (decimal.js), never in binary
 * floating point (0.1 + 0.2, 1.005 × 100). Values come in as the database's numeric text or the request's numbers
 * and go out as fixed text for a numeric column, or as a number for an answer that declares one.
 */
export { Decimal };

/** Half-up rounding to `decimales` places, the rule of SUNAT's vouchers and of every numeric column here. */
export const redondear = (v: Decimal.Value, decimales: number) =>
  new Decimal(v).toDecimalPlaces(decimales, Decimal.ROUND_HALF_UP);

/** Σ of the values (null or undefined count 0), exactly. */
export const sumar = (valores: Iterable<Decimal.Value | null | undefined>) => {
  let s = new Decimal(0);
  for (const v of valores) if (v !== null && v !== undefined) s = s.plus(v);
  return s;
};

/** a × b × …, exactly. */
export const multiplicar = (...valores: Decimal.Value[]) =>
  valores.reduce<Decimal>((p, v) => p.times(v), new Decimal(1));

/** The fixed text a numeric(…, decimales) column takes: rounded half-up, exactly `decimales` places. */
export const aTexto = (v: Decimal.Value, decimales: number) => redondear(v, decimales).toFixed(decimales);

/** The number an answer declares, rounded half-up in decimal first (the float is only the carrier). */
export const aNumero = (v: Decimal.Value, decimales: number) => redondear(v, decimales).toNumber();

/** IGV rate (Peru, 18 %: 16 % IGV + 2 % IPM). */
export const TASA_IGV = new Decimal('0.18');

/** SUNAT catálogo 07 codes used here. */
export const AFECTACION = { gravado: '10', exonerado: '20', inafecto: '30' } as const;
export type Afectacion = (typeof AFECTACION)[keyof typeof AFECTACION];

export interface LineaEntrada {
  cantidad: Decimal.Value;
  valorUnitario: Decimal.Value;
  afectacionIgv: string;
}

export interface LineaCalculada {
  cantidad: Decimal;
  valorUnitario: Decimal;
  afectacionIgv: string;
  /** cantidad × valorUnitario, rounded half-up to cents. */
  valorVenta: Decimal;
  /** 18 % of valorVenta for gravado lines, 0 otherwise. */
  igv: Decimal;
  /** Unit price with IGV (SUNAT's PricingReference). */
  precioUnitario: Decimal;
}

export interface Totales {
  gravado: Decimal;
  exonerado: Decimal;
  inafecto: Decimal;
  igv: Decimal;
  total: Decimal;
}

/** Rounded half-up to cents. */
export const centimos = (d: Decimal.Value) => redondear(d, 2);

/** One line: amounts in cents with decimal arithmetic (no binary floating point anywhere). */
export function calcularLinea(l: LineaEntrada): LineaCalculada {
  const cantidad = new Decimal(l.cantidad);
  const valorUnitario = new Decimal(l.valorUnitario);
  const valorVenta = centimos(cantidad.times(valorUnitario));
  const gravada = l.afectacionIgv === AFECTACION.gravado;
  const igv = gravada ? centimos(valorVenta.times(TASA_IGV)) : new Decimal(0);
  const precioUnitario = gravada ? centimos(valorUnitario.times(TASA_IGV.plus(1))) : valorUnitario;
  return { cantidad, valorUnitario, afectacionIgv: l.afectacionIgv, valorVenta, igv, precioUnitario };
}

/** Voucher totals: the IGV is 18 % of the taxed base as a whole (not the sum of rounded line taxes). */
export function calcularTotales(lineas: LineaCalculada[]): Totales {
  const suma = (a: string) =>
    lineas.filter((l) => l.afectacionIgv === a).reduce((s, l) => s.plus(l.valorVenta), new Decimal(0));
  const gravado = suma(AFECTACION.gravado);
  const exonerado = suma(AFECTACION.exonerado);
  const inafecto = suma(AFECTACION.inafecto);
  const igv = centimos(gravado.times(TASA_IGV));
  return { gravado, exonerado, inafecto, igv, total: gravado.plus(exonerado).plus(inafecto).plus(igv) };
}

const UNIDADES = [
  '',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const DECENAS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const CENTENAS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

function menorQueMil(n: number): string {
  if (n === 0) return '';
  if (n === 100) return 'CIEN';
  const c = Math.floor(n / 100);
  const r = n % 100;
  let resto = '';
  if (r < 30) resto = UNIDADES[r] ?? '';
  else {
    const d = Math.floor(r / 10);
    const u = r % 10;
    resto = u ? `${DECENAS[d]} Y ${UNIDADES[u]}` : (DECENAS[d] ?? '');
  }
  return [CENTENAS[c], resto].filter(Boolean).join(' ');
}

/** Whole number in Spanish words ("UN MIL" is written "MIL"; "UNO" before a noun becomes "UN"). */
export function enteroEnLetras(n: number): string {
  if (n === 0) return 'CERO';
  const partes: string[] = [];
  const millones = Math.floor(n / 1_000_000);
  const miles = Math.floor((n % 1_000_000) / 1000);
  const resto = n % 1000;
  const apocope = (t: string) => t.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');
  if (millones) partes.push(millones === 1 ? 'UN MILLÓN' : `${apocope(enteroEnLetras(millones))} MILLONES`);
  if (miles) partes.push(miles === 1 ? 'MIL' : `${apocope(menorQueMil(miles))} MIL`);
  if (resto) partes.push(menorQueMil(resto));
  return partes.join(' ');
}

const NOMBRE_MONEDA: Record<string, string> = { PEN: 'SOLES', USD: 'DÓLARES AMERICANOS' };

/** The amount in words as printed on Peruvian vouchers: "CIENTO DIECIOCHO CON 00/100 SOLES". */
export function montoEnLetras(monto: Decimal.Value, moneda: string): string {
  const d = new Decimal(monto).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const entero = d.floor().toNumber();
  const cent = d.minus(entero).times(100).toFixed(0).padStart(2, '0');
  return `${enteroEnLetras(entero)} CON ${cent}/100 ${NOMBRE_MONEDA[moneda] ?? moneda}`;
}
