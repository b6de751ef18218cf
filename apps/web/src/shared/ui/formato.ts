import { DESFASE_LIMA_MINUTOS } from '@cronos/contract';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

export const enLima = (v: string | Date | dayjs.Dayjs) => dayjs(v).utcOffset(DESFASE_LIMA_MINUTOS);

/** A calendar date without time (yyyy-MM-dd, e.g. a validity end): the same day in every zone. */
const SOLO_FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * The one date format of every screen: dd/MM/yyyy; with time dd/MM/yyyy HH:mm (Lima). Empty values show a dash.
 */
export const fecha = (v?: string | Date | null) => {
  if (!v) return '—';
  const m = typeof v === 'string' ? SOLO_FECHA.exec(v) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : enLima(v).format('DD/MM/YYYY');
};
export const fechaHora = (v?: string | Date | null) => (v ? enLima(v).format('DD/MM/YYYY HH:mm') : '—');
/** API dates yyyy-MM-dd. */
export const fechaApi = (v: dayjs.Dayjs) => v.format('YYYY-MM-DD');
export const numero = (v: number | string | null | undefined, decimales = 2) =>
  v === null || v === undefined || v === ''
    ? '—'
    : Number(v).toLocaleString('es-PE', { minimumFractionDigits: decimales, maximumFractionDigits: decimales });
