import { apiCatalogo, type TipoCargaMasiva } from '@cronos/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';
import { clavesCatalogo } from '../../../shared/catalogo/api';
import { guardarArchivo, subirConProgreso } from '.';
import { clavesTrabajadores } from './trabajadores';

/** Disables (estado 1) or enables (0) a product. */
export function useCambiarEstadoProducto() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (body: { codigoCatalogoUsuario: number; estado: number }) =>
      llamarRuta(apiCatalogo.cambiarEstado, { body }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesCatalogo.listas() }),
  });
}

/** Deletes a product nobody refers to. */
export function useEliminarProducto() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (codigoCatalogoUsuario: number) =>
      llamarRuta(apiCatalogo.eliminar, { body: { codigoCatalogoUsuario } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesCatalogo.listas() }),
  });
}

/**
 * The bulk upload of a spreadsheet (products, or workers with TipoCarga=trabajadores) with its progress; the
 * list it filled refreshes.
 */
export function useImportarHoja(tipo: TipoCargaMasiva) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (v: { datos: FormData; alProgreso: (porcentaje: number) => void }) =>
      subirConProgreso(apiCatalogo.importar, v.datos, v.alProgreso),
    onSuccess: () =>
      cliente.invalidateQueries({
        queryKey: tipo === 'trabajadores' ? clavesTrabajadores.listas() : clavesCatalogo.listas(),
      }),
  });
}

/** The Excel template of a bulk upload, saved as plantilla-<tipo>.xlsx. */
export async function descargarPlantilla(tipo: TipoCargaMasiva) {
  guardarArchivo(await llamarRuta(apiCatalogo.plantilla, { query: { Tipo: tipo } }), `plantilla-${tipo}.xlsx`);
}
