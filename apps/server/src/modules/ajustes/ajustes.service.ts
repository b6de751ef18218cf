import {
  type FilaBalanza,
  type FilaConsultaExterna,
  type FormularioBalanza,
  type formularioDeuda,
  type formularioItemControl,
  type ItemListaControl,
  MENSAJES_AJUSTES as M,
  PLAZO_JUSTIFICACION_DEFECTO,
  PROVEEDORES_EXTERNOS,
  type ProveedorExterno,
  type PruebaBalanza,
} from '@cronos/contract';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { DbOTx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import { olvidarConfiguracion } from '../../platform/cache-configuracion';
import type { Ctx } from '../../platform/contexto';
import { conflicto, errorCampos, noEncontrado } from '../../platform/errores';
import { iso } from '../../platform/respuesta';
import {
  guardarParametros as guardarParametrosFinanzas,
  parametros as parametrosFinanzas,
} from '../finanzas/finanzas.repository';
import { sincronizarBloqueos } from '../finanzas/finanzas.service';
import * as repo from './ajustes.repository';
import { sondearBalanza } from './sonda-balanza';

// ---------------------------------------------------------------- balanzas
const aFilaBalanza = (b: NonNullable<Awaited<ReturnType<typeof repo.balanzaPorTipo>>>): FilaBalanza => ({
  codigoTipoBalanza: b.codigoTipoBalanza,
  nombre: b.nombre ?? `Balanza ${b.codigoTipoBalanza}`,
  protocolo: b.protocolo,
  host: b.host,
  puerto: b.puerto,
  activo: b.activo,
  fechaModificacion: iso(b.fechaModificacion),
});

export async function listarBalanzas(ctx: Ctx) {
  return (await repo.listarBalanzas(ctx.db)).map(aFilaBalanza);
}

async function exigirBalanza(db: DbOTx, codigoTipoBalanza: number) {
  const b = await repo.balanzaPorTipo(db, codigoTipoBalanza);
  if (!b) throw noEncontrado(M.balanzaNoExiste);
  return b;
}

/**
 * Changes a scale's indicator. The weighing reader reads the configuration at each capture and rebuilds its
 * connection when it changed (modules/balanza/lector/registro.ts), so the change applies at the next weighing.
 */
export async function guardarBalanza(ctx: Ctx, f: FormularioBalanza) {
  return ctx.db.transaction(async (tx) => {
    const antes = await exigirBalanza(tx, f.codigoTipoBalanza);
    const cambios = { protocolo: f.protocolo, host: f.host, puerto: f.puerto, activo: f.activo };
    await repo.actualizarBalanza(tx, f.codigoTipoBalanza, cambios, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'AJUSTE_BALANZA',
      detalle: `Balanza ${f.codigoTipoBalanza}: ${f.protocolo} en ${f.host}:${f.puerto}${f.activo ? '' : ' (deshabilitada)'}`,
      entidad: 'balanza',
      codigoEntidad: f.codigoTipoBalanza,
      antes: { protocolo: antes.protocolo, host: antes.host, puerto: antes.puerto, activo: antes.activo },
      despues: cambios,
    });
    return aFilaBalanza(await exigirBalanza(tx, f.codigoTipoBalanza));
  });
}

export const LIMITE_PRUEBA_MS = 3_000;

/** Tries the form's configuration (before or after saving it): a live reading or why there is none. */
export async function probarBalanza(
  ctx: Ctx,
  c: FormularioBalanza,
  limiteMs = LIMITE_PRUEBA_MS,
): Promise<PruebaBalanza> {
  await exigirBalanza(ctx.db, c.codigoTipoBalanza);
  if (!c.activo || c.host === 'ninguno')
    return { ok: false, mensaje: M.pruebaSinIndicador, milisegundos: 0, lectura: null };
  return probarConfiguracion(c, limiteMs);
}

