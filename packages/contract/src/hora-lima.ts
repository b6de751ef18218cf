/**
 * Lima time, the zone's only clock (DOMAIN.md §8): America/Lima is UTC−5 all year, without daylight saving.
 * One module for server and web; nothing else writes the offset.
 */
export const ZONA_LIMA = 'America/Lima';
/** Minutes east of UTC (dayjs' utcOffset). */
export const DESFASE_LIMA_MINUTOS = -5 * 60;
const DESFASE_MS = DESFASE_LIMA_MINUTOS * 60_000;
const DIA_MS = 86_400_000;

/** The instant's Lima wall clock as ISO text without zone: yyyy-MM-ddTHH:mm:ss.sss. */
export const relojLima = (instante: Date | number) =>
  new Date((typeof instante === 'number' ? instante : instante.getTime()) + DESFASE_MS).toISOString().slice(0, 23);

/** The Lima calendar date of an instant (yyyy-MM-dd), optionally n days later. */
export const fechaLima = (instante: Date, masDias = 0) =>
  new Date(instante.getTime() + DESFASE_MS + masDias * DIA_MS).toISOString().slice(0, 10);

/** HH:mm on the Lima clock. */
export const horaLima = (instante: Date) => relojLima(instante).slice(11, 16);

/** dd/MM/yyyy HH:mm on the Lima clock (printed documents). */
export const fechaHoraLima = (instante: Date) => {
  const r = relojLima(instante);
  return `${r.slice(8, 10)}/${r.slice(5, 7)}/${r.slice(0, 4)} ${r.slice(11, 16)}`;
};

/** A Lima date and time as an instant's ISO text with the zone: 2026-11-20T15:00:00-05:00. */
export const instanteLima = (fecha: string, hora = '00:00') =>
  `${fecha}T${hora.length === 5 ? `${hora}:00` : hora}-05:00`;

/** Midnight in Lima of a yyyy-MM-dd date. */
export const inicioDiaLima = (fecha: string) => new Date(instanteLima(fecha));
/** Midnight in Lima of the day after (the exclusive end of a date range). */
export const finDiaLima = (fecha: string) => new Date(inicioDiaLima(fecha).getTime() + DIA_MS);

/** yyyy-MM-dd plus n days (calendar arithmetic, no zone involved). */
export const sumarDias = (fecha: string, dias: number) => {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};

/** The next `hora` o'clock in Lima strictly after `ahora`. */
export function proximaHoraLima(ahora: Date, hora: number): Date {
  const limaMs = ahora.getTime() + DESFASE_MS;
  let objetivo = Math.floor(limaMs / DIA_MS) * DIA_MS + hora * 3_600_000;
  if (objetivo <= limaMs) objetivo += DIA_MS;
  return new Date(objetivo - DESFASE_MS);
}
