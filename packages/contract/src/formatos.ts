/** Peruvian formats of DOMAIN.md §8, shared by forms, server checks and the seed. */
const PESOS_RUC = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** Check digit of a RUC from its first ten digits: (11 − (Σ dᵢ·wᵢ mod 11)) mod 10. */
export function digitoVerificadorRuc(diez: string): number {
  let suma = 0;
  for (let i = 0; i < 10; i++) suma += Number(diez[i]) * (PESOS_RUC[i] ?? 0);
  return (11 - (suma % 11)) % 10;
}

/** 11 digits, prefix 10, 15, 17 or 20, and a right check digit. */
export function rucValido(ruc: string): boolean {
  if (!/^(10|15|17|20)\d{9}$/.test(ruc)) return false;
  return digitoVerificadorRuc(ruc.slice(0, 10)) === Number(ruc[10]);
}

/** A person's RUC is 10 + DNI + check digit. */
export const rucDePersona = (dni: string) => `10${dni}${digitoVerificadorRuc(`10${dni}`)}`;

export const dniValido = (dni: string) => /^\d{8}$/.test(dni);

export const FORMATOS = {
  placa: /^[A-Z0-9]{3}-\d{3}$/,
  placaExtranjera: /^[A-Z0-9]{3}-\d{3,4}$/,
  guia: /^[A-Z0-9]{4}-\d{6}$/,
  brevete: /^[A-Z]\d{8}$/,
  breveteExtranjero: /^\d{10}$/,
  contenedor: /^[A-Z]{4}\d{6}-\d$/,
  dam: /^\d{3}-\d{4}-\d{2}-\d{1,6}$/,
  partida: /^\d{10}$/,
} as const;

/** ISO 6346 letter values: A=10 … Z=38, skipping multiples of 11. */
const VALOR_LETRA_CONTENEDOR: Record<string, number> = (() => {
  const m: Record<string, number> = {};
  let v = 10;
  for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') {
    if (v % 11 === 0) v += 1;
    m[c] = v;
    v += 1;
  }
  return m;
})();

/** ISO 6346 check digit of the first 10 characters (4 letters, 6 digits): Σ value·2^i mod 11 mod 10. */
export function digitoControlContenedor(diez: string) {
  const t = diez.toUpperCase();
  if (!/^[A-Z]{4}\d{6}$/.test(t)) return null;
  let suma = 0;
  for (let i = 0; i < 10; i++) {
    const c = t[i] ?? '';
    const valor = i < 4 ? (VALOR_LETRA_CONTENEDOR[c] ?? 0) : Number(c);
    suma += valor * 2 ** i;
  }
  return (suma % 11) % 10;
}

/** A valid example of the container number, the one every form shows (its check digit is right). */
export const EJEMPLO_CONTENEDOR = 'CSQU305438-3';

/** Messages of the container number, one for every form that takes it (order, opening act). */
export const MENSAJES_CONTENEDOR = {
  formato: `Formato correcto es Ej: ${EJEMPLO_CONTENEDOR}`,
  digito: 'El dígito de control del contenedor no es válido (ISO 6346)',
} as const;

/**
 * The one container-number rule (spec 01 §5 format, ISO 6346 check digit), for the web forms and the server:
 * null when valid, else the message to show.
 */
export function errorContenedor(texto: string): string | null {
  const t = texto.trim().toUpperCase();
  if (!FORMATOS.contenedor.test(t)) return MENSAJES_CONTENEDOR.formato;
  if (digitoControlContenedor(t.slice(0, 10)) !== Number(t.slice(11))) return MENSAJES_CONTENEDOR.digito;
  return null;
}

/**
 * The image type a file's first bytes (magic numbers) say: JPEG FF D8 FF, PNG 89 50 4E 47, TIFF II*\0 or MM\0*.
 * What the browser's photo pickers check before sending (the server checks again, with file-type).
 */
export function tipoImagenPorFirma(b: Uint8Array): 'jpg' | 'png' | 'tif' | null {
  const es = (...x: number[]) => x.every((v, i) => b[i] === v);
  if (es(0xff, 0xd8, 0xff)) return 'jpg';
  if (es(0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (es(0x49, 0x49, 0x2a, 0x00) || es(0x4d, 0x4d, 0x00, 0x2a)) return 'tif';
  return null;
}

/** 8517130000 -> 8517.13.00.00 */
export const formatearPartida = (p: string) =>
  p.length === 10 ? `${p.slice(0, 4)}.${p.slice(4, 6)}.${p.slice(6, 8)}.${p.slice(8, 10)}` : p;
