import { Checkbox, Empty, Space } from 'antd';
import type { ItemControl } from '../api';

/** The configured checklist of a control (checked items are sent as verificacion: true). */
export function ListaItems(p: {
  items: ItemControl[];
  marcados: number[];
  alCambiar: (m: number[]) => void;
  deshabilitado?: boolean;
}) {
  if (!p.items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin ítems configurados" />;
  return (
    <Checkbox.Group
      value={p.marcados}
      disabled={p.deshabilitado}
      onChange={(v) => p.alCambiar(v as number[])}
      style={{ width: '100%' }}
    >
      <Space direction="vertical">
        {p.items.map((i) => (
          <Checkbox key={i.codigoDetalleTipoContol} value={i.codigoDetalleTipoContol}>
            {i.descripcion}
          </Checkbox>
        ))}
      </Space>
    </Checkbox.Group>
  );
}

export const detalleDe = (items: ItemControl[], marcados: number[]) =>
  items.map((i) => ({
    codigoDetalleTipoContol: i.codigoDetalleTipoContol,
    verificacion: marcados.includes(i.codigoDetalleTipoContol),
  }));
