import type { ItemMenu } from '@cronos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { obtenerSesion } from '../../shared/sesion/almacen-sesion';

/** The permission node of a screen in the user's menu (its flags decide which buttons show). */
export const permisoDe = (menu: ItemMenu[], modulo: string): ItemMenu | undefined =>
  menu.flatMap((g) => [g, ...g.detalle]).find((n) => n.urlLink === `/app/${modulo}`);

/** Refreshes every list of a route after a change. */
export function useRefrescarLista(ruta: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['lista', ruta] });
}

/**
 * Multipart upload with progress (fetch cannot report upload progress): resolves with the server's envelope,
 * rejects with { status, message, errors } like the API client.
 */
export function subirConProgreso<T>(
  ruta: string,
  datos: FormData,
  alProgreso: (porcentaje: number) => void,
): Promise<{ success: boolean; message: string; data: T }> {
  return new Promise((resolver, rechazar) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${ruta}`);
    const token = obtenerSesion().token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) alProgreso(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let cuerpo: { success: boolean; message: string; data: T; errors?: Record<string, string[]> } | null = null;
      try {
        cuerpo = JSON.parse(xhr.responseText);
      } catch {
        cuerpo = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && cuerpo) resolver(cuerpo);
      else
        rechazar({
          status: xhr.status,
          message: cuerpo?.message ?? 'Ocurrió un error inesperado. Inténtalo más tarde.',
          errors: cuerpo?.errors,
        });
    };
    xhr.onerror = () =>
      rechazar({ status: 0, message: 'No hay conexión con el servidor. Verifique su red e intente nuevamente.' });
    xhr.send(datos);
  });
}
