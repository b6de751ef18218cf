import { z } from 'zod';
import { auditar } from '../../platform/auditoria';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';

const cuerpo = z.object({
  detalle: z.string().trim().min(1, { error: 'Este es un campo requerido' }).max(2000),
  // The acting user comes from the session; a different code in the body is ignored.
  codigoUsuario: z.coerce.number().int().optional(),
});

/** POST /General/GuardarLogSys: the client's own audit entries (uploads, queries, deletes, saves). */
const general: Modulo = async (app) => {
  app.post(
    '/General/GuardarLogSys',
    { config: { acceso: 'sesion' }, schema: { tags: ['Auditoría'], body: cuerpo } },
    async (req) => {
      const ctx = req.ctx();
      await ctx.db.transaction((tx) => auditar(tx, ctx, { tipo: 'LOG_CLIENTE', detalle: req.body.detalle }));
      return ok(true, 'Registro guardado');
    },
  );
};
export default general;
