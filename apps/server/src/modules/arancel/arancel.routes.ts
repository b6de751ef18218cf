import { apiAranceles } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './arancel.service';

const tags = ['Aranceles'];

/** Tariff headings: the paged list of settings/catalogs and the heading lookup of the product dialog. */
const arancelRutas: Modulo = async (app, { db }) => {
  rutaApi(
    app,
    apiAranceles.listar,
    { acceso: { modulo: 'settings/catalogs', accion: 'listar' }, tags },
    async (req) => {
      const { filas, meta } = await servicio.listar(db, req.query);
      return okPaginado(filas, meta);
    },
  );

  rutaApi(app, apiAranceles.consultar, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.consultar(db, req.query.NumeroPartida)),
  );
};
export default arancelRutas;
