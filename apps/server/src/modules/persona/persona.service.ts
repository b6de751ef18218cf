import {
  type consultaEmpresaEntrada,
  type EmpresaEncontrada,
  type consultaPersonaEntrada,
  MENSAJES_MOVIMIENTO as M,
  type PersonaEncontrada,
  type personaFormulario,
  rucValido,
} from '@cronos/contract';
import type { z } from 'zod';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos } from '../../platform/errores';
import * as repo from './persona.repository';
import type { Proveedores } from './proveedores';

type Fila = repo.FilaPersona;
const TIPO_DNI = '1';

const aEncontrada = (p: Fila): PersonaEncontrada => ({
  codigoPersona: p.codigoPersona,
  numeroDocumentoIdentidad: p.numeroDocumentoIdentidad,
  codigoTipoDocumentoIdentidad: p.codigoTipoDocumentoIdentidad,
  apellidoPaterno: p.apellidoPaterno,
  apellidoMaterno: p.apellidoMaterno,
  nombres: p.nombres,
  nombreCompleto: [p.nombres, p.apellidoPaterno, p.apellidoMaterno].filter(Boolean).join(' '),
  usuarioCreacion: p.usuarioCreacion,
});

/** A lookup answer: found (data) or the spec's not-found message with success false. */
export type Hallazgo<T> = { encontrado: true; data: T } | { encontrado: false; mensaje: string };

const delRegistro = (ctx: Ctx, tipo: string, numero: string) => repo.personaPorDocumento(ctx.db, tipo, numero);

/**
 * DNI lookup: 8 digits checked offline, then the local registry, then the optional provider (whose answer
 * is kept in the registry). Not found: 'Error en la busqueda, intente nuevamente' (manual entry).
 * Other document types are read from the registry only: 'Usuario no registrado' opens 'Registro Usuario'.
 */
export async function consultarDocumentoIdentidad(
  ctx: Ctx,
  proveedores: Proveedores,
  entrada: z.infer<typeof consultaPersonaEntrada>,
): Promise<Hallazgo<PersonaEncontrada>> {
  const numero = entrada.numeroDocumentoIdentidad.toUpperCase();
  const tipo = entrada.codigoTipoDocumentoIdentidad;
  if (tipo === TIPO_DNI && !/^\d{8}$/.test(numero)) errorCampo('numeroDocumentoIdentidad', M.dniOcho);
  if (tipo !== TIPO_DNI && !/^[A-Z0-9-]{1,12}$/.test(numero)) {
    errorCampo('numeroDocumentoIdentidad', 'Máximo 12 caracteres, solo letras y números');
  }
  const local = await delRegistro(ctx, tipo, numero);
  if (local) return { encontrado: true, data: aEncontrada(local) };
  if (tipo !== TIPO_DNI) return { encontrado: false, mensaje: M.usuarioNoRegistrado };
  const externo = proveedores.identidad ? await proveedores.identidad.buscarDni(numero) : null;
  if (!externo) return { encontrado: false, mensaje: M.errorBusquedaPersona };
  const creada = await ctx.db.transaction(async (tx) => {
    const p = await repo.insertarPersona(tx, {
      codigoTipoDocumentoIdentidad: tipo,
      numeroDocumentoIdentidad: numero,
      ...externo,
      fuente: 'reniec',
    });
    if (p) {
      await auditar(tx, ctx, {
        tipo: 'PERSONA_CONSULTADA',
        detalle: `Persona ${numero} incorporada desde el proveedor de identidad`,
        entidad: 'persona',
        codigoEntidad: p.codigoPersona,
      });
    }
    return p;
  });
  const fila = creada ?? (await delRegistro(ctx, tipo, numero));
  return fila ? { encontrado: true, data: aEncontrada(fila) } : { encontrado: false, mensaje: M.errorBusquedaPersona };
}

/** Foreign identity lookup (Persona/ConsultarPersona): the registry only. */
export async function consultarPersonaExtranjera(
  ctx: Ctx,
  entrada: z.infer<typeof consultaPersonaEntrada>,
): Promise<Hallazgo<PersonaEncontrada>> {
  const numero = entrada.numeroDocumentoIdentidad.toUpperCase();
  if (!/^[A-Z0-9-]{1,12}$/.test(numero)) {
    errorCampo('numeroDocumentoIdentidad', 'Máximo 12 caracteres, solo letras y números');
  }
  const local = await delRegistro(ctx, entrada.codigoTipoDocumentoIdentidad, numero);
  return local ? { encontrado: true, data: aEncontrada(local) } : { encontrado: false, mensaje: M.usuarioNoRegistrado };
}

