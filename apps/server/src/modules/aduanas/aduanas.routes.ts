import { apiAduanas, fechaLima, MENSAJES_ADUANAS as MA } from '@cronos/contract';
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import { consultaPermitida } from '../ajustes/ajustes.service';
import type { Modulo } from '../tipos';
import * as repo from './aduanas.repository';
import * as servicio from './aduanas.service';
import { proveedorConfigurado } from './proveedor-levante';
import { cabecerasDescarga, TIPO_XLSX } from '../../platform/descarga';

const tags = ['Aduanas'];
const DECLARACIONES = ['operations/Declarations', 'operations/DeclarationsControl', 'operations/DAM'];
const leer = { modulo: DECLARACIONES, accion: 'listar' } as const;

const COLUMNAS_EXCEL = [
  { header: 'N°', key: 'n', width: 6 },
  { header: 'Número de declaración', key: 'numero', width: 22 },
  { header: 'Aduana', key: 'aduana', width: 20 },
  { header: 'Régimen', key: 'regimen', width: 30 },
  { header: 'Fecha de numeración', key: 'fecha', width: 14 },
  { header: 'Empresa usuaria', key: 'empresa', width: 36 },
  { header: 'RUC importador', key: 'ruc', width: 14 },
  { header: 'Importador', key: 'importador', width: 36 },
  { header: 'FOB (USD)', key: 'fob', width: 12 },
  { header: 'Flete', key: 'flete', width: 12 },
  { header: 'Seguro', key: 'seguro', width: 12 },
  { header: 'CIF', key: 'cif', width: 12 },
  { header: 'Peso bruto (kg)', key: 'bruto', width: 14 },
  { header: 'Peso neto (kg)', key: 'neto', width: 14 },
  { header: 'Bultos', key: 'bultos', width: 8 },
  { header: 'Series', key: 'series', width: 8 },
  { header: 'Canal', key: 'canal', width: 10 },
  { header: 'Levante', key: 'levante', width: 12 },
  { header: 'Fecha de levante', key: 'fechaLevante', width: 14 },
];

