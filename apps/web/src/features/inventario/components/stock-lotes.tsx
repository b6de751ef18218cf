import { FileExcelOutlined } from '@ant-design/icons';
import { apiKardex, type FilaStockLote, fechaLima, nombreArchivoStock } from '@cronos/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'react-router';
import { useEmpresas } from '../../../shared/api/parametros';
import { llamarRuta } from '../../../shared/api/ruta';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { TablaDatos } from '../../../shared/tabla/tabla-datos';
import { fecha, numero } from '../../../shared/ui/formato';
import { clavesInventario, guardarArchivo, useEligeEmpresa } from '../api/kardex';
import { TextoCorto } from '../../../shared/ui/texto-corto';

const BUSQUEDA = [
  { value: 'C.DESCRIPCION', label: 'Producto' },
  { value: 'C.NUMERO_PARTIDA', label: 'Partida' },
  { value: 'M.CODIGO_INGRESO', label: 'Orden' },
  { value: 'L.NUMERO_DOCUMENTO', label: 'Documento' },
  { value: 'E.RAZON_SOCIAL', label: 'Empresa' },
];

/**
 * Stock by lot (inventory/finishedProducts: existence type 02; inventory/otherProducts: the rest): every lot
 * with stock, its entry order and document, days in the zone, on hand, reserved, available and FOB, with the
 * filter's totals and the Excel file. Company, page and search live in the URL.
 */
