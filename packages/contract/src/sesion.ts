import { z } from 'zod';
import { requerido } from './comun';
import { MENSAJES } from './mensajes';

export const loginEntrada = z.object({
  nombreUsuario: requerido(60),
  contrasenia: z.string({ error: MENSAJES.requerido }).min(1, { error: MENSAJES.requerido }).max(200),
});
export type LoginEntrada = z.infer<typeof loginEntrada>;

/** Password change form (spec 01 §3), with the three messages of §5. */
export const cambioContrasenia = z
  .object({
    contrasenia: z
      .string({ error: MENSAJES.nuevaContraseniaRequerida })
      .min(1, { error: MENSAJES.nuevaContraseniaRequerida, abort: true })
      .max(200)
      .refine((v) => v.length >= 8 && /[A-Za-z]/.test(v) && /\d/.test(v), {
        error: MENSAJES.contraseniaDebil,
      }),
    checkPass: z.string({ error: MENSAJES.confirmeContrasenia }).min(1, { error: MENSAJES.confirmeContrasenia }),
    /** Required (checked on the server) when the password is one's own; an administrator's reset does not send it. */
    contraseniaActual: z.string().max(200).optional(),
    codigoUsuario: z.coerce.number().int().positive().optional(),
    usuarioRegisro: z.string().max(60).optional(),
    codigoUsuarioRegistro: z.coerce.number().int().optional(),
  })
  .refine((f) => f.contrasenia === f.checkPass, {
    error: MENSAJES.contraseniasIguales,
    path: ['checkPass'],
  });
export type CambioContrasenia = z.infer<typeof cambioContrasenia>;

/** Session limits (spec 01 §4): idle 40 minutes, absolute 12 hours. */
export const INACTIVIDAD_MS = 40 * 60 * 1000;
export const VIDA_MAXIMA_SESION_MS = 12 * 60 * 60 * 1000;
