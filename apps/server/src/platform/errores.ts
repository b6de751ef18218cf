import { MENSAJES } from '@cronos/contract';

export type EstadoHttp = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 423 | 429 | 500 | 503;

/** The one error vocabulary of the server: a status and a Spanish message the user can act on. */
export class AppError extends Error {
  constructor(
    readonly status: EstadoHttp,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const noAutenticado = (m: string = MENSAJES.sesionInvalida) => new AppError(401, m);
export const prohibido = () => new AppError(403, MENSAJES.sinPermisos);
/** Also the answer for another company's id: its existence is not revealed (DOMAIN.md §3). */
export const noEncontrado = (m: string = MENSAJES.noExiste) => new AppError(404, m);
export const conflicto = (m: string = MENSAJES.conflicto) => new AppError(409, m);
export const solicitudInvalida = (m: string) => new AppError(400, m);
/** 422 with field errors, as the forms expect them. */
export const errorCampos = (errors: Record<string, string[]>, m: string = MENSAJES.erroresFormulario) =>
  new AppError(422, m, errors);
/** A business rule refused (wrong state, limit exceeded): 422 with the rule's message. */
export const reglaNegocio = (m: string) => new AppError(422, m);
