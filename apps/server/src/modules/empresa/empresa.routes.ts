import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { listarEmpresas } from './empresa.service';

const empresa: Modulo = async (app) => {
  app.get(
    '/EmpresaUsuario/ConsultarListaEmpresaUsuario',
    { config: { acceso: 'sesion' }, schema: { tags: ['Empresas'] } },
    async (req) => ok(await listarEmpresas(req.ctx())),
  );
};
export default empresa;
