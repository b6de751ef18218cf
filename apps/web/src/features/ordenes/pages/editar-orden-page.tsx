import { MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { Alert, Button, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { type ConsultaOrden, useOrden } from '../api/ordenes';
import { FormularioOrden } from '../components/formulario-orden';

/**
 * Edit mode ('Modificar Operación'): /operations/order/register/{movimientoId}/{movimientoIngreso} or
 * /operations/order/register/{movementCode} (a number is the movement id, 'OP…' the entry code).
 */
export default function EditarOrdenPage() {
  const { movimientoId, movementCode } = useParams();
  const navegar = useNavigate();
  const clave = movimientoId ?? movementCode ?? '';
  const consulta: ConsultaOrden = /^\d+$/.test(clave) ? { CodigoMovimiento: Number(clave) } : { CodigoIngreso: clave };
  // Saving documents or deleting stored ones reads the order again (the form reopens on the stored data).
  const q = useOrden(consulta);
  if (q.isLoading) return <Spin />;
  if (!q.data) return <Alert type="error" title="No se pudo cargar la operación." />;
  const o = q.data;
  // A finalized or annulled order no longer changes (the server refuses it too): it opens read-only.
  const cerrada = o.codigoEstadoMovimiento >= 5 || o.estadoAnulado !== 0;
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Typography.Title level={4}>
          {cerrada ? 'Consultar Operación' : 'Modificar Operación'} <Tag color="blue">{o.codigoIngreso}</Tag>
        </Typography.Title>
        <Button onClick={() => navegar(`/app/operations/order/documents/${o.codigoMovimiento}`)}>
          Documentos del movimiento
        </Button>
      </Space>
      {cerrada ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${M.noEditable} Se muestra solo para consulta.`}
        />
      ) : null}
      <FormularioOrden
        key={`${o.codigoMovimiento}-${q.dataUpdatedAt}`}
        tipoIngreso={o.codigoTipoIngreso === 'PE' ? 'PE' : 'VH'}
        orden={o}
        soloLectura={cerrada}
      />
    </div>
  );
}
