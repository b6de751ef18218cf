import type { FormInstance } from 'antd';
import { ErrorApi } from '../api/cliente';
import { notificar } from '../api/notificador';
import { type Nombre, repartirErrores } from './repartir-errores';

/**
 * Puts the server's 422 field errors ({ campo: [mensajes] }) on the form's fields; an error on a field the form
 * does not have is added to the error notice. Returns true when the error was a field error (so the caller need
 * not show anything else). A refusal none of whose messages lands on a field is always a notice: one whose only
 * message was the summary itself, on a field the form lacks, used to show nothing at all.
 */
export function aplicarErroresCampo(form: FormInstance, e: unknown, nombres: Record<string, string> = {}): boolean {
  if (!(e instanceof ErrorApi) || e.status !== 422 || !e.errors) return false;
  const registrados = form.getFieldsError().map((f) => f.name as Nombre);
  const { campos, sueltos } = repartirErrores(e.errors, registrados, nombres, e.message);
  // A field the server refused before and no longer does loses its message: a field without rules of its own
  // (a number checked only by the server) kept it after the user corrected it and the server accepted the value.
  const ahora = new Set(campos.map((c) => c.name.join('.')));
  const resueltos = form
    .getFieldsError()
    .filter((f) => f.errors.length && !ahora.has(f.name.join('.')))
    .map((f) => ({ name: f.name as Nombre, errors: [] as string[] }));
  if (campos.length || resueltos.length) form.setFields([...resueltos, ...campos]);
  if (sueltos.length) notificar.ampliarError(e.message, sueltos.join(' '));
  else if (!campos.length) notificar.error(e.message);
  return true;
}
