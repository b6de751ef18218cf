import { apiMovimiento, MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import type { Db } from '../../db/client';
import { conArchivos, descartar, enviarArchivo, leerMultipart, limpiarSubidasCortadas } from '../../platform/archivos';
import { rutaApi } from '../../platform/contrato';
import { ok } from '../../platform/respuesta';
import { consultaPermitida } from '../ajustes/ajustes.service';
import type { Modulo } from '../tipos';
import { type CategoriaArchivo, exigirPermisoCarga, guardarArchivos, REGLAS_ARCHIVO } from './archivos-movimiento';
import { guardarTemporal, limpiarTemporalesOrden } from './archivos-temporales';
import { plantillaDetalleEspecial, REGLA_EXCEL, registrarDetalleEspecial } from './detalle-especial';
import { guardarMovimiento } from './guardar-movimiento';
import { consultarLevante, proveedorLevanteHttp } from './levante';
import * as servicio from './movimiento.service';
import { enviarDescarga, TIPO_XLSX } from '../../platform/descarga';

const REGISTRO = 'operations/order/register';
/** Screens that open an order: registration, the gate, the scale, the reviewers and the inspectors. */
const LEEN = [
  REGISTRO,
  'security/income',
  'security/exit',
  'balanza/firstScales',
  'balanza/secondScales',
  'operator/list',
  'operator/check',
  'operator/income',
  'operator/exit',
  'reports/MovementMerchandise',
] as const;

/** How often temporary and half-written uploads are cleaned while the server runs. */
const LIMPIEZA_MS = 15 * 60_000;

/** Uploads cut by a crash (all of them at start) and temporary files of orders never saved. */
async function limpiarCargas(dir: string, db: Db, inicio: boolean) {
  await limpiarSubidasCortadas(dir, { todo: inicio });
  await limpiarTemporalesOrden(db, dir);
}

const movimientoRutas: Modulo = async (app, { config, db, trabajos }) => {
  const tags = ['Movimientos'];
  const dir = config.archivosDir;

  // Uploads cut by a crash and temporary files never used: removed at start (before the app listens) and every
  // LIMPIEZA_MS by a background job of this instance (its own upload folder: no lease).
  app.addHook('onReady', async () => {
    try {
      await limpiarCargas(dir, db, true);
    } catch (e) {
      app.log.error({ err: e }, 'error al limpiar las cargas temporales');
    }
  });
  trabajos.registrar({
    nombre: 'limpieza-cargas-temporales',
    global: false,
    esperaInicialMs: LIMPIEZA_MS,
    intervaloMs: LIMPIEZA_MS,
    reintentoMs: LIMPIEZA_MS,
    ejecutar: () => limpiarCargas(dir, db, false),
  });
  const levante = {
    activo: config.CONSULTAS_EXTERNAS,
    proveedor: config.PROVEEDOR_LEVANTE_URL ? proveedorLevanteHttp(config.PROVEEDOR_LEVANTE_URL) : null,
  };

  rutaApi(app, apiMovimiento.listarRegistro, { acceso: { modulo: LEEN, accion: 'listar' }, tags }, async (req) =>
    ok(await servicio.listarRegistro(req.ctx(), req.query)),
  );

  rutaApi(app, apiMovimiento.guardar, { acceso: { modulo: REGISTRO, accion: 'listar' }, tags }, async (req) => {
    const { data } = req.body;
    const r = await guardarMovimiento(req.ctx(), data, dir);
    return ok(r, data.codigoMovimiento ? M.actualizado : M.registroExitoso(r.codigoIngreso));
  });

  rutaApi(
    app,
    apiMovimiento.eliminarDocumento,
    { acceso: { modulo: REGISTRO, accion: 'eliminar' }, tags },
    async (req) => {
      await servicio.eliminarDocumento(req.ctx(), req.body.data.codigoMovimientoDocumento);
      return ok(null, M.eliminado);
    },
  );

  rutaApi(
    app,
    apiMovimiento.eliminarDetalle,
    { acceso: { modulo: REGISTRO, accion: 'eliminar' }, tags },
    async (req) => {
      await servicio.eliminarDetalle(req.ctx(), req.body.data.codigoMovimientoDetalle);
      return ok(null, M.eliminado);
    },
  );

  rutaApi(
    app,
    apiMovimiento.eliminarArchivo,
    { acceso: { modulo: REGISTRO, accion: 'eliminar' }, tags },
    async (req) => {
      const a = await servicio.eliminarArchivo(req.ctx(), req.body.data.CodigoMovimientoArchivo);
      await descartar(dir, [{ ...a, campo: '', tipo: 'pdf', sha256: '' }]).catch(() => undefined);
      return ok(null, M.eliminado);
    },
  );

  rutaApi(app, apiMovimiento.archivos, { acceso: { modulo: LEEN, accion: 'listar' }, tags }, async (req) =>
    ok(await servicio.consultarArchivos(req.ctx(), req.query.CodigoMovimiento)),
  );

  rutaApi(
    app,
    apiMovimiento.descargarArchivo,
    { acceso: { modulo: LEEN, accion: 'listar' }, tags },
    async (req, reply) => {
      const a = await servicio.archivoLegible(req.ctx(), req.query.CodigoMovimientoArchivo);
      return enviarArchivo(reply, dir, a);
    },
  );

  rutaApi(app, apiMovimiento.enviarNotificacion, { acceso: { modulo: LEEN, accion: 'listar' }, tags }, async (req) => {
    await servicio.enviarNotificacion(req.ctx(), req.body.data);
    return ok(null, 'Notificación enviada');
  });

  rutaApi(
    app,
    apiMovimiento.transportistaPorUsuario,
    { acceso: { modulo: [REGISTRO, 'security/income', 'security/exit'], accion: 'listar' }, tags },
    async (req) => servicio.consultarTransportistaPorUsuario(req.ctx(), req.query),
  );

  rutaApi(
    app,
    apiMovimiento.guardarArchivos,
    { acceso: { modulo: REGISTRO, accion: 'agregar' }, tags },
    async (req) => {
      const ctx = req.ctx();
      const categoria: CategoriaArchivo = req.query.Categoria;
      exigirPermisoCarga(ctx, categoria);
      const { campos, archivos } = await leerMultipart(req, dir, { files: REGLAS_ARCHIVO[categoria] });
      const filas = await conArchivos(dir, archivos, () => guardarArchivos(ctx, categoria, campos, archivos));
      return ok(filas, 'Archivo cargado correctamente');
    },
  );

  rutaApi(
    app,
    apiMovimiento.cargarTemporal,
    {
      acceso: { modulo: REGISTRO, accion: 'agregar' },
      tags,
      sinAuditoria: 'Archivo temporal: se audita al guardarse con la orden (MOVIMIENTO_REGISTRADO).',
    },
    async (req) => {
      const ctx = req.ctx();
      exigirPermisoCarga(ctx, 'sustento');
      const regla = { ...REGLAS_ARCHIVO.sustento, maxArchivos: 1 };
      const { archivos } = await leerMultipart(req, dir, { files: regla });
      const [archivo] = archivos;
      if (!archivo) throw new Error('archivo');
      return ok(await conArchivos(dir, archivos, () => guardarTemporal(ctx, dir, archivo)), M.archivoTemporal);
    },
  );

  rutaApi(
    app,
    apiMovimiento.registrarDetalleEspecial,
    { acceso: { modulo: REGISTRO, accion: 'editar' }, tags },
    async (req) => {
      const ctx = req.ctx();
      const { campos, archivos } = await leerMultipart(req, dir, { archivo: REGLA_EXCEL });
      const archivo = archivos[0];
      try {
        if (!archivo) throw new Error('archivo');
        const r = await registrarDetalleEspecial(ctx, dir, campos, archivo);
        return ok(r, `Se registraron ${r.documentos} documento(s) y ${r.productos} producto(s)`);
      } finally {
        // The spreadsheet is input, not a record of the order: it is not kept.
        await descartar(dir, archivos);
      }
    },
  );

  rutaApi(
    app,
    apiMovimiento.plantillaDetalleEspecial,
    { acceso: { modulo: REGISTRO, accion: 'listar' }, tags },
    async (_req, reply) =>
      enviarDescarga(
        reply,
        { tipo: TIPO_XLSX, nombre: 'plantilla-detalle-movimiento.xlsx' },
        await plantillaDetalleEspecial(),
      ),
  );

  rutaApi(
    app,
    apiMovimiento.consultarLevante,
    { acceso: { modulo: REGISTRO, accion: 'listar' }, tags },
    async (req) => {
      const activo = await consultaPermitida(req.ctx().db, config, 'levante');
      const r = await consultarLevante({ ...levante, activo }, req.query.NumeroDeclaracion);
      return r ? ok(r) : { success: false as const, message: 'No se encontró la declaración consultada', data: null };
    },
  );
};
export default movimientoRutas;
