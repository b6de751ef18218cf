/**
 * Reads a file's body as it arrives, telling `alRecibir` the bytes received so far after each chunk, and returns it
 * as one Blob of type `tipo`. A year's report at scale is a few hundred MB and takes a minute or more: the screen
 * shows how much has come, where `response.blob()` would show nothing until the end.
 */
export async function leerConProgreso(
  cuerpo: ReadableStream<Uint8Array>,
  tipo: string,
  alRecibir: (bytes: number) => void,
): Promise<Blob> {
  const partes: Uint8Array[] = [];
  let recibidos = 0;
  const lector = cuerpo.getReader();
  for (;;) {
    const { done, value } = await lector.read();
    if (done) break;
    partes.push(value);
    recibidos += value.byteLength;
    alRecibir(recibidos);
  }
  return new Blob(partes as BlobPart[], { type: tipo });
}

const decimal = new Intl.NumberFormat('es-PE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Bytes as the download's progress shows them: '850 kB', '12,3 MB' (es-PE digits, powers of 1 024). */
export function textoBytes(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} kB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}

/** Elapsed time as m:ss ('0:07', '2:05'). */
export function textoDuracion(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
