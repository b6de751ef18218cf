import { FileOutlined, UploadOutlined } from '@ant-design/icons';
import { LIMITES_ARCHIVO, MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { Button, Drawer, Empty, List, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { descargarArchivoOrden, useArchivosOrden, useSubirSustento } from '../api';

/** The order form's supporting-document rule (DOMAIN.md §6): PDF, JPEG or TIFF under 8 MB. */
const TIPOS_SUSTENTO = ['application/pdf', 'image/jpeg', 'image/tiff'];
const EXTENSIONES = /\.(pdf|jpe?g|tiff?)$/i;
const REGISTRO = '/app/operations/order/register';

/** Whether the session may add files to an order (the order screen's 'agregar', as the server checks). */
function usePuedeAgregar() {
  const { permisos } = useSesion();
  return permisos.flatMap((g) => [g, ...g.detalle]).some((n) => n.urlLink === REGISTRO && n.permiteAgregar);
}

/**
 * Supporting files of the order in a drawer (Balanza/ConsutarArchivo), where the user may add more
 * (spec 03 §2.3) through the order's own upload (Movimiento/GuardarImagenMovimiento, area 'sustento'),
 * with its limits and messages; the server checks them again by content.
 */
export function ArchivosOrden({
  codigoMovimiento,
  codigoIngreso,
}: {
  codigoMovimiento: number;
  codigoIngreso: string;
}) {
  const [abierto, setAbierto] = useState(false);
  const puedeAgregar = usePuedeAgregar();
  const archivos = useArchivosOrden(codigoMovimiento, abierto);
  const carga = useSubirSustento(codigoMovimiento, codigoIngreso);

  const subir = async (archivo: File) => {
    try {
      const r = await carga.mutateAsync(archivo);
      notificar.exito(r.message || M.archivoTemporal);
    } catch (e) {
      if (e instanceof ErrorApi && e.status) notificar.error(e.message);
    }
  };

  return (
    <>
      <Button icon={<FileOutlined />} onClick={() => setAbierto(true)}>
        Documentos sustento
      </Button>
      <Drawer open={abierto} title="Documentos sustento" onClose={() => setAbierto(false)} width={420}>
        {puedeAgregar ? (
          <div style={{ marginBottom: 12 }}>
            <Upload
              multiple
              accept=".pdf,.jpg,.jpeg,.tif,.tiff"
              showUploadList={false}
              beforeUpload={(f) => {
                if (!TIPOS_SUSTENTO.includes(f.type) && !EXTENSIONES.test(f.name)) notificar.error(M.formatoNoAdmitido);
                else if (f.size > LIMITES_ARCHIVO.sustento) notificar.error(M.excede8);
                else void subir(f);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={carga.isPending}>
                Agregar documentos
              </Button>
            </Upload>
            <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
              PDF, JPG o TIF menores a 8MB
            </Typography.Paragraph>
          </div>
        ) : null}
        {archivos.data?.length ? (
          <List
            dataSource={archivos.data}
            renderItem={(a) => (
              <List.Item
                actions={[
                  <Button key="d" size="small" onClick={() => void descargarArchivoOrden(a).catch(() => undefined)}>
                    Descargar
                  </Button>,
                ]}
              >
                {a.nombreArchivo}
              </List.Item>
            )}
          />
        ) : (
          <Empty description="Sin documentos" />
        )}
      </Drawer>
    </>
  );
}
