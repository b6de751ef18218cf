/** Tag colour of a voucher's payment state. */
export const ColorEstado: Record<string, string> = {
  PENDIENTE: 'orange',
  PARCIAL: 'gold',
  PAGADO: 'green',
  ANULADO: 'default',
  EMITIDA: 'blue',
};
