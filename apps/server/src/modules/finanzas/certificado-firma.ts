import { EMPRESA_OPERADOR } from '@cronos/contract';
import type { DbOTx } from '../../db/client';
import { type Firmante, generarCertificadoDemo } from './firma';
import * as repo from './finanzas.repository';

/**
 * The demo signer kept in the database: generated once (at first start or first voucher) for the operator's RUC,
 * so every instance and every restart signs with the same certificate.
 */
export async function firmanteGuardado(db: DbOTx, ahora: Date): Promise<Firmante> {
  let guardado = await repo.certificadoGuardado(db);
  if (!guardado) {
    const e = await repo.empresa(db, EMPRESA_OPERADOR);
    const nuevo = generarCertificadoDemo(e?.ruc ?? '20000000001', e?.razonSocial ?? 'OPERADOR', ahora);
    await repo.guardarCertificado(db, nuevo.clavePem, nuevo.certificadoPem);
    guardado = await repo.certificadoGuardado(db);
  }
  if (!guardado) throw new Error('certificado de firma');
  return { clavePem: guardado.clavePem, certificadoPem: guardado.certificadoPem };
}
