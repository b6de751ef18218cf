import {
  consultaTransportistaPorUsuario,
  eliminarArchivoEntrada,
  eliminarDetalleEntrada,
  eliminarDocumentoEntrada,
  entero,
  MENSAJES_MOVIMIENTO as M,
  movimientoFormulario,
  notificacionMovimientoEntrada,
} from '@cronos/contract';
import { z } from 'zod';
import { conArchivos, descartar, enviarArchivo, leerMultipart, limpiarSubidasCortadas } from '../../platform/archivos';
import { ok } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { type CategoriaArchivo, exigirPermisoCarga, guardarArchivos, REGLAS_ARCHIVO } from './archivos-movimiento';
import { guardarTemporal, limpiarTemporalesOrden } from './archivos-temporales';
import { plantillaDetalleEspecial, REGLA_EXCEL, registrarDetalleEspecial } from './detalle-especial';
import { guardarMovimiento } from './guardar-movimiento';
import { consultarLevante, proveedorLevanteHttp } from './levante';
import * as servicio from './movimiento.service';
import { validarData } from './validar';

/** `{ data: {...} }`; the data is parsed in the handler so field errors carry the form's names. */
const cuerpoData = z.object({ data: z.record(z.string(), z.unknown()) });

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

const movimientoRutas: Modulo = async (app, { config, db }) => {
  const tags = ['Movimientos'];
  const dir = config.archivosDir;

  // Uploads cut by a crash and temporary files never used: removed at start and every LIMPIEZA_MS.
  const limpiar = async (inicio: boolean) => {
    try {
      await limpiarSubidasCortadas(dir, { todo: inicio });
      await limpiarTemporalesOrden(db, dir);
    } catch (e) {
      app.log.error({ err: e }, 'error al limpiar las cargas temporales');
    }
  };
  let temporizador: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await limpiar(true);
    temporizador = setInterval(() => void limpiar(false), LIMPIEZA_MS);
    temporizador.unref();
  });
  app.addHook('onClose', async () => clearInterval(temporizador));
  const levante = {
    activo: config.CONSULTAS_EXTERNAS,
    proveedor: config.PROVEEDOR_LEVANTE_URL ? proveedorLevanteHttp(config.PROVEEDOR_LEVANTE_URL) : null,
  };

  app.get(
    '/Movimiento/ListarRegistro',
    {
      config: { acceso: { modulo: LEEN, accion: 'listar' } },
      schema: {
        tags,
        querystring: z.object({
          CodigoMovimiento: entero().positive().optional(),
          CodigoIngreso: z.string().max(12).optional(),
        }),
      },
    },
    async (req) => ok(await servicio.listarRegistro(req.ctx(), req.query)),
  );

  app.post(
    '/Movimiento/GuardarMovimiento',
    { config: { acceso: { modulo: REGISTRO, accion: 'listar' } }, schema: { tags, body: cuerpoData } },
    async (req) => {
      const data = validarData(movimientoFormulario, req.body);
      const r = await guardarMovimiento(req.ctx(), data, dir);
      return ok(r, data.codigoMovimiento ? M.actualizado : M.registroExitoso(r.codigoIngreso));
    },
  );

  app.post(
    '/Movimiento/EliminarMovimientoDocumento',
    { config: { acceso: { modulo: REGISTRO, accion: 'eliminar' } }, schema: { tags, body: eliminarDocumentoEntrada } },
    async (req) => {
      await servicio.eliminarDocumento(req.ctx(), req.body.data.codigoMovimientoDocumento);
      return ok(null, M.eliminado);
    },
  );

  app.post(
    '/Movimiento/EliminarDetalleMovimientoPorCodigo',
    { config: { acceso: { modulo: REGISTRO, accion: 'eliminar' } }, schema: { tags, body: eliminarDetalleEntrada } },
    async (req) => {
      await servicio.eliminarDetalle(req.ctx(), req.body.data.codigoMovimientoDetalle);
      return ok(null, M.eliminado);
    },
  );

  app.post(
    '/Movimiento/EliminarMovimientoArchivo',
    { config: { acceso: { modulo: REGISTRO, accion: 'eliminar' } }, schema: { tags, body: eliminarArchivoEntrada } },
    async (req) => {
      const a = await servicio.eliminarArchivo(req.ctx(), req.body.data.CodigoMovimientoArchivo);
      await descartar(dir, [{ ...a, campo: '', tipo: 'pdf', sha256: '' }]).catch(() => undefined);
      return ok(null, M.eliminado);
    },
  );

  app.get(
    '/Balanza/ConsutarArchivo',
    {
      config: { acceso: { modulo: LEEN, accion: 'listar' } },
      schema: { tags, querystring: z.object({ CodigoMovimiento: entero().positive() }) },
    },
    async (req) => ok(await servicio.consultarArchivos(req.ctx(), req.query.CodigoMovimiento)),
  );

  app.get(
    '/Movimiento/DescargarArchivo',
    {
      config: { acceso: { modulo: LEEN, accion: 'listar' } },
      schema: { tags, querystring: z.object({ CodigoMovimientoArchivo: entero().positive() }) },
    },
    async (req, reply) => {
      const a = await servicio.archivoLegible(req.ctx(), req.query.CodigoMovimientoArchivo);
      return enviarArchivo(reply, dir, a);
    },
  );

  app.post(
    '/Movimiento/EnviarNotificacionTipoMovimiento',
    { config: { acceso: { modulo: LEEN, accion: 'listar' } }, schema: { tags, body: notificacionMovimientoEntrada } },
    async (req) => {
      await servicio.enviarNotificacion(req.ctx(), req.body.data);
      return ok(null, 'Notificación enviada');
    },
  );

  app.get(
    '/Movimiento/ConsultarTransportistaPorUsuario',
    {
      config: { acceso: { modulo: [REGISTRO, 'security/income', 'security/exit'], accion: 'listar' } },
      schema: { tags, querystring: consultaTransportistaPorUsuario },
    },
    async (req) => servicio.consultarTransportistaPorUsuario(req.ctx(), req.query),
  );

  app.post(
    '/Movimiento/GuardarImagenMovimiento',
    {
      config: { acceso: { modulo: REGISTRO, accion: 'agregar' } },
      schema: { tags, querystring: z.object({ Categoria: z.enum(['sustento', 'panel']).default('sustento') }) },
    },
    async (req) => {
      const ctx = req.ctx();
      const categoria = req.query.Categoria as CategoriaArchivo;
      exigirPermisoCarga(ctx, categoria);
      const { campos, archivos } = await leerMultipart(req, dir, { files: REGLAS_ARCHIVO[categoria] });
      const filas = await conArchivos(dir, archivos, () => guardarArchivos(ctx, categoria, campos, archivos));
      return ok(filas, 'Archivo cargado correctamente');
    },
  );

  app.post(
    '/Movimiento/CargarArchivoTemporal',
    {
      config: {
        acceso: { modulo: REGISTRO, accion: 'agregar' },
        sinAuditoria: 'Archivo temporal: se audita al guardarse con la orden (MOVIMIENTO_REGISTRADO).',
      },
      schema: { tags, consumes: ['multipart/form-data'] },
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

  app.post(
    '/Movimiento/RegistrarDetalleMovimientoEspecial',
    { config: { acceso: { modulo: REGISTRO, accion: 'editar' } }, schema: { tags } },
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

  app.get(
    '/Movimiento/PlantillaDetalleMovimientoEspecial',
    { config: { acceso: { modulo: REGISTRO, accion: 'listar' } }, schema: { tags } },
    async (_req, reply) =>
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="plantilla-detalle-movimiento.xlsx"')
        .header('x-content-type-options', 'nosniff')
        .send(await plantillaDetalleEspecial()),
  );

  app.get(
    '/Movimiento/ConsultarLevante',
    {
      config: { acceso: { modulo: REGISTRO, accion: 'listar' } },
      schema: { tags, querystring: z.object({ NumeroDeclaracion: z.string().trim().min(1).max(30) }) },
    },
    async (req) => {
      const r = await consultarLevante(levante, req.query.NumeroDeclaracion);
      return r ? ok(r) : { success: false, message: 'No se encontró la declaración consultada', data: null };
    },
  );
};
export default movimientoRutas;
