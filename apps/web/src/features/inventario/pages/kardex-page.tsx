import { FileExcelOutlined } from '@ant-design/icons';
import { apiKardex, type FilaKardex, fechaLima, MENSAJES, nombreArchivoKardex, PARAMETRO } from '@cronos/contract';
import { Button, Card, DatePicker, Empty, Flex, Select, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useEmpresas, useParametro } from '../../../shared/api/parametros';
import { ProgresoDescarga, useDescargaEnCurso } from '../../../shared/descarga/descarga-en-curso';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { columnaNumero } from '../../../shared/tabla/columna-numero';
import { useListaPaginada } from '../../../shared/tabla/use-lista-paginada';
import { useDebounce } from '../../../shared/ui/use-debounce';
import { fechaApi, fechaHora, numero } from '../../../shared/ui/formato';
import {
  clavesInventario,
  etiquetaProducto,
  exportarKardex,
  useEligeEmpresa,
  useLotesProducto,
  useProductosKardex,
} from '../api/kardex';

const entero = (v: string | null) => (v && Number(v) > 0 ? Number(v) : null);

/**
 * Kardex (inventory/kardex): the ledger of one product (or one lot) of a company for a date range,
 * paged on the server, with the balances kept when each entry was written. Filters live in the URL.
 */
