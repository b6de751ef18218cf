import { MENSAJES, conTextoSeguro } from '@cronos/contract';
import type { z } from 'zod';
import { errorCampos } from '../../platform/errores';

/**
 * Parses the `data` of a `{ data: {...} }` body so that field errors are keyed by the form's own field
 * names ('placaUno', 'documentos.0.productos.1.codigoCatalogoUsuario'), the same keys the service's own
 * rule errors use, which is what the form shows next to each field.
 */
export function validarData<T extends z.ZodType>(esquema: T, cuerpo: unknown): z.output<T> {
  const data = (cuerpo as { data?: unknown } | null)?.data;
  const r = conTextoSeguro(esquema).safeParse(data ?? {});
  if (r.success) return r.data;
  const errores: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const campo = i.path.map(String).join('.') || '_';
    const lista = errores[campo] ?? [];
    if (!lista.includes(i.message)) lista.push(i.message);
    errores[campo] = lista;
  }
  throw errorCampos(errores, MENSAJES.erroresFormulario);
}
