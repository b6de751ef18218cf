import { apiCip, fechaLima, MENSAJES_CIP as M } from '@cronos/contract';
import ExcelJS from 'exceljs';
import { rutaApi } from '../../platform/contrato';
import { meta } from '../../platform/paginacion';
import { ok, okPaginado } from '../../platform/respuesta';
import type { Modulo } from '../tipos';
import { pdfCip } from './cip-pdf';
import * as servicio from './cip.service';
import { enviarDescarga, TIPO_PDF, TIPO_XLSX } from '../../platform/descarga';

const tags = ['Industria'];
const MODULO = 'industry/cip';
const lee = { modulo: MODULO, accion: 'listar' } as const;
const agrega = { modulo: MODULO, accion: 'agregar' } as const;
const edita = { modulo: MODULO, accion: 'editar' } as const;

/** Industry: CIP versions, their review, and production reports. */
const cip: Modulo = async (app) => {
  rutaApi(app, apiCip.listar, { acceso: lee, tags }, async (req) => {
    const r = await servicio.listar(req.ctx(), req.query);
    return okPaginado(r.filas, meta(req.query, r.total));
  });
  rutaApi(app, apiCip.consultar, { acceso: lee, tags }, async (req) =>
    ok(await servicio.consultar(req.ctx(), req.query.CodigoCip)),
  );
  rutaApi(app, apiCip.historial, { acceso: lee, tags }, async (req) =>
    ok(await servicio.historial(req.ctx(), req.query.CodigoCatalogoUsuario)),
  );
  rutaApi(app, apiCip.productos, { acceso: lee, tags }, async (req) =>
    ok(await servicio.productos(req.ctx(), req.query)),
  );
  rutaApi(app, apiCip.guardar, { acceso: agrega, tags }, async (req) =>
    ok(await servicio.guardar(req.ctx(), req.body), M.guardado),
  );
  rutaApi(app, apiCip.enviar, { acceso: edita, tags }, async (req) =>
    ok(await servicio.enviar(req.ctx(), req.body), M.enviado),
  );
  rutaApi(app, apiCip.revisar, { acceso: edita, tags }, async (req) => {
    const r = await servicio.revisar(req.ctx(), req.body);
    return ok(r, req.body.decision === 'APROBAR' ? M.aprobado : M.observado);
  });
  rutaApi(app, apiCip.exportar, { acceso: lee, tags }, async (req, reply) => {
    const ctx = req.ctx();
    const { filas, insumos } = await servicio.exportar(ctx, req.query);
    const libro = new ExcelJS.Workbook();
    const hoja = libro.addWorksheet('CIP');
    hoja.columns = [
      { header: 'Empresa', key: 'empresa', width: 34 },
      { header: 'Producto terminado', key: 'producto', width: 34 },
      { header: 'Versión', key: 'version', width: 8 },
      { header: 'Estado', key: 'estado', width: 12 },
      { header: 'Vigencia desde', key: 'desde', width: 14 },
      { header: 'Vigencia hasta', key: 'hasta', width: 14 },
      { header: 'Insumo', key: 'insumo', width: 34 },
      { header: 'Cantidad por unidad', key: 'cantidad', width: 18 },
      { header: 'Unidad', key: 'unidad', width: 8 },
      { header: 'Unidad del insumo', key: 'unidadInsumo', width: 10 },
      { header: 'Merma %', key: 'merma', width: 10 },
      { header: 'Residuo %', key: 'residuo', width: 10 },
    ];
    hoja.getRow(1).font = { bold: true };
    for (const f of filas) {
      const base = {
        empresa: f.razonSocial,
        producto: f.producto,
        version: f.numeroVersion,
        estado: f.descripcionEstado,
        desde: f.fechaInicioVigencia,
        hasta: f.fechaFinVigencia ?? '',
      };
      const propios = insumos.filter((x) => x.codigoCip === f.codigoCip);
      if (!propios.length) hoja.addRow(base);
      for (const x of propios) {
        hoja.addRow({
          ...base,
          insumo: x.insumo,
          cantidad: Number(x.i.cantidadPorUnidad),
          unidad: x.i.codigoUnidadMedida,
          unidadInsumo: x.codigoUnidadMedidaInsumo,
          merma: Number(x.i.porcentajeMerma),
          residuo: Number(x.i.porcentajeResiduo),
        });
      }
    }
    const contenido = Buffer.from(await libro.xlsx.writeBuffer());
    return enviarDescarga(reply, { tipo: TIPO_XLSX, nombre: `CIP-${fechaLima(ctx.ahora())}.xlsx` }, contenido);
  });
  rutaApi(app, apiCip.pdf, { acceso: lee, tags }, async (req, reply) => {
    const ctx = req.ctx();
    const d = await servicio.consultar(ctx, req.query.CodigoCip);
    const contenido = await pdfCip(d, ctx.ahora());
    return enviarDescarga(
      reply,
      { tipo: TIPO_PDF, nombre: `CIP-${d.codigoCip}-v${d.numeroVersion}.pdf`, enLinea: true },
      contenido,
    );
  });
  rutaApi(app, apiCip.registrarProduccion, { acceso: agrega, tags }, async (req) =>
    ok(await servicio.registrarProduccion(req.ctx(), req.body), M.produccionRegistrada),
  );
  rutaApi(app, apiCip.listarProduccion, { acceso: lee, tags }, async (req) => {
    const r = await servicio.listarProduccion(req.ctx(), req.query);
    return okPaginado(r.filas, meta(req.query, r.total));
  });
  rutaApi(app, apiCip.consultarProduccion, { acceso: lee, tags }, async (req) =>
    ok(await servicio.consultarProduccion(req.ctx(), req.query.CodigoProduccion)),
  );
};
export default cip;
