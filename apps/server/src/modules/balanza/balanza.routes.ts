import {
  busquedaBalanza,
  capturaPrimerPesaje,
  capturaSegundoPesaje,
  entero,
  formularioControl,
  formularioPesaje,
  MENSAJES_ETAPAS,
  porMovimiento,
} from '@cronos/contract';
import { z } from 'zod';
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
const conData = <T extends z.ZodType>(s: T) => z.object({ data: s });

/** Weighing (spec 03 §2.3, §2.4, §7.2), exit security control, and the scale reader behind them. */
const balanzaRutas: Modulo = async (app, { db }) => {
  const registro = new RegistroBalanzas(db);
  app.addHook('onClose', async () => registro.cerrar());

  app.get(
    '/Balanza/ConsultarMovimientoControl',
    {
      config: {
        acceso: { modulo: ['balanza/firstScales', 'balanza/secondScales', 'security/exit'], accion: 'listar' },
      },
      schema: { tags, querystring: busquedaBalanza },
    },
    async (req) => {
      const estado = req.query.CodigoEstadoMovimiento;
      if (estado !== 2 && estado !== 3 && estado !== 4) throw solicitudInvalida(MENSAJES_ETAPAS.sinDatos);
      return ok(await buscarParaEtapa(req.ctx(), req.query, estado));
    },
  );

  app.get(
    '/Balanza/ConsultaMovimientoDatosControl',
    { config: { acceso: lectura }, schema: { tags, querystring: porMovimiento } },
    async (req) => ok(await datosControl(req.ctx(), req.query.CodigoMovimiento)),
  );

  app.get(
    '/Balanza/ListarDatosDetalle',
    {
      config: { acceso: lectura },
      schema: { tags, querystring: porMovimiento.extend({ PageNumber: entero().min(1).default(1) }) },
    },
    async (req) => {
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
    },
  );

  app.get(
    '/Balanza/ObtenerPrimerPesaje',
    {
      config: { acceso: { modulo: 'balanza/firstScales', accion: 'agregar' } },
      schema: { tags, querystring: capturaPrimerPesaje },
    },
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

  app.get(
    '/Balanza/ObtenerSegundoPesaje',
    {
      config: { acceso: { modulo: 'balanza/secondScales', accion: 'agregar' } },
      schema: { tags, querystring: capturaSegundoPesaje },
    },
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

  app.post(
    '/Balanza/GuardarBalanzaIngreso',
    {
      config: { acceso: { modulo: 'balanza/firstScales', accion: 'agregar' } },
      schema: { tags, body: conData(formularioPesaje) },
    },
    async (req) => {
      const r = await guardarPesaje(req.ctx(), 2, req.body.data);
      return { success: true, message: MENSAJES_ETAPAS.pesajeIngresoGuardado, data: sinMovimiento(r) };
    },
  );

  app.post(
    '/Balanza/ActualizaBalanzaSalida',
    {
      config: { acceso: { modulo: 'balanza/secondScales', accion: 'agregar' } },
      schema: { tags, body: conData(formularioPesaje) },
    },
    async (req) => {
      const r = await guardarPesaje(req.ctx(), 4, req.body.data);
      return { success: true, message: MENSAJES_ETAPAS.pesajeSalidaGuardado, data: sinMovimiento(r) };
    },
  );

  app.post(
    '/Balanza/GuardarVerificacionControlSalida',
    {
      config: { acceso: { modulo: 'security/exit', accion: 'agregar' } },
      schema: { tags, body: conData(formularioControl) },
    },
    async (req) => {
      const r = await guardarControlSalida(req.ctx(), req.body.data);
      return { success: 'true' as const, message: MENSAJES_ETAPAS.controlSalidaGuardado, data: sinMovimiento(r) };
    },
  );

  // Ours: the live state of a scale (the weighing screens show whether the indicator answers).
  app.get(
    '/Balanza/EstadoBalanza',
    {
      config: { acceso: { modulo: ['balanza/firstScales', 'balanza/secondScales'], accion: 'listar' } },
      schema: { tags, querystring: z.object({ TipoBalanza: entero().min(1).max(2) }) },
    },
    async (req) => ok(await registro.estado(req.query.TipoBalanza)),
  );

  // Ours: only while a scale type runs the built-in simulator, put a load on its platform (demo, tests).
  app.post(
    '/Balanza/SimularPeso',
    {
      config: {
        acceso: { modulo: ['balanza/firstScales', 'balanza/secondScales'], accion: 'agregar' },
        sinAuditoria: 'Simulador de balanza: fija la lectura del indicador simulado, no cambia datos de la zona.',
      },
      schema: {
        tags,
        body: z.object({
          tipoBalanza: entero().min(1).max(2),
          peso: z.number().min(-99_999).max(999_999),
          estable: z.boolean().default(true),
          sobrecarga: z.boolean().default(false),
        }),
      },
    },
    async (req) => {
      const s = await registro.simulador(req.body.tipoBalanza);
      if (!s) throw noEncontrado();
      s.fijar({ peso: req.body.peso, estable: req.body.estable, sobrecarga: req.body.sobrecarga });
      return ok(s.estado, 'Peso del simulador actualizado');
    },
  );
};

const sinMovimiento = <T extends { movimiento?: unknown }>(r: T) => {
  const { movimiento: _m, ...resto } = r;
  return resto;
};

export default balanzaRutas;
