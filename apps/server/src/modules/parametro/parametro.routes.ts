import { apiParametros } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { consultarParametro } from './parametro.service';

/** The three lookup paths of spec 01 §7 read the same groups; every signed-in user may read them. */
const parametroRutas: Modulo = async (app, { db }) => {
  for (const def of [apiParametros.consultar, apiParametros.consultarMovimiento, apiParametros.consultarValor]) {
    rutaApi(app, def, { acceso: 'sesion', tags: ['Parámetros'] }, async (req) =>
      ok(await consultarParametro(db, req.query.CodigoParametro)),
    );
  }
};
export default parametroRutas;
