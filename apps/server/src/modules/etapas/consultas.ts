import { ETAPAS, MENSAJES_ETAPAS } from '@cronos/contract';
import { permite } from '../../platform/acceso';
import type { Ctx } from '../../platform/contexto';
import { leerConfiguracion } from '../../platform/cache-configuracion';
import { noEncontrado, prohibido } from '../../platform/errores';
import { buscarMovimientos, datosDeControl, exigirEmpresaEtapa, itemsConfigurados } from './etapas.repository';

/** Every stage screen: the calls that read an order's data serve all of them. */
export const MODULOS_ETAPAS = [...new Set(ETAPAS.map((e) => e.modulo)), 'operator/list', 'operator/check'];

/** Which screen searches which state (spec 03 §4.1): the caller must be allowed to list that screen. */
const MODULO_BUSQUEDA: Record<number, string> = {
  1: 'security/income',
  2: 'balanza/firstScales',
  3: 'balanza/secondScales',
  4: 'security/exit',
};

/**
 * Stage search: code or document, only orders in the state of the screen. Nothing found is not an error
 * (docs/adr/0035-tabla-de-etapas.md): 200 with no rows and the spec's warning as the message.
 */
export async function buscarParaEtapa(
  ctx: Ctx,
  q: { CodigoIngreso?: string; NumeroDocumentoIdentidad?: string },
  estado: number,
) {
  const modulo = MODULO_BUSQUEDA[estado];
  if (!modulo) throw noEncontrado(MENSAJES_ETAPAS.sinDatos);
  if (!permite(ctx.actor, modulo, 'listar')) throw prohibido();
  const filas = await buscarMovimientos(ctx.db, ctx.actor, q, [estado]);
  return { filas, aviso: filas.length ? '' : MENSAJES_ETAPAS.sinDatos };
}

/**
 * Control data of an order (spec 03 §2.1): person, vehicle, documents, entry type, and its company's block; one
 * statement (etapas.repository.ts `datosDeControl`). Another company's order is a 404, as a missing one.
 */
export async function datosControl(ctx: Ctx, codigoMovimiento: number) {
  const m = await datosDeControl(ctx.db, codigoMovimiento);
  if (!m) throw noEncontrado();
  exigirEmpresaEtapa(ctx.actor, m.codigoEmpresaUsuario);
  return {
    codigoMovimiento: m.codigoMovimiento,
    version: m.version,
    codigoIngreso: m.codigoIngreso,
    numeroTicket: m.numeroTicket,
    codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    razonSocial: m.razonSocial,
    indicadorBloqueo: m.indicadorBloqueo,
    codigoTipoIngreso: m.codigoTipoIngreso,
    codigoTipoOperacion: m.codigoTipoOperacion,
    codigoEstadoMovimiento: m.codigoEstadoMovimiento,
    codigoEstadoObservado: m.codigoEstadoObservado,
    estadoAnulado: m.estadoAnulado,
    codigoTipoCarga: m.codigoTipoCarga,
    numeroBultos: m.numeroBultos,
    nombres: m.nombres ?? '',
    apellidos: [m.apellidoPaterno, m.apellidoMaterno].filter(Boolean).join(' '),
    apellidoPaterno: m.apellidoPaterno,
    apellidoMaterno: m.apellidoMaterno,
    codigoTipoDocumentoIdentidad: m.codigoTipoDocumentoIdentidad,
    // The type's name (DNI, Pasaporte…), as the guard reads it; the code when the type is not in the list.
    tipoDocumentoIdentidad: m.tipoDocumentoIdentidad ?? m.codigoTipoDocumentoIdentidad,
    numeroDocumentoIdentidad: m.numeroDocumentoIdentidad,
    placaVehiculo: m.placaUno,
    placaUno: m.placaUno,
    placaDos: m.placaDos,
    soat: m.numeroSoat,
    numerobrevete: m.numeroBrevete,
    codigoClaseBrevete: m.codigoClaseBrevete,
    codigoTransportistaUsuario: m.codigoTransportistaUsuario,
    rucTransportistaUsuario: m.rucTransportistaUsuario,
    razonSocialTransportistaUsuario: m.razonSocialTransportistaUsuario,
    numeroContenedor: m.numeroContenedor,
    pesoBrutoDeclarado: m.pesoBrutoDeclarado === null ? null : Number(m.pesoBrutoDeclarado),
    pesoTaraDeclarado: m.pesoTaraDeclarado === null ? null : Number(m.pesoTaraDeclarado),
    documentos: m.documentos,
    lineas: m.lineas,
    registradas: m.controles.map((c) => c.t),
    finalizadas: m.controles.filter((c) => c.f).map((c) => c.t),
  };
}

/** A checklist as the stage screens load it: kept in the instance (platform/cache-configuracion.ts). */
export async function configuracionItems(ctx: Ctx, codigoTipoControl: number, codigoTipoIngreso: string) {
  const tipo = codigoTipoIngreso.toUpperCase();
  return leerConfiguracion(ctx.db, `items:${codigoTipoControl}:${tipo}`, () =>
    itemsConfigurados(ctx.db, codigoTipoControl, tipo),
  );
}
