/** Thousands with a space, as Peruvian documents write them (10 000). */
const miles = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * The pager's total: exact, or 'Más de …' when the server stopped counting (lists over a million orders count up
 * to 10 000 rows; the pager still pages through them and the filters narrow the rest).
 */
export const textoTotal = (total: number, acotado?: boolean) =>
  acotado ? `Más de ${miles(total)} registros` : `Total ${total} registros`;
