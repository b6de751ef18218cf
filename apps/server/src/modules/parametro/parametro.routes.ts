import { entero } from '@cronos/contract';
import { z } from 'zod';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { consultarParametro } from './parametro.service';

const consulta = z.object({ CodigoParametro: entero().positive() });

/** The three lookup paths of spec 01 §7 read the same groups; every signed-in user may read them. */
const parametroRutas: Modulo = async (app, { db }) => {
  for (const recurso of ['Parametro', 'Movimiento', 'ParametroValor']) {
    app.get(
      `/${recurso}/ConsultaParametro`,
      { config: { acceso: 'sesion' }, schema: { tags: ['Parámetros'], querystring: consulta } },
      async (req) => ok(await consultarParametro(db, req.query.CodigoParametro)),
    );
  }
};
export default parametroRutas;
