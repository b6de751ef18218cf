import { UploadOutlined } from '@ant-design/icons';
import { apiVerificacion, MENSAJES_ETAPAS } from '@cronos/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Modal, Space, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useState } from 'react';
import { llamarRuta } from '../../../shared/api/ruta';
import { notificar } from '../../../shared/api/notificador';
import type { Imagen } from '../../../shared/ui/imagenes-verificacion';
import { GaleriaVerificacion, subirImagenesVerificacion } from '../../../shared/ui/imagenes-verificacion';

const MAX = 10 * 1024 * 1024;
const TIPOS = ['image/jpeg', 'image/png', 'image/tiff'];

/**
 * 'Evidencia fotográfica' of the documents panel: entry (control 3) and exit (control 5) verification
 * images; roles 1, 2 and 4 add images through the image upload dialog (10 MB each).
 */
export function EvidenciaDrawer(p: {
  abierto: boolean;
  codigoIngreso: string;
  puedeAgregar: boolean;
  alCerrar: () => void;
}) {
  const [dialogo, setDialogo] = useState<3 | 5 | null>(null);
  const [archivos, setArchivos] = useState<UploadFile[]>([]);
  const q = useQuery({
    queryKey: ['evidencia', p.codigoIngreso],
    enabled: p.abierto,
    retry: false,
    queryFn: async () =>
      (await llamarRuta(apiVerificacion.imagenes, { query: { CodigoIngreso: p.codigoIngreso }, manejar: [404] })).data,
  });
  const r = q.data;
  const subir = async () => {
    if (!r || !dialogo) return;
    if (await subirImagenesVerificacion(r, dialogo, archivos)) {
      setDialogo(null);
      setArchivos([]);
      await q.refetch();
    }
  };

  const galeria = (titulo: string, imagenes: Imagen[], tipo: 3 | 5, habilitado: boolean) => (
    <GaleriaVerificacion
      titulo={titulo}
      imagenes={imagenes}
      lado={120}
      habilitado={habilitado}
      alAgregar={p.puedeAgregar ? () => setDialogo(tipo) : undefined}
    />
  );

  return (
    <Drawer title="Evidencia fotográfica" open={p.abierto} onClose={p.alCerrar} size="large">
      {q.isError ? <Empty description={MENSAJES_ETAPAS.sinDatos} /> : null}
      {r && r.codigoMovimiento === 0 ? <Empty description={MENSAJES_ETAPAS.procedimientosAnteriores} /> : null}
      {r && r.codigoMovimiento !== 0 ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          {galeria(
            'Imágenes de verificación de ingreso',
            r.imagenesEntrada,
            3,
            r.codigoVerificacionTipoControlEntrada > 0,
          )}
          {galeria(
            'Imágenes de verificación de salida',
            r.imagenesSalida,
            5,
            r.codigoVerificacionTipoControlSalida > 0,
          )}
        </Space>
      ) : null}
      <Modal
        open={dialogo !== null}
        title="Carga de imágenes de verificación"
        okText="Cargar"
        onOk={subir}
        onCancel={() => setDialogo(null)}
        okButtonProps={{ disabled: !archivos.length }}
        destroyOnHidden
      >
        <Upload
          multiple
          accept=".jpg,.jpeg,.tif,.png"
          fileList={archivos}
          beforeUpload={(f) => {
            if (!TIPOS.includes(f.type)) {
              notificar.error(MENSAJES_ETAPAS.imagenNoValida);
              return Upload.LIST_IGNORE;
            }
            if (f.size > MAX) {
              notificar.error(MENSAJES_ETAPAS.archivoExcede(10));
              return Upload.LIST_IGNORE;
            }
            return false;
          }}
          onChange={(i) => setArchivos(i.fileList)}
        >
          <Button icon={<UploadOutlined />}>Seleccionar imágenes (menores a 10MB)</Button>
        </Upload>
      </Modal>
    </Drawer>
  );
}
