import { CameraOutlined, QrcodeOutlined } from '@ant-design/icons';
import { BrowserQRCodeReader, type IScannerControls } from '@zxing/browser';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { codigoDeOrden, decodificarPixeles } from './decodificar';

/** Reads a picture file (a photo of the ticket) into pixels and decodes it on the device. */
async function leerFoto(archivo: File): Promise<string | null> {
  const imagen = await createImageBitmap(archivo);
  const lienzo = document.createElement('canvas');
  lienzo.width = imagen.width;
  lienzo.height = imagen.height;
  const ctx = lienzo.getContext('2d');
  if (!ctx) return null;
  ctx.drawImage(imagen, 0, 0);
  const { data, width, height } = ctx.getImageData(0, 0, imagen.width, imagen.height);
  return decodificarPixeles(data, width, height);
}

/**
 * Scans an order ticket's QR with the device camera (or a photo of it) and hands back its OP code. Decoding runs
 * on the device (ZXing), with no network. For the stage searches: `<EscanerQr alLeer={(codigo) => buscar(codigo)} />`.
 */
export function EscanerQr({
  alLeer,
  texto = 'Escanear ticket',
  tamanio = 'large',
  bloque = false,
}: {
  alLeer: (codigo: string) => void;
  texto?: string;
  tamanio?: 'large' | 'middle';
  /** Full width (phones and tablets). */
  bloque?: boolean;
}) {
  const [abierto, setAbierto] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The video element mounts with the dialog's content (after it opens): the camera starts once it exists.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const foto = useRef<HTMLInputElement>(null);
  // The latest callback, so a re-render of the screen does not restart the camera.
  const leer = useRef(alLeer);
  leer.current = alLeer;

  useEffect(() => {
    if (!abierto || !video) return;
    let controles: IScannerControls | undefined;
    let vivo = true;
    setError(null);
    new BrowserQRCodeReader()
      .decodeFromVideoDevice(undefined, video, (resultado, _e, c) => {
        const codigo = codigoDeOrden(resultado?.getText() ?? null);
        if (!codigo || !vivo) return;
        c.stop();
        setAbierto(false);
        leer.current(codigo);
      })
      .then((c) => {
        controles = c;
        if (!vivo) c.stop();
      })
      .catch(() => setError('No se pudo abrir la cámara. Puede tomar una foto del ticket.'));
    return () => {
      vivo = false;
      controles?.stop();
    };
  }, [abierto, video]);

  return (
    <>
      <Button icon={<QrcodeOutlined />} onClick={() => setAbierto(true)} size={tamanio} block={bloque}>
        {texto}
      </Button>
      <Modal
        open={abierto}
        onCancel={() => setAbierto(false)}
        footer={null}
        title="Escanear ticket de orden"
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <video ref={setVideo} style={{ width: '100%', borderRadius: 8, background: '#000' }} muted playsInline />
          {error ? <Alert type="warning" showIcon message={error} /> : null}
          <Typography.Text type="secondary">Apunte la cámara al código QR del ticket.</Typography.Text>
          <input
            ref={foto}
            type="file"
            accept="image/*"
            capture="environment"
            aria-label="Foto del ticket"
            style={{ display: 'none' }}
            onChange={async (e) => {
              const archivo = e.target.files?.[0];
              e.target.value = '';
              if (!archivo) return;
              const codigo = codigoDeOrden(await leerFoto(archivo).catch(() => null));
              if (!codigo) {
                setError('La foto no tiene un código de orden legible.');
                return;
              }
              setAbierto(false);
              alLeer(codigo);
            }}
          />
          <Button icon={<CameraOutlined />} block size="large" onClick={() => foto.current?.click()}>
            Tomar foto del ticket
          </Button>
        </Space>
      </Modal>
    </>
  );
}
