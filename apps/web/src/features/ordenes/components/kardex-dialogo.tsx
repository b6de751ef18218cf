import { type LoteKardex, MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { Alert, InputNumber, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLotesKardex } from '../api/inventario';

interface Props {
  abierto: boolean;
  producto: { codigoCatalogoUsuario: number; descripcion: string } | null;
  codigoEmpresaAlmacen: number | null;
  /** The quantity the line asks for ('Total a retirar'). */
  cantidad: number;
  alCerrar: () => void;
  alAceptar: (lotes: { codigoLote: number; cantidad: number; numeroDocumento: string }[]) => void;
}

/** Warehouse kardex picker (spec 01 §2): quantities per lot, 'Total a retirar: X, registrados: Y' (4 decimals). */
export function KardexDialogo(p: Props) {
  const abierto = p.abierto && p.producto !== null && Boolean(p.codigoEmpresaAlmacen);
  const consulta = useLotesKardex(abierto ? (p.producto?.codigoCatalogoUsuario ?? null) : null, p.codigoEmpresaAlmacen);
  const lotes = consulta.data ?? [];
  // What the user types per lot (the rows themselves are the server's).
  const [cantidades, setCantidades] = useState<Record<number, number>>({});
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the typed quantities start over for each product and warehouse
  useEffect(() => {
    setError(null);
    if (p.abierto) setCantidades({});
  }, [p.abierto, p.producto, p.codigoEmpresaAlmacen]);
  const cantidad = (l: LoteKardex) => cantidades[l.codigoLote] ?? l.cantidad;
  const registrados = lotes.reduce((s, l) => s + (cantidad(l) || 0), 0);
  // A lot asked for more than its stock (or less than zero) is refused with a message, never clamped.
  const excedido = (l: LoteKardex) => cantidad(l) > l.cantidadStock + 1e-9 || cantidad(l) < 0;
  const aceptar = () => {
    const mal = lotes.find(excedido);
    if (mal)
      return setError(
        `${M.stockInsuficiente} Lote ${mal.numeroDocumento}: stock ${mal.cantidadStock}, pedido ${cantidad(mal)}.`,
      );
    if (registrados > p.cantidad + 1e-9) return setError(M.cantidadLote(p.cantidad));
    if (Math.abs(registrados - p.cantidad) > 1e-9) return setError(M.cantidadKardex(p.cantidad));
    p.alAceptar(
      lotes
        .filter((l) => cantidad(l) > 0)
        .map((l) => ({ codigoLote: l.codigoLote, cantidad: cantidad(l), numeroDocumento: l.numeroDocumento })),
    );
  };
  return (
    <Modal
      title="Kardex del almacén"
      open={p.abierto}
      onCancel={p.alCerrar}
      onOk={aceptar}
      okText="Aceptar"
      cancelText="Cancelar"
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph strong>
        Total a retirar: {p.cantidad.toFixed(4)}, registrados: {registrados.toFixed(4)}
      </Typography.Paragraph>
      {error ? <Alert type="error" title={error} showIcon style={{ marginBottom: 12 }} /> : null}
      <Table<LoteKardex>
        size="small"
        rowKey="codigoLote"
        pagination={false}
        loading={consulta.isFetching}
        dataSource={lotes}
        columns={[
          { title: 'Producto', dataIndex: 'producto' },
          { title: 'N° documento', dataIndex: 'numeroDocumento' },
          { title: 'Stock', dataIndex: 'cantidadStock', align: 'right' },
          {
            title: 'Cantidad',
            dataIndex: 'cantidad',
            render: (_, l) => (
              <InputNumber
                aria-label={`Cantidad del lote ${l.numeroDocumento}`}
                precision={3}
                status={excedido(l) ? 'error' : undefined}
                value={cantidad(l)}
                onChange={(v) => setCantidades((c) => ({ ...c, [l.codigoLote]: Number(v ?? 0) }))}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
