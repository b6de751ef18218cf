import { apiTrabajadores, type BodyDe } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';

/** Query keys of Lista de Trabajadores: one factory, so every invalidation names what it refreshes. */
export const clavesTrabajadores = {
  todo: ['trabajadores'] as const,
  listas: () => [...clavesTrabajadores.todo, 'lista'] as const,
  detalle: (codigo: number) => [...clavesTrabajadores.todo, 'detalle', codigo] as const,
};

/** A worker as the form edits it. */
export const useTrabajador = (codigo: number | null, habilitada: boolean) =>
  useQuery({
    queryKey: clavesTrabajadores.detalle(codigo ?? 0),
    enabled: habilitada && !!codigo,
    // The form is filled from it once: a save elsewhere must not refill what the user is typing.
    staleTime: 0,
    queryFn: async () => (await llamarRuta(apiTrabajadores.consultar, { params: { id: codigo ?? 0 } })).data,
  });

/** Registers or edits a worker; the list and that worker refresh. */
export function useGuardarTrabajador() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: BodyDe<typeof apiTrabajadores.guardar>['data']) =>
      llamarRuta(apiTrabajadores.guardar, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesTrabajadores.todo }),
  });
}

/** Disables (estado 1) or enables (0) a worker. */
export function useCambiarEstadoTrabajador() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (body: { codigoControlColaboradorEmpresa: number; estado: number }) =>
      llamarRuta(apiTrabajadores.cambiarEstado, { body }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesTrabajadores.todo }),
  });
}
