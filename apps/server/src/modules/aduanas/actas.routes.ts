import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { apiActas, camposActa, conTextoSeguro, MENSAJES_ACTA as MA, MENSAJES_ETAPAS } from '@cronos/contract';
import { jpegDemo } from '../../db/seed/jpeg-demo';
import { conArchivos, enviarArchivo, leerMultipart, MB, type ReglaArchivo } from '../../platform/archivos';
import { rutaApi } from '../../platform/contrato';
import { errorCampos } from '../../platform/errores';
import { ok, okPaginado } from '../../platform/respuesta';
import type { DepsModulo, Modulo } from '../tipos';
import * as servicio from './actas.service';
import { enviarDescarga, TIPO_PDF } from '../../platform/descarga';

const MODULO = 'operations/openingContainer';
const tags = ['Aduanas: apertura de contenedor'];
const leer = { modulo: MODULO, accion: 'listar' } as const;

/** Same rules as the verification images (DOMAIN.md §6): JPG, PNG or TIF by content, 10 MB, up to 20. */
const REGLA_FOTOS: ReglaArchivo = {
  tipos: ['jpg', 'png', 'tif'],
  maxBytes: 10 * MB,
  mensajeTamanio: MENSAJES_ETAPAS.archivoExcede(10),
  mensajeTipo: MENSAJES_ETAPAS.imagenNoValida,
  maxArchivos: 20,
  requerido: false,
  nombrarArchivo: true,
};

/** Container opening acts: list, detail, registration with photos, printed act and its public check. */
/** Container opening acts (operations/openingContainer): a module of its own beside the declarations. */
const actas: Modulo = async (app, { db, config }: DepsModulo) => {
  const dir = config.archivosDir;
  const leerFoto = async (ruta: string) => {
    const demo = /^demo\/(\d+)\.jpg$/.exec(ruta);
    if (demo) return jpegDemo(Number(demo[1]));
    const base = resolve(dir);
    const completa = resolve(base, ruta);
    if (!completa.startsWith(base + sep)) return null;
    return readFile(completa).catch(() => null);
  };

  rutaApi(app, apiActas.listar, { acceso: leer, tags }, async (req) => {
    const r = await servicio.listar(req.ctx(), req.query);
    return okPaginado(r.filas, r.meta);
  });

  rutaApi(app, apiActas.consultar, { acceso: leer, tags }, async (req) =>
    ok(await servicio.consultar(req.ctx(), req.query.CodigoActaApertura)),
  );

  rutaApi(app, apiActas.guardar, { acceso: { modulo: MODULO, accion: 'agregar' }, tags }, async (req) => {
    const ctx = req.ctx();
    const { campos, archivos } = await leerMultipart(req, dir, { files: REGLA_FOTOS });
    return conArchivos(dir, archivos, async () => {
      const r = conTextoSeguro(camposActa).safeParse(campos);
      if (!r.success) throw errorCampos(Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), [i.message]])));
      const acta = await servicio.guardar(ctx, r.data, archivos);
      return ok(acta, MA.actaRegistrada(acta.numeroActa));
    });
  });

  rutaApi(app, apiActas.descargarPdf, { acceso: leer, tags }, async (req, reply) => {
    const origen = `${req.protocol}://${req.host}`;
    const { contenido, nombre } = await servicio.pdf(req.ctx(), req.query.CodigoActaApertura, origen, leerFoto);
    return enviarDescarga(reply, { tipo: TIPO_PDF, nombre, enLinea: true }, contenido);
  });

  rutaApi(app, apiActas.foto, { acceso: leer, tags }, async (req, reply) => {
    const f = await servicio.foto(req.ctx(), req.query.CodigoActaAperturaFoto);
    // Demo photos are generated, not stored (db/seed/demo-aduanas.ts), as the verification photos are.
    const demo = /^demo\/(\d+)\.jpg$/.exec(f.rutaArchivo);
    if (demo)
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, no-store')
        .send(jpegDemo(Number(demo[1])));
    return enviarArchivo(reply, dir, f, { enLinea: true });
  });

  // Public: whoever holds the act (or its QR) may check it; the answer says only whether it is genuine.
  rutaApi(app, apiActas.verificar, { acceso: 'publico', tags }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const r = await servicio.verificar(db, req.query.NumeroActa, req.query.CodigoVerificacion);
    return ok(r, r.valido ? 'Acta válida' : 'Acta no válida');
  });
};
export default actas;
