import { apiRevision, type QueryDe } from '@cronos/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';

export type FiltrosRevision = QueryDe<typeof apiRevision.listar>;

/** Query keys of the order review: one factory, so every invalidation names what it refreshes. */
export const clavesRevision = {
  todo: ['revision'] as const,
  listas: () => [...clavesRevision.todo, 'lista'] as const,
  lista: (filtros: FiltrosRevision) => [...clavesRevision.listas(), filtros] as const,
  detalles: () => [...clavesRevision.todo, 'detalle'] as const,
  detalle: (codigoMovimiento: number) => [...clavesRevision.detalles(), codigoMovimiento] as const,
};

/** The review list (or the observed-orders inbox), paged on the server. */
export const useOrdenesVerificacion = (filtros: FiltrosRevision) =>
  useQuery({
    queryKey: clavesRevision.lista(filtros),
    queryFn: () => llamarRuta(apiRevision.listar, { query: filtros }),
    placeholderData: keepPreviousData,
  });

/** The review dialog's order detail. */
export const useDetalleOrdenVerificacion = (codigoMovimiento: number) =>
  useQuery({
    queryKey: clavesRevision.detalle(codigoMovimiento),
    queryFn: async () =>
      (await llamarRuta(apiRevision.detalle, { query: { CodigoMovimiento: codigoMovimiento } })).data,
  });

/**
 * Observar / No observar a pending order, or lift an observation from the inbox (`levantar`). A refusal
 * because somebody acted first (409) is shown by the screen; the list and the detail refresh either way.
 */
export function useCambiarObservacion() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (v: { codigoMovimiento: number; estadoObservado: 1 | 2; observacion?: string; levantar?: boolean }) =>
      v.levantar
        ? llamarRuta(apiRevision.levantarObservacion, {
            body: { data: { codigoMovimiento: v.codigoMovimiento } },
            manejar: [409],
          })
        : llamarRuta(apiRevision.cambiarEstadoObservado, {
            body: {
              data: {
                codigoMovimiento: v.codigoMovimiento,
                usuarioRegistro: '',
                estadoObservado: v.estadoObservado,
                observacion: v.estadoObservado === 2 ? v.observacion : undefined,
              },
            },
            manejar: [409],
          }),
    onSettled: () => cliente.invalidateQueries({ queryKey: clavesRevision.todo }),
  });
}
