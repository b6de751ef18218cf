import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * The antd notification instance of the running app (set by the providers), so that non-React code such as
 * the API client can show the global error notifications. Notifications last 5 s (spec 01 §8).
 */
let instancia: NotificationInstance | null = null;
export const fijarNotificador = (n: NotificationInstance) => {
  instancia = n;
};

export const DURACION_ERROR_S = 5;

/**
 * Each notice showing is keyed by its text: the same notice raised twice at once (two live events, a double click)
 * shows once and restarts its time instead of stacking. Once it closes (its time ran out, or the user closed it) the
 * same text raised again is a new notice with a key of its own: reusing the closed one's key while its closing
 * animation ran made antd drop the new notice, so a second identical mistake could go unanswered.
 */
const abiertas = new Map<string, string>();
let serie = 0;
const abrir = (
  tipo: 'error' | 'success' | 'warning' | 'info',
  mensaje: string,
  descripcion: string | undefined,
  duracion: number,
  texto = `${mensaje}\u0000${descripcion ?? ''}`,
) => {
  let key = abiertas.get(texto);
  if (!key) {
    serie += 1;
    key = `${texto}\u0000${serie}`;
    abiertas.set(texto, key);
  }
  const propia = key;
  instancia?.[tipo]({
    key,
    message: mensaje,
    description: descripcion,
    duration: duracion,
    onClose: () => {
      if (abiertas.get(texto) === propia) abiertas.delete(texto);
    },
  });
};

export const notificar = {
  error: (mensaje: string, descripcion?: string) => abrir('error', mensaje, descripcion, DURACION_ERROR_S),
  exito: (mensaje: string, descripcion?: string, duracionS = 5) => abrir('success', mensaje, descripcion, duracionS),
  aviso: (mensaje: string, descripcion?: string, duracionS = 5) => abrir('warning', mensaje, descripcion, duracionS),
  info: (mensaje: string, descripcion?: string, duracionS = 5) => abrir('info', mensaje, descripcion, duracionS),
  /**
   * Adds a description to the error notice already showing `mensaje` (the global one for a 422), or shows it
   * if none is: one notice that says both what failed and why, instead of two.
   */
  ampliarError: (mensaje: string, descripcion: string) =>
    abrir('error', mensaje, descripcion, DURACION_ERROR_S, `${mensaje}\u0000`),
};
