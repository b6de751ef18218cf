import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { descargarPlantillaDetalle, useCargarDetalle } from '../api/ordenes';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * 'Carga detalle del movimiento' (spec 01 §2): documents and product lines of the order from an .xlsx made
 * from the downloadable template; all or nothing, with the errors of each row listed.
 */
export function CargaDetalleDialogo(p: {
  abierto: boolean;
  codigoMovimiento: number;
  alCerrar: (cargado: boolean) => void;
}) {
  const [archivo, setArchivo] = useState<File | null>(null);
  const [errores, setErrores] = useState<[string, string[]][]>([]);
  const [mensaje, setMensaje] = useState<string | null>(null);
  const cargarDetalle = useCargarDetalle();
  const cerrar = (cargado: boolean) => {
    setArchivo(null);
    setErrores([]);
    setMensaje(null);
    p.alCerrar(cargado);
  };
  const cargar = async () => {
    if (!archivo) return;
    setErrores([]);
    setMensaje(null);
    try {
      const r = await cargarDetalle.mutateAsync({ codigoMovimiento: p.codigoMovimiento, archivo });
      notificar.exito(r.message);
      cerrar(true);
    } catch (e) {
      if (e instanceof ErrorApi) {
        setMensaje(e.message);
        setErrores(Object.entries(e.errors ?? {}));
        notificar.error(e.message);
      }
    }
  };
  return (
    <Modal
      title="Carga detalle del movimiento"
      open={p.abierto}
      onCancel={() => cerrar(false)}
      onOk={cargar}
      okText="Cargar"
      cancelText="Cancelar"
      okButtonProps={{ disabled: !archivo, loading: cargarDetalle.isPending }}
      destroyOnHidden
      width={640}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button icon={<DownloadOutlined />} onClick={() => void descargarPlantillaDetalle().catch(() => undefined)}>
          Descargar plantilla
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          fileList={archivo ? [{ uid: '1', name: archivo.name, status: 'done' }] : []}
          onRemove={() => setArchivo(null)}
          beforeUpload={(f) => {
            if (!f.name.toLowerCase().endsWith('.xlsx') && f.type !== XLSX) {
              notificar.error('El archivo debe ser un Excel (.xlsx)');
            } else setArchivo(f);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>Seleccionar archivo .xlsx</Button>
        </Upload>
        <Typography.Text type="secondary">
          Cada fila es un producto de un documento; los productos se identifican por su código interno.
        </Typography.Text>
        {mensaje ? <Alert type="error" title={mensaje} /> : null}
        {errores.length ? (
          <List
            size="small"
            bordered
            aria-label="Errores por fila"
            dataSource={errores}
            renderItem={([fila, msjs]) => (
              <List.Item>
                <Typography.Text strong>{fila}</Typography.Text>: {msjs.join('; ')}
              </List.Item>
            )}
          />
        ) : null}
      </Space>
    </Modal>
  );
}
