import { apiFinanzas } from '@cronos/contract';
import type { FastifyReply } from 'fastify';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { type ColaComprobantes, registrarColaComprobantes } from './cola';
import { firmanteGuardado } from './certificado-firma';
import { type Firmante, leerPkcs12 } from './firma';
import * as servicio from './finanzas.service';
import { pdfComprobante } from './pdf';
import { enviarDescarga, TIPO_PDF, TIPO_XLSX } from '../../platform/descarga';

const tags = ['Finanzas'];
const facturas = { modulo: 'finances/invoices', accion: 'listar' } as const;
const emitir = { modulo: 'finances/invoices', accion: 'agregar' } as const;

const enviarArchivo = (reply: FastifyReply, tipo: string, nombre: string, contenido: Buffer | string) =>
  enviarDescarga(reply, { tipo, nombre }, contenido);

/** Finance (DOMAIN §14): tariffs, electronic vouchers, automatic invoicing, payments, debt. */
const finanzasRutas: Modulo = async (app, { db, config, ahora, trabajos }) => {
  // The signer: the configured PKCS#12, or the demo certificate kept in the database (generated once).
  let firmante: Promise<Firmante> | undefined;
  const obtenerFirmante = () => {
    firmante ??= (async () => {
      if (config.FIRMA_PFX_RUTA) return leerPkcs12(config.FIRMA_PFX_RUTA, config.FIRMA_PFX_CLAVE ?? '');
      return firmanteGuardado(db, ahora());
    })().catch((e) => {
      firmante = undefined;
      throw e;
    });
    return firmante;
  };

  // The sending queue: a background job (cola.ts), woken after each issue.
  const cola = registrarColaComprobantes(trabajos, { db, config, ahora });
  const motor: servicio.Motor = { firmante: obtenerFirmante, avisarCola: () => void cola.procesar() };
  COLAS.set(db, cola);
  app.metricas?.medirColaComprobantes(cola.estado);

  // tarifas
  rutaApi(app, apiFinanzas.listarTarifas, { acceso: facturas, tags }, async (req) => {
    const { filas, meta } = await servicio.listarTarifas(req.ctx(), req.query);
    return okPaginado(filas, meta);
  });
  rutaApi(app, apiFinanzas.historialPrecios, { acceso: facturas, tags }, async (req) =>
    ok(await servicio.historialPrecios(req.ctx(), req.query.CodigoServicio)),
  );
  rutaApi(
    app,
    apiFinanzas.guardarTarifa,
    { acceso: { modulo: 'finances/invoices', accion: 'editar' }, tags },
    async (req) => ok(await servicio.guardarTarifa(req.ctx(), req.body.data), 'Tarifa guardada'),
  );

  // comprobantes
  rutaApi(app, apiFinanzas.listarComprobantes, { acceso: 'sesion', tags }, async (req) => {
    const { filas, meta } = await servicio.listarComprobantes(req.ctx(), req.query);
    return okPaginado(filas, meta);
  });
  rutaApi(app, apiFinanzas.consultarComprobante, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.consultarComprobante(req.ctx(), req.query.CodigoComprobante)),
  );
  rutaApi(app, apiFinanzas.descargarXml, { acceso: 'sesion', tags }, async (req, reply) => {
    const a = await servicio.xmlComprobante(req.ctx(), req.query.CodigoComprobante);
    return enviarArchivo(reply, 'application/xml; charset=utf-8', a.nombre, a.contenido);
  });
  rutaApi(app, apiFinanzas.descargarCdr, { acceso: 'sesion', tags }, async (req, reply) => {
    const a = await servicio.cdrComprobante(req.ctx(), req.query.CodigoComprobante);
    return enviarArchivo(reply, 'application/xml; charset=utf-8', a.nombre, a.contenido);
  });
  rutaApi(app, apiFinanzas.descargarPdf, { acceso: 'sesion', tags }, async (req, reply) => {
    const a = await pdfComprobante(req.ctx(), req.query.CodigoComprobante);
    return enviarArchivo(reply, TIPO_PDF, a.nombre, a.contenido);
  });
  rutaApi(app, apiFinanzas.emitir, { acceso: emitir, tags }, async (req) =>
    ok(await servicio.emitir(req.ctx(), motor, req.body.data), 'Comprobante emitido'),
  );
  rutaApi(app, apiFinanzas.emitirNotaCredito, { acceso: emitir, tags }, async (req) =>
    ok(await servicio.emitirNotaCredito(req.ctx(), motor, req.body.data), 'Nota de crédito emitida'),
  );

  // facturación automática
  const tareas = { modulo: 'finances/tasks', accion: 'listar' } as const;
  rutaApi(app, apiFinanzas.previsualizarCorrida, { acceso: tareas, tags }, async (req) =>
    ok(await servicio.previsualizarPublico(req.ctx(), req.query.Periodo, req.query.CodigoEmpresaUsuario)),
  );
  rutaApi(
    app,
    apiFinanzas.emitirCorrida,
    { acceso: { modulo: 'finances/tasks', accion: 'agregar' }, tags },
    async (req) => {
      const r = await servicio.emitirCorrida(
        req.ctx(),
        motor,
        req.body.data.periodo,
        req.body.data.codigoEmpresaUsuario,
      );
      return ok(r, r.resultado);
    },
  );
  rutaApi(app, apiFinanzas.listarCorridas, { acceso: tareas, tags }, async (req) => {
    const { filas, meta } = await servicio.listarCorridas(req.ctx(), req.query);
    return okPaginado(filas, meta);
  });

  // pagos y deuda
  const pagos = { modulo: 'finances/Payments', accion: 'listar' } as const;
  rutaApi(
    app,
    apiFinanzas.registrarPago,
    { acceso: { modulo: 'finances/Payments', accion: 'agregar' }, tags },
    async (req) => ok(await servicio.registrarPago(req.ctx(), req.body.data), 'Pago registrado'),
  );
  rutaApi(
    app,
    apiFinanzas.anularPago,
    { acceso: { modulo: 'finances/Payments', accion: 'eliminar' }, tags },
    async (req) => ok(await servicio.anularPago(req.ctx(), req.body.data), 'Pago anulado'),
  );
  rutaApi(app, apiFinanzas.listarPagos, { acceso: pagos, tags }, async (req) => {
    const { filas, meta } = await servicio.listarPagos(req.ctx(), req.query);
    return okPaginado(filas, meta);
  });
  const reporte = { modulo: 'reports/Finances', accion: 'listar' } as const;
  rutaApi(app, apiFinanzas.listarDeuda, { acceso: reporte, tags }, async (req) => {
    const { filas, meta } = await servicio.deuda(req.ctx(), req.query, true);
    return okPaginado(filas, meta);
  });
  rutaApi(app, apiFinanzas.exportarDeuda, { acceso: reporte, tags }, async (req, reply) => {
    const { filas } = await servicio.deuda(req.ctx(), req.query, false);
    const { excelDeuda } = await import('./excel');
    return enviarArchivo(
      reply,
      TIPO_XLSX,
      `ReporteDeuda_${new Date().toISOString().slice(0, 10)}.xlsx`,
      await excelDeuda(filas),
    );
  });
  rutaApi(
    app,
    apiFinanzas.renovarTransportista,
    { acceso: { modulo: 'finances/trucks', accion: 'agregar' }, tags },
    async (req) =>
      ok(
        await servicio.renovarTransportista(req.ctx(), motor, req.body.data.codigoTransportistaUsuario),
        'Registro renovado y facturado',
      ),
  );
  rutaApi(
    app,
    apiFinanzas.listarRegistroImportadores,
    { acceso: { modulo: 'finances/importador', accion: 'listar' }, tags },
    async (req) => {
      const { filas, meta } = await servicio.listarRegistroImportadores(req.ctx(), req.query);
      return okPaginado(filas, meta);
    },
  );
  rutaApi(
    app,
    apiFinanzas.renovarImportador,
    { acceso: { modulo: 'finances/importador', accion: 'agregar' }, tags },
    async (req) =>
      ok(
        await servicio.renovarImportador(req.ctx(), motor, req.body.data.codigoImportador),
        'Registro renovado y facturado',
      ),
  );
  rutaApi(
    app,
    apiFinanzas.guardarParametros,
    { acceso: { modulo: 'finances/invoices', accion: 'editar' }, tags },
    async (req) => ok(await servicio.guardarParametros(req.ctx(), req.body.data), 'Parámetros guardados'),
  );
  rutaApi(app, apiFinanzas.parametros, { acceso: 'sesion', tags }, async (req) =>
    ok(await servicio.parametros(req.ctx())),
  );
};
export default finanzasRutas;

const COLAS = new WeakMap<object, ColaComprobantes>();
export const colaDe = (db: object) => COLAS.get(db);
