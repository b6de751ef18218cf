import type { FormInstance } from 'antd';
import { ErrorApi } from '../api/cliente';

/**
 * Puts the server's 422 field errors ({ campo: [mensajes] }) on the form's fields. Returns true when the
 * error was a field error (so the caller need not show anything else). `nombres` maps a field the server names
 * to the form's own name where they differ (an error on a field the form does not have is shown nowhere).
 */
export function aplicarErroresCampo(form: FormInstance, e: unknown, nombres: Record<string, string> = {}): boolean {
  if (!(e instanceof ErrorApi) || e.status !== 422 || !e.errors) return false;
  const campos = Object.entries(e.errors).map(([nombre, errors]) => ({
    name: (nombres[nombre] ?? nombre).split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    errors,
  }));
  form.setFields(campos);
  return true;
}
