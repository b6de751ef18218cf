import { UploadOutlined } from '@ant-design/icons';
import { apiVerificacion, MENSAJES_ETAPAS } from '@cronos/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Modal, Space, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorApi } from '../../../shared/api/cliente';
import { llamarRuta } from '../../../shared/api/ruta';
import { notificar } from '../../../shared/api/notificador';
import { clavesEtapas, type Imagen, useImagenesVerificacion } from '../api';
import {
  GaleriaVerificacion,
  type ImagenesVerificacion,
  subirImagenesVerificacion,
} from '../../../shared/ui/imagenes-verificacion';

const MAX = 10 * 1024 * 1024;

/** Verified operations: entry and exit photos by order code or ticket (spec 03 §2.5, §3.8, §5.4). */
export default function ImagenesPage() {
  const [params] = useSearchParams();
  const cliente = useQueryClient();
  const [texto, setTexto] = useState(params.get('codigo') ?? '');
  const [consulta, setConsulta] = useState<{ CodigoIngreso?: string; NumeroTicket?: string } | null>(null);
  // The photos are the server's: read from the query cache under the search.
  const datos = useImagenesVerificacion(consulta).data;
  const r: ImagenesVerificacion | null = consulta && datos && datos.codigoMovimiento !== 0 ? datos : null;
  const [dialogo, setDialogo] = useState<3 | 5 | null>(null);
  const [archivos, setArchivos] = useState<UploadFile[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code in the link triggers the first search
  useEffect(() => {
    if (params.get('codigo')) void buscar();
  }, []);

  async function buscar() {
    const t = texto.trim().toUpperCase();
    if (!t) return notificar.error(MENSAJES_ETAPAS.codigoODocumentoRequerido);
    const c = /^OP/.test(t) ? { CodigoIngreso: t } : { NumeroTicket: t };
    try {
      const res = await cliente.fetchQuery({
        queryKey: clavesEtapas.imagenes(c),
        staleTime: 0,
        queryFn: async () => (await llamarRuta(apiVerificacion.imagenes, { query: c, manejar: [404] })).data,
      });
      setConsulta(c);
      if (res.codigoMovimiento === 0) notificar.aviso(MENSAJES_ETAPAS.procedimientosAnteriores);
    } catch (e) {
      if (e instanceof ErrorApi && e.status === 404) notificar.aviso(MENSAJES_ETAPAS.sinDatos);
      setConsulta(null);
    }
  }

  const subir = async () => {
    if (!r || !dialogo) return;
    if (await subirImagenesVerificacion(r, dialogo, archivos)) {
      setDialogo(null);
      setArchivos([]);
      await cliente.invalidateQueries({ queryKey: clavesEtapas.imagenes(consulta) });
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
