import { createHash, timingSafeEqual } from 'node:crypto';
import {
  EMPRESA_OPERADOR,
  ESTADO_CERTIFICADO,
  fechaLima,
  MENSAJES_CERTIFICADO as M,
  RUTA_VERIFICACION_CERTIFICADO,
  type ResultadoVerificacion,
} from '@cronos/contract';
import type { Db } from '../../db/client';
import type { Ctx } from '../../platform/contexto';
import { reglaNegocio } from '../../platform/errores';
import { generarPdfCertificado } from './certificado-pdf';
import * as repo from './certificado.repository';
import { cargarVisible } from './certificado.service';

/** What an authorized certificate gives out: its generated PDF and its public verification. */

/** The generated PDF of an authorized certificate; `origen` is the public address of the app (for the QR). */
export async function pdf(ctx: Ctx, codigo: number, origen: string) {
  const c = await cargarVisible(ctx, codigo);
  if (c.codigoEstadoAutorizado !== ESTADO_CERTIFICADO.autorizado || !c.numeroCertificado || !c.tokenVerificacion) {
    throw reglaNegocio(M.sinPdf);
  }
  const [lineas, operador, unidades] = await Promise.all([
    repo.lineas(ctx.db, codigo),
    repo.empresa(ctx.db, EMPRESA_OPERADOR),
    repo.unidadesMedida(ctx.db),
  ]);
  const contenido = await generarPdfCertificado({
    numeroCertificado: c.numeroCertificado,
    operador: operador?.razonSocial ?? 'Operador de la Zona Franca',
    razonSocial: c.razonSocialEmision ?? '',
    ruc: c.rucEmision ?? '',
    direccion: c.direccionEmision,
    fechaEmision: c.fechaEmision,
    fechaFinVigencia: c.fechaFinVigencia,
    diasVigencia: c.diasVigencia,
    opcionNuevaFuncionalidad: c.opcionNuevaFuncionalidad,
    opcionGeneraValor: c.opcionGeneraValor,
    observaciones: c.observaciones,
    nombreAutorizador: c.nombreAutorizador ?? '',
    fechaAutorizacion: c.fechaAutorizacion ?? c.fechaRegistro,
    urlVerificacion: urlVerificacion(origen, c.numeroCertificado, c.tokenVerificacion),
    codigoVerificacion: c.tokenVerificacion,
    productos: lineas.map((l) => ({
      descripcionProducto: l.descripcionProducto,
      numeroPartida: l.numeroPartida,
      cantidad: l.cantidad,
      unidad: unidades.get(l.codigoUnidadMedida) ?? l.codigoUnidadMedida,
      cantidadBulto: l.cantidadBulto,
      pesoNeto: l.pesoNeto,
      pesoBruto: l.pesoBruto,
    })),
  });
  return { contenido, nombre: `${c.numeroCertificado}.pdf` };
}

export const urlVerificacion = (origen: string, numero: string, token: string) =>
  `${origen.replace(/\/$/, '')}${RUTA_VERIFICACION_CERTIFICADO}?numero=${encodeURIComponent(numero)}&codigo=${encodeURIComponent(token)}`;

const huella = (s: string) => createHash('sha256').update(s).digest();

/**
 * Public verification: genuine only when the number AND its verification code match an authorized, enabled
 * certificate; valid only within its validity. Unknown number, wrong code, rejected or pending all answer the
 * same NO_VALIDO, so the page reveals nothing else (not even whether the number exists).
 */
export async function verificar(db: Db, numero: string, codigo: string, ahora: Date): Promise<ResultadoVerificacion> {
  const numeroCertificado = numero.trim().toUpperCase();
  const noValido: ResultadoVerificacion = {
    numeroCertificado,
    valido: false,
    estado: 'NO_VALIDO',
    fechaEmision: null,
    fechaFinVigencia: null,
  };
  const c = await repo.buscarPorNumero(db, numeroCertificado);
  const genuino =
    !!c?.tokenVerificacion &&
    timingSafeEqual(huella(c.tokenVerificacion), huella(codigo.trim())) &&
    c.codigoEstadoAutorizado === ESTADO_CERTIFICADO.autorizado &&
    c.estadoAnulado === 0;
  if (!c || !genuino) return noValido;
  const hoy = fechaLima(ahora);
  const estado = hoy < c.fechaEmision ? 'NO_VIGENTE_AUN' : hoy > c.fechaFinVigencia ? 'VENCIDO' : 'VIGENTE';
  return {
    numeroCertificado,
    valido: estado === 'VIGENTE',
    estado,
    fechaEmision: c.fechaEmision,
    fechaFinVigencia: c.fechaFinVigencia,
  };
}
