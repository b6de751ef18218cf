import { apiAduanas, fechaLima, MENSAJES_ADUANAS as MA } from '@cronos/contract';
import { PassThrough } from 'node:stream';
import { rutaApi } from '../../platform/contrato';
import { ok, okPaginado } from '../../platform/respuesta';
import { consultaPermitida } from '../ajustes/ajustes.service';
import type { Modulo } from '../tipos';
import * as repo from './aduanas.repository';
import * as servicio from './aduanas.service';
import { proveedorConfigurado } from './proveedor-levante';
import { cabecerasDescarga, TIPO_XLSX } from '../../platform/descarga';
import { escribirXlsx, SalidaCerrada } from '../../platform/xlsx';

const tags = ['Aduanas'];
const DECLARACIONES = ['operations/Declarations', 'operations/DeclarationsControl', 'operations/DAM'];
const leer = { modulo: DECLARACIONES, accion: 'listar' } as const;

/** The export's columns: title and width. */
const COLUMNAS_EXCEL: [string, number][] = [
  ['N°', 6],
  ['Número de declaración', 22],
  ['Aduana', 20],
  ['Régimen', 30],
  ['Fecha de numeración', 14],
  ['Empresa usuaria', 36],
  ['RUC importador', 14],
  ['Importador', 36],
  ['FOB (USD)', 12],
  ['Flete', 12],
  ['Seguro', 12],
  ['CIF', 12],
  ['Peso bruto (kg)', 14],
  ['Peso neto (kg)', 14],
  ['Bultos', 8],
  ['Series', 8],
  ['Canal', 10],
  ['Levante', 12],
  ['Fecha de levante', 14],
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
    const hoja = escribirXlsx(salida, {
      hoja: 'Declaraciones',
      encabezado: COLUMNAS_EXCEL.map(([t]) => t),
      anchos: COLUMNAS_EXCEL.map(([, w]) => w),
    });
    (async () => {
      let n = 0;
      for await (const lote of repo.recorrerDeclaraciones(ctx.db, filtro)) {
        for (const f of lote) {
          n += 1;
          hoja.fila([
            n,
            f.d.numeroDeclaracion,
            f.aduana ?? f.d.codigoAduana,
            f.regimen ?? f.d.codigoRegimen,
            f.d.fechaNumeracion ? new Date(`${f.d.fechaNumeracion}T00:00:00Z`) : null,
            f.razonSocial,
            f.d.rucImportador,
            f.d.razonImportador,
            Number(f.d.valorFob),
            Number(f.d.flete),
            Number(f.d.seguro),
            Number(f.d.cif),
            Number(f.d.pesoBruto),
            Number(f.d.pesoNeto),
            f.d.totalBultos,
            f.d.numeroSeries,
            f.d.canal,
            !f.d.requiereLevante ? 'No requiere' : f.d.estadoLevante === 1 ? 'Con levante' : 'Sin levante',
            f.d.fechaLevante ? fechaLima(f.d.fechaLevante) : null,
          ]);
        }
        await hoja.vaciar();
      }
      await hoja.cerrar();
    })().catch((e) => {
      if (e instanceof SalidaCerrada) return; // the client went away: nothing to report
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