export async function probarConfiguracion(
  c: { protocolo: string; host: string; puerto: number },
  limiteMs = LIMITE_PRUEBA_MS,
): Promise<PruebaBalanza> {
  const r = await sondearBalanza(c, limiteMs);
  const destino = c.host === 'simulador' ? 'el simulador' : `${c.host}:${c.puerto}`;
  if (r.motivo === 'ok' && r.lectura) {
    const { peso, estable, sobrecarga, trama } = r.lectura;
    return {
      ok: true,
      mensaje: M.pruebaCorrecta,
      milisegundos: r.milisegundos,
      lectura: { peso, estable, sobrecarga, trama },
    };
  }
  return {
    ok: false,
    mensaje: r.motivo === 'sin-lectura' ? M.pruebaSinLectura(destino) : M.pruebaSinConexion(destino),
    milisegundos: r.milisegundos,
    lectura: null,
  };
}

// ---------------------------------------------------------------- listas de control
const aItem = (i: NonNullable<Awaited<ReturnType<typeof repo.itemPorCodigo>>>): ItemListaControl => ({
  codigoDetalleTipoControl: i.codigoDetalleTipoControl,
  codigoTipoControl: i.codigoTipoControl,
  codigoTipoIngreso: i.codigoTipoIngreso,
  codigoTipoCarga: i.codigoTipoCarga,
  descripcion: i.descripcion,
  orden: i.orden,
  activo: i.estadoAnulado === 0,
});

export async function listaControl(ctx: Ctx, codigoTipoControl: number, codigoTipoIngreso: string) {
  return (await repo.itemsDeLista(ctx.db, codigoTipoControl, codigoTipoIngreso)).map(aItem);
}

async function exigirItem(db: DbOTx, codigo: number) {
  const i = await repo.itemPorCodigo(db, codigo);
  if (!i) throw noEncontrado(M.itemNoExiste);
  return i;
}

/**
 * A change of the checklists, in one transaction; once it has committed this process reads them again (the other
 * instances hear the database's announcement, platform/cache-configuracion.ts).
 */
async function cambiarListas<T>(ctx: Ctx, trabajo: (tx: DbOTx) => Promise<T>) {
  const r = await ctx.db.transaction(trabajo);
  olvidarConfiguracion();
  return r;
}

const duplicado = () => errorCampos({ descripcion: [M.itemDuplicado] }, M.itemDuplicado);

/**
 * Adds an item at the end of its list, or edits one (description, load type). The list and entry type of an
 * existing item do not change: what was ticked against it in past controls keeps its meaning.
 */
export async function guardarItem(ctx: Ctx, f: z.infer<typeof formularioItemControl>) {
  return cambiarListas(ctx, async (tx) => {
    const antes = f.codigoDetalleTipoControl ? await exigirItem(tx, f.codigoDetalleTipoControl) : undefined;
    const lista = antes
      ? { codigoTipoControl: antes.codigoTipoControl, codigoTipoIngreso: antes.codigoTipoIngreso }
      : { codigoTipoControl: f.codigoTipoControl, codigoTipoIngreso: f.codigoTipoIngreso };
    if (
      await repo.descripcionRepetida(
        tx,
        { ...lista, codigoTipoCarga: f.codigoTipoCarga, descripcion: f.descripcion },
        antes?.codigoDetalleTipoControl,
      )
    )
      throw duplicado();
    let codigo: number;
    if (antes) {
      codigo = antes.codigoDetalleTipoControl;
      await repo.actualizarItem(tx, codigo, { descripcion: f.descripcion, codigoTipoCarga: f.codigoTipoCarga });
    } else {
      const nuevo = await repo.insertarItem(tx, {
        ...lista,
        codigoTipoCarga: f.codigoTipoCarga,
        descripcion: f.descripcion,
        usuarioRegistro: ctx.actor.nombreUsuario,
        fechaRegistro: ctx.ahora(),
      });
      if (!nuevo) throw duplicado();
      codigo = nuevo;
    }
    const despues = await exigirItem(tx, codigo);
    await auditar(tx, ctx, {
      tipo: 'AJUSTE_LISTA_CONTROL',
      detalle: `${antes ? 'Ítem editado' : 'Ítem agregado'} en la lista del control ${lista.codigoTipoControl} (${lista.codigoTipoIngreso}): ${f.descripcion}`,
      entidad: 'configuracion_tipo_control_detalle',
      codigoEntidad: codigo,
      antes: antes ? aItem(antes) : null,
      despues: aItem(despues),
    });
    return aItem(despues);
  });
}

