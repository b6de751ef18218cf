import { SearchOutlined } from '@ant-design/icons';
import type { DefinicionRuta } from '@cronos/contract';
import { Card, Input, Select, Space, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useState } from 'react';
import { useDebounce } from '../ui/use-debounce';
import { columnaNumero } from './columna-numero';
import { ordenDeColumna, ordenDeSorter, ordenPermitido } from './orden';
import { textoTotal } from './texto-total';
import { useListaPaginada } from './use-lista-paginada';

export interface OpcionColumna {
  value: string;
  label: string;
  /** The search box's hint while this column is chosen (otherwise `placeholderBusqueda`). */
  placeholder?: string;
}

interface Props<T> {
  /** The paged route: its contract definition (e.g. apiAranceles.listar), or its path until it has one. */
  ruta: DefinicionRuta;
  /** Query key of the list in the feature's key factory (what a change invalidates). */
  claveConsulta?: readonly unknown[];
  columnas: ColumnsType<T>;
  clave: keyof T & string;
  titulo?: ReactNode;
  /** Search column selector (Columna); without it the box searches the first allowlisted key given. */
  columnasBusqueda?: OpcionColumna[];
  placeholderBusqueda?: string;
  /** Minimum characters before a search starts (empty always searches). */
  minimoBusqueda?: number;
  extra?: Record<string, string | number | boolean | null | undefined>;
  acciones?: ReactNode;
  /** Disabled records are red (spec 02 §1); by default a row with estadoAnulado ≠ 0. */
  claseFila?: (fila: T) => string;
  prefijoUrl?: string;
  habilitada?: boolean;
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'pagination' | 'rowKey'>;
}

/** Keys of the columns that hold a row's buttons. */
const COLUMNAS_ACCION = ['acciones', 'detalle', 'ver'];

const anulada = (fila: unknown) => {
  const e = (fila as { estadoAnulado?: number | string | boolean }).estadoAnulado;
  return e !== undefined && e !== null && e !== 0 && e !== '0' && e !== false ? 'fila-anulada' : '';
};

/**
 * The list building block of every screen: search box with a column selector, server pages with the spec's
 * pager (total, previous, pager, next), row numbering that continues across pages, disabled rows in red,
 * page and search kept in the URL, searches debounced 500 ms.
 */
export function TablaDatos<T extends object>(p: Props<T>) {
  const lista = useListaPaginada<T>(p.ruta, {
    extra: p.extra,
    prefijo: p.prefijoUrl,
    columnaPorDefecto: p.columnasBusqueda?.[0]?.value,
    minimoBusqueda: p.minimoBusqueda,
    habilitada: p.habilitada,
    clave: p.claveConsulta,
  });
  const [texto, setTexto] = useState(lista.valor);
  const estable = useDebounce(texto, 500);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text triggers a search
  useEffect(() => {
    if (estable !== lista.valor) lista.buscar(estable);
  }, [estable]);

  const porPagina = lista.meta?.per_page ?? 10;
  // Action columns stay in sight at the right edge however wide the table (the rest scrolls inside the card).
  // A column with `sorter: true` is sorted by the server over the whole list when its key is one the route's
  // contract sorts by (ordenarPor); its header shows the order of the URL. Any other sorter is dropped: a browser
  // sort would reorder only the page shown.
  const columnas: ColumnsType<T> = [
    columnaNumero<T>(lista.pagina, porPagina),
    ...p.columnas.map((c) => {
      const fija = COLUMNAS_ACCION.includes(String(c.key)) && !c.fixed ? { ...c, fixed: 'right' as const } : c;
      if (!c.sorter) return fija;
      if (c.sorter !== true || !ordenPermitido(p.ruta, String(c.key))) return { ...fija, sorter: false };
      return { ...fija, sortOrder: ordenDeColumna(lista.orden, String(c.key)) };
    }),
  ];
  const corto = texto.length > 0 && texto.length < (p.minimoBusqueda ?? 1);

  return (
    <Card title={p.titulo} size="small" extra={p.acciones}>
      <Space.Compact style={{ marginBottom: 12, width: '100%', maxWidth: 560 }}>
        {p.columnasBusqueda && p.columnasBusqueda.length > 1 ? (
          <Select
            aria-label="Columna de búsqueda"
            style={{ minWidth: 180 }}
            value={lista.columna}
            options={p.columnasBusqueda}
            onChange={(c) => lista.cambiarColumna(c)}
          />
        ) : null}
        <Input
          allowClear
          aria-label="Buscar"
          prefix={<SearchOutlined />}
          placeholder={
            p.columnasBusqueda?.find((c) => c.value === lista.columna)?.placeholder ?? p.placeholderBusqueda ?? 'Buscar'
          }
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          status={corto ? 'warning' : undefined}
        />
      </Space.Compact>
      {corto ? (
        <div style={{ color: '#ad6800', marginTop: -8, marginBottom: 8 }}>
          Ingrese al menos {p.minimoBusqueda} caracteres para buscar.
        </div>
      ) : null}
      <Table<T>
        size="small"
        rowKey={p.clave}
        columns={columnas}
        dataSource={lista.filas}
        loading={lista.isFetching}
        rowClassName={(f) => (p.claseFila ?? anulada)(f)}
        onChange={(_paginacion, _filtros, orden, accion) => {
          if (accion.action === 'sort') lista.ordenar(ordenDeSorter(orden));
        }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: lista.pagina,
          pageSize: porPagina,
          total: lista.meta?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => textoTotal(total, lista.meta?.totalAcotado),
          onChange: (pg) => lista.irAPagina(pg),
        }}
        {...p.tableProps}
      />
    </Card>
  );
}
