import { apiPersona } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import { empresaParaEscribir } from '../../platform/tenencia';
import { consultaPermitida } from '../ajustes/ajustes.service';
import type { Modulo } from '../tipos';
import * as servicio from './persona.service';
import { proveedoresDesdeConfig } from './proveedores';

/** Screens that register people by hand (foreign drivers, pedestrians, workers, users). */
const REGISTRAN_PERSONAS = [
  'operations/order/register',
  'security/income',
  'security/exit',
  'administration/workers',
  'administration/users',
] as const;

const respuesta = <T>(h: servicio.Hallazgo<T>) =>
  h.encontrado ? ok(h.data) : { success: false as const, message: h.mensaje, data: null };

/** People and companies lookups (spec 01 §7) through the adapters of DOMAIN.md §7. */
const personaRutas: Modulo = async (app, { config }) => {
  const configurados = proveedoresDesdeConfig(config);
  // The administrator's switches (settings hub) are read at each lookup.
  const activos = async (db: Parameters<typeof consultaPermitida>[0]) => ({
    identidad: (await consultaPermitida(db, config, 'dni')) ? configurados.identidad : null,
    ruc: (await consultaPermitida(db, config, 'ruc')) ? configurados.ruc : null,
  });
  const tags = ['Personas y empresas'];

  rutaApi(
    app,
    apiPersona.consultarDocumentoIdentidad,
    {
      acceso: 'sesion',
      tags,
      sinAuditoria: 'Consulta: audita solo cuando guarda lo que responde el proveedor.',
    },
    async (req) =>
      respuesta(await servicio.consultarDocumentoIdentidad(req.ctx(), await activos(req.ctx().db), req.body)),
  );

  rutaApi(
    app,
    apiPersona.consultarPersona,
    { acceso: 'sesion', tags, sinAuditoria: 'Consulta: no cambia datos.' },
    async (req) => respuesta(await servicio.consultarPersonaExtranjera(req.ctx(), req.body)),
  );

  rutaApi(
    app,
    apiPersona.guardarPersona,
    { acceso: { modulo: REGISTRAN_PERSONAS, accion: 'agregar' }, tags },
    async (req) => ok(await servicio.guardarPersona(req.ctx(), req.body), 'Persona registrada con éxito'),
  );

  rutaApi(
    app,
    apiPersona.consultarEmpresa,
    {
      acceso: 'sesion',
      tags,
      sinAuditoria: 'Consulta: audita solo cuando guarda lo que responde el proveedor.',
    },
    async (req) => {
      const ctx = req.ctx();
      const empresa = empresaParaEscribir(ctx.actor, req.body.codigoEmpresaUsuario);
      return respuesta(await servicio.consultarEmpresa(ctx, await activos(ctx.db), req.body, empresa));
    },
  );
};
export default personaRutas;
