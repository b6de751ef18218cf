import { apiVerificacion, MENSAJES_ETAPAS } from '@cronos/contract';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Image, Space } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useEffect, useState } from 'react';
import { ErrorApi } from '../api/cliente';
import { notificar } from '../api/notificador';
import { llamarRuta } from '../api/ruta';

export interface Imagen {
  codigoVerificacionImagen: number;
  nombreArchivo: string;
  rutaArchivo: string;
}

/** Images are served behind the session: fetch with the token and show as object URLs. */
export async function urlImagen(ruta: string) {
  const token = localStorage.getItem('cronos.token');
  const r = await fetch(ruta, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!r.ok) throw new ErrorApi(r.status, 'No se pudo cargar la imagen');
  return URL.createObjectURL(await r.blob());
}

/** Entry (control 3) and exit (control 5) verification photos of an order (spec 03 §3.8). */
export interface ImagenesVerificacion {
  codigoMovimiento: number;
  codigoIngreso: string;
  codigoVerificacionTipoControlEntrada: number;
  codigoVerificacionTipoControlSalida: number;
  imagenesEntrada: Imagen[];
  imagenesSalida: Imagen[];
}

/** A square thumbnail of a stored photo, fetched with the session and shown from memory. */
export function Miniatura({ imagen, lado }: { imagen: Imagen; lado: number }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let vivo = true;
    let creada: string | undefined;
    urlImagen(imagen.rutaArchivo)
      .then((u) => {
        creada = u;
        if (vivo) setUrl(u);
      })
      .catch(() => undefined);
    return () => {
      vivo = false;
      if (creada) URL.revokeObjectURL(creada);
    };
  }, [imagen.rutaArchivo]);
  return <Image width={lado} height={lado} style={{ objectFit: 'cover' }} src={url} alt={imagen.nombreArchivo} />;
}

/**
 * Uploads photos to the entry or exit verification of an order. Shows 'Carga Exitosa' (3 s) or the failure
 * notice of spec 03 §8 ('Carga sin exito' with its detail, or the server's message); returns whether it worked.
 */
export async function subirImagenesVerificacion(r: ImagenesVerificacion, tipo: 3 | 5, archivos: UploadFile[]) {
  const datos = new FormData();
  datos.set('CodigoMovimiento', String(r.codigoMovimiento));
  datos.set('CodigoIngreso', r.codigoIngreso);
  datos.set('CodigoTipoControl', String(tipo));
  datos.set(
    'CodigoVerificacionTipoControl',
    String(tipo === 3 ? r.codigoVerificacionTipoControlEntrada : r.codigoVerificacionTipoControlSalida),
  );
  for (const a of archivos) if (a.originFileObj) datos.append('files', a.originFileObj, a.name);
  try {
    await llamarRuta(apiVerificacion.subirImagenes, { body: datos, silencioso: true });
    notificar.exito(MENSAJES_ETAPAS.cargaExitosa, undefined, 3);
    return true;
  } catch (e) {
    notificar.error(
      e instanceof ErrorApi && e.status ? e.message : MENSAJES_ETAPAS.cargaSinExito,
      e instanceof ErrorApi && e.status ? undefined : MENSAJES_ETAPAS.cargaSinExitoDetalle,
    );
    return false;
  }
}

/** A card of verification photos (entry or exit) with an optional 'Agregar imagen' button. */
export function GaleriaVerificacion(p: {
  titulo: string;
  imagenes: Imagen[];
  lado: number;
  habilitado: boolean;
  alAgregar?: () => void;
}) {
  return (
    <Card
      size="small"
      title={p.titulo}
      extra={
        p.alAgregar ? (
          <Button icon={<UploadOutlined />} disabled={!p.habilitado} onClick={p.alAgregar}>
            Agregar imagen
          </Button>
        ) : null
      }
    >
      {p.imagenes.length ? (
        <Image.PreviewGroup>
          <Space wrap>
            {p.imagenes.map((i) => (
              <Miniatura key={i.codigoVerificacionImagen} lado={p.lado} imagen={i} />
            ))}
          </Space>
        </Image.PreviewGroup>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Sin imágenes" />
      )}
    </Card>
  );
}
