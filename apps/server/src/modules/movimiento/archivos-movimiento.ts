import { LIMITES_ARCHIVO, MENSAJES_MOVIMIENTO as M } from '@cronos/contract';
import { permite } from '../../platform/acceso';
import type { ArchivoGuardado, ReglaArchivo } from '../../platform/archivos';
import { auditar } from '../../platform/auditoria';
import type { Ctx } from '../../platform/contexto';
import { errorCampos, prohibido } from '../../platform/errores';
import { movimientoEditable, ROLES_PANEL_DOCUMENTOS } from './acceso-movimiento';
import { insertarArchivos } from './movimiento.repository';

/**
 * The two upload areas of an order (DOMAIN.md §6): the form's supporting documents (JPEG, PDF or TIFF,
 * 8 MB) and the documents panel (JPEG or PDF, 25 MB). The area comes in the query string so the rule is
 * known before the first byte of the file is read.
 */
export type CategoriaArchivo = 'sustento' | 'panel';
export const REGLAS_ARCHIVO: Record<CategoriaArchivo, ReglaArchivo> = {
  sustento: {
    tipos: ['pdf', 'jpg', 'tif'],
    maxBytes: LIMITES_ARCHIVO.sustento,
    mensajeTamanio: M.excede8,
    mensajeTipo: M.formatoNoAdmitido,
    maxArchivos: 10,
  },
  panel: {
    tipos: ['pdf', 'jpg'],
    maxBytes: LIMITES_ARCHIVO.panel,
    mensajeTamanio: M.excede25,
    mensajeTipo: M.formatoPanel,
    maxArchivos: 10,
  },
};

/** Who may upload to an area, checked before the body is read. */
export function exigirPermisoCarga(ctx: Ctx, categoria: CategoriaArchivo) {
  if (!permite(ctx.actor, 'operations/order/register', 'agregar')) throw prohibido();
  if (categoria === 'panel' && !ROLES_PANEL_DOCUMENTOS.includes(ctx.actor.codigoRol)) throw prohibido();
}

/** POST /Movimiento/GuardarImagenMovimiento: rows for files already streamed to disk, in one transaction. */
export async function guardarArchivos(
  ctx: Ctx,
  categoria: CategoriaArchivo,
  campos: Record<string, string>,
  archivos: ArchivoGuardado[],
) {
  const codigo = Number(campos.CodigoMovimiento);
  if (!Number.isInteger(codigo) || codigo <= 0) throw errorCampos({ CodigoMovimiento: ['Este es un campo requerido'] });
  const m = await movimientoEditable(ctx, ctx.db, codigo, false);
  return ctx.db.transaction(async (tx) => {
    const filas = await insertarArchivos(
      tx,
      archivos.map((a) => ({
        codigoMovimiento: codigo,
        categoria,
        nombreArchivo: a.nombreArchivo,
        rutaArchivo: a.rutaArchivo,
        tipoContenido: a.tipoContenido,
        tamanio: a.tamanio,
        usuarioRegistro: ctx.actor.nombreUsuario,
      })),
    );
    await auditar(tx, ctx, {
      tipo: 'MOVIMIENTO_ARCHIVO_CARGADO',
      detalle: `Orden ${m.codigoIngreso}: ${archivos.length} archivo(s) (${categoria}) ${archivos.map((a) => a.nombreArchivo).join(', ')}`,
      entidad: 'movimiento',
      codigoEntidad: codigo,
      codigoEmpresaUsuario: m.codigoEmpresaUsuario,
    });
    return filas;
  });
}
