import { apiCatalogo, type BodyDe, type TipoCargaMasiva } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';
import { guardarArchivo, subirConProgreso } from '.';
import { clavesTrabajadores } from './trabajadores';

type Producto = BodyDe<typeof apiCatalogo.guardar>['data'];
type Equivalencia = BodyDe<typeof apiCatalogo.registrarEquivalencia>['data'];

/** Query keys of Catálogo de Productos: one factory, so every invalidation names what it refreshes. */
export const clavesCatalogo = {
  todo: ['catalogo'] as const,
  listas: () => [...clavesCatalogo.todo, 'lista'] as const,
  equivalencias: (codigoCatalogoUsuario: number) =>
    [...clavesCatalogo.todo, 'equivalencias', codigoCatalogoUsuario] as const,
};

/** The unit equivalences of a product (Equivalencia tab). */
export const useEquivalencias = (codigoCatalogoUsuario: number | undefined, habilitada: boolean) =>
  useQuery({
    queryKey: clavesCatalogo.equivalencias(codigoCatalogoUsuario ?? 0),
    enabled: habilitada && !!codigoCatalogoUsuario,
    queryFn: async () =>
      (
        await llamarRuta(apiCatalogo.equivalencias, {
          query: { CodigoCatalogoUsuario: codigoCatalogoUsuario ?? 0 },
        })
      ).data,
  });

/** Registers or edits a product; the catalogue list refreshes. */
export function useGuardarProducto() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: Producto) => llamarRuta(apiCatalogo.guardar, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesCatalogo.listas() }),
  });
}

/** Adds a unit equivalence; the product's equivalences refresh. */
export function useRegistrarEquivalencia() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: Equivalencia) => llamarRuta(apiCatalogo.registrarEquivalencia, { body: { data } }),
    onSuccess: (_r, data) =>
      cliente.invalidateQueries({ queryKey: clavesCatalogo.equivalencias(Number(data.codigoCatalogoUsuario)) }),
  });
}

/** Deletes a unit equivalence of the product given; its equivalences refresh. */
export function useEliminarEquivalencia(codigoCatalogoUsuario: number | undefined) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (codigoEquivalenciaCatalogo: number) =>
      llamarRuta(apiCatalogo.eliminarEquivalencia, { body: { data: { codigoEquivalenciaCatalogo } } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesCatalogo.equivalencias(codigoCatalogoUsuario ?? 0) }),
  });
}

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