export default function KardexPage() {
  const { usuario } = useSesion();
  const eligeEmpresa = useEligeEmpresa();
  const [params, setParams] = useSearchParams();
  const empresa = eligeEmpresa ? (entero(params.get('empresa')) ?? -1) : (usuario?.codigoEmpresaUsuario ?? -1);
  const producto = entero(params.get('producto'));
  const lote = entero(params.get('lote'));
  const desde = params.get('desde') ?? '';
  const hasta = params.get('hasta') ?? '';
  const orden = params.get('orden') === 'desc' ? 'desc' : 'asc';
  const [texto, setTexto] = useState('');
  const buscado = useDebounce(texto, 400);
  const empresas = useEmpresas();
  // Units by their name ('Unidad', 'Kilogramo'), not their code ('NIU', 'KGM').
  const unidades = useParametro(PARAMETRO.unidadMedida).data;
  const nombreUnidad = (codigo: string) => unidades?.find((u) => u.codigo === codigo)?.descripcion ?? codigo;
  const productos = useProductosKardex(empresa, buscado, empresa > 0);
  const lotes = useLotesProducto(producto);
  const descarga = useDescargaEnCurso();

  const poner = (cambios: Record<string, string | number | null>) =>
    setParams(
      (actual) => {
        const s = new URLSearchParams(actual);
        for (const [k, v] of Object.entries(cambios)) {
          if (v === null || v === '') s.delete(k);
          else s.set(k, String(v));
        }
        s.delete('p');
        return s;
      },
      { replace: true },
    );

  const lista = useListaPaginada<FilaKardex>(apiKardex.listar, {
    clave: clavesInventario.kardex(),
    habilitada: producto !== null,
    extra: {
      CodigoEmpresaUsuario: empresa,
      CodigoCatalogoUsuario: producto ?? undefined,
      CodigoLote: lote ?? undefined,
      DesdeFecha: desde || undefined,
      HastaFecha: hasta || undefined,
      Orden: orden,
      limit: 20,
    },
  });
  const elegido = productos.data?.find((p) => p.codigoCatalogoUsuario === producto);
  const empresaElegida = empresas.data?.find((e) => e.codigoEmpresaUsuario === empresa);

  const descargar = (formato: '12.1' | '13.1', todos: boolean) => {
    const periodo =
      desde && hasta
        ? `${desde.replaceAll('-', '')}-${hasta.replaceAll('-', '')}`
        : fechaLima(new Date()).slice(0, 7).replace('-', '');
    descarga
      .iniciar((seguimiento) =>
        exportarKardex(
          {
            query: {
              CodigoEmpresaUsuario: empresa,
              CodigoCatalogoUsuario: todos ? undefined : (producto ?? undefined),
              ...(desde && hasta
                ? { DesdeFecha: desde, HastaFecha: hasta }
                : { Periodo: fechaLima(new Date()).slice(0, 7) }),
              Formato: formato,
            },
            // One product's book names the product: the same file name as the company's book would overwrite it.
            nombre: nombreArchivoKardex({
              ruc: empresaElegida?.ruc ?? String(usuario?.codigoEmpresaUsuario ?? ''),
              periodo,
              producto:
                todos || producto === null
                  ? undefined
                  : (elegido ?? { codigoCatalogoUsuario: producto, codigoInterno: null }),
              valorizado: formato === '13.1',
            }),
          },
          seguimiento,
        ),
      )
      // A refusal was already shown by the client; a file cut off on its way says so.
      .catch((e) => {
        if (!(e instanceof ErrorApi)) notificar.error(MENSAJES.operacionNoGenerada);
      });
  };

  const porPagina = lista.meta?.per_page ?? 20;
  const columnas: ColumnsType<FilaKardex> = [
    columnaNumero<FilaKardex>(lista.pagina, porPagina),
    {
      title: 'Fecha y hora',
      dataIndex: 'fecha',
      key: 'fecha',
      sorter: true,
      sortOrder: orden === 'desc' ? 'descend' : 'ascend',
      sortDirections: ['ascend', 'descend', 'ascend'],
      render: (v: string) => fechaHora(v),
    },
    {
      title: 'Orden',
      dataIndex: 'codigoIngreso',
      key: 'orden',
      render: (v: string | null, f) =>
        v && f.codigoMovimiento ? (
          <Link to={`/app/operations/order/register/${f.codigoMovimiento}/${v}`}>{v}</Link>
        ) : (
          '—'
        ),
    },
    {
      title: 'Tipo doc.',
      dataIndex: 'tipoDocumento',
      key: 'tipoDocumento',
      render: (v: string | null, f) =>
        v ? <Tooltip title={f.descripcionTipoDocumento}>{f.descripcionTipoDocumento ?? v}</Tooltip> : '—',
    },
    { title: 'N° documento', dataIndex: 'numeroDocumento', key: 'numeroDocumento', render: (v) => v ?? '—' },
    {
      title: 'Operación (T.12)',
      dataIndex: 'tipoOperacion',
      key: 'tipoOperacion',
      render: (v: string, f) => `${v} ${f.descripcionTipoOperacion}`,
    },
    { title: 'Lote', dataIndex: 'documentoLote', key: 'documentoLote' },
    {
      title: 'Entrada',
      dataIndex: 'entrada',
      key: 'entrada',
      align: 'right',
      render: (v: number) => (v ? numero(v, 3) : ''),
    },
    {
      title: 'Salida',
      dataIndex: 'salida',
      key: 'salida',
      align: 'right',
      render: (v: number) => (v ? numero(v, 3) : ''),
    },
    {
      title: 'Saldo',
      dataIndex: 'saldo',
      key: 'saldo',
      align: 'right',
      render: (v: number) => <strong>{numero(v, 3)}</strong>,
    },
    {
      title: 'FOB unit. (USD)',
      dataIndex: 'costoUnitario',
      key: 'costoUnitario',
      align: 'right',
      render: (v: number) => numero(v, 4),
    },
    {
      title: 'Costo prom.',
      dataIndex: 'costoPromedio',
      key: 'costoPromedio',
      align: 'right',
      render: (v: number) => numero(v, 4),
    },
    {
      title: 'Saldo valorizado',
      dataIndex: 'saldoValor',
      key: 'saldoValor',
      align: 'right',
      render: (v: number) => numero(v, 2),
    },
  ];

  return (
    <Flex vertical gap="middle" style={{ width: '100%' }}>
      <Card title="Kardex" size="small">
        <Flex wrap gap={12} align="end">
          {eligeEmpresa ? (
            <div>
              <div>Empresa</div>
              <Select
                aria-label="Empresa"
                showSearch
                optionFilterProp="label"
                style={{ minWidth: 280 }}
                placeholder="Seleccione una empresa"
                value={empresa > 0 ? empresa : undefined}
                loading={empresas.isLoading}
                options={(empresas.data ?? []).map((e) => ({ value: e.codigoEmpresaUsuario, label: e.razonSocial }))}
                onChange={(v: number) => poner({ empresa: v, producto: null, lote: null })}
              />
            </div>
          ) : null}
          <div>
            <div>Producto</div>
            <Select
              aria-label="Producto"
              showSearch
              filterOption={false}
              onSearch={setTexto}
              style={{ minWidth: 320, maxWidth: '100%' }}
              // The options carry the product's stock at their end: the list is as wide as its text, not the box,
              // within the screen; on a phone a long name wraps instead of cutting the stock off.
              popupMatchSelectWidth={false}
              styles={{ popup: { root: { maxWidth: 'min(640px, calc(100vw - 32px))' } } }}
              optionRender={(o) => <div style={{ whiteSpace: 'normal' }}>{o.label}</div>}
              placeholder="Buscar producto"
              disabled={empresa <= 0}
              value={producto ?? undefined}
              loading={productos.isFetching}
              notFoundContent={productos.isFetching ? 'Buscando…' : 'Sin productos'}
              options={(productos.data ?? []).map((p) => ({
                value: p.codigoCatalogoUsuario,
                label: etiquetaProducto(p),
              }))}
              onChange={(v: number) => poner({ producto: v, lote: null })}
            />
          </div>
          <div>
            <div>Lote</div>
            <Select
              aria-label="Lote"
              allowClear
              style={{ minWidth: 240 }}
              placeholder="Todos los lotes"
              disabled={producto === null}
              value={lote ?? undefined}
              options={(lotes.data ?? []).map((l) => ({
                value: l.codigoLote,
                label: `${l.numeroDocumento}${l.codigoIngreso ? ` · ${l.codigoIngreso}` : ''} (stock ${numero(l.cantidadStock, 3)})`,
              }))}
              onChange={(v?: number) => poner({ lote: v ?? null })}
            />
          </div>
          <div>
            <div>Desde – hasta</div>
            <DatePicker.RangePicker
              aria-label="Rango de fechas"
              format="DD/MM/YYYY"
              value={desde && hasta ? [dayjs(desde), dayjs(hasta)] : null}
              onChange={(r) => poner({ desde: r?.[0] ? fechaApi(r[0]) : null, hasta: r?.[1] ? fechaApi(r[1]) : null })}
            />
          </div>
          <Space wrap size={8}>
            <Button
              icon={<FileExcelOutlined />}
              disabled={producto === null}
              loading={descarga.enCurso}
              onClick={() => descargar('12.1', false)}
            >
              Exportar 12.1
            </Button>
            <Button disabled={producto === null} loading={descarga.enCurso} onClick={() => descargar('13.1', false)}>
              13.1 valorizado
            </Button>
            <Button disabled={empresa <= 0} loading={descarga.enCurso} onClick={() => descargar('12.1', true)}>
              12.1 todos los productos
            </Button>
            <ProgresoDescarga descarga={descarga} />
          </Space>
        </Flex>
        {elegido ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            Partida {elegido.numeroPartida} · Unidad de medida: {nombreUnidad(elegido.codigoUnidadMedida)} · Tipo de
            existencia {elegido.codigoExistencia} · Saldo actual <strong>{numero(elegido.saldo, 3)}</strong>
          </Typography.Paragraph>
        ) : null}
      </Card>
      <Card size="small">
        {producto === null ? (
          <Empty description="Seleccione un producto para ver su kardex" />
        ) : (
          <Table<FilaKardex>
            size="small"
            rowKey="codigoKardex"
            columns={columnas}
            dataSource={lista.filas}
            loading={lista.isFetching}
            // At least 1000 px (scrolls on a narrower screen); wider, the texts wrap and every column fits: as wide
            // as its content, the last column was cut off at 1440 px.
            scroll={{ x: 1000 }}
            onChange={(_p, _f, s, extra) => {
              if (extra.action !== 'sort') return;
              const unico = Array.isArray(s) ? s[0] : s;
              poner({ orden: unico?.order === 'descend' ? 'desc' : null });
            }}
            pagination={{
              current: lista.pagina,
              pageSize: porPagina,
              total: lista.meta?.total ?? 0,
              showSizeChanger: false,
              showTotal: (t) => `Total ${t} registros`,
              onChange: (pg) => lista.irAPagina(pg),
            }}
          />
        )}
      </Card>
    </Flex>
  );
}
