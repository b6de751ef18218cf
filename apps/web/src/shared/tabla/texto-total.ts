/** Thousands with a space, as Peruvian documents write them (10 000). */
const miles = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/**
 * The pager's total: exact, or 'Más de …' when the server stopped counting (lists over a million orders count up
 * to 10 000 rows; the pager still pages through them and the filters narrow the rest).
 */
export const textoTotal = (total: number, acotado?: boolean) =>
  acotado ? `Más de ${miles(total)} registros` : `Total ${total} registros`;

/** A report's length beside its title: '1 fila', '2 500 filas', or 'más de 10 000 filas' when the count stopped at its bound. */
export const textoFilas = (total: number, acotado?: boolean) =>
  acotado ? `más de ${miles(total)} filas` : total === 1 ? '1 fila' : `${miles(total)} filas`;
