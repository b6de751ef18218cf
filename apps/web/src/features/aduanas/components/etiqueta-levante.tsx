import { Tag, Tooltip } from 'antd';
import { fecha } from '../../../shared/ui/formato';

/** Levante status of a declaration: not needed, granted (with its date) or pending. */
export function EtiquetaLevante(p: {
  requiereLevante: boolean;
  estadoLevante: number;
  fechaLevante: string | null;
  levanteManual?: boolean;
  usuarioLevante?: string | null;
  documentoLevante?: string | null;
}) {
  if (!p.requiereLevante) return <Tag>No requiere</Tag>;
  if (p.estadoLevante !== 1) return <Tag color="orange">Sin levante</Tag>;
  if (!p.levanteManual) return <Tag color="green">Con levante {fecha(p.fechaLevante)}</Tag>;
  return (
    <Tooltip title={`Registrado a mano por ${p.usuarioLevante ?? '—'}: ${p.documentoLevante ?? ''}`}>
      <Tag color="green">Con levante {fecha(p.fechaLevante)} (manual)</Tag>
    </Tooltip>
  );
}

const COLORES: Record<string, string> = { verde: 'green', naranja: 'orange', rojo: 'red' };
export const EtiquetaCanal = ({ canal }: { canal: string | null }) =>
  canal ? <Tag color={COLORES[canal]}>{canal[0]?.toUpperCase() + canal.slice(1)}</Tag> : <>—</>;