export function StockLotes(p: {
  tipo: 'terminados' | 'otros' | 'todos';
  titulo: string;
  /** The dashboard's drill-down: lots of an age bucket or with reservations. */
  filtros?: { DiasMinimo?: number; DiasMaximo?: number; SoloReservados?: 'true' };
}) {
  const eligeEmpresa = useEligeEmpresa();
  const { usuario } = useSesion();
  const [params, setParams] = useSearchParams();
  const empresa = eligeEmpresa ? Number(params.get('empresa') ?? -1) || -1 : -1;
  const columna = params.get('c') ?? 'C.DESCRIPCION';
  const valor = params.get('v') ?? '';
  const empresas = useEmpresas();
  const filtro = {
    Tipo: p.tipo,
    CodigoEmpresaUsuario: empresa,
    ...p.filtros,
    ...(valor ? { Columna: columna, Valor: valor } : {}),
  } as const;
  const totales = useQuery({
    queryKey: [...clavesInventario.stock(p.tipo), 'totales', filtro],
    queryFn: async () =>
      (
        await llamarRuta(apiKardex.stockLotes, {
          query: { ...filtro, SoloConStock: 'true', PageNumber: 1, limit: 1 } as never,
        })
      ).totales,
  });
  /** The RUC of the company listed (the chosen one, or the user's own); none when operator staff list them all. */
  const propia = eligeEmpresa ? empresa : usuario?.codigoEmpresaUsuario;
  const rucListado = empresas.data?.find((e) => e.codigoEmpresaUsuario === propia)?.ruc;
  const excel = useMutation({
    mutationFn: async () =>
      guardarArchivo(
        await llamarRuta(apiKardex.exportarStockLotes, { query: { ...filtro, SoloConStock: 'true' } as never }),
        // The dashboard's drill-down lists every type of lot: its file is not "other products".
        nombreArchivoStock({ tipo: p.tipo, ruc: rucListado ?? null, dia: fechaLima(new Date()) }),
      ),
  });

  const columnas: ColumnsType<FilaStockLote> = [
    ...(eligeEmpresa
      ? [
          {
            title: 'Empresa',
            dataIndex: 'razonSocial',
            key: 'razonSocial',
            render: (v: string) => <TextoCorto texto={v} ancho={150} />,
          },
        ]
      : []),
    {
      title: 'Producto',
      dataIndex: 'producto',
      key: 'producto',
      render: (v: string) => <TextoCorto texto={v} ancho={180} />,
      sorter: true,
    },
    { title: 'Partida', dataIndex: 'numeroPartida', key: 'numeroPartida' },
    {
      title: 'Orden',
      dataIndex: 'codigoIngreso',
      key: 'codigoIngreso',
      render: (v: string | null, f) =>
        v && f.codigoMovimiento ? (
          <Link to={`/app/operations/order/register/${f.codigoMovimiento}/${v}`}>{v}</Link>
        ) : (
          '—'
        ),
    },
    {
      title: 'Documento',
      dataIndex: 'numeroDocumento',
      key: 'numeroDocumento',
      render: (v: string | null) => <TextoCorto texto={v} ancho={110} />,
    },
    { title: 'Ingreso', dataIndex: 'fechaIngreso', key: 'fechaIngreso', render: (v: string) => fecha(v) },
    {
      title: 'Días en zona',
      dataIndex: 'diasEnZona',
      key: 'diasEnZona',
      align: 'right',
      sorter: true,
    },
    {
      title: 'Stock',
      dataIndex: 'cantidadStock',
      key: 'cantidadStock',
      align: 'right',
      render: (v: number) => numero(v, 3),
    },
    {
      title: 'Reservado',
      dataIndex: 'cantidadReservada',
      key: 'cantidadReservada',
      align: 'right',
      render: (v: number) => numero(v, 3),
    },
    {
      title: 'Disponible',
      dataIndex: 'cantidadDisponible',
      key: 'cantidadDisponible',
      align: 'right',
      render: (v: number) => <strong>{numero(v, 3)}</strong>,
    },
    {
      title: 'FOB unit.',
      dataIndex: 'fobUnitario',
      key: 'fobUnitario',
      align: 'right',
      render: (v: number) => numero(v, 4),
    },
    {
      title: 'FOB total',
      dataIndex: 'fobTotal',
      key: 'fobTotal',
      align: 'right',
      // Not sortable: the server sorts the whole list only by indexed columns, and no index orders balance × FOB.
      render: (v: number) => numero(v, 2),
    },
  ];

  return (
    <TablaDatos<FilaStockLote>
      titulo={p.titulo}
      ruta={apiKardex.stockLotes}
      claveConsulta={clavesInventario.stock(p.tipo)}
      clave="codigoLote"
      columnas={columnas}
      columnasBusqueda={BUSQUEDA}
      extra={{ Tipo: p.tipo, CodigoEmpresaUsuario: empresa, ...p.filtros }}
      acciones={
        <Flex gap={8} wrap>
          {eligeEmpresa ? (
            <Select
              aria-label="Empresa"
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 260 }}
              value={empresa}
              options={[
                { value: -1, label: 'Todas las empresas' },
                ...(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial })),
              ]}
              onChange={(v: number) =>
                setParams(
                  (a) => {
                    const s = new URLSearchParams(a);
                    if (v > 0) s.set('empresa', String(v));
                    else s.delete('empresa');
                    s.delete('p');
                    return s;
                  },
                  { replace: true },
                )
              }
            />
          ) : null}
          <Button icon={<FileExcelOutlined />} loading={excel.isPending} onClick={() => excel.mutate()}>
            Excel
          </Button>
        </Flex>
      }
      tableProps={{
        footer: () =>
          totales.data ? (
            <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3, lg: 5 }}>
              <Descriptions.Item label="Lotes">{totales.data.lotes}</Descriptions.Item>
              <Descriptions.Item label="Stock">{numero(totales.data.cantidadStock, 3)}</Descriptions.Item>
              <Descriptions.Item label="Reservado">{numero(totales.data.cantidadReservada, 3)}</Descriptions.Item>
              <Descriptions.Item label="Disponible">{numero(totales.data.cantidadDisponible, 3)}</Descriptions.Item>
              <Descriptions.Item label="FOB total (USD)">{numero(totales.data.fobTotal, 2)}</Descriptions.Item>
            </Descriptions>
          ) : null,
      }}
    />
  );
}