/** Customs area (DOMAIN.md §12): declarations register, reconciliation, release query. */
const aduanas: Modulo = async (app, deps) => {
  const proveedor = proveedorConfigurado(deps.config);
  // The act's verification is public: /api/docs shows it without the bearer lock.
  app.addHook('onRoute', (r) => {
    if (r.config?.acceso === 'publico' && r.schema) r.schema.security = [];
  });

  rutaApi(app, apiAduanas.listar, { acceso: leer, tags }, async (req) => {
    const r = await servicio.listar(req.ctx(), req.query);
    return okPaginado(r.filas, r.meta);
  });

  rutaApi(app, apiAduanas.exportar, { acceso: leer, tags }, async (req, reply) => {
    const ctx = req.ctx();
    const filtro = servicio.filtroExcel(ctx, req.query);
    const salida = new PassThrough();
    cabecerasDescarga(reply, { tipo: TIPO_XLSX, nombre: `declaraciones-${fechaLima(ctx.ahora())}.xlsx` });
    const libro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: salida, useStyles: true });
    const hoja = libro.addWorksheet('Declaraciones');
    hoja.columns = COLUMNAS_EXCEL;
    hoja.getRow(1).font = { bold: true };
    (async () => {
      let n = 0;
      for await (const lote of repo.recorrerDeclaraciones(ctx.db, filtro)) {
        for (const f of lote) {
          n += 1;
          hoja
            .addRow({
              n,
              numero: f.d.numeroDeclaracion,
              aduana: f.aduana ?? f.d.codigoAduana,
              regimen: f.regimen ?? f.d.codigoRegimen,
              fecha: f.d.fechaNumeracion ? new Date(`${f.d.fechaNumeracion}T00:00:00Z`) : null,
              empresa: f.razonSocial,
              ruc: f.d.rucImportador,
              importador: f.d.razonImportador,
              fob: Number(f.d.valorFob),
              flete: Number(f.d.flete),
              seguro: Number(f.d.seguro),
              cif: Number(f.d.cif),
              bruto: Number(f.d.pesoBruto),
              neto: Number(f.d.pesoNeto),
              bultos: f.d.totalBultos,
              series: f.d.numeroSeries,
              canal: f.d.canal,
              levante: !f.d.requiereLevante ? 'No requiere' : f.d.estadoLevante === 1 ? 'Con levante' : 'Sin levante',
              fechaLevante: f.d.fechaLevante ? fechaLima(f.d.fechaLevante) : null,
            })
            .commit();
        }
      }
      hoja.getColumn('fecha').numFmt = 'dd/mm/yyyy';
      await hoja.commit();
      await libro.commit();
    })().catch((e) => {
      ctx.log.error({ err: e }, 'error al generar el Excel de declaraciones');
      salida.destroy(e instanceof Error ? e : new Error(String(e)));
    });
    return reply.send(salida);
  });

  rutaApi(app, apiAduanas.consultar, { acceso: leer, tags }, async (req) =>
    ok(await servicio.consultar(req.ctx(), req.query.CodigoDeclaracion)),
  );

  rutaApi(
    app,
    apiAduanas.guardar,
    { acceso: { modulo: 'operations/Declarations', accion: 'agregar' }, tags },
    async (req) => {
      const r = await servicio.guardar(req.ctx(), req.body.data);
      return ok(r, req.body.data.codigoDeclaracion ? MA.declaracionActualizada : MA.declaracionGuardada);
    },
  );

  rutaApi(
    app,
    apiAduanas.desdeDocumento,
    { acceso: { modulo: 'operations/Declarations', accion: 'agregar' }, tags },
    async (req) =>
      ok(await servicio.desdeDocumento(req.ctx(), req.body.data.codigoMovimientoDocumento), MA.declaracionGuardada),
  );

  rutaApi(app, apiAduanas.documentosDeOrden, { acceso: leer, tags }, async (req) =>
    ok(await servicio.documentosDeOrden(req.ctx(), req.query.CodigoIngreso)),
  );

  rutaApi(
    app,
    apiAduanas.vincular,
    { acceso: { modulo: 'operations/Declarations', accion: 'editar' }, tags },
    async (req) => ok(await servicio.vincular(req.ctx(), req.body.data), MA.vinculoGuardado),
  );

  rutaApi(
    app,
    apiAduanas.conciliacion,
    { acceso: { modulo: 'operations/DeclarationsControl', accion: 'listar' }, tags },
    async (req) => {
      const r = await servicio.listarConciliacion(req.ctx(), req.query);
      return okPaginado(r.filas, r.meta);
    },
  );

  rutaApi(
    app,
    apiAduanas.tolerancia,
    { acceso: { modulo: 'operations/DeclarationsControl', accion: 'listar' }, tags },
    async (req) => ok(await servicio.leerTolerancia(req.ctx())),
  );

  rutaApi(
    app,
    apiAduanas.guardarTolerancia,
    { acceso: { modulo: 'operations/DeclarationsControl', accion: 'editar' }, tags },
    async (req) => ok(await servicio.guardarTolerancia(req.ctx(), req.body.data), MA.toleranciaGuardada),
  );

  rutaApi(
    app,
    apiAduanas.consultarLevante,
    { acceso: { modulo: 'operations/DAM', accion: 'listar' }, tags },
    async (req) => {
      const ctx = req.ctx();
      const activo = await consultaPermitida(ctx.db, deps.config, 'levante');
      const r = await servicio.consultarLevante(ctx, activo ? proveedor : null, req.body.data);
      return ok({ declaracion: r.declaracion, respuesta: r.respuesta }, r.mensaje);
    },
  );

  // By hand when the release query is off or does not answer: the Declarations or the DAM screen.
  rutaApi(
    app,
    apiAduanas.levanteManual,
    { acceso: { modulo: ['operations/Declarations', 'operations/DAM'], accion: 'editar' }, tags },
    async (req) => ok(await servicio.registrarLevanteManual(req.ctx(), req.body.data), MA.levanteManualRegistrado),
  );

  rutaApi(app, apiAduanas.historialLevante, { acceso: leer, tags }, async (req) =>
    ok(await servicio.historialLevante(req.ctx(), req.query.CodigoDeclaracion)),
  );
};
export default aduanas;
