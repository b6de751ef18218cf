import { Alert, Card } from 'antd';
import { useParams } from 'react-router';
import { ContenidoLineaTiempo } from '../../../shared/linea-tiempo/linea-tiempo-orden';

/** /app/operations/order/timeline/:movimientoId — an order's timeline as a page (linkable, printable). */
export default function LineaTiempoPage() {
  const { movimientoId } = useParams();
  const codigo = Number(movimientoId);
  if (!Number.isInteger(codigo) || codigo <= 0) return <Alert type="error" showIcon message="La orden no existe" />;
  return (
    <Card title="Línea de tiempo de la orden">
      <ContenidoLineaTiempo codigoMovimiento={codigo} />
    </Card>
  );
}
