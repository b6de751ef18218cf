import { apiCip, type ItemMenu } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table, Tag, Typography } from 'antd';
import { llamarRuta } from '../api/ruta';
import { useSesion } from '../sesion/almacen-sesion';
import { fecha, numero } from '../ui/formato';

const RUTA_MENU = '/app/industry/cip';
const COLOR: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'green', 4: 'orange' };
const tieneCip = (menu: ItemMenu[]) => menu.flatMap((g) => [g, ...g.detalle]).some((n) => n.urlLink === RUTA_MENU);

/**
 * 'Producción' tab of the product dialog: the product's CIP versions (state, validity, inputs) and
 * its production reports. Users without the industry/cip screen see a notice instead of a refused request.
 */
export function ProduccionTab({ codigoCatalogoUsuario }: { codigoCatalogoUsuario: number }) {
  const { permisos } = useSesion();
  const permitido = tieneCip(permisos);
  const versiones = useQuery({
    queryKey: ['cip', 'historial', codigoCatalogoUsuario],
    enabled: permitido,
    queryFn: async () =>
      (await llamarRuta(apiCip.historial, { query: { CodigoCatalogoUsuario: codigoCatalogoUsuario } })).data,
  });
  const producciones = useQuery({
    queryKey: ['cip', 'producciones-producto', codigoCatalogoUsuario],
    enabled: permitido,
    queryFn: async () =>
      (
        await llamarRuta(apiCip.listarProduccion, {
          query: { CodigoCatalogoUsuario: codigoCatalogoUsuario, limit: 20 },
        })
      ).data,
  });
  if (!permitido) return <Empty description="Sin acceso a Industria (CIP)" />;
  return (
    <>
      <Typography.Title level={5}>Versiones del CIP</Typography.Title>
      <Table
        size="small"
        rowKey="codigoCip"
        pagination={false}
        loading={versiones.isLoading}
        dataSource={versiones.data ?? []}
        locale={{ emptyText: 'El producto no tiene CIP' }}
        columns={[
          { title: 'Versión', dataIndex: 'numeroVersion' },
          {
            title: 'Estado',
            dataIndex: 'descripcionEstado',
            render: (v: string, f) => <Tag color={COLOR[f.codigoEstado]}>{v}</Tag>,
          },
          { title: 'Desde', dataIndex: 'fechaInicioVigencia', render: (v: string) => fecha(v) },
          { title: 'Hasta', dataIndex: 'fechaFinVigencia', render: (v: string | null) => fecha(v) },
          { title: 'Insumos', dataIndex: 'insumos', align: 'right' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Producción
      </Typography.Title>
      <Table
        size="small"
        rowKey="codigoProduccion"
        pagination={false}
        loading={producciones.isLoading}
        dataSource={producciones.data ?? []}
        locale={{ emptyText: 'Sin partes de producción' }}
        columns={[
          { title: 'Parte', dataIndex: 'numero' },
          { title: 'Fecha', dataIndex: 'fechaProduccion', render: (v: string) => fecha(v) },
          {
            title: 'Cantidad',
            dataIndex: 'cantidad',
            align: 'right',
            render: (v: number, f) => `${numero(v, 3)} ${f.codigoUnidadMedida}`,
          },
          { title: 'CIP', dataIndex: 'numeroVersion', render: (v: number) => `v${v}` },
          { title: 'Lote', dataIndex: 'codigoLote', align: 'right' },
        ]}
      />
    </>
  );
}
