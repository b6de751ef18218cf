import { Tag } from 'antd';
import { fecha } from '../../../shared/ui/formato';

/** Levante status of a declaration: not needed, granted (with its date) or pending. */
export function EtiquetaLevante(p: { requiereLevante: boolean; estadoLevante: number; fechaLevante: string | null }) {
  if (!p.requiereLevante) return <Tag>No requiere</Tag>;
  return p.estadoLevante === 1 ? (
    <Tag color="green">Con levante {fecha(p.fechaLevante)}</Tag>
  ) : (
    <Tag color="orange">Sin levante</Tag>
  );
}

const COLORES: Record<string, string> = { verde: 'green', naranja: 'orange', rojo: 'red' };
export const EtiquetaCanal = ({ canal }: { canal: string | null }) =>
  canal ? <Tag color={COLORES[canal]}>{canal[0]?.toUpperCase() + canal.slice(1)}</Tag> : <>—</>;
