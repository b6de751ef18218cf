import { LIMITE_IMPORTACION_BYTES, MENSAJES_CATALOGO } from '@cronos/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errores';

/**
 * Reads a spreadsheet upload into memory (at most 1 MB, so memory is bounded): the text fields and the one
 * file. The byte count is enforced while streaming; past the limit the rest is drained and refused.
 */
export async function leerHojaSubida(req: FastifyRequest, limite = LIMITE_IMPORTACION_BYTES) {
  if (!req.isMultipart()) throw new AppError(415, 'La solicitud debe enviarse como formulario con archivos.');
  const campos: Record<string, string> = {};
  let archivo: Buffer | undefined;
  let excede = false;
  const opciones = { limits: { fileSize: limite + 1, files: 1 }, throwFileSizeLimit: false } as Parameters<
    FastifyRequest['parts']
  >[0];
  for await (const parte of req.parts(opciones)) {
    if (parte.type === 'field') {
      if (typeof parte.value === 'string') campos[parte.fieldname] = parte.value;
      continue;
    }
    const trozos: Buffer[] = [];
    let bytes = 0;
    for await (const t of parte.file as AsyncIterable<Buffer>) {
      bytes += t.length;
      if (bytes > limite) excede = true;
      else trozos.push(t);
    }
    if (parte.file.truncated) excede = true;
    archivo = Buffer.concat(trozos);
  }
  if (excede) throw new AppError(413, MENSAJES_CATALOGO.excede1024);
  if (!archivo || archivo.length === 0) {
    throw new AppError(422, 'Debe adjuntar un archivo.', { archivo: ['Debe adjuntar un archivo.'] });
  }
  return { campos, archivo };
}
