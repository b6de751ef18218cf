import type { ColumnType } from 'antd/es/table';

/**
 * The '#' column of every list (spec 02 §1): the row number continues across pages, so page 2 of ten rows
 * starts at 11. `pagina` is 1-based; `porPagina` the page size the list shows.
 */
export function columnaNumero<T>(pagina: number, porPagina: number): ColumnType<T> {
  return {
    title: '#',
    key: '__n',
    width: 60,
    fixed: 'left',
    render: (_v, _f, i) => (Math.max(1, pagina) - 1) * porPagina + i + 1,
  };
}
