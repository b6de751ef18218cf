import { consultaEmpresaEntrada, consultaPersonaEntrada, personaFormulario } from '@cronos/contract';
import { ok } from '../../platform/respuesta';
import { empresaParaEscribir } from '../../platform/tenencia';
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
  const proveedores = proveedoresDesdeConfig(config);
  const tags = ['Personas y empresas'];

  app.post(
    '/ConsultaDocumentoIdentidad/ConsultarPersona',
    {
      config: { acceso: 'sesion', sinAuditoria: 'Consulta: audita solo cuando guarda lo que responde el proveedor.' },
      schema: { tags, body: consultaPersonaEntrada },
    },
    async (req) => respuesta(await servicio.consultarDocumentoIdentidad(req.ctx(), proveedores, req.body)),
  );

  app.post(
    '/Persona/ConsultarPersona',
    {
      config: { acceso: 'sesion', sinAuditoria: 'Consulta: no cambia datos.' },
      schema: { tags, body: consultaPersonaEntrada },
    },
    async (req) => respuesta(await servicio.consultarPersonaExtranjera(req.ctx(), req.body)),
  );

  app.post(
    '/Persona/GuardarPersona',
    {
      config: { acceso: { modulo: REGISTRAN_PERSONAS, accion: 'agregar' } },
      schema: { tags, body: personaFormulario },
    },
    async (req) => ok(await servicio.guardarPersona(req.ctx(), req.body), 'Persona registrada con éxito'),
  );

  app.post(
    '/Empresa/ConsultarEmpresa',
    {
      config: { acceso: 'sesion', sinAuditoria: 'Consulta: audita solo cuando guarda lo que responde el proveedor.' },
      schema: { tags, body: consultaEmpresaEntrada },
    },
    async (req) => {
      const ctx = req.ctx();
      const empresa = empresaParaEscribir(ctx.actor, req.body.codigoEmpresaUsuario);
      return respuesta(await servicio.consultarEmpresa(ctx, proveedores, req.body, empresa));
    },
  );
};
export default personaRutas;
