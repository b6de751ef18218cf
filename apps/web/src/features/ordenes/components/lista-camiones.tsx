import { SearchOutlined } from '@ant-design/icons';
import type { FilaTransportista } from '@cronos/contract';
import { Button, Card, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { fecha } from '../../../shared/ui/formato';
import { useDebounce } from '../../../shared/ui/use-debounce';
import { useTransportistas } from '../api/transportistas';

export type FilaCamion = FilaTransportista;

const dia = (v: string | null) => fecha(v ? `${v}T12:00:00Z` : null);
/** The spec's search column of the truck list. */
const COLUMNA = 'TV.RUC';
/** A search starts only when the text is empty or has at least 4 characters (spec 01 §5). */
const MINIMO = 4;

/**
 * Transporter truck list (spec 01 §2): search box 'Buscar RUC transportista' on column TV.RUC, searching
 * when empty or from 4 characters, 500 ms after typing stops; pager total, previous, pages, next. The page
 * and the search live in the URL (`prefijoUrl` + p / v), so the list can be reloaded and navigated back to.
 */
export function ListaCamiones(p: {
  codigoEmpresaUsuario?: number;
  prefijoUrl?: string;
  alElegir?: (f: FilaCamion) => void;
}) {
  const pre = p.prefijoUrl ?? '';
  const [params, setParams] = useSearchParams();
  const pagina = Math.max(1, Number(params.get(`${pre}p`) ?? 1) || 1);
  const valor = params.get(`${pre}v`) ?? '';
  const buscable = valor.length === 0 || valor.length >= MINIMO;
  const lista = useTransportistas(
    {
      PageNumber: pagina,
      CodigoEmpresaUsuario: p.codigoEmpresaUsuario ?? -1,
      ...(valor && buscable ? { Columna: COLUMNA, Valor: valor } : {}),
    },
    buscable,
  );
  const [texto, setTexto] = useState(valor);
  const estable = useDebounce(texto, 500);
  const cambiar = (cambios: Record<'p' | 'v', string | number | null>) =>
    setParams(
      (actual) => {
        const siguiente = new URLSearchParams(actual);
        for (const [k, v] of Object.entries(cambios)) {
          if (v === null || v === '' || (k === 'p' && v === 1)) siguiente.delete(pre + k);
          else siguiente.set(pre + k, String(v));
        }
        return siguiente;
      },
      { replace: true },
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the settled text triggers a search
  useEffect(() => {
    if (estable !== valor) cambiar({ v: estable, p: 1 });
  }, [estable]);

  const porPagina = lista.data?.meta.per_page ?? 10;
  const corto = texto.length > 0 && texto.length < MINIMO;
  const columnas: ColumnsType<FilaCamion> = [
    columnaNumero<FilaCamion>(pagina, porPagina),
    { title: 'RUC', dataIndex: 'ruc' },
    { title: 'Razón social', dataIndex: 'razonSocial' },
    {
      title: 'Contrato',
      dataIndex: 'estadoContrato',
      render: (v: string) => <Tag color={v === 'VIGENTE' ? 'green' : 'red'}>{v}</Tag>,
    },
    { title: 'Inicio', dataIndex: 'fechaInicio', render: dia },
    { title: 'Cese', dataIndex: 'fechaCese', render: dia },
    { title: 'Empresa usuaria', dataIndex: 'empresaUsuario' },
    ...(p.alElegir
      ? [
          {
            title: '',
            key: 'elegir',
            render: (_: unknown, f: FilaCamion) => (
              <Button size="small" onClick={() => p.alElegir?.(f)} aria-label={`Elegir ${f.ruc}`}>
                Elegir
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card size="small">
      <Space.Compact style={{ marginBottom: 12, width: '100%', maxWidth: 560 }}>
        <Input
          allowClear
          aria-label="Buscar"
          prefix={<SearchOutlined />}
          placeholder="Buscar RUC transportista"
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
          status={corto ? 'warning' : undefined}
        />
      </Space.Compact>
      {corto ? (
        <div style={{ color: '#ad6800', marginTop: -8, marginBottom: 8 }}>
          Ingrese al menos {MINIMO} caracteres para buscar.
        </div>
      ) : null}
      <Table<FilaCamion>
        size="small"
        rowKey="codigoTransportistaUsuario"
        columns={columnas}
        dataSource={lista.data?.data ?? []}
        loading={lista.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pagina,
          pageSize: porPagina,
          total: lista.data?.meta.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `Total ${total} registros`,
          onChange: (pg) => cambiar({ p: pg, v: valor }),
        }}
      />
    </Card>
  );
}
