import { CameraOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { notificar } from '../../../shared/api/notificador';
import { type Compresion, comprimirImagen, tamanioLegible } from '../../../shared/imagen/comprimir';
import { useConCamara, useGaritaMovil } from './garita';

/** What the device did to a photo before uploading it (shown to the user under the buttons). */
export interface FotoComprimida {
  nombre: string;
  antes: number;
  despues: number;
}

/**
 * Fits a picture under the upload limit on the device: as it is when it already fits, else re-encoded as JPEG
 * (lower quality, then smaller) and the user told what happened. Null (with the limit's message) when it cannot.
 */
export async function ajustarAlLimite(
  archivo: File,
  limite: number,
  mensajeExcede: string,
  alComprimir: (c: FotoComprimida) => void,
): Promise<File | null> {
  if (archivo.size <= limite) return archivo;
  const esImagen = archivo.type.startsWith('image/') || /\.(jpe?g|png|tiff?|heic|webp)$/i.test(archivo.name);
  const c: Compresion | null = esImagen ? await comprimirImagen(archivo, limite).catch(() => null) : null;
  if (!c) {
    notificar.error(mensajeExcede);
    return null;
  }
  const resumen = { nombre: c.archivo.name, antes: c.antes, despues: c.despues };
  alComprimir(resumen);
  notificar.info(
    'Foto comprimida en el dispositivo',
    `${c.nombreOriginal}: ${tamanioLegible(c.antes)} → ${tamanioLegible(c.despues)} (${c.ancho}×${c.alto} px, JPEG), dentro del límite de ${tamanioLegible(limite)}.`,
    6,
  );
  return c.archivo;
}

/** The list of photos compressed on the device, as the user reads it. */
export function AvisoCompresion({ fotos }: { fotos: FotoComprimida[] }) {
  if (!fotos.length) return null;
  return (
    <Alert
      style={{ marginTop: 8 }}
      type="info"
      showIcon
      data-testid="fotos-comprimidas"
      message="Fotos comprimidas en el dispositivo antes de subirlas"
      description={fotos.map((f) => (
        <div key={f.nombre}>
          {f.nombre}: {tamanioLegible(f.antes)} → {tamanioLegible(f.despues)}
        </div>
      ))}
    />
  );
}

/**
 * The photo picker of the gate. At desktop widths, the file button as before (`accept` the server's types). On a
 * tablet or phone: "Tomar foto" opens the rear camera (`accept="image/*"`, `capture="environment"`) and "Elegir
 * de la galería" the device's photos; both share the list, the checks and the upload of the screen.
 */
export function CargaFotos(
  p: Omit<UploadProps, 'accept' | 'capture' | 'children'> & {
    acceptEscritorio: string;
    textoEscritorio: string;
  },
) {
  const camara = useConCamara();
  const movil = useGaritaMovil();
  const { acceptEscritorio, textoEscritorio, ...props } = p;
  if (!camara) {
    return (
      <Upload {...props} accept={acceptEscritorio}>
        <Button icon={<UploadOutlined />} disabled={props.disabled}>
          {textoEscritorio}
        </Button>
      </Upload>
    );
  }
  return (
    <div style={{ display: 'flex', flexDirection: movil ? 'column' : 'row', gap: 8 }}>
      <Upload {...props} accept="image/*" capture="environment">
        <Button icon={<CameraOutlined />} type="primary" ghost disabled={props.disabled} block={movil}>
          Tomar foto
        </Button>
      </Upload>
      <Upload {...props} accept="image/*" showUploadList={false}>
        <Button icon={<PictureOutlined />} disabled={props.disabled} block={movil}>
          Elegir de la galería
        </Button>
      </Upload>
    </div>
  );
}

export const useFotosComprimidas = () => useState<FotoComprimida[]>([]);
