import { z } from 'zod';
import { ruta, sobre } from './definicion';

/** The client's own audit entries (spec 01 §7). */
export const logSistemaEntrada = z.object({
  detalle: z.string().trim().min(1, { error: 'Este es un campo requerido' }).max(2000),
  /** The acting user comes from the session; a different code here is ignored. */
  codigoUsuario: z.coerce.number().int().optional(),
});

export const apiGeneral = {
  guardarLogSys: ruta({
    metodo: 'POST',
    ruta: '/General/GuardarLogSys',
    resumen: 'Registro de auditoría enviado por la aplicación (cargas, consultas, eliminaciones, guardados)',
    body: logSistemaEntrada,
    respuesta: sobre(z.literal(true)),
  }),
};
