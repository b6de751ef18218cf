import type { FilaConsultaExterna } from '@cronos/contract';

/**
 * The state label of an external-consultation switch, as it really is: on here and in the server, on here but
 * off in the server (nothing goes out: no 'Inactiva' beside a switch that is on), or off here.
 */
export function estadoConsulta(c: Pick<FilaConsultaExterna, 'activo' | 'efectivo'>): { texto: string; color?: string } {
  if (c.efectivo) return { texto: 'Activa', color: 'green' };
  if (c.activo) return { texto: 'Activada, sin efecto: apagada en el servidor', color: 'orange' };
  return { texto: 'Inactiva' };
}
