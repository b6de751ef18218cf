import type { SeguimientoDescarga } from '../descarga/descarga-en-curso';
import { ErrorApi } from './cliente';

/** Hands a downloaded file to the browser under the given name. */
export function guardarArchivo(contenido: Blob, nombre: string) {
  const url = URL.createObjectURL(contenido);
  const a = document.createElement('a');
  a.href = url;
  a.download = nombre;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file and hands it to the browser under the given name. A refusal was already shown by the client
 * (the spec's wording for its status), so it ends here. With `seguimiento` (useDescargaEnCurso) the call is given its
 * cancel signal and byte counter, and a cancellation goes on to the caller, which says so.
 */
export async function descargarComo(
  archivo: (seguimiento?: SeguimientoDescarga) => Promise<Blob>,
  nombre: string,
  seguimiento?: SeguimientoDescarga,
) {
  let blob: Blob;
  try {
    blob = await archivo(seguimiento);
  } catch (e) {
    if (e instanceof ErrorApi && !seguimiento?.signal.aborted) return;
    throw e;
  }
  guardarArchivo(blob, nombre);
}
