import {
  type datosTransportistaMovimiento,
  type FormularioControl,
  type guardarTransportistaUsuario,
  MENSAJES_ETAPAS,
} from '@cronos/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { empresaUsuario, movimiento, transportistaUsuario } from '../../db/schema';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, noEncontrado, reglaNegocio } from '../../platform/errores';
import { empresaParaEscribir } from '../../platform/tenencia';
import { cargarMovimiento, exigirEmpresaEtapa, type Movimiento } from '../etapas/etapas.repository';
import { fueraDeEstado, registrarEtapa } from '../etapas/transicion';
import { debitarReservasSalida } from '../inventario/stock-etapas';

/** Debt block (spec 03 §4.6): a blocked company cannot pass security control. */
async function exigirSinBloqueo(tx: Tx, m: Movimiento) {
  const [e] = await tx
    .select({ bloqueo: empresaUsuario.indicadorBloqueo })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, m.codigoEmpresaUsuario));
  if (e?.bloqueo) throw new AppError(423, MENSAJES_ETAPAS.bloqueoDeuda);
}

/** Entry security control (type 1): the order moves on to entry weighing. */
export function guardarControlIngreso(ctx: Ctx, f: FormularioControl) {
  return registrarEtapa(ctx, 1, f.codigoMovimiento, {
    observacion: f.observacion,
    detalle: f.detalleTipoControl,
    antes: exigirSinBloqueo,
  });
}

/** Exit security control (type 6): the order is final and its reserved lots become withdrawals. */
export function guardarControlSalida(ctx: Ctx, f: FormularioControl) {
  return registrarEtapa(ctx, 6, f.codigoMovimiento, {
    observacion: f.observacion,
    detalle: f.detalleTipoControl,
    antes: exigirSinBloqueo,
    despues: async (tx, m) => ({
      reservasDebitadas: await debitarReservasSalida(tx, m, ctx.actor.nombreUsuario, ctx.ahora()),
    }),
  });
}

export async function consultarBloqueo(ctx: Ctx, codigoEmpresaUsuario: number) {
  exigirEmpresaEtapa(ctx.actor, codigoEmpresaUsuario);
  const [e] = await ctx.db
    .select({ indicadorBloqueo: empresaUsuario.indicadorBloqueo })
    .from(empresaUsuario)
    .where(eq(empresaUsuario.codigoEmpresaUsuario, codigoEmpresaUsuario));
  if (!e) throw noEncontrado();
  return e;
}

/**
 * Driver and carrier update from the security control dialog (spec 03 §2.9): only while the order waits
 * at entry control (state 1), guarded by that state.
 */
export async function actualizarTransportista(ctx: Ctx, f: z.infer<typeof datosTransportistaMovimiento>) {
  return ctx.db.transaction(async (tx) => {
    const m = await cargarMovimiento(tx, ctx.actor, f.codigoMovimiento, true);
    if (m.codigoEstadoMovimiento !== 1) throw fueraDeEstado(MENSAJES_ETAPAS.fueraDeEtapa('Control de ingreso'));
    let transportista: { ruc: string; razonSocial: string } | undefined;
    if (f.codigoTransportistaUsuario) {
      [transportista] = await tx
        .select({ ruc: transportistaUsuario.ruc, razonSocial: transportistaUsuario.razonSocial })
        .from(transportistaUsuario)
        .where(
          and(
            eq(transportistaUsuario.codigoTransportistaUsuario, f.codigoTransportistaUsuario),
            eq(transportistaUsuario.codigoEmpresaUsuario, m.codigoEmpresaUsuario),
          ),
        );
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
    const [hecho] = await tx
      .update(movimiento)
      .set({ ...cambios, fechaModificacion: ctx.ahora(), version: sql`${movimiento.version} + 1` })
      .where(and(eq(movimiento.codigoMovimiento, m.codigoMovimiento), eq(movimiento.codigoEstadoMovimiento, 1)))
      .returning({ codigoMovimiento: movimiento.codigoMovimiento });
    if (!hecho) throw reglaNegocio(MENSAJES_ETAPAS.errorActualizacion);
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
    const [fila] = await tx
      .insert(transportistaUsuario)
      .values({
        codigoEmpresaUsuario: empresa,
        ruc: f.ruc.toUpperCase(),
        razonSocial: f.razonSocial.toUpperCase(),
        direccion: f.direccion,
        extranjero: true,
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: ctx.ahora(),
      })
      .onConflictDoNothing()
      .returning();
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
