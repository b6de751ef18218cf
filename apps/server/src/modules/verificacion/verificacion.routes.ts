import {
  agregarVerificacionImagenes,
  apiVerificacion,
  camposImagenVerificacion,
  conTextoSeguro,
  MENSAJES_ETAPAS,
} from '@cronos/contract';
import { jpegDemo } from '../../db/seed/jpeg-demo';
import { permite } from '../../platform/acceso';
import { conArchivos, enviarArchivo, leerMultipart, MB, type ReglaArchivo } from '../../platform/archivos';
import type { Ctx } from '../../platform/contexto';
import { rutaApi } from '../../platform/contrato';
import { errorCampos, prohibido } from '../../platform/errores';
import { ok } from '../../platform/respuesta';
import { ROLES_PANEL_FOTOS, ROLES_PANEL_IMAGENES } from '../movimiento/acceso-movimiento';
import type { Modulo } from '../tipos';
import { validar } from '../etapas/validar';
import { agregarDesdeArchivosOrden } from './imagenes-orden';
import * as servicio from './verificacion.service';

const tags = ['Verificación'];
const PANTALLAS = ['operator/income', 'operator/exit'];
/** The verified-operations screen and the movement documents panel (spec 01) also read and add photos. */
const IMAGENES = [...PANTALLAS, 'operator/list', 'operations/order/register'];

/**
 * Through the order screen's permission alone (the movement documents panel), photos follow spec 01 §6:
 * roles 1, 2, 3, 4, 7 see them, roles 1, 2, 4 add them; the stage screens keep their own permissions.
 */
const exigirFotosPanel = (ctx: Ctx) => {
  if (
    !permite(ctx.actor, [...PANTALLAS, 'operator/list'], 'listar') &&
    !ROLES_PANEL_FOTOS.includes(ctx.actor.codigoRol)
  )
    throw prohibido();
};
const puedeAgregarImagen = (ctx: Ctx, tipoControl: number) =>
  permite(ctx.actor, servicio.moduloVerificacion(tipoControl), 'agregar') ||
  (permite(ctx.actor, 'operations/order/register', 'agregar') && ROLES_PANEL_IMAGENES.includes(ctx.actor.codigoRol));

const exigirPantalla = (ctx: Ctx, tipoControl: number, accion: 'listar' | 'agregar') => {
  if (!permite(ctx.actor, servicio.moduloVerificacion(tipoControl), accion)) throw prohibido();
};

const TIPOS_IMAGEN = ['jpg', 'png', 'tif'] as const;
/** Verification image dialog: 10 MB (DOMAIN.md §6). */
const REGLA_IMAGENES: ReglaArchivo = {
  tipos: TIPOS_IMAGEN,
  maxBytes: 10 * MB,
  mensajeTamanio: MENSAJES_ETAPAS.archivoExcede(10),
  mensajeTipo: MENSAJES_ETAPAS.imagenNoValida,
  maxArchivos: 20,
};
/** Cargo verification panels: 7 MB, as their message says (DOMAIN.md §6). */
const REGLA_PANEL: ReglaArchivo = {
  ...REGLA_IMAGENES,
  maxBytes: 7 * MB,
  mensajeTamanio: 'Error, Archivo supera el máximo permitido - 7MB',
};

