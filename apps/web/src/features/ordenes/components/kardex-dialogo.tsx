import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { Alert, InputNumber, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { type Lote, ordenesApi } from '../api';

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
  const [lotes, setLotes] = useState<Lote[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setError(null);
    if (!p.abierto || !p.producto || !p.codigoEmpresaAlmacen) return;
    ordenesApi.lotes(p.producto.codigoCatalogoUsuario, p.codigoEmpresaAlmacen).then(setLotes, () => setLotes([]));
  }, [p.abierto, p.producto, p.codigoEmpresaAlmacen]);
  const registrados = lotes.reduce((s, l) => s + (l.cantidad || 0), 0);
  const aceptar = () => {
    if (registrados > p.cantidad + 1e-9) return setError(M.cantidadLote(p.cantidad));
    if (Math.abs(registrados - p.cantidad) > 1e-9) return setError(M.cantidadKardex(p.cantidad));
    p.alAceptar(
      lotes
        .filter((l) => l.cantidad > 0)
        .map((l) => ({ codigoLote: l.codigoLote, cantidad: l.cantidad, numeroDocumento: l.numeroDocumento })),
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
      <Table<Lote>
        size="small"
        rowKey="codigoLote"
        pagination={false}
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
                min={0}
                max={l.cantidadStock}
                precision={3}
                value={l.cantidad}
                onChange={(v) =>
                  setLotes((xs) =>
                    xs.map((x) => (x.codigoLote === l.codigoLote ? { ...x, cantidad: Number(v ?? 0) } : x)),
                  )
                }
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
