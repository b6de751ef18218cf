import { apiImportador } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { listarImportadores } from './importador.service';

/** GET /Importador/ListarImportador: the importers/providers of the company, paged and searchable. */
const importadorRutas: Modulo = async (app) => {
  rutaApi(app, apiImportador.listar, { acceso: 'sesion', tags: ['Empresas'] }, async (req) => {
    const r = await listarImportadores(req.ctx(), req.query);
    return okPaginado(r.filas, r.meta);
  });
};
export default importadorRutas;
