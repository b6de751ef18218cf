import type { FormInstance } from 'antd';
import { ErrorApi } from '../api/cliente';

/**
 * Puts the server's 422 field errors ({ campo: [mensajes] }) on the form's fields. Returns true when the
 * error was a field error (so the caller need not show anything else).
 */
export function aplicarErroresCampo(form: FormInstance, e: unknown): boolean {
  if (!(e instanceof ErrorApi) || e.status !== 422 || !e.errors) return false;
  const campos = Object.entries(e.errors).map(([nombre, errors]) => ({
    name: nombre.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    errors,
  }));
  form.setFields(campos);
  return true;
}
