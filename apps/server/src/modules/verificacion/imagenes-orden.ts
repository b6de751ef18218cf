import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { type AgregarVerificacionImagenes, etapa, MENSAJES_ETAPAS } from '@cronos/contract';
import { type ArchivoGuardado, descartar, MB } from '../../platform/archivos';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { AppError, conflicto, errorCampos, noEncontrado } from '../../platform/errores';
import { cargarMovimiento } from '../etapas/etapas.repository';
import { fueraDeEstado } from '../etapas/transicion';
import { archivosDeOrden, insertarImagenes, verificacionDe } from './verificacion.repository';

/** Same limit as the verification images dialog (10 MB, DOMAIN.md §6); types decided by content at upload. */
const MAX_IMAGEN = 10 * MB;
const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/tiff': 'tif' };

const rutaDentro = (base: string, relativa: string) => {
  const raiz = resolve(base);
  const completa = resolve(raiz, relativa);
  if (!completa.startsWith(raiz + sep)) throw noEncontrado();
  return completa;
};

/**
 * POST /Verificacion/AgregarVerificacionImagenes (JSON): registers photos already uploaded to the order (its
 * files) as photos of its saved verification. Each photo is copied, so deleting the order's file later leaves
 * the verification's evidence intact; a file is registered once per verification (unique index). The order's
 * files must be images (jpg, png, tif by their stored, content-checked type) within the dialog's 10 MB.
 * Allowed whenever the verification exists, as the multipart uploads are (verified-operations screen).
 */
export async function agregarDesdeArchivosOrden(ctx: Ctx, dirArchivos: string, d: AgregarVerificacionImagenes) {
  const m = await cargarMovimiento(ctx.db, ctx.actor, d.codigoMovimiento);
  if (m.estadoAnulado !== 0) throw fueraDeEstado(MENSAJES_ETAPAS.ordenAnulada);
  const v = await verificacionDe(ctx.db, m.codigoMovimiento, d.codigoTipoControl);
  if (!v) throw fueraDeEstado(MENSAJES_ETAPAS.procedimientosAnteriores);
  if (d.codigoVerificacionTipoControl && d.codigoVerificacionTipoControl !== v.codigoVerificacionTipoControl)
    throw noEncontrado();

  const ids = d.imagenes.map((i) => i.codigoMovimientoArchivo);
  const origen = await archivosDeOrden(ctx.db, m.codigoMovimiento, ids);
  // A file of another order (perhaps another company's) is not revealed.
  if (origen.length !== ids.length) throw noEncontrado();
  const errores: Record<string, string[]> = {};
  origen.forEach((a) => {
    const i = ids.indexOf(a.codigoMovimientoArchivo);
    if (!EXTENSION[a.tipoContenido]) errores[`imagenes.${i}`] = [MENSAJES_ETAPAS.imagenNoValida];
    else if (a.tamanio > MAX_IMAGEN) errores[`imagenes.${i}`] = [MENSAJES_ETAPAS.archivoExcede(10)];
  });
  if (Object.keys(errores).length) throw errorCampos(errores);

  const ahora = ctx.ahora();
  const carpeta = `${ahora.getUTCFullYear()}/${String(ahora.getUTCMonth() + 1).padStart(2, '0')}`;
  const copias: (ArchivoGuardado & { codigoMovimientoArchivo: number })[] = [];
  try {
    for (const a of origen) {
      const rutaArchivo = `${carpeta}/${randomUUID()}.${EXTENSION[a.tipoContenido]}`;
      const destino = rutaDentro(dirArchivos, rutaArchivo);
      await mkdir(dirname(destino), { recursive: true });
      await copyFile(rutaDentro(dirArchivos, a.rutaArchivo), destino, constants.COPYFILE_EXCL);
      copias.push({
        campo: 'imagenes',
        nombreArchivo: a.nombreArchivo,
        rutaArchivo,
        tipo: 'jpg',
        tipoContenido: a.tipoContenido,
        tamanio: a.tamanio,
        sha256: '',
        codigoMovimientoArchivo: a.codigoMovimientoArchivo,
      });
    }
    return await ctx.db.transaction(async (tx) => {
      const filas = await insertarImagenes(
        tx,
        copias.map((c) => ({
          codigoVerificacionTipoControl: v.codigoVerificacionTipoControl,
          codigoMovimiento: m.codigoMovimiento,
          codigoTipoControl: d.codigoTipoControl,
          nombreArchivo: c.nombreArchivo,
          rutaArchivo: c.rutaArchivo,
          tipoContenido: c.tipoContenido,
          tamanio: c.tamanio,
          codigoMovimientoArchivo: c.codigoMovimientoArchivo,
          usuarioRegistro: ctx.actor.nombreUsuario,
          codigoUsuarioRegistro: ctx.actor.codigoUsuario,
          fechaRegistro: ahora,
        })),
        true,
      );
      // One of them was already registered (now or by a concurrent call): nothing is kept.
      if (filas.length !== copias.length) throw conflicto(MENSAJES_ETAPAS.imagenesYaAgregadas);
      await auditar(tx, ctx, {
        tipo: 'VERIFICACION_IMAGENES',
        detalle: `${copias.length} imagen(es) de los archivos de la orden ${m.codigoIngreso} en ${etapa(d.codigoTipoControl).nombre}`,
        entidad: 'verificacion',
        codigoEntidad: v.codigoVerificacionTipoControl,
        despues: {
          archivos: copias.map((c) => ({
            codigoMovimientoArchivo: c.codigoMovimientoArchivo,
            nombreArchivo: c.nombreArchivo,
          })),
        },
        codigoEmpresaUsuario: m.codigoEmpresaUsuario,
      });
      return { codigoVerificacionTipoControl: v.codigoVerificacionTipoControl, imagenes: filas.length };
    });
  } catch (e) {
    await descartar(dirArchivos, copias);
    if (e instanceof AppError) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw noEncontrado();
    throw e;
  }
}
