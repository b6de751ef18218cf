import { UploadOutlined } from '@ant-design/icons';
import { MENSAJES_ETAPAS } from '@cronos/contract';
import { Button, Card, Input, Modal, Space, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import type { Imagen } from '../api';
import {
  GaleriaVerificacion,
  type ImagenesVerificacion,
  subirImagenesVerificacion,
} from '../../../shared/ui/imagenes-verificacion';

const MAX = 10 * 1024 * 1024;

/** Verified operations: entry and exit photos by order code or ticket (spec 03 §2.5, §3.8, §5.4). */
export default function ImagenesPage() {
  const [params] = useSearchParams();
  const [texto, setTexto] = useState(params.get('codigo') ?? '');
  const [r, setR] = useState<ImagenesVerificacion | null>(null);
  const [dialogo, setDialogo] = useState<3 | 5 | null>(null);
  const [archivos, setArchivos] = useState<UploadFile[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code in the link triggers the first search
  useEffect(() => {
    if (params.get('codigo')) void buscar();
  }, []);

  async function buscar() {
    const t = texto.trim().toUpperCase();
    if (!t) return notificar.error(MENSAJES_ETAPAS.codigoODocumentoRequerido);
    try {
      const res = await api.get<ImagenesVerificacion>(
        '/Verificacion/ListarVerficacionImagenes',
        /^OP/.test(t) ? { CodigoIngreso: t } : { NumeroTicket: t },
        { manejar: [404] },
      );
      if (res.data.codigoMovimiento === 0) {
        notificar.aviso(MENSAJES_ETAPAS.procedimientosAnteriores);
        setR(null);
      } else setR(res.data);
    } catch (e) {
      if (e instanceof ErrorApi && e.status === 404) notificar.aviso(MENSAJES_ETAPAS.sinDatos);
      setR(null);
    }
  }

  const subir = async () => {
    if (!r || !dialogo) return;
    if (await subirImagenesVerificacion(r, dialogo, archivos)) {
      setDialogo(null);
      setArchivos([]);
      await buscar();
    }
  };

  const galeria = (titulo: string, imagenes: Imagen[], tipo: 3 | 5, habilitado: boolean) => (
    <GaleriaVerificacion
      titulo={titulo}
      imagenes={imagenes}
      lado={148}
      habilitado={habilitado}
      alAgregar={() => setDialogo(tipo)}
    />
  );

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small" title="Operaciones verificadas">
        <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
          <Input
            aria-label="Código de orden o N° de ticket"
            placeholder="Código de orden o N° de ticket"
            maxLength={9}
            value={texto}
            onChange={(e) => setTexto(e.target.value.toUpperCase())}
            onPressEnter={buscar}
          />
          <Button type="primary" onClick={buscar}>
            Buscar
          </Button>
        </Space.Compact>
      </Card>
      {r ? (
        <>
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
        </>
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
    </Space>
  );
}
