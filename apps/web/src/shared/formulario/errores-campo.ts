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
  if (campos.length) form.setFields(campos);
  if (sueltos.length) notificar.ampliarError(e.message, sueltos.join(' '));
  else if (!campos.length) notificar.error(e.message);
  return true;
}
