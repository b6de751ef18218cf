import type { MetaPaginacion } from '@cronos/contract';

export const ok = <T>(data: T, message = '') => ({ success: true as const, message, data });
export const okPaginado = <T>(data: T[], meta: MetaPaginacion, message = '') => ({
  success: true as const,
  message,
  data,
  meta,
});

/** An instant as the contract's ISO text (`instante()`), for response mappers. */
export const iso = (d: Date) => d.toISOString();
export const isoONulo = (d: Date | null | undefined) => (d ? d.toISOString() : null);
