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

/** 8517130000 -> 8517.13.00.00 */
export const formatearPartida = (p: string) =>
  p.length === 10 ? `${p.slice(0, 4)}.${p.slice(4, 6)}.${p.slice(6, 8)}.${p.slice(8, 10)}` : p;
