import { apiGeneral } from '@cronos/contract';
import { auditar } from '../../platform/auditoria';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';

/** POST /General/GuardarLogSys: the client's own audit entries (uploads, queries, deletes, saves). */
const general: Modulo = async (app) => {
  rutaApi(app, apiGeneral.guardarLogSys, { acceso: 'sesion', tags: ['Auditoría'] }, async (req) => {
    const ctx = req.ctx();
    await ctx.db.transaction((tx) => auditar(tx, ctx, { tipo: 'LOG_CLIENTE', detalle: req.body.detalle }));
    return ok(true as const, 'Registro guardado');
  });
};
export default general;