/** Cargo verification on entry and exit, its photos and the verified-operations images (spec 03 §7.3). */
const verificacionRutas: Modulo = async (app, { config }) => {
  rutaApi(app, apiVerificacion.buscar, { acceso: { modulo: PANTALLAS, accion: 'listar' }, tags }, async (req) => {
    const t = req.query.CodigoTipoControl;
    const r = await servicio.buscar(req.ctx(), req.query, t === 3 || t === 5 ? t : undefined);
    return ok(r.filas, r.aviso);
  });

  rutaApi(
    app,
    apiVerificacion.configuracion,
    { acceso: { modulo: PANTALLAS, accion: 'listar' }, tags },
    async (req) => {
      const ctx = req.ctx();
      exigirPantalla(ctx, req.query.CodigoTipoControl, 'listar');
      return ok(await servicio.configuracion(ctx, req.query.CodigoMovimiento, req.query.CodigoTipoControl as 3 | 5));
    },
  );

  rutaApi(app, apiVerificacion.guardar, { acceso: { modulo: PANTALLAS, accion: 'agregar' }, tags }, async (req) => {
    const ctx = req.ctx();
    exigirPantalla(ctx, req.body.data.codigoTipoControl, 'agregar');
    return ok(await servicio.guardar(ctx, req.body.data), MENSAJES_ETAPAS.verificacionGuardada);
  });

  // Ours: 'Finalizar registro' (spec 03 §4.4 names the button, not its call).
  rutaApi(app, apiVerificacion.finalizar, { acceso: { modulo: PANTALLAS, accion: 'agregar' }, tags }, async (req) => {
    const ctx = req.ctx();
    const d = req.body.data;
    exigirPantalla(ctx, d.codigoTipoControl, 'agregar');
    return ok(
      await servicio.finalizar(ctx, d.codigoMovimiento, d.codigoTipoControl as 3 | 5),
      MENSAJES_ETAPAS.verificacionExitosa,
    );
  });

  rutaApi(app, apiVerificacion.imagenes, { acceso: { modulo: IMAGENES, accion: 'listar' }, tags }, async (req) => {
    exigirFotosPanel(req.ctx());
    const r = await servicio.listarImagenes(req.ctx(), req.query);
    return ok(r, r.codigoMovimiento === 0 ? MENSAJES_ETAPAS.procedimientosAnteriores : '');
  });

  rutaApi(
    app,
    apiVerificacion.descargarImagen,
    { acceso: { modulo: IMAGENES, accion: 'listar' }, tags },
    async (req, reply) => {
      exigirFotosPanel(req.ctx());
      const i = await servicio.imagenParaDescarga(req.ctx(), req.query.CodigoVerificacionImagen);
      // Demo photos are generated, not stored (db/seed/demo-etapas.ts).
      const demo = /^demo\/(\d+)\.jpg$/.exec(i.rutaArchivo);
      if (demo)
        return reply
          .type('image/jpeg')
          .header('cache-control', 'private, no-store')
          .send(jpegDemo(Number(demo[1])));
      return enviarArchivo(reply, config.archivosDir, i, { enLinea: true });
    },
  );

  // The JSON variant (spec 03 §7.3): photos already uploaded to the order become the verification's.
  rutaApi(
    app,
    apiVerificacion.agregarDesdeOrden,
    { acceso: { modulo: IMAGENES, accion: 'agregar' }, tags },
    async (req) => {
      const ctx = req.ctx();
      const d = validar(agregarVerificacionImagenes, req.body.data);
      if (!puedeAgregarImagen(ctx, d.codigoTipoControl)) throw prohibido();
      return ok(await agregarDesdeArchivosOrden(ctx, config.archivosDir, d), MENSAJES_ETAPAS.cargaExitosa);
    },
  );

  const subir = (
    def: typeof apiVerificacion.subirImagenes | typeof apiVerificacion.subirImagenPanel,
    regla: ReglaArchivo,
  ) =>
    rutaApi(app, def, { acceso: { modulo: IMAGENES, accion: 'agregar' }, tags }, async (req) => {
      const ctx = req.ctx();
      const { campos, archivos } = await leerMultipart(req, config.archivosDir, { files: regla });
      return conArchivos(config.archivosDir, archivos, async () => {
        const normalizados = Object.fromEntries(
          Object.entries(campos).map(([k, v]) => [k.charAt(0).toUpperCase() + k.slice(1), v]),
        );
        const c = conTextoSeguro(camposImagenVerificacion).safeParse(normalizados);
        if (!c.success) {
          const errores: Record<string, string[]> = {};
          for (const i of c.error.issues) {
            const campo = String(i.path[0] ?? 'archivo');
            errores[campo] = [...(errores[campo] ?? []), i.message];
          }
          throw errorCampos(errores);
        }
        if (!puedeAgregarImagen(ctx, c.data.CodigoTipoControl)) throw prohibido();
        const r = await servicio.agregarImagenes(ctx, c.data, archivos);
        return ok(r, MENSAJES_ETAPAS.cargaExitosa);
      });
    });
  subir(apiVerificacion.subirImagenes, REGLA_IMAGENES);
  subir(apiVerificacion.subirImagenPanel, REGLA_PANEL);
};
export default verificacionRutas;
