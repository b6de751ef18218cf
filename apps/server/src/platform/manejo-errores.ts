import { MENSAJES } from '@cronos/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { esBaseNoDisponible, REINTENTAR_SEGUNDOS } from './base-no-disponible';
import { AppError } from './errores';

type ErrorValidacion = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/**
 * Field errors as the forms expect them: { campo: [mensajes] } (DOMAIN.md §2). A body sent as `{ data: form }`
 * keys them by the form's own names ('placaUno', 'documentos.0.productos.1.codigoCatalogoUsuario'), never
 * 'data.placaUno': the keys the screens put their messages under and the ones the services' rule errors use
 * (docs/adr/0011-errores-de-campo.md). An issue of the form as a whole (or of a missing `data`) is the general '_'.
 */
function erroresPorCampo(validacion: ErrorValidacion[], enCuerpo: boolean): Record<string, string[]> {
  const errores: Record<string, string[]> = {};
  for (const v of validacion) {
    const deZod = v.params?.issue?.path?.map(String) ?? [];
    let segmentos = deZod.length ? deZod : (v.instancePath ?? '').split('/').filter(Boolean);
    if (enCuerpo && segmentos[0] === 'data') segmentos = segmentos.slice(1);
    const campo = segmentos.join('.') || '_';
    const lista = errores[campo] ?? [];
    errores[campo] = lista;
    if (v.message && !lista.includes(v.message)) lista.push(v.message);
  }
  return errores;
}

/** Maps every error to the spec's statuses and Spanish messages; a 500 never carries internals. */
export const manejoErrores = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      if (error instanceof AppError) {
        if (error.status >= 500) req.log.error({ err: error }, 'error de aplicación');
        return reply.status(error.status).send({
          success: false,
          message: error.message,
          data: null,
          ...(error.errors ? { errors: error.errors } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.status(422).send({
          success: false,
          message: MENSAJES.erroresFormulario,
          data: null,
          errors: erroresPorCampo(error.validation as ErrorValidacion[], error.validationContext === 'body'),
        });
      }
      if (esBaseNoDisponible(error)) {
        req.log.warn({ err: error }, 'base de datos no disponible');
        return reply
          .status(503)
          .header('retry-after', String(REINTENTAR_SEGUNDOS))
          .send({ success: false, message: MENSAJES.baseDatosNoDisponible, data: null });
      }
      const status = error.statusCode ?? 500;
      if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply
          .status(413)
          .send({ success: false, message: 'El archivo excede el tamaño permitido.', data: null });
      }
      if (status === 415) {
        return reply.status(415).send({ success: false, message: 'Tipo de contenido no admitido.', data: null });
      }
      if (status >= 400 && status < 500) {
        return reply
          .status(400)
          .send({ success: false, message: 'La solicitud no tiene un formato válido.', data: null });
      }
      req.log.error({ err: error }, 'error no controlado');
      return reply.status(500).send({ success: false, message: MENSAJES.errorInesperado, data: null });
    });
  },
  { name: 'manejo-errores' },
);
