import {
  etapa,
  type FormularioPesaje,
  MENSAJES_ETAPAS,
  motivoRechazoEtapa,
  PESO_MINIMO_BALANZA_KG,
  tipoBalanzaDeIngreso,
} from '@cronos/contract';
import type { DbOTx, Tx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, errorCampos } from '../../platform/errores';
import { revisarTrasPesaje } from '../aduanas/aduanas.service';
import { cargarMovimiento, controlesDe, type Movimiento } from '../etapas/etapas.repository';
import { fueraDeEstado, registrarEtapa } from '../etapas/transicion';
import {
  capturaLibre,
  guardarPesosControl,
  insertarCaptura,
  pesosDeIngreso,
  vincularCapturas,
} from './balanza.repository';
import { FallaBalanza } from './lector/lector-balanza';
import type { RegistroBalanzas } from './lector/registro';
import { aNumero, Decimal, sumar } from '../../platform/dinero';

const FALLAS: Record<FallaBalanza['motivo'], () => AppError> = {
  'sin-conexion': () => new AppError(503, MENSAJES_ETAPAS.balanzaSinConexion),
  inestable: () => new AppError(422, MENSAJES_ETAPAS.balanzaInestable),
  sobrecarga: () => new AppError(422, MENSAJES_ETAPAS.balanzaSobrecarga),
};

function exigirBalanzaDelIngreso(m: Movimiento, tipoBalanza: number) {
  if (tipoBalanzaDeIngreso(m.codigoTipoIngreso) !== tipoBalanza) {
    throw errorCampos(
      { codeTipoBalanza: [MENSAJES_ETAPAS.balanzaNoCorresponde] },
      MENSAJES_ETAPAS.balanzaNoCorresponde,
    );
  }
}

/** Total weight recorded at entry weighing (vehicle plus trailer). */
async function pesoDeIngreso(tx: DbOTx, codigoMovimiento: number) {
  const c = await pesosDeIngreso(tx, codigoMovimiento);
  return c ? aNumero(sumar([c.peso, c.pesoCarreta]), 3) : 0;
}

/** Gross is the heavier pass, tare the lighter, net the difference (entry or exit order alike). */
export const calcularPesos = (primero: number, segundo: number) => {
  const pesoBruto = Math.max(primero, segundo);
  const pesoTara = Math.min(primero, segundo);
  return { pesoBruto, pesoTara, pesoNeto: aNumero(new Decimal(pesoBruto).minus(pesoTara), 3) };
};

/**
 * Captures a weight for a weighing stage: scale type 1 reads the indicator (a stable weight only), type 2
 * is "sin balanza" (0 kg). The capture is stored with its raw frame, scale, protocol, time and user.
 */
