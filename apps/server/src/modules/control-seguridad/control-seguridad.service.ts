import {
  type datosTransportistaMovimiento,
  type FormularioControl,
  type guardarTransportistaUsuario,
  MENSAJES_ETAPAS,
} from '@cronos/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado, reglaNegocio } from '../../platform/errores';
import { empresaParaEscribir } from '../../platform/tenencia';
import { exigirLevante } from '../aduanas/aduanas.service';
import { cargarMovimiento, exigirEmpresaEtapa, itemsConfigurados, type Movimiento } from '../etapas/etapas.repository';
import { fueraDeEstado, registrarEtapa } from '../etapas/transicion';
import {
  actualizarDatosConductor,
  bloqueoDeEmpresa,
  insertarTransportista,
  tipoDocumentoIdentidadHabilitado,
  transportistaDeEmpresa,
} from './control-seguridad.repository';
import { deudaBloquea } from '../finanzas/finanzas.service';
import { debitarReservasSalida } from '../inventario/stock-etapas';

/** Debt block (spec 03 §4.6): a blocked company, or one whose overdue debt blocks it now, cannot pass. */
async function exigirSinBloqueo(tx: Tx, m: Movimiento, ahora: Date) {
  const e = await bloqueoDeEmpresa(tx, m.codigoEmpresaUsuario);
  if (e?.indicadorBloqueo || (await deudaBloquea(tx, m.codigoEmpresaUsuario, ahora))) {
    throw new AppError(423, MENSAJES_ETAPAS.bloqueoDeuda);
  }
}

/**
 * A control may leave configured items unticked only when its observation says why
 * (docs/adr/0036-listas-de-control.md): otherwise 422 on `observacion`, nothing written.
 */
async function exigirObservacionSiFaltanItems(tx: Tx, m: Movimiento, f: FormularioControl) {
  const configurados = await itemsConfigurados(tx, 6, m.codigoTipoIngreso);
  const marcados = new Set(f.detalleTipoControl.filter((d) => d.verificacion).map((d) => d.codigoDetalleTipoContol));
  if (configurados.some((i) => !marcados.has(i.codigoDetalleTipoContol)) && !f.observacion?.trim())
    throw errorCampos({ observacion: [MENSAJES_ETAPAS.controlSinObservacion] }, MENSAJES_ETAPAS.controlSinObservacion);
}

const antesDelControl = (ctx: Ctx, f: FormularioControl) => async (tx: Tx, m: Movimiento) => {
  await exigirSinBloqueo(tx, m, ctx.ahora());
  await exigirObservacionSiFaltanItems(tx, m, f);
};

/** Entry security control (type 1): the order moves on to entry weighing. */
export function guardarControlIngreso(ctx: Ctx, f: FormularioControl) {
  return registrarEtapa(ctx, 1, f.codigoMovimiento, {
    observacion: f.observacion,
    detalle: f.detalleTipoControl,
    antes: antesDelControl(ctx, f),
  });
}

/** Exit security control (type 6): the order is final and its reserved lots become withdrawals. */
export function guardarControlSalida(ctx: Ctx, f: FormularioControl) {
  return registrarEtapa(ctx, 6, f.codigoMovimiento, {
    observacion: f.observacion,
    detalle: f.detalleTipoControl,
    antes: async (tx, m) => {
      await antesDelControl(ctx, f)(tx, m);
      // An exit whose declaration needs a release waits for its levante (aduanas module).
      await exigirLevante(tx, m);
    },
    despues: async (tx, m) => ({
      reservasDebitadas: await debitarReservasSalida(tx, m, ctx.actor.nombreUsuario, ctx.ahora()),
    }),
  });
}

export async function consultarBloqueo(ctx: Ctx, codigoEmpresaUsuario: number) {
  exigirEmpresaEtapa(ctx.actor, codigoEmpresaUsuario);
  const e = await bloqueoDeEmpresa(ctx.db, codigoEmpresaUsuario);
  if (!e) throw noEncontrado();
  return { indicadorBloqueo: e.indicadorBloqueo || (await deudaBloquea(ctx.db, codigoEmpresaUsuario, ctx.ahora())) };
}

/** Identity document types the driver dialog offers disabled (spec 03 §5.5). */
const TIPOS_DOCUMENTO_CONDUCTOR_EXCLUIDOS = ['3', '5'];

/**
 * Driver and carrier update from the security control dialog (spec 03 §2.9): only while the order waits
 * at entry control (state 1), guarded by that state.
 */
