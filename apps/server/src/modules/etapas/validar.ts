import { MENSAJES, conTextoSeguro } from '@cronos/contract';
import type { z } from 'zod';
import { errorCampos } from '../../platform/errores';

/**
 * Validates a body in the handler, for calls whose refusal carries their own message (the driver dialog's
 * 'Erro!, ocurrio un error en la actualizacion.') or whose `{ data: {...} }` errors are keyed without `data.`
 * (docs/adr/0011-errores-de-campo.md). 422 with { campo: [mensajes] }, nothing done.
 */
export function validar<T extends z.ZodType>(esquema: T, valor: unknown, mensaje: string = MENSAJES.erroresFormulario) {
  const r = conTextoSeguro(esquema).safeParse(valor);
  if (r.success) return r.data as z.infer<T>;
  const errores: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const campo = i.path.map(String).join('.') || '_';
    errores[campo] = [...new Set([...(errores[campo] ?? []), i.message])];
  }
  throw errorCampos(errores, mensaje);
}
