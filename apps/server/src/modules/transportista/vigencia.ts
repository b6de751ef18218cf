/** The "minimum date" the legacy data uses for a carrier without a contract. */
const FECHA_MINIMA = '1900-01-01';

/** Valid unless its start date is the minimum date (or missing) or its end date is before today (spec 01 §4). */
export function contratoVigente(fechaInicio: string | null, fechaCese: string | null, hoy: string): boolean {
  if (!fechaInicio || fechaInicio <= FECHA_MINIMA) return false;
  return !fechaCese || fechaCese >= hoy;
}
