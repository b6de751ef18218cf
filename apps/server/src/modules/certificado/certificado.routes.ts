import {
  apiCertificado,
  entero,
  MENSAJES_CERTIFICADO as M,
  PDF_CERTIFICADO_MAX_BYTES,
  conTextoSeguro,
} from '@cronos/contract';
import { z } from 'zod';
import { conArchivos, enviarArchivo, leerMultipart, type ReglaArchivo } from '../../platform/archivos';
import { rutaApi } from '../../platform/contrato';
import { errorCampos } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import * as emision from './certificado-emision';
import * as servicio from './certificado.service';
import { enviarDescarga, TIPO_PDF } from '../../platform/descarga';

const MODULO = 'operations/manufacture';
const tags = ['Certificados de manufactura'];
const listar = { modulo: MODULO, accion: 'listar' } as const;

/** The supporting PDF: by content, under 500 kB (spec 02 §5, §9). */
const REGLA_PDF: ReglaArchivo = {
  tipos: ['pdf'],
  maxBytes: PDF_CERTIFICADO_MAX_BYTES,
  mensajeTamanio: M.excede500,
  mensajeTipo: M.formatoIncorrecto,
};
const camposDocumento = z.object({
  CodigoCertificadoManufactura: entero().positive(),
  CodigoEmpresaUsuario: entero().optional(),
  UsuarioRegistro: z.string().max(60).optional(),
});

/** Spec 02 §7 "Certificates", the generated PDF, and the public verification of a certificate. */
const certificadoRutas: Modulo = async (app, { db, config, ahora }) => {
  // The verification is public: /api/docs shows it without the bearer lock.
  app.addHook('onRoute', (r) => {
    if (r.config?.acceso === 'publico' && r.schema) r.schema.security = [];
  });

  rutaApi(app, apiCertificado.listar, { acceso: listar, tags }, async (req) => {
    const { filas, total } = await servicio.listar(req.ctx(), req.query);
    return okPaginado(filas, meta(req.query, total));
  });

  rutaApi(app, apiCertificado.guardar, { acceso: { modulo: MODULO, accion: 'agregar' }, tags }, async (req) => {
    const codigo = await servicio.guardar(req.ctx(), req.body.data);
    return { success: 'true' as const, message: M.registroExito, data: codigo };
  });

  rutaApi(
    app,
    apiCertificado.agregarDocumento,
    { acceso: { modulo: MODULO, accion: 'agregar' }, tags },
    async (req) => {
      const ctx = req.ctx();
      const { campos, archivos } = await leerMultipart(req, config.archivosDir, { Archivo: REGLA_PDF });
      return conArchivos(config.archivosDir, archivos, async () => {
        const r = conTextoSeguro(camposDocumento).safeParse(campos);
        if (!r.success) {
          throw errorCampos(Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), [i.message]])));
        }
        const archivo = archivos[0];
        if (!archivo) throw errorCampos({ Archivo: ['Debe adjuntar un archivo.'] });
        await servicio.agregarDocumento(ctx, r.data, archivo);
        return ok(null, M.archivoAgregado);
      });
    },
  );

  rutaApi(app, apiCertificado.consultar, { acceso: listar, tags }, async (req) =>
    ok(await servicio.consultar(req.ctx(), req.query.CodigoCertificadoManufactura)),
  );

  rutaApi(app, apiCertificado.aprobarRechazar, { acceso: { modulo: MODULO, accion: 'editar' }, tags }, async (req) => {
    const r = await servicio.aprobarRechazar(req.ctx(), req.body.data);
    return { success: 'true' as const, message: M.transaccionExitosa, data: r };
  });

  rutaApi(app, apiCertificado.eliminar, { acceso: { modulo: MODULO, accion: 'eliminar' }, tags }, async (req) => {
    const estadoAnulado = await servicio.cambiarEstadoAnulado(req.ctx(), req.body.codigoCertificadoManufactura);
    return ok({ estadoAnulado }, estadoAnulado === 1 ? M.deshabilitadoOk : M.habilitado);
  });

  rutaApi(app, apiCertificado.descargarPdf, { acceso: listar, tags }, async (req, reply) => {
    const origen = `${req.protocol}://${req.host}`;
    const { contenido, nombre } = await emision.pdf(req.ctx(), req.query.CodigoCertificadoManufactura, origen);
    return enviarDescarga(reply, { tipo: TIPO_PDF, nombre }, contenido);
  });

  rutaApi(app, apiCertificado.descargarDocumento, { acceso: listar, tags }, async (req, reply) => {
    const a = await servicio.archivoParaDescargar(req.ctx(), req.query.CodigoCertificadoManufacturaArchivo);
    return enviarArchivo(reply, config.archivosDir, a);
  });

  // Public: anybody holding a certificate (or its QR) may check it; the answer reveals nothing else.
  rutaApi(app, apiCertificado.verificar, { acceso: 'publico', tags }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const r = await emision.verificar(db, req.query.NumeroCertificado, req.query.CodigoVerificacion, ahora());
    return ok(r, r.valido ? 'Certificado válido' : 'Certificado no válido');
  });
};
export default certificadoRutas;