/** New order of a list: the request names every item of the list once. */
export async function ordenarLista(
  ctx: Ctx,
  d: { codigoTipoControl: number; codigoTipoIngreso: string; codigos: number[] },
) {
  return cambiarListas(ctx, async (tx) => {
    const actuales = await repo.itemsDeLista(tx, d.codigoTipoControl, d.codigoTipoIngreso);
    const ids = new Set(actuales.map((i) => i.codigoDetalleTipoControl));
    if (
      d.codigos.length !== ids.size ||
      new Set(d.codigos).size !== d.codigos.length ||
      d.codigos.some((c) => !ids.has(c))
    )
      throw errorCampos({ codigos: [M.ordenIncompleto] }, M.ordenIncompleto);
    for (const [i, codigo] of d.codigos.entries()) await repo.actualizarItem(tx, codigo, { orden: i + 1 });
    await auditar(tx, ctx, {
      tipo: 'AJUSTE_LISTA_CONTROL',
      detalle: `Orden de la lista del control ${d.codigoTipoControl} (${d.codigoTipoIngreso})`,
      entidad: 'configuracion_tipo_control_detalle',
      antes: actuales.map((i) => i.codigoDetalleTipoControl),
      despues: d.codigos,
    });
    return (await repo.itemsDeLista(tx, d.codigoTipoControl, d.codigoTipoIngreso)).map(aItem);
  });
}

/** Disables (the stages stop showing it; past controls keep their ticks) or enables an item. */
export async function cambiarEstadoItem(ctx: Ctx, codigo: number, activo: boolean) {
  return cambiarListas(ctx, async (tx) => {
    const antes = await exigirItem(tx, codigo);
    await repo.actualizarItem(tx, codigo, { estadoAnulado: activo ? 0 : 1 });
    const despues = await exigirItem(tx, codigo);
    await auditar(tx, ctx, {
      tipo: 'AJUSTE_LISTA_CONTROL',
      detalle: `Ítem ${activo ? 'habilitado' : 'deshabilitado'}: ${antes.descripcion}`,
      entidad: 'configuracion_tipo_control_detalle',
      codigoEntidad: codigo,
      antes: { activo: antes.estadoAnulado === 0 },
      despues: { activo },
    });
    return aItem(despues);
  });
}

// ---------------------------------------------------------------- plazos
async function leerPlazos(db: DbOTx) {
  const [horas, f] = await Promise.all([repo.plazoConteo(db), parametrosFinanzas(db)]);
  return {
    plazoJustificacionHoras: horas ?? PLAZO_JUSTIFICACION_DEFECTO,
    diasCredito: f.diasCredito,
    diasBloqueo: f.diasBloqueo,
    versionDeuda: f.version,
  };
}

export const plazos = (ctx: Ctx) => leerPlazos(ctx.db);

export async function guardarPlazoConteo(ctx: Ctx, horas: number) {
  return ctx.db.transaction(async (tx) => {
    const antes = await leerPlazos(tx);
    await repo.guardarPlazoConteo(tx, horas);
    await auditar(tx, ctx, {
      tipo: 'AJUSTE_PLAZO_CONTEO',
      detalle: `Plazo de justificación de conteos: ${antes.plazoJustificacionHoras} → ${horas} horas`,
      entidad: 'parametro_seccion',
      codigoEntidad: 'PLAZO_JUSTIFICACION_HORAS',
      antes: { plazoJustificacionHoras: antes.plazoJustificacionHoras },
      despues: { plazoJustificacionHoras: horas },
    });
    return leerPlazos(tx);
  });
}

