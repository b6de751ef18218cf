import { apiEmpresa } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { listarEmpresas } from './empresa.service';

const empresa: Modulo = async (app) => {
  rutaApi(app, apiEmpresa.listar, { acceso: 'sesion', tags: ['Empresas'] }, async (req) =>
    ok(await listarEmpresas(req.ctx())),
  );
};
export default empresa;
