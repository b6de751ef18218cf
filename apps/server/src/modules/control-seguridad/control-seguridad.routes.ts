import {
  busquedaControlSeguridad,
  datosTransportistaMovimiento,
  entero,
  formularioControl,
  guardarTransportistaUsuario,
  MENSAJES_ETAPAS,
  porMovimiento,
} from '@cronos/contract';
import { z } from 'zod';
import { ok } from '../../platform/respuesta';
import { validar } from '../etapas/validar';
import { buscarParaEtapa, configuracionItems, datosControl, MODULOS_ETAPAS } from '../etapas/consultas';
import type { Modulo } from '../tipos';
import * as servicio from './control-seguridad.service';

const tags = ['Control de seguridad'];
const ingreso = { modulo: 'security/income', accion: 'listar' } as const;
export const consultaItems = z.object({
  CodigoTipoControl: entero().min(1).max(6),
  CodigoTipoIngreso: z.string().trim().min(2).max(2),
});

/** Security control on entry (spec 03 §2.1, §7.1), the debt block, the driver dialog and 'Registro Empresa'. */
const controlSeguridad: Modulo = async (app) => {
  app.get(
    '/ControlSeguridad/ConsultarMovimientoControl',
    { config: { acceso: ingreso }, schema: { tags, querystring: busquedaControlSeguridad } },
    async (req) => ok(await buscarParaEtapa(req.ctx(), req.query, 1)),
  );

  app.get(
    '/ControlSeguridad/ConsultaMovimientoDatosControl',
    { config: { acceso: { modulo: MODULOS_ETAPAS, accion: 'listar' } }, schema: { tags, querystring: porMovimiento } },
    async (req) => ok(await datosControl(req.ctx(), req.query.CodigoMovimiento)),
  );

  for (const ruta of [
    '/ControlSeguridad/ConsultaConfiguracionTipoControlDetalle',
    '/Balanza/ConsultaConfiguracionTipoControlDetalle',
  ]) {
    app.get(
      ruta,
      {
        config: { acceso: { modulo: MODULOS_ETAPAS, accion: 'listar' } },
        schema: { tags, querystring: consultaItems },
      },
      async (req) => ok(await configuracionItems(req.ctx(), req.query.CodigoTipoControl, req.query.CodigoTipoIngreso)),
    );
  }

  app.post(
    '/ControlSeguridad/GuardarVerificacionControlIngreso',
    { config: { acceso: { modulo: 'security/income', accion: 'agregar' } }, schema: { tags, body: formularioControl } },
    async (req) => {
      const r = await servicio.guardarControlIngreso(req.ctx(), req.body);
      return ok({ codigoControlMovimiento: r.codigoControlMovimiento }, MENSAJES_ETAPAS.controlGuardadoIngreso);
    },
  );

  app.get(
    '/EmpresaUsuario/ConsultaEmpresaUsuarioBloqueo',
    {
      config: { acceso: { modulo: ['security/income', 'security/exit'], accion: 'listar' } },
      schema: { tags, querystring: z.object({ Codigo: entero().positive() }) },
    },
    async (req) => ok(await servicio.consultarBloqueo(req.ctx(), req.query.Codigo)),
  );

  // Validated here rather than by the route schema so a refusal carries the dialog's message (spec 03 §5.5, §8).
  app.post(
    '/Movimiento/ActualizaDatosTransportistaMovimiento',
    {
      config: { acceso: { modulo: 'security/income', accion: 'editar' } },
      schema: { tags, body: z.record(z.string(), z.unknown()) },
    },
    async (req) => {
      const f = validar(datosTransportistaMovimiento, req.body, MENSAJES_ETAPAS.errorActualizacion);
      await servicio.actualizarTransportista(req.ctx(), f);
      return ok(null, MENSAJES_ETAPAS.datosActualizados);
    },
  );

  app.post(
    '/TransportistaUsuario/GuardarTransportistaUsuario',
    {
      config: { acceso: { modulo: ['operations/order/register', 'security/income'], accion: 'editar' } },
      schema: { tags, body: guardarTransportistaUsuario },
    },
    async (req) => {
      const t = await servicio.guardarTransportista(req.ctx(), req.body);
      return { success: 'true' as const, message: MENSAJES_ETAPAS.transportistaRegistrado, data: t };
    },
  );
};
export default controlSeguridad;
