import { LIMITE_IMPORTACION_BYTES, MENSAJES_CATALOGO } from '@cronos/contract';
import type { FastifyRequest } from 'fastify';
import { exigirLongitudDeclarada, textoSinControl } from '../../platform/archivos';
import { AppError } from '../../platform/errores';

/**
 * Reads a spreadsheet upload into memory (at most 1 MB, so memory is bounded): the text fields and the one
 * file. A declared length over the limit is refused before the body is read; otherwise the byte count is
 * enforced while streaming and the refusal is answered at the first byte past the limit (the rest of the
 * body is discarded, never stored).
 */
export async function leerHojaSubida(req: FastifyRequest, limite = LIMITE_IMPORTACION_BYTES) {
  if (!req.isMultipart()) throw new AppError(415, 'La solicitud debe enviarse como formulario con archivos.');
  exigirLongitudDeclarada(req, limite, MENSAJES_CATALOGO.excede1024);
  const campos: Record<string, string> = {};
  let archivo: Buffer | undefined;
  const opciones = { limits: { fileSize: limite + 1, files: 1 }, throwFileSizeLimit: false } as Parameters<
    FastifyRequest['parts']
  >[0];
  for await (const parte of req.parts(opciones)) {
    if (parte.type === 'field') {
      if (typeof parte.value === 'string') campos[parte.fieldname] = textoSinControl(parte.fieldname, parte.value);
      continue;
    }
    const trozos: Buffer[] = [];
    let bytes = 0;
    for await (const t of parte.file as AsyncIterable<Buffer>) {
      bytes += t.length;
      if (bytes > limite) throw new AppError(413, MENSAJES_CATALOGO.excede1024);
      trozos.push(t);
    }
    if (parte.file.truncated) throw new AppError(413, MENSAJES_CATALOGO.excede1024);
    archivo = Buffer.concat(trozos);
  }
  if (!archivo || archivo.length === 0) {
    throw new AppError(422, 'Debe adjuntar un archivo.', { archivo: ['Debe adjuntar un archivo.'] });
  }
  return { campos, archivo };
}
