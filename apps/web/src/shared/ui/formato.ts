import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Lima is UTC−5 all year (no daylight saving), DOMAIN.md §8. */
const LIMA_OFFSET_MIN = -5 * 60;
export const enLima = (v: string | Date | dayjs.Dayjs) => dayjs(v).utcOffset(LIMA_OFFSET_MIN);

/** Dates shown dd/MM/yyyy; with time dd/MM/yyyy HH:mm. Empty values show a dash. */
export const fecha = (v?: string | Date | null) => (v ? enLima(v).format('DD/MM/YYYY') : '—');
export const fechaHora = (v?: string | Date | null) => (v ? enLima(v).format('DD/MM/YYYY HH:mm') : '—');
/** API dates yyyy-MM-dd. */
export const fechaApi = (v: dayjs.Dayjs) => v.format('YYYY-MM-DD');
export const numero = (v: number | string | null | undefined, decimales = 2) =>
  v === null || v === undefined || v === ''
    ? '—'
    : Number(v).toLocaleString('es-PE', { minimumFractionDigits: decimales, maximumFractionDigits: decimales });
