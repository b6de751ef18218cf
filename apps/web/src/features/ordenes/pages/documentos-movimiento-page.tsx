import { DeleteOutlined, DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { type apiMovimiento, MENSAJES_MOVIMIENTO as M, type RespuestaDe } from '@cronos/contract';
import { Alert, Button, Card, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { notificar } from '../../../shared/api/notificador';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { confirmarEliminar } from '../../../shared/ui/dialogos';
import { fechaHora } from '../../../shared/ui/formato';
import {
  descargarArchivoOrden,
  useArchivosOrden,
  useEliminarArchivo,
  useOrden,
  useSubirArchivos,
} from '../api/ordenes';
import { DetalleDrawer } from '../components/detalle-drawer';
import { EvidenciaDrawer } from '../components/evidencia-drawer';
import { permisosPanel } from '../components/roles-panel';

const TIPOS_PANEL = ['image/jpeg', 'application/pdf'];
const MAX_PANEL = 25 * 1024 * 1024;

type Archivo = RespuestaDe<typeof apiMovimiento.archivos>['data'][number];

/**
 * Movement documents panel ('Codigo Movimiento', spec 01 §2, §6) at operations/order/documents/{movimientoId},
 * opened from the order editor: uploaded documents (download; delete after confirmation), an upload area
 * (JPEG or PDF up to 25 MB), and the 'Detalle' and 'Evidencia fotográfica' drawers, by role.
 */
export default function DocumentosMovimientoPage() {
  const { movimientoId } = useParams();
  const navegar = useNavigate();
  const { usuario } = useSesion();
  const puede = permisosPanel(usuario?.codigoRol ?? 0);
  const id = Number(movimientoId);
  const [detalle, setDetalle] = useState(false);
  const [evidencia, setEvidencia] = useState(false);
  const orden = useOrden({ CodigoMovimiento: id });
  const archivos = useArchivosOrden(id, orden.isSuccess);
  const subirArchivos = useSubirArchivos();
  const eliminarArchivo = useEliminarArchivo(id);
  if (orden.isLoading) return <Spin />;
  if (!orden.data) return <Alert type="error" title="No se pudo cargar la operación." />;
  const o = orden.data;

  const subir = async (f: File) => {
    if (!TIPOS_PANEL.includes(f.type)) return notificar.error(M.formatoPanel);
    if (f.size > MAX_PANEL) return notificar.error(M.excede25);
    try {
      const r = await subirArchivos.mutateAsync({
        codigoMovimiento: o.codigoMovimiento,
        codigoIngreso: o.codigoIngreso,
        archivos: [f],
        categoria: 'panel',
      });
      notificar.exito(r.message);
    } catch {
      // The API client already showed the server's message (format, size or permission).
    }
  };
  const eliminar = (a: Archivo) =>
    confirmarEliminar({
      contenido: `¿Eliminar el archivo ${a.nombreArchivo}? Esta acción no se puede deshacer.`,
      alConfirmar: () => eliminarArchivo.mutateAsync(a.codigoMovimientoArchivo),
      alTerminar: () => notificar.exito(M.eliminado),
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={4}>
        Codigo Movimiento <Tag color="blue">{o.codigoIngreso}</Tag>
      </Typography.Title>
      <Space wrap>
        {puede.detalle ? <Button onClick={() => setDetalle(true)}>Detalle</Button> : null}
        {puede.fotos ? <Button onClick={() => setEvidencia(true)}>Evidencia fotográfica</Button> : null}
        <Button onClick={() => navegar(`/app/operations/order/register/${o.codigoMovimiento}/${o.codigoIngreso}`)}>
          Volver a la orden
        </Button>
      </Space>
      <Card size="small" title="Documentos cargados">
        <Table<Archivo>
          size="small"
          rowKey="codigoMovimientoArchivo"
          pagination={false}
          loading={archivos.isFetching}
          dataSource={archivos.data ?? []}
          columns={[
            { title: 'Archivo', dataIndex: 'nombreArchivo' },
            {
              title: 'Origen',
              dataIndex: 'categoria',
              render: (c: string) => (c === 'panel' ? 'Panel de documentos' : 'Sustento de la orden'),
            },
            { title: 'Registrado', dataIndex: 'fechaRegistro', render: (v?: string) => fechaHora(v) },
            {
              title: '',
              render: (_, a) => (
                <Space>
                  <Button
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={`Descargar ${a.nombreArchivo}`}
                    onClick={() => void descargarArchivoOrden(a).catch(() => undefined)}
                  />
                  {puede.eliminarYSubir ? (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Eliminar ${a.nombreArchivo}`}
                      onClick={() => eliminar(a)}
                    />
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {puede.eliminarYSubir ? (
        <Card size="small" title="Cargar documentos">
          <Upload.Dragger
            multiple
            accept=".pdf,.jpg,.jpeg"
            showUploadList={false}
            disabled={subirArchivos.isPending}
            beforeUpload={(f) => {
              void subir(f);
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <Typography.Text>Arrastre o seleccione documentos (PDF o JPG de hasta 25MB)</Typography.Text>
          </Upload.Dragger>
        </Card>
      ) : null}
      <DetalleDrawer abierto={detalle} orden={o} alCerrar={() => setDetalle(false)} />
      {puede.fotos ? (
        <EvidenciaDrawer
          abierto={evidencia}
          codigoIngreso={o.codigoIngreso}
          puedeAgregar={puede.agregarImagenes}
          alCerrar={() => setEvidencia(false)}
        />
      ) : null}
    </Space>
  );
}
