import type { DefinicionRuta, ItemMenu, RespuestaDe } from '@cronos/contract';
import { obtenerSesion } from '../../../shared/sesion/almacen-sesion';
import { guardarArchivo } from '../../../shared/api/descarga';

export { guardarArchivo };

/** The permission node of a screen in the user's menu (its flags decide which buttons show). */
export const permisoDe = (menu: ItemMenu[], modulo: string): ItemMenu | undefined =>
  menu.flatMap((g) => [g, ...g.detalle]).find((n) => n.urlLink === `/app/${modulo}`);

/**
 * Multipart upload to a route of the contract with progress (fetch cannot report upload progress): resolves
 * with the server's envelope, rejects with { status, message, errors } like the API client.
 */
export function subirConProgreso<D extends DefinicionRuta & { cuerpo: 'multipart' }>(
  def: D,
  datos: FormData,
  alProgreso: (porcentaje: number) => void,
): Promise<RespuestaDe<D>> {
  return new Promise((resolver, rechazar) => {
    const xhr = new XMLHttpRequest();
    xhr.open(def.metodo, `/api${def.ruta}`);
    const token = obtenerSesion().token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) alProgreso(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let cuerpo: { message?: string; errors?: Record<string, string[]> } | null = null;
      try {
        cuerpo = JSON.parse(xhr.responseText);
      } catch {
        cuerpo = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && cuerpo) resolver(cuerpo as RespuestaDe<D>);
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
