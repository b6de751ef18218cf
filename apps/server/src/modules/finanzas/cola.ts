import { EMPRESA_OPERADOR } from '@cronos/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Trabajos } from '../../platform/trabajos';
import { procesarCola, receptorHttp, receptorLocal } from './envio';
import * as repo from './finanzas.repository';

export const TRABAJO_COLA_COMPROBANTES = 'cola-comprobantes';
/** The queue is looked at this often; each issue also wakes it (servicio.Motor.avisarCola). */
const INTERVALO_COLA_MS = 30_000;

/** The voucher sending queue of the instance serving a database (tests run it and wait for it). */
export interface ColaComprobantes {
  procesar: () => Promise<unknown>;
  esperar: () => Promise<unknown>;
  /** Vouchers waiting to be sent and the issue time of the oldest (the metrics read it at each scrape). */
  estado: () => Promise<{ pendientes: number; masAntiguo: Date | null }>;
}

/**
 * The voucher sending queue as a background job (platform/trabajos.ts): one instance at a time sends the queued
 * vouchers, every 30 s and after each issue; vouchers wait in the database meanwhile. A wake that arrives while the
 * queue runs (a voucher issued after the run's last look) runs it once more when it ends, so a voucher is never left
 * waiting for the next periodic look. A run that fails is retried with back-off (a voucher the receiver could not
 * take stays queued and is not a failure: procesarCola puts it back).
 */
export function registrarColaComprobantes(
  trabajos: Trabajos,
  { db, config, ahora }: { db: Db; config: Config; ahora: () => Date },
): ColaComprobantes {
  const receptor = config.ENVIO_COMPROBANTES_URL ? receptorHttp(config.ENVIO_COMPROBANTES_URL) : receptorLocal(ahora);
  trabajos.registrar({
    nombre: TRABAJO_COLA_COMPROBANTES,
    intervaloMs: INTERVALO_COLA_MS,
    reintentoMs: INTERVALO_COLA_MS,
    reintentoMaxMs: 10 * 60_000,
    ejecutar: async () => {
      const e = await repo.empresa(db, EMPRESA_OPERADOR);
      await procesarCola(db, receptor, e?.ruc ?? '', ahora);
    },
  });
  return {
    procesar: () => trabajos.despertar(TRABAJO_COLA_COMPROBANTES),
    esperar: () => trabajos.esperar(TRABAJO_COLA_COMPROBANTES),
    estado: () => repo.estadoColaEnvio(db),
  };
}
