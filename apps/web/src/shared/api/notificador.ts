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
 * Each notice is keyed by its text: the same notice raised twice at once (two live events, a double click)
 * shows once and restarts its time instead of stacking.
 */
const clave = (mensaje: string, descripcion?: string) => `${mensaje}\u0000${descripcion ?? ''}`;

export const notificar = {
  error: (mensaje: string, descripcion?: string) =>
    instancia?.error({
      key: clave(mensaje, descripcion),
      message: mensaje,
      description: descripcion,
      duration: DURACION_ERROR_S,
    }),
  exito: (mensaje: string, descripcion?: string, duracionS = 5) =>
    instancia?.success({
      key: clave(mensaje, descripcion),
      message: mensaje,
      description: descripcion,
      duration: duracionS,
    }),
  aviso: (mensaje: string, descripcion?: string, duracionS = 5) =>
    instancia?.warning({
      key: clave(mensaje, descripcion),
      message: mensaje,
      description: descripcion,
      duration: duracionS,
    }),
  info: (mensaje: string, descripcion?: string, duracionS = 5) =>
    instancia?.info({
      key: clave(mensaje, descripcion),
      message: mensaje,
      description: descripcion,
      duration: duracionS,
    }),
  /**
   * Adds a description to the error notice already showing `mensaje` (the global one for a 422), or shows it
   * if none is: one notice that says both what failed and why, instead of two.
   */
  ampliarError: (mensaje: string, descripcion: string) =>
    instancia?.error({
      key: clave(mensaje),
      message: mensaje,
      description: descripcion,
      duration: DURACION_ERROR_S,
    }),
};
