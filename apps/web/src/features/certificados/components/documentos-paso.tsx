import { FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { MENSAJES_CERTIFICADO as M, PDF_CERTIFICADO_MAX_BYTES } from '@cronos/contract';
import { Alert, Button, List, Upload } from 'antd';
import { ErrorApi } from '../../../shared/api/cliente';
import { notificar } from '../../../shared/api/notificador';
import { useSesion } from '../../../shared/sesion/almacen-sesion';
import { descargarDocumento, useAgregarDocumento, useCertificado } from '../api';

interface Props {
  codigoCertificadoManufactura: number;
  codigoEmpresaUsuario: number;
}

/**
 * Step 'Documentos' (and the row's attach action): a supporting PDF under 500 kB. The browser checks type and
 * size to spare a useless upload; the server decides by content and size while streaming.
 */
export function DocumentosPaso({ codigoCertificadoManufactura, codigoEmpresaUsuario }: Props) {
  const { usuario } = useSesion();
  const certificado = useCertificado(codigoCertificadoManufactura);
  const agregar = useAgregarDocumento();

  const subir = async (archivo: File) => {
    const esPdf = archivo.type === 'application/pdf' || archivo.name.toLowerCase().endsWith('.pdf');
    if (!esPdf) {
      notificar.error(M.formatoIncorrecto);
      return;
    }
    if (archivo.size > PDF_CERTIFICADO_MAX_BYTES) {
      notificar.error(M.excede500);
      return;
    }
    try {
      const r = await agregar.mutateAsync({
        codigo: codigoCertificadoManufactura,
        empresa: codigoEmpresaUsuario,
        usuario: usuario?.nombreUsuario ?? '',
        archivo,
      });
      notificar.exito(r.message || M.archivoAgregado);
    } catch (e) {
      if (e instanceof ErrorApi && e.status !== 401) notificar.error(e.message);
    }
  };

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="Adjunte el acta o documento de sustento en PDF (menor a 500 KB)."
      />
      <Upload
        accept="application/pdf,.pdf"
        showUploadList={false}
        beforeUpload={(archivo) => {
          void subir(archivo);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={agregar.isPending}>
          Seleccionar PDF
        </Button>
      </Upload>
      <List
        style={{ marginTop: 12 }}
        size="small"
        bordered
        locale={{ emptyText: 'Sin documentos adjuntos' }}
        dataSource={certificado.data?.archivos ?? []}
        renderItem={(a) => (
          <List.Item>
            <Button
              type="link"
              icon={<FilePdfOutlined />}
              onClick={() => descargarDocumento(a.codigoCertificadoManufacturaArchivo, a.nombreArchivo)}
            >
              {a.nombreArchivo}
            </Button>
          </List.Item>
        )}
      />
    </>
  );
}
