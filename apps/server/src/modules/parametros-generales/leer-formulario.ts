import { conTextoSeguro } from '@cronos/contract';
import type { z } from 'zod';
import { errorCampos } from '../../platform/errores';

/** Validates a form body with its schema; a failure answers 422 with the screen's message and the fields. */
export function leerFormulario<T extends z.ZodType>(esquema: T, valor: unknown, mensaje: string): z.infer<T> {
  const r = conTextoSeguro(esquema).safeParse(valor);
  if (r.success) return r.data;
  const errores: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const campo = i.path.join('.') || '_';
    errores[campo] = [...(errores[campo] ?? []), i.message];
  }
  throw errorCampos(errores, mensaje);
}