export async function guardarDeuda(ctx: Ctx, d: z.infer<typeof formularioDeuda>) {
  return ctx.db.transaction(async (tx) => {
    const antes = await leerPlazos(tx);
    // The finance screen edits the same row: saved over a newer version, 409 and nothing changes.
    const dias = { diasCredito: d.diasCredito, diasBloqueo: d.diasBloqueo };
    if (!(await guardarParametrosFinanzas(tx, dias, d.versionDeuda))) throw conflicto(M.deudaCambio);
    // Same as saving them on the finance screen: the stored block flag follows the new days at once (the gate
    // refuses a company whose flag is set, whatever its debt says now).
    await sincronizarBloqueos(tx, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'AJUSTE_DEUDA',
      detalle: `Crédito ${d.diasCredito} días; bloqueo tras ${d.diasBloqueo} días de atraso`,
      entidad: 'parametro_finanzas',
      codigoEntidad: 1,
      antes: { diasCredito: antes.diasCredito, diasBloqueo: antes.diasBloqueo },
      despues: dias,
    });
    return leerPlazos(tx);
  });
}

// ---------------------------------------------------------------- consultas externas
type ConfigConsultas = Pick<
  Config,
  'CONSULTAS_EXTERNAS' | 'PROVEEDOR_DNI_URL' | 'PROVEEDOR_RUC_URL' | 'PROVEEDOR_LEVANTE_URL'
>;

export const URL_PROVEEDOR: Record<ProveedorExterno, (c: ConfigConsultas) => string | undefined> = {
  dni: (c) => c.PROVEEDOR_DNI_URL,
  ruc: (c) => c.PROVEEDOR_RUC_URL,
  levante: (c) => c.PROVEEDOR_LEVANTE_URL,
};

export async function consultasExternas(db: DbOTx, config: ConfigConsultas): Promise<FilaConsultaExterna[]> {
  const guardadas = new Map((await repo.leerConsultasExternas(db)).map((f) => [f.codigo, f.activo]));
  return PROVEEDORES_EXTERNOS.map((p) => {
    const activo = guardadas.get(p.codigo) ?? true;
    return {
      codigo: p.codigo,
      nombre: p.nombre,
      activo,
      permitidoServidor: config.CONSULTAS_EXTERNAS,
      urlConfigurada: Boolean(URL_PROVEEDOR[p.codigo](config)),
      efectivo: activo && config.CONSULTAS_EXTERNAS,
    };
  });
}

export async function guardarConsultaExterna(
  ctx: Ctx,
  config: ConfigConsultas,
  d: { codigo: ProveedorExterno; activo: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    const antes = await repo.consultaExternaActiva(tx, d.codigo);
    await repo.guardarConsultaExterna(tx, d.codigo, d.activo, ctx.actor.nombreUsuario, ctx.ahora());
    await auditar(tx, ctx, {
      tipo: 'AJUSTE_CONSULTA_EXTERNA',
      detalle: `Consulta externa ${d.codigo}: ${d.activo ? 'activada' : 'desactivada'}`,
      entidad: 'consulta_externa',
      codigoEntidad: d.codigo,
      antes: { activo: antes },
      despues: { activo: d.activo },
    });
    return consultasExternas(tx, config);
  });
}

/** Whether a lookup may ask this provider now: the server's master switch and the administrator's switch. */
export async function consultaPermitida(
  db: DbOTx,
  config: Pick<Config, 'CONSULTAS_EXTERNAS'>,
  codigo: ProveedorExterno,
) {
  return config.CONSULTAS_EXTERNAS && (await repo.consultaExternaActiva(db, codigo));
}
