import { TIPO_NOTIFICACION } from '@cronos/contract';
import type { Tx } from '../../db/client';
import type { Ctx } from '../../platform/contexto';
import { publicarNotificacion } from '../../platform/notificaciones';

export interface ResultadoCertificado {
  codigoCertificadoManufactura: number;
  codigoEmpresaUsuario: number;
  autorizado: boolean;
  numeroCertificado: string | null;
  observaciones: string | null;
}

/**
 * Tells the requesting company that its certificate was authorized or rejected. Runs in the approval's
 * transaction, so a refused or rolled-back approval notifies nobody.
 */
export async function notificarResultado(tx: Tx, ctx: Ctx, r: ResultadoCertificado) {
  await publicarNotificacion(tx, ctx, {
    tipo: r.autorizado ? TIPO_NOTIFICACION.certificadoAutorizado : TIPO_NOTIFICACION.certificadoRechazado,
    titulo: r.autorizado ? 'Certificado de manufactura autorizado' : 'Certificado de manufactura rechazado',
    mensaje: r.autorizado
      ? `Su certificado ${r.numeroCertificado} fue autorizado. Puede descargarlo desde Certificados de Manufactura.`
      : `Su solicitud de certificado fue rechazada${r.observaciones ? `: ${r.observaciones}` : '.'}`,
    enlace: '/app/operations/manufacture',
    datos: {
      codigoCertificadoManufactura: r.codigoCertificadoManufactura,
      numeroCertificado: r.numeroCertificado,
    },
    codigoEmpresaUsuario: r.codigoEmpresaUsuario,
  });
}
