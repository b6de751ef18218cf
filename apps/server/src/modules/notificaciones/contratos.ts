import { TIPO_NOTIFICACION, fechaLima } from '@cronos/contract';
import type { Db } from '../../db/client';
import { publicarNotificacion } from '../../platform/notificaciones';
import { contratosQueVencenEntre } from './notificaciones.repository';

/** A transporter contract is "about to expire" when it ends within this many days (today included). */
export const DIAS_AVISO_CONTRATO = 15;
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Periodic job: warns each company of its transporter contracts ending soon. Safe with several instances:
 * each warning has a key (contract + end date) under a unique index, so it is stored and sent once.
 * Returns how many warnings were published by this run.
 */
export async function avisarContratosPorVencer(db: Db, ahora: Date): Promise<number> {
  const hoy = fechaLima(ahora);
  const contratos = await contratosQueVencenEntre(db, hoy, fechaLima(ahora, DIAS_AVISO_CONTRATO), 500);
  let publicados = 0;
  for (const c of contratos) {
    if (!c.fechaCese) continue;
    const fin = c.fechaCese;
    const evento = await db.transaction((tx) =>
      publicarNotificacion(tx, null, {
        tipo: TIPO_NOTIFICACION.contratoPorVencer,
        titulo: 'Contrato de transportista por vencer',
        mensaje: `El contrato del transportista ${c.razonSocial} (RUC ${c.ruc}) vence el ${ddmmyyyy(fin)}.`,
        enlace: '/app/administration/trucks',
        datos: { codigoTransportistaUsuario: c.codigoTransportistaUsuario, fechaCese: fin },
        codigoEmpresaUsuario: c.codigoEmpresaUsuario,
        clave: `contrato-por-vencer:${c.codigoTransportistaUsuario}:${fin}`,
      }),
    );
    if (evento) publicados += 1;
  }
  return publicados;
}
