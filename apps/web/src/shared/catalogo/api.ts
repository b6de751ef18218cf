import { apiAranceles, apiCatalogo, type BodyDe, type QueryDe } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../api/ruta';

/**
 * The product catalogue as every screen uses it (Catálogo de Productos, the order form's product dialog, the
 * certificate's product search): one query-key factory, so a save anywhere refreshes every list that shows it.
 */
type Producto = BodyDe<typeof apiCatalogo.guardar>['data'];
type Equivalencia = BodyDe<typeof apiCatalogo.registrarEquivalencia>['data'];

export const clavesCatalogo = {
  todo: ['catalogo'] as const,
  listas: () => [...clavesCatalogo.todo, 'lista'] as const,
  busquedas: () => [...clavesCatalogo.todo, 'busqueda'] as const,
  busqueda: (q: QueryDe<typeof apiCatalogo.consultarDatos>) => [...clavesCatalogo.busquedas(), q] as const,
  equivalencias: (codigoCatalogoUsuario: number) =>
    [...clavesCatalogo.todo, 'equivalencias', codigoCatalogoUsuario] as const,
};

/** Enabled products of a company by code or description (with a warehouse's available stock when given). */
export const buscarProductos = async (query: QueryDe<typeof apiCatalogo.consultarDatos>) =>
  (await llamarRuta(apiCatalogo.consultarDatos, { query, silencioso: true })).data;

/** One product as the order form edits it. */
export const useProducto = (q: QueryDe<typeof apiCatalogo.consultarDatos>, habilitada: boolean) =>
  useQuery({
    queryKey: clavesCatalogo.busqueda(q),
    enabled: habilitada,
    queryFn: async () => (await llamarRuta(apiCatalogo.consultarDatos, { query: q })).data[0] ?? null,
  });

/** Enabled products of a company by description (certificate lines). */
export const buscarPorDescripcion = async (query: QueryDe<typeof apiCatalogo.consultarPorDescripcion>) =>
  (await llamarRuta(apiCatalogo.consultarPorDescripcion, { query, silencioso: true })).data;

/** Tariff headings matching a number (the product dialog's lookup); a malformed number is a 422 handled here. */
export const consultarPartidas = async (NumeroPartida: string) =>
  (await llamarRuta(apiAranceles.consultar, { query: { NumeroPartida }, manejar: [422] })).data;

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

/** Registers or edits a product; every catalogue list and search refreshes. */
export function useGuardarProducto() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: Producto) => llamarRuta(apiCatalogo.guardar, { body: { data }, manejar: [409, 422] }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesCatalogo.todo }),
  });
}

/** Adds a unit equivalence; the product's equivalences refresh. */
export function useRegistrarEquivalencia() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: Equivalencia) =>
      llamarRuta(apiCatalogo.registrarEquivalencia, { body: { data }, manejar: [409, 422] }),
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
