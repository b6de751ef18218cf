import { apiAjustes, MENSAJES_AJUSTES as M } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as servicio from './ajustes.service';

const tags = ['Ajustes'];
/** Scales, checklists, the count window and the consultation switches: whoever may edit the general parameters. */
const VER = { modulo: 'administration/parametters', accion: 'listar' } as const;
const EDITAR = { modulo: 'administration/parametters', accion: 'editar' } as const;
/** Credit and debt-block days: whoever edits the automatic billing (finance). */
const EDITAR_DEUDA = { modulo: 'finances/Payments', accion: 'editar' } as const;

/** The settings hub's own routes; each change is audited by its service verb. */
const ajustes: Modulo = async (app, { config }) => {
  rutaApi(app, apiAjustes.balanzas, { acceso: VER, tags }, async (req) => ok(await servicio.listarBalanzas(req.ctx())));
  rutaApi(app, apiAjustes.guardarBalanza, { acceso: EDITAR, tags }, async (req) =>
    ok(await servicio.guardarBalanza(req.ctx(), req.body.data), M.balanzaGuardada),
  );
  rutaApi(
    app,
    apiAjustes.probarBalanza,
    {
      acceso: EDITAR,
      sinAuditoria: 'Consulta: abre una conexión de prueba con el indicador y no cambia datos.',
      tags,
    },
    async (req) => {
      const r = await servicio.probarBalanza(req.ctx(), req.body.data);
      return ok(r, r.mensaje);
    },
  );

  rutaApi(app, apiAjustes.listaControl, { acceso: VER, tags }, async (req) =>
    ok(await servicio.listaControl(req.ctx(), req.query.TipoControl, req.query.TipoIngreso)),
  );
  rutaApi(app, apiAjustes.guardarItemControl, { acceso: EDITAR, tags }, async (req) =>
    ok(await servicio.guardarItem(req.ctx(), req.body.data), M.itemGuardado),
  );
  rutaApi(app, apiAjustes.ordenarListaControl, { acceso: EDITAR, tags }, async (req) =>
    ok(await servicio.ordenarLista(req.ctx(), req.body.data), M.ordenGuardado),
  );
  rutaApi(app, apiAjustes.estadoItemControl, { acceso: EDITAR, tags }, async (req) => {
    const { codigoDetalleTipoControl, activo } = req.body.data;
    const item = await servicio.cambiarEstadoItem(req.ctx(), codigoDetalleTipoControl, activo);
    return ok(item, activo ? M.itemHabilitado : M.itemDeshabilitado);
  });

  rutaApi(
    app,
    apiAjustes.plazos,
    { acceso: { modulo: ['administration/parametters', 'finances/Payments'], accion: 'listar' }, tags },
    async (req) => ok(await servicio.plazos(req.ctx())),
  );
  rutaApi(app, apiAjustes.guardarPlazoConteo, { acceso: EDITAR, tags }, async (req) =>
    ok(await servicio.guardarPlazoConteo(req.ctx(), req.body.data.plazoJustificacionHoras), M.plazoGuardado),
  );
  rutaApi(app, apiAjustes.guardarDeuda, { acceso: EDITAR_DEUDA, tags }, async (req) =>
    ok(await servicio.guardarDeuda(req.ctx(), req.body.data), M.deudaGuardada),
  );

  rutaApi(app, apiAjustes.consultasExternas, { acceso: VER, tags }, async (req) =>
    ok(await servicio.consultasExternas(req.ctx().db, config)),
  );
  rutaApi(app, apiAjustes.guardarConsultaExterna, { acceso: EDITAR, tags }, async (req) =>
    ok(await servicio.guardarConsultaExterna(req.ctx(), config, req.body.data), M.consultaGuardada),
  );
};
export default ajustes;
