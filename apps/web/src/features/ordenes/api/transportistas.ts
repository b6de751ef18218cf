import { apiMovimiento, apiTransportista, type BodyDe, type QueryDe } from '@cronos/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';

export type FiltrosTransportistas = QueryDe<typeof apiTransportista.listar>;

/** Query keys of the carriers: one factory, so every invalidation names what it refreshes. */
export const clavesTransportistas = {
  todo: ['transportistas'] as const,
  listas: () => [...clavesTransportistas.todo, 'lista'] as const,
  lista: (filtros: FiltrosTransportistas) => [...clavesTransportistas.listas(), filtros] as const,
};

/** The transporter truck list, paged on the server (search on TV.RUC). */
export const useTransportistas = (filtros: FiltrosTransportistas, habilitada = true) =>
  useQuery({
    queryKey: clavesTransportistas.lista(filtros),
    enabled: habilitada,
    placeholderData: keepPreviousData,
    queryFn: () => llamarRuta(apiTransportista.listar, { query: filtros }),
  });

/**
 * The company's carrier by RUC: success 'true' (valid contract), 'false' (without one) or '100' (not
 * registered for the company).
 */
export const useConsultarTransportista = () =>
  useMutation({
    mutationFn: (q: QueryDe<typeof apiMovimiento.transportistaPorUsuario>) =>
      llamarRuta(apiMovimiento.transportistaPorUsuario, { query: q, manejar: [422] }),
  });

/** 'Registrar vigencia Transpotista': registers or renews a carrier's contract; the truck lists refresh. */
export function useGuardarVigencia() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (v: BodyDe<typeof apiTransportista.guardarVigencia>) =>
      llamarRuta(apiTransportista.guardarVigencia, { body: v, manejar: [422] }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesTransportistas.todo }),
  });
}