/** 'Registro Usuario': a person typed by hand enters the registry (once per document type and number). */
export async function guardarPersona(ctx: Ctx, entrada: z.output<typeof personaFormulario>) {
  const numero = entrada.numeroDocumentoIdentidad.toUpperCase();
  if (entrada.codigoTipoDocumentoIdentidad === TIPO_DNI && !/^\d{8}$/.test(numero)) {
    errorCampo('numeroDocumentoIdentidad', M.dniOcho);
  }
  return ctx.db.transaction(async (tx) => {
    const p = await repo.insertarPersona(tx, {
      codigoTipoDocumentoIdentidad: entrada.codigoTipoDocumentoIdentidad,
      numeroDocumentoIdentidad: numero,
      apellidoPaterno: entrada.apellidoPaterno,
      apellidoMaterno: entrada.apellidoMaterno,
      nombres: entrada.nombres,
      extranjero: entrada.codigoTipoDocumentoIdentidad !== TIPO_DNI,
      fuente: 'manual',
      usuarioCreacion: ctx.actor.nombreUsuario,
    });
    if (!p) errorCampo('numeroDocumentoIdentidad', 'La persona ya se encuentra registrada');
    await auditar(tx, ctx, {
      tipo: 'PERSONA_REGISTRADA',
      detalle: `Registro manual de persona ${numero}`,
      entidad: 'persona',
      codigoEntidad: p.codigoPersona,
      despues: p,
    });
    return aEncontrada(p);
  });
}

/** Empresa/ConsultarEmpresa: check digits offline, then the registries, then the optional provider. */
export async function consultarEmpresa(
  ctx: Ctx,
  proveedores: Proveedores,
  entrada: z.infer<typeof consultaEmpresaEntrada>,
  codigoEmpresaUsuario: number,
): Promise<Hallazgo<EmpresaEncontrada>> {
  const ruc = entrada.ruc;
  if (!/^\d{11}$/.test(ruc)) errorCampo('ruc', M.rucOnce);
  if (!rucValido(ruc)) errorCampo('ruc', M.rucInvalido);
  // The carrier contract of the acting company with this RUC, when there is one.
  const contrato = await repo.contratoTransportista(ctx.db, ruc, codigoEmpresaUsuario);
  const fechas = { fechaInicio: contrato?.fechaInicio ?? null, fechaFin: contrato?.fechaCese ?? null };
  const registro = await repo.empresaDelRegistro(ctx.db, ruc);
  if (registro) {
    return {
      encontrado: true,
      data: {
        ruc,
        razonSocial: registro.razonSocial,
        direccion: registro.direccion,
        estado: registro.estado,
        condicion: registro.condicion,
        ...fechas,
      },
    };
  }
  const usuaria = await repo.empresaUsuariaPorRuc(ctx.db, ruc);
  if (usuaria) return { encontrado: true, data: { ruc, ...usuaria, estado: 'ACTIVO', condicion: 'HABIDO', ...fechas } };
  const externo = proveedores.ruc ? await proveedores.ruc.buscarRuc(ruc) : null;
  if (!externo) return { encontrado: false, mensaje: M.rucInvalido };
  await ctx.db.transaction(async (tx) => {
    const nueva = await repo.insertarEmpresaRegistro(tx, {
      ruc,
      razonSocial: externo.razonSocial,
      direccion: externo.direccion,
      estado: externo.estado ?? 'ACTIVO',
      condicion: externo.condicion ?? 'HABIDO',
      fuente: 'sunat',
    });
    if (nueva) {
      await auditar(tx, ctx, {
        tipo: 'EMPRESA_CONSULTADA',
        detalle: `RUC ${ruc} incorporado desde el proveedor tributario`,
        entidad: 'empresa_registro',
        codigoEntidad: ruc,
      });
    }
  });
  return {
    encontrado: true,
    data: {
      ruc,
      razonSocial: externo.razonSocial,
      direccion: externo.direccion,
      estado: externo.estado ?? null,
      condicion: externo.condicion ?? null,
      ...fechas,
    },
  };
}

function errorCampo(campo: string, mensaje: string): never {
  throw errorCampos({ [campo]: [mensaje] }, mensaje);
}
