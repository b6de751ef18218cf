import { apiControlSeguridad, datosTransportistaMovimiento, MENSAJES_ETAPAS } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import { buscarParaEtapa, configuracionItems, datosControl, MODULOS_ETAPAS } from '../etapas/consultas';
import { validar } from '../etapas/validar';
import type { Modulo } from '../tipos';
import * as servicio from './control-seguridad.service';

const tags = ['Control de seguridad'];
const lectura = { modulo: MODULOS_ETAPAS, accion: 'listar' } as const;

/** Security control on entry (spec 03 §2.1, §7.1), the debt block, the driver dialog and 'Registro Empresa'. */
const controlSeguridad: Modulo = async (app) => {
  rutaApi(
    app,
    apiControlSeguridad.buscar,
    { acceso: { modulo: 'security/income', accion: 'listar' }, tags },
    async (req) => {
      const r = await buscarParaEtapa(req.ctx(), req.query, 1);
      return ok(r.filas, r.aviso);
    },
  );

  rutaApi(app, apiControlSeguridad.datosControl, { acceso: lectura, tags }, async (req) =>
    ok(await datosControl(req.ctx(), req.query.CodigoMovimiento)),
  );

  for (const def of [apiControlSeguridad.items, apiControlSeguridad.itemsSalida]) {
    rutaApi(app, def, { acceso: lectura, tags }, async (req) =>
      ok(await configuracionItems(req.ctx(), req.query.CodigoTipoControl, req.query.CodigoTipoIngreso)),
    );
  }

  rutaApi(
    app,
    apiControlSeguridad.guardarIngreso,
    { acceso: { modulo: 'security/income', accion: 'agregar' }, tags },
    async (req) => {
      const r = await servicio.guardarControlIngreso(req.ctx(), req.body);
      return ok({ codigoControlMovimiento: r.codigoControlMovimiento }, MENSAJES_ETAPAS.controlGuardadoIngreso);
    },
  );

  rutaApi(
    app,
    apiControlSeguridad.bloqueo,
    { acceso: { modulo: ['security/income', 'security/exit'], accion: 'listar' }, tags },
    async (req) => ok(await servicio.consultarBloqueo(req.ctx(), req.query.Codigo)),
  );

  // Validated here rather than by the route schema so a refusal carries the dialog's message (spec 03 §5.5, §8).
  rutaApi(
    app,
    apiControlSeguridad.actualizarTransportista,
    { acceso: { modulo: 'security/income', accion: 'editar' }, tags },
    async (req) => {
      const f = validar(datosTransportistaMovimiento, req.body, MENSAJES_ETAPAS.errorActualizacion);
      await servicio.actualizarTransportista(req.ctx(), f);
      return ok(null, MENSAJES_ETAPAS.datosActualizados);
    },
  );

  rutaApi(
    app,
    apiControlSeguridad.guardarTransportista,
    { acceso: { modulo: ['operations/order/register', 'security/income'], accion: 'editar' }, tags },
    async (req) => {
      const t = await servicio.guardarTransportista(req.ctx(), req.body);
      return { success: 'true' as const, message: MENSAJES_ETAPAS.transportistaRegistrado, data: t };
    },
  );
};
export default controlSeguridad;