export async function actualizarTransportista(ctx: Ctx, f: z.infer<typeof datosTransportistaMovimiento>) {
  return ctx.db.transaction(async (tx) => {
    const m = await cargarMovimiento(tx, ctx.actor, f.codigoMovimiento, true);
    if (m.codigoEstadoMovimiento !== 1) throw fueraDeEstado(MENSAJES_ETAPAS.fueraDeEtapa('Control de ingreso'));
    // The dialog lists the enabled types of group 2 without RUC (3) and the temporary permit (5) (spec 03 §5.5);
    // the type the order already has is kept.
    const tipo = f.codigoTipoDocumentoIdentidad;
    if (
      tipo &&
      tipo !== m.codigoTipoDocumentoIdentidad &&
      (TIPOS_DOCUMENTO_CONDUCTOR_EXCLUIDOS.includes(tipo) || !(await tipoDocumentoIdentidadHabilitado(tx, tipo)))
    )
      throw errorCampos(
        { codigoTipoDocumentoIdentidad: [MENSAJES_ETAPAS.tipoDocumentoConductor] },
        MENSAJES_ETAPAS.errorActualizacion,
      );
    let transportista: { ruc: string; razonSocial: string } | undefined;
    if (f.codigoTransportistaUsuario) {
      transportista = await transportistaDeEmpresa(tx, f.codigoTransportistaUsuario, m.codigoEmpresaUsuario);
      if (!transportista) throw noEncontrado();
    }
    const cambios = {
      codigoTipoDocumentoIdentidad: f.codigoTipoDocumentoIdentidad ?? m.codigoTipoDocumentoIdentidad,
      numeroDocumentoIdentidad: f.numeroDocumentoIdentidad ?? m.numeroDocumentoIdentidad,
      ...(f.nombres ? { nombres: f.nombres.toUpperCase() } : {}),
      ...(f.apellidoPaterno ? { apellidoPaterno: f.apellidoPaterno.toUpperCase() } : {}),
      ...(f.apellidoMaterno !== undefined ? { apellidoMaterno: f.apellidoMaterno?.toUpperCase() ?? null } : {}),
      ...(f.codigoPersona ? { codigoPersona: f.codigoPersona } : {}),
      ...(f.numeroBrevete !== undefined ? { numeroBrevete: f.numeroBrevete || null } : {}),
      ...(f.codigoClaseBrevete !== undefined ? { codigoClaseBrevete: f.codigoClaseBrevete || null } : {}),
      ...(f.placaUno ? { placaUno: f.placaUno } : {}),
      ...(f.placaDos !== undefined ? { placaDos: f.placaDos || null } : {}),
      // Declared weights (spec 03 §5.5): kept as the driver declared them, next to the scale's captures.
      ...(f.pesoBruto !== undefined
        ? { pesoBrutoDeclarado: f.pesoBruto === null ? null : f.pesoBruto.toFixed(3) }
        : {}),
      ...(f.pesoTara !== undefined ? { pesoTaraDeclarado: f.pesoTara === null ? null : f.pesoTara.toFixed(3) } : {}),
      ...(transportista
        ? {
            codigoTransportistaUsuario: f.codigoTransportistaUsuario,
            rucTransportistaUsuario: transportista.ruc,
            razonSocialTransportistaUsuario: transportista.razonSocial,
          }
        : {}),
    };
    const hecho = await actualizarDatosConductor(tx, m.codigoMovimiento, cambios, ctx.ahora(), f.version);
    // The row is locked and in state 1 here: no row means someone saved the order since the dialog read it.
    if (!hecho) throw f.version ? conflicto() : reglaNegocio(MENSAJES_ETAPAS.errorActualizacion);
    await auditar(tx, ctx, {
      tipo: 'MOVIMIENTO_TRANSPORTISTA',
      detalle: `Datos del conductor y transportista de la orden ${m.codigoIngreso}`,
      entidad: 'movimiento',
      codigoEntidad: m.codigoMovimiento,
      antes: {
        numeroDocumentoIdentidad: m.numeroDocumentoIdentidad,
        numeroBrevete: m.numeroBrevete,
        codigoTransportistaUsuario: m.codigoTransportistaUsuario,
        pesoBrutoDeclarado: m.pesoBrutoDeclarado,
        pesoTaraDeclarado: m.pesoTaraDeclarado,
      },
      despues: cambios,
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    return hecho;
  });
}

/** 'Registro Empresa' (spec 03 §2.10, §3.13): a foreign carrier company for a user company. */
export async function guardarTransportista(ctx: Ctx, f: z.infer<typeof guardarTransportistaUsuario>) {
  const empresa = empresaParaEscribir(ctx.actor, f.codigoEmpresaUsuario, [1, 2, 3, 4, 5, 7]);
  return ctx.db.transaction(async (tx) => {
    const fila = await insertarTransportista(tx, {
      codigoEmpresaUsuario: empresa,
      ruc: f.ruc.toUpperCase(),
      razonSocial: f.razonSocial.toUpperCase(),
      direccion: f.direccion,
      extranjero: true,
      usuarioRegistro: ctx.actor.nombreUsuario,
      fechaRegistro: ctx.ahora(),
    });
    if (!fila) throw conflicto(MENSAJES_ETAPAS.transportistaExiste);
    await auditar(tx, ctx, {
      tipo: 'TRANSPORTISTA_REGISTRO',
      detalle: `Registro de transportista ${fila.ruc}`,
      entidad: 'transportista_usuario',
      codigoEntidad: fila.codigoTransportistaUsuario,
      despues: { ruc: fila.ruc, razonSocial: fila.razonSocial, direccion: fila.direccion },
      codigoEmpresaUsuario: empresa,
    });
    return fila;
  });
}
