import {
  type ConsultaTransportistas,
  DIAS_VIGENCIA_TRANSPORTISTA,
  MENSAJES_MOVIMIENTO as M,
  ROL,
  ROLES_MULTIEMPRESA_FINANZAS,
  rucValido,
  type transportistaVigenciaFormulario,
  fechaLima,
  sumarDias,
} from '@cronos/contract';
import type { z } from 'zod';
import type { DbOTx } from '../../db/client';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos } from '../../platform/errores';
import { meta } from '../../platform/paginacion';
import { empresaParaEscribir, empresaParaListar } from '../../platform/tenencia';
import * as repo from './transportista.repository';
import { contratoVigente } from './vigencia';

/**
 * TransportistaUsuario/ListarDatos: the truck list (also the administration carriers screen). Operator roles
 * 1, 4 and 9 see every company on the carriers screen (spec 02 §6) and 1, 2, 4 pick the company of an order
 * (spec 01): those four read any company; everybody else reads only their own, whatever they send.
 */
export async function listarTransportistas(ctx: Ctx, q: ConsultaTransportistas) {
  const empresa = empresaParaListar(ctx.actor, q.CodigoEmpresaUsuario, ROLES_MULTIEMPRESA_FINANZAS);
  const { filas, total } = await repo.paginaTransportistas(ctx.db, q, empresa, fechaLima(ctx.ahora()));
  return { filas, meta: meta(q, total) };
}

/** A company's carrier by RUC, with its contract state. */
export async function buscarTransportista(db: DbOTx, codigoEmpresaUsuario: number, ruc: string, hoy: string) {
  const f = await repo.transportistaPorRuc(db, codigoEmpresaUsuario, ruc);
  return f ? { ...f, vigente: contratoVigente(f.fechaInicio, f.fechaCese, hoy) } : null;
}

/**
 * 'Registrar vigencia Transpotista': registers the carrier for the company (or renews it) with a contract
 * from today for 364 days. Only role 1 chooses the dates; for everybody else the server sets them.
 */
export async function guardarVigencia(ctx: Ctx, e: z.output<typeof transportistaVigenciaFormulario>) {
  const empresa = empresaParaEscribir(ctx.actor, e.codigoEmpresaUsuario);
  const extranjero = e.codigoTipoDocumentoEmpresa !== '6';
  const ruc = e.ruc.toUpperCase();
  if (!extranjero && !/^\d{11}$/.test(ruc)) throw errorCampos({ ruc: [M.rucOnce] }, M.rucOnce);
  if (!extranjero && !rucValido(ruc)) throw errorCampos({ ruc: [M.rucInvalido] }, M.rucInvalido);
  if (extranjero && !/^[A-Z0-9-]{1,13}$/.test(ruc)) {
    throw errorCampos({ ruc: ['Máximo 13 caracteres, solo letras y números'] });
  }
  const hoy = fechaLima(ctx.ahora());
  const eligeFechas = ctx.actor.codigoRol === ROL.SuperAdministrador;
  const fechaInicio = eligeFechas && e.fechaInicio ? e.fechaInicio : hoy;
  const fechaCese = eligeFechas && e.fechaCese ? e.fechaCese : sumarDias(fechaInicio, DIAS_VIGENCIA_TRANSPORTISTA);
  if (fechaCese < fechaInicio) throw errorCampos({ fechaCese: ['La fecha de cese debe ser posterior a la de inicio'] });
  return ctx.db.transaction(async (tx) => {
    const antes = await buscarTransportista(tx, empresa, ruc, hoy);
    const valores = {
      razonSocial: e.razonSocial.toUpperCase(),
      direccion: e.direccion ?? null,
      fechaInicio,
      fechaCese,
      usuarioRegistro: ctx.actor.nombreUsuario,
    };
    const fila = antes
      ? await repo.actualizarTransportista(tx, antes.codigoTransportistaUsuario, valores)
      : await repo.insertarTransportista(tx, { ...valores, codigoEmpresaUsuario: empresa, ruc, extranjero });
    if (!fila) throw new Error('transportista');
    await auditar(tx, ctx, {
      tipo: antes ? 'TRANSPORTISTA_VIGENCIA_RENOVADA' : 'TRANSPORTISTA_REGISTRADO',
      detalle: `Vigencia de ${ruc} del ${fechaInicio} al ${fechaCese}`,
      entidad: 'transportista_usuario',
      codigoEntidad: fila.codigoTransportistaUsuario,
      antes,
      despues: fila,
      codigoEmpresaUsuario: empresa,
    });
    return {
      codigoTransportistaUsuario: fila.codigoTransportistaUsuario,
      nombreTransportista: fila.razonSocial,
      ruc: fila.ruc,
      fechaInicio,
      fechaCese,
      estadoContrato: contratoVigente(fechaInicio, fechaCese, hoy) ? ('VIGENTE' as const) : ('VENCIDO' as const),
    };
  });
}
