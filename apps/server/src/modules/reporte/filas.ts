import { type FilaReporte, REPORTES, type TipoReporte, UNIDAD_MINCETUR, relojLima } from '@cronos/contract';
import type { FilaBd } from './reporte.repository';

/** Month names of the ministry format (op2), also rendered by the database (xlsx-sql.repository.ts). */
export const MESES = [
  'ENERO',
  'FEBRERO',
  'MARZO',
  'ABRIL',
  'MAYO',
  'JUNIO',
  'JULIO',
  'AGOSTO',
  'SETIEMBRE',
  'OCTUBRE',
  'NOVIEMBRE',
  'DICIEMBRE',
];

/** Lima wall clock (UTC−5, no daylight saving: DOMAIN.md §8) of an epoch in seconds, as ISO text. */
const lima = (epoch: unknown) => (epoch === null || epoch === undefined ? null : relojLima(Number(epoch) * 1000));
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const texto = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * A database row as the report row of the API, the Excel file and the PDF: only the report's columns, dates
 * as yyyy-MM-dd, times as HH:mm:ss (Lima), numbers as numbers. `numero` is the row's position (N°).
 * Called once per exported row (hundreds of thousands per export): each instant is formatted once.
 */
export function filaReporte(tipo: TipoReporte, f: FilaBd, numero: number): FilaReporte {
  const extra: Record<string, unknown> = { id: numero };
  if (tipo === 'op1') {
    const uno = lima(f.tUno);
    const dos = lima(f.tDos);
    extra.fechaUno = uno?.slice(0, 10) ?? null;
    extra.horaUno = uno?.slice(11, 19) ?? null;
    extra.fechaDos = dos?.slice(0, 10) ?? null;
    extra.horaDos = dos?.slice(11, 19) ?? null;
  } else {
    const iso = lima(f.tFecha);
    extra.fechaIngreso = iso?.slice(0, 10) ?? null;
    if (tipo === 'op2') {
      // Ministry format: the month, the weight as the quantity in the fixed unit KGS, and the line's FOB total.
      extra.mes = iso ? `${MESES[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}` : null;
      extra.cantidad = f.peso;
      extra.unidadMedida = UNIDAD_MINCETUR;
      extra.valorTotalFob = f.valorTotal;
    } else if (tipo === 'op5') {
      extra.fechaRegistro = lima(f.tRegistro)?.slice(0, 10) ?? null;
    }
  }
  const fila: FilaReporte = {};
  for (const c of REPORTES[tipo].columnas) {
    const v = c.clave in extra ? extra[c.clave] : f[c.clave];
    fila[c.clave] = c.tipo === 'numero' || c.tipo === 'entero' ? num(v) : texto(v);
  }
  return fila;
}
