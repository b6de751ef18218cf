import type { MetaPaginacion } from '@cronos/contract';

export const ok = <T>(data: T, message = '') => ({ success: true as const, message, data });
export const okPaginado = <T>(data: T[], meta: MetaPaginacion, message = '') => ({
  success: true as const,
  message,
  data,
  meta,
});
