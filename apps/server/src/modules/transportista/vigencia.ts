/** Dates of the zone are Lima dates (UTC−5, no daylight saving; DOMAIN.md §8). */
export function hoyLima(ahora: Date): string {
  return new Date(ahora.getTime() - 5 * 3_600_000).toISOString().slice(0, 10);
}

export function sumarDias(fecha: string, dias: number): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** The "minimum date" the legacy data uses for a carrier without a contract. */
const FECHA_MINIMA = '1900-01-01';

/** Valid unless its start date is the minimum date (or missing) or its end date is before today (spec 01 §4). */
export function contratoVigente(fechaInicio: string | null, fechaCese: string | null, hoy: string): boolean {
  if (!fechaInicio || fechaInicio <= FECHA_MINIMA) return false;
  return !fechaCese || fechaCese >= hoy;
}
