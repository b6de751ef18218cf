import { apiConteo, MENSAJES_CONTEO as M } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { errorCampos } from '../../platform/errores';
import { ok, okPaginado } from '../../platform/respuesta';
import { leerHojaSubida } from '../catalogo/subida-hoja';
import type { Modulo } from '../tipos';
import { acta, importar, plantilla } from './conteo.archivos';
import * as servicio from './conteo.service';
import { enviarDescarga, TIPO_PDF, TIPO_XLSX } from '../../platform/descarga';

const tags = ['Inventario físico'];
const MODULO = 'inventory/controlInventory';
const lee = { modulo: MODULO, accion: 'listar' } as const;
const edita = { modulo: MODULO, accion: 'editar' } as const;

/** Physical counts. Who may act in each state is decided by the service (operator or company). */
const conteo: Modulo = async (app) => {
  rutaApi(app, apiConteo.listar, { acceso: lee, tags }, async (req) => {
    const r = await servicio.listar(req.ctx(), req.query);
    return okPaginado(r.filas, r.meta);
  });
  rutaApi(app, apiConteo.consultar, { acceso: lee, tags }, async (req) =>
    ok(await servicio.consultar(req.ctx(), req.query.CodigoConteo)),
  );
  rutaApi(app, apiConteo.abrir, { acceso: edita, tags }, async (req) =>
    ok(await servicio.abrir(req.ctx(), req.body), M.abierto),
  );
  rutaApi(app, apiConteo.registrar, { acceso: edita, tags }, async (req) =>
    ok(null, await servicio.registrar(req.ctx(), req.body)),
  );
  rutaApi(app, apiConteo.importar, { acceso: edita, tags }, async (req) => {
    const { campos, archivo } = await leerHojaSubida(req);
    const codigo = Number(campos.CodigoConteo);
    if (!Number.isInteger(codigo) || codigo <= 0) throw errorCampos({ CodigoConteo: ['Debe indicar el conteo'] });
    return ok(null, await importar(req.ctx(), codigo, archivo));
  });
  rutaApi(app, apiConteo.plantilla, { acceso: lee, tags }, async (req, reply) => {
    const a = await plantilla(req.ctx(), req.query.CodigoConteo);
    return enviarDescarga(reply, { tipo: TIPO_XLSX, nombre: a.nombre }, a.contenido);
  });
  rutaApi(app, apiConteo.justificar, { acceso: edita, tags }, async (req) =>
    ok(null, await servicio.justificar(req.ctx(), req.body)),
  );
  rutaApi(app, apiConteo.resolver, { acceso: edita, tags }, async (req) =>
    ok(await servicio.resolver(req.ctx(), req.body), M.resuelto),
  );
  rutaApi(app, apiConteo.acta, { acceso: lee, tags }, async (req, reply) => {
    const a = await acta(req.ctx(), req.query.CodigoConteo);
    return enviarDescarga(reply, { tipo: TIPO_PDF, nombre: a.nombre, enLinea: true }, a.contenido);
  });
};
export default conteo;
