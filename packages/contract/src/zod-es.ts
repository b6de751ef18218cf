import { z } from 'zod';
import { es } from 'zod/locales';
import { MENSAJES } from './mensajes';

/**
 * The two checks a user meets most, said the way the screens say them: a field left out ("Este es un campo
 * requerido", instead of zod's "Entrada inválida: se esperaba texto, recibido indefinido") and a text over or
 * under its length ("Máximo 4 caracteres", instead of "Demasiado grande: se esperaba que texto tuviera <=4
 * caracteres"). Anything else falls through to zod's Spanish locale.
 */
const mensajeComun = (issue: z.core.$ZodRawIssue): string | undefined => {
  if (issue.code === 'invalid_type' && issue.input === undefined) return MENSAJES.requerido;
  // A coerced number (`z.coerce.number()`) of a field left out or of a text is NaN: zod said "recibido NaN".
  if (issue.code === 'invalid_type' && issue.expected === 'number' && Number.isNaN(issue.input))
    return 'Debe ser un número';
  if (issue.origin === 'string' && issue.code === 'too_big') return `Máximo ${issue.maximum} caracteres`;
  if (issue.origin === 'string' && issue.code === 'too_small') {
    return Number(issue.minimum) <= 1 ? MENSAJES.requerido : `Mínimo ${issue.minimum} caracteres`;
  }
  return undefined;
};

/**
 * Validation messages that zod writes itself (a rule without its own message) are Spanish: server and web call
 * this once at start, so no English validation text can reach a user.
 */
export const configurarZodEspanol = () => z.config({ ...es(), customError: mensajeComun });
