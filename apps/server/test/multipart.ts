import { randomBytes } from 'node:crypto';

export interface ArchivoPrueba {
  campo: string;
  nombre: string;
  contenido: Buffer;
  tipo?: string;
}

/** A multipart/form-data body for app.inject: { payload, headers }. */
export function cuerpoMultipart(campos: Record<string, string | number>, archivos: ArchivoPrueba[]) {
  const limite = `----cronos${randomBytes(8).toString('hex')}`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(campos)) {
    partes.push(Buffer.from(`--${limite}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const a of archivos) {
    partes.push(
      Buffer.from(
        `--${limite}\r\nContent-Disposition: form-data; name="${a.campo}"; filename="${a.nombre}"\r\nContent-Type: ${a.tipo ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      a.contenido,
      Buffer.from('\r\n'),
    );
  }
  partes.push(Buffer.from(`--${limite}--\r\n`));
  return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${limite}` } };
}

/** Minimal files recognised by their magic bytes, padded to a size. */
export const MUESTRAS = {
  pdf: (bytes = 1024) =>
    rellenar(Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'), bytes),
  jpg: (bytes = 1024) =>
    rellenar(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), bytes),
  png: (bytes = 1024) =>
    rellenar(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), bytes),
  /** A Windows executable header: what a renamed .exe looks like inside. */
  exe: (bytes = 1024) => rellenar(Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), bytes),
};

function rellenar(cabecera: Buffer, bytes: number) {
  if (bytes <= cabecera.length) return cabecera.subarray(0, bytes);
  return Buffer.concat([cabecera, Buffer.alloc(bytes - cabecera.length, 0x20)]);
}