export async function capturarPeso(
  ctx: Ctx,
  registro: RegistroBalanzas,
  tipoControl: 2 | 4,
  q: { TipoBalanza: number; CodigoMovimiento: number; Carreta?: number },
) {
  const m = await cargarMovimiento(ctx.db, ctx.actor, q.CodigoMovimiento);
  const controles = await controlesDe(ctx.db, m.codigoMovimiento);
  const motivo = motivoRechazoEtapa(tipoControl, { ...m, ...controles });
  if (motivo) throw fueraDeEstado(motivo);
  exigirBalanzaDelIngreso(m, q.TipoBalanza);
  let captura: { peso: number; trama: string | null; protocolo: string | null; fecha: Date };
  if (q.TipoBalanza === 2) captura = { peso: 0, trama: null, protocolo: null, fecha: ctx.ahora() };
  else {
    try {
      captura = await registro.capturar(q.TipoBalanza);
    } catch (e) {
      if (e instanceof FallaBalanza) throw FALLAS[e.motivo]();
      throw e;
    }
  }
  const numeroCarreta = q.Carreta ?? 1;
  return ctx.db.transaction(async (tx) => {
    const fila = await insertarCaptura(tx, {
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoControl: tipoControl,
      codigoTipoBalanza: q.TipoBalanza,
      numeroCarreta,
      peso: String(captura.peso),
      protocolo: captura.protocolo,
      trama: captura.trama,
      fechaCaptura: captura.fecha,
      codigoUsuario: ctx.actor.codigoUsuario,
      usuarioRegistro: ctx.actor.nombreUsuario,
    });
    await auditar(tx, ctx, {
      tipo: 'PESAJE_CAPTURA',
      detalle: `Captura de ${captura.peso} kg (balanza ${q.TipoBalanza}) para la orden ${m.codigoIngreso}`,
      entidad: 'pesaje',
      codigoEntidad: fila.codigoPesaje,
      despues: { peso: captura.peso, trama: captura.trama, tipoControl, numeroCarreta },
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    const entrada = tipoControl === 4 ? await pesoDeIngreso(tx, m.codigoMovimiento) : 0;
    return { codigoPesaje: fila.codigoPesaje, peso: captura.peso, trama: captura.trama, entrada, numeroCarreta };
  });
}

/** The captures a save uses: the ones the screen names, or the latest unused ones of the stage. */
async function capturasDelGuardado(tx: Tx, m: Movimiento, tipoControl: 2 | 4, f: FormularioPesaje) {
  const buscar = (numeroCarreta: number, codigoPesaje?: number | null) =>
    capturaLibre(tx, {
      codigoMovimiento: m.codigoMovimiento,
      codigoTipoControl: tipoControl,
      codigoTipoBalanza: f.codeTipoBalanza,
      numeroCarreta,
      codigoPesaje,
    });
  const vehiculo = await buscar(1, f.codigoPesaje);
  const conCarreta = Boolean(f.codigoPesajeCarreta) || (f.pesoCarreta ?? 0) > 0;
  const carreta = conCarreta ? await buscar(2, f.codigoPesajeCarreta) : undefined;
  return { vehiculo, carreta, conCarreta };
}

/**
 * Entry (type 2) and exit (type 4) weighing saves (spec 03 §5.2). The saved weights are the server's own
 * captures; type 1 needs more than 80 kg, type 2 exactly 0; with a trailer the weight is the sum.
 */
export function guardarPesaje(ctx: Ctx, tipoControl: 2 | 4, f: FormularioPesaje) {
  return registrarEtapa(ctx, tipoControl, f.codigoMovimiento, {
    antes: async (_tx, m) => {
      exigirBalanzaDelIngreso(m, f.codeTipoBalanza);
      if (f.codeTipoBalanza === 2 && (f.peso > 0 || (f.pesoCarreta ?? 0) > 0)) {
        throw errorCampos({ peso: [MENSAJES_ETAPAS.pesoMayor0] }, MENSAJES_ETAPAS.pesoMayor0);
      }
    },
    despues: async (tx, m, codigoControlMovimiento) => {
      const { vehiculo, carreta, conCarreta } = await capturasDelGuardado(tx, m, tipoControl, f);
      let peso = 0;
      let pesoCarreta = 0;
      if (f.codeTipoBalanza === 1) {
        if (!vehiculo || (conCarreta && !carreta))
          throw errorCampos({ peso: [MENSAJES_ETAPAS.pesoNoCapturado] }, MENSAJES_ETAPAS.pesoNoCapturado);
        peso = Number(vehiculo.peso);
        pesoCarreta = carreta ? Number(carreta.peso) : 0;
        if (peso + pesoCarreta <= PESO_MINIMO_BALANZA_KG || peso <= 0)
          throw errorCampos({ peso: [MENSAJES_ETAPAS.pesoMayor80] }, MENSAJES_ETAPAS.pesoMayor80);
      }
      const total = aNumero(sumar([peso, pesoCarreta]), 3);
      let resultado: {
        pesoBruto: number | null;
        pesoTara: number | null;
        pesoNeto: number | null;
        pesoTotalMercancia: number | null;
        pesoEntrada?: number;
      };
      if (tipoControl === 4) {
        const entrada = await pesoDeIngreso(tx, m.codigoMovimiento);
        const c = calcularPesos(entrada, total);
        resultado = { ...c, pesoTotalMercancia: c.pesoNeto, pesoEntrada: entrada };
      } else resultado = { pesoBruto: total, pesoTara: null, pesoNeto: null, pesoTotalMercancia: null };
      const usadas = [vehiculo?.codigoPesaje, carreta?.codigoPesaje].filter((x): x is number => Boolean(x));
      await vincularCapturas(tx, usadas, codigoControlMovimiento);
      const texto = (v: number | null) => (v === null ? null : String(v));
      await guardarPesosControl(tx, codigoControlMovimiento, {
        codigoTipoBalanza: f.codeTipoBalanza,
        peso: String(peso),
        pesoCarreta: String(pesoCarreta),
        pesoBruto: texto(resultado.pesoBruto),
        pesoTara: texto(resultado.pesoTara),
        pesoNeto: texto(resultado.pesoNeto),
        pesoTotalMercancia: texto(resultado.pesoTotalMercancia),
      });
      // Customs reconciliation: an exit net out of tolerance observes the order (once; aduanas module).
      if (tipoControl === 4) await revisarTrasPesaje(tx, ctx, m);
      return { peso, pesoCarreta, ...resultado, codigoTipoBalanza: f.codeTipoBalanza, capturas: usadas };
    },
  });
}

export const nombreEtapaPesaje = (tipoControl: 2 | 4) => etapa(tipoControl).nombre;
