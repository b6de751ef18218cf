/**
 * Photos taken with a phone or tablet camera are often larger than an upload limit. They are re-encoded on the
 * device (canvas → JPEG), lowering the quality first and then the size, until they fit; nothing is sent to the
 * server before that. The steps are a pure plan (unit-tested); the browser part only draws and encodes.
 */

export interface Intento {
  /** Scale of the longest side, relative to the picture (1 = as taken). */
  escala: number;
  /** JPEG quality, 0–1. */
  calidad: number;
}

/** The longest side a compressed photo keeps at first (enough to read a seal or a plate). */
export const LADO_MAXIMO = 3200;
const CALIDAD_MINIMA = 0.5;
const INTENTOS = 10;

/** The attempts in order: quality 0.85 → 0.7 → 0.55, then the size shrinks by a quarter each time at 0.6. */
export function planDeCompresion(ancho: number, alto: number): Intento[] {
  const inicial = Math.min(1, LADO_MAXIMO / Math.max(ancho, alto, 1));
  const plan: Intento[] = [];
  let escala = inicial;
  let calidad = 0.85;
  for (let i = 0; i < INTENTOS; i++) {
    plan.push({ escala, calidad });
    if (calidad - 0.15 >= CALIDAD_MINIMA) calidad = Math.round((calidad - 0.15) * 100) / 100;
    else {
      calidad = 0.6;
      escala *= 0.75;
    }
  }
  return plan;
}

export interface Compresion {
  archivo: File;
  nombreOriginal: string;
  antes: number;
  despues: number;
  ancho: number;
  alto: number;
}

/** "8,1 MB", "312 KB": sizes as the user reads them. */
export function tamanioLegible(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / 1024 / 1024).toLocaleString('es-PE', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-PE')} KB`;
}

/** The picture as JPEG under `limite` bytes, or null when even the smallest attempt is too large. */
export async function comprimirImagen(archivo: File, limite: number): Promise<Compresion | null> {
  const imagen = await createImageBitmap(archivo);
  try {
    const lienzo = document.createElement('canvas');
    const ctx = lienzo.getContext('2d');
    if (!ctx) return null;
    for (const intento of planDeCompresion(imagen.width, imagen.height)) {
      lienzo.width = Math.max(1, Math.round(imagen.width * intento.escala));
      lienzo.height = Math.max(1, Math.round(imagen.height * intento.escala));
      // JPEG has no transparency: a white background, as the photo would look printed.
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, lienzo.width, lienzo.height);
      ctx.drawImage(imagen, 0, 0, lienzo.width, lienzo.height);
      const blob = await new Promise<Blob | null>((ok) => lienzo.toBlob(ok, 'image/jpeg', intento.calidad));
      if (blob && blob.size <= limite) {
        const nombre = `${archivo.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`;
        return {
          archivo: new File([blob], nombre, { type: 'image/jpeg', lastModified: Date.now() }),
          nombreOriginal: archivo.name,
          antes: archivo.size,
          despues: blob.size,
          ancho: lienzo.width,
          alto: lienzo.height,
        };
      }
    }
    return null;
  } finally {
    imagen.close();
  }
}
