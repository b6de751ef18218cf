import { apiBalanza, MENSAJES_ETAPAS } from '@cronos/contract';
import { rutaApi } from '../../platform/contrato';
import { noEncontrado, solicitudInvalida } from '../../platform/errores';
import { ok, okPaginado } from '../../platform/respuesta';
import { guardarControlSalida } from '../control-seguridad/control-seguridad.service';
import { buscarParaEtapa, datosControl, MODULOS_ETAPAS } from '../etapas/consultas';
import { cargarMovimiento, lineasDeMovimiento } from '../etapas/etapas.repository';
import type { Modulo } from '../tipos';
import { calcularPesos, capturarPeso, guardarPesaje } from './balanza.service';
import { RegistroBalanzas } from './lector/registro';

const tags = ['Balanza'];
const lectura = { modulo: MODULOS_ETAPAS, accion: 'listar' } as const;

/** What a weighing save answers: its record and weights (the order itself stays on the server). */
const resultado = (r: Awaited<ReturnType<typeof guardarPesaje>>) => ({
  codigoControlMovimiento: r.codigoControlMovimiento,
  codigoTipoBalanza: r.codigoTipoBalanza,
  peso: r.peso,
  pesoCarreta: r.pesoCarreta,
  pesoBruto: r.pesoBruto,
  pesoTara: r.pesoTara,
  pesoNeto: r.pesoNeto,
  pesoTotalMercancia: r.pesoTotalMercancia,
  ...(r.pesoEntrada === undefined ? {} : { pesoEntrada: r.pesoEntrada }),
  capturas: r.capturas,
});

/** Weighing (spec 03 §2.3, §2.4, §7.2), exit security control, and the scale reader behind them. */
const balanzaRutas: Modulo = async (app, { db }) => {
  const registro = new RegistroBalanzas(db);
  app.addHook('onClose', async () => registro.cerrar());

  rutaApi(
    app,
    apiBalanza.buscar,
    {
      acceso: { modulo: ['balanza/firstScales', 'balanza/secondScales', 'security/exit'], accion: 'listar' },
      tags,
    },
    async (req) => {
      const estado = req.query.CodigoEstadoMovimiento;
      if (estado !== 2 && estado !== 3 && estado !== 4) throw solicitudInvalida(MENSAJES_ETAPAS.sinDatos);
      const r = await buscarParaEtapa(req.ctx(), req.query, estado);
      return ok(r.filas, r.aviso);
    },
  );

  rutaApi(app, apiBalanza.datosControl, { acceso: lectura, tags }, async (req) =>
    ok(await datosControl(req.ctx(), req.query.CodigoMovimiento)),
  );

  rutaApi(app, apiBalanza.lineas, { acceso: lectura, tags }, async (req) => {
    const ctx = req.ctx();
    await cargarMovimiento(ctx.db, ctx.actor, req.query.CodigoMovimiento);
    const filas = await lineasDeMovimiento(ctx.db, req.query.CodigoMovimiento);
    const porPagina = 50;
    const desde = (req.query.PageNumber - 1) * porPagina;
    return okPaginado(filas.slice(desde, desde + porPagina), {
      total: filas.length,
      current_page: req.query.PageNumber,
      per_page: porPagina,
    });
  });

  rutaApi(
    app,
    apiBalanza.primerPesaje,
    { acceso: { modulo: 'balanza/firstScales', accion: 'agregar' }, tags },
    async (req) => {
      const c = await capturarPeso(req.ctx(), registro, 2, req.query);
      return ok({
        codigoPesaje: c.codigoPesaje,
        numeroCarreta: c.numeroCarreta,
        peso: c.peso,
        pesoBruto: c.peso,
        pesoNeto: 0,
        pesoTara: 0,
        trama: c.trama,
        connected: true,
      });
    },
  );

  rutaApi(
    app,
    apiBalanza.segundoPesaje,
    { acceso: { modulo: 'balanza/secondScales', accion: 'agregar' }, tags },
    async (req) => {
      const q = req.query;
      const segunda = q.TipoCarreta === 2 || q.Carreta === 2;
      const c = await capturarPeso(req.ctx(), registro, 4, { ...q, Carreta: segunda ? 2 : 1 });
      const primera = segunda ? (q.PrimeraPesadaCarreta ?? 0) : c.peso;
      const pesoSegundaCarreta = segunda ? c.peso : 0;
      const pesos = calcularPesos(c.entrada, primera + pesoSegundaCarreta);
      return ok({
        codigoPesaje: c.codigoPesaje,
        numeroCarreta: c.numeroCarreta,
        peso: primera,
        pesoSegundaCarreta,
        pesoEntrada: c.entrada,
        ...pesos,
        trama: c.trama,
        connected: true,
      });
    },
  );

  rutaApi(
    app,
    apiBalanza.guardarIngreso,
    { acceso: { modulo: 'balanza/firstScales', accion: 'agregar' }, tags },
    async (req) =>
      ok(resultado(await guardarPesaje(req.ctx(), 2, req.body.data)), MENSAJES_ETAPAS.pesajeIngresoGuardado),
  );

  rutaApi(
    app,
    apiBalanza.guardarSalida,
    { acceso: { modulo: 'balanza/secondScales', accion: 'agregar' }, tags },
    async (req) =>
      ok(resultado(await guardarPesaje(req.ctx(), 4, req.body.data)), MENSAJES_ETAPAS.pesajeSalidaGuardado),
  );

  rutaApi(
    app,
    apiBalanza.guardarControlSalida,
    { acceso: { modulo: 'security/exit', accion: 'agregar' }, tags },
    async (req) => {
      const r = await guardarControlSalida(req.ctx(), req.body.data);
      return {
        success: 'true' as const,
        message: MENSAJES_ETAPAS.controlSalidaGuardado,
        data: { codigoControlMovimiento: r.codigoControlMovimiento, reservasDebitadas: r.reservasDebitadas },
      };
    },
  );

  // Ours: the live state of a scale (the weighing screens show whether the indicator answers).
  rutaApi(
    app,
    apiBalanza.estado,
    { acceso: { modulo: ['balanza/firstScales', 'balanza/secondScales'], accion: 'listar' }, tags },
    async (req) => ok(await registro.estado(req.query.TipoBalanza)),
  );

  // Ours: only while a scale type runs the built-in simulator, put a load on its platform (demo, tests).
  rutaApi(
    app,
    apiBalanza.simularPeso,
    {
      acceso: { modulo: ['balanza/firstScales', 'balanza/secondScales'], accion: 'agregar' },
      sinAuditoria: 'Simulador de balanza: fija la lectura del indicador simulado, no cambia datos de la zona.',
      tags,
    },
    async (req) => {
      const s = await registro.simulador(req.body.tipoBalanza);
      if (!s) throw noEncontrado();
      s.fijar({ peso: req.body.peso, estable: req.body.estable, sobrecarga: req.body.sobrecarga });
      return ok(s.estado, 'Peso del simulador actualizado');
    },
  );
};

export default balanzaRutas;
