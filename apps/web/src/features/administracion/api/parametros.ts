import { apiParametros, type BodyDe } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';

/** Query keys of Parámetros Generales: one factory, so every invalidation names what it refreshes. */
export const clavesParametros = {
  todo: ['parametros-generales'] as const,
  listas: () => [...clavesParametros.todo, 'lista'] as const,
  bandeja: (codigoParametro: number) => [...clavesParametros.todo, 'bandeja', codigoParametro] as const,
};

/** The sections of a parameter (its list dialog). */
export const useBandejaParametro = (codigoParametro: number | undefined) =>
  useQuery({
    queryKey: clavesParametros.bandeja(codigoParametro ?? 0),
    enabled: !!codigoParametro,
    queryFn: async () =>
      (await llamarRuta(apiParametros.bandeja, { query: { CodigoParametro: codigoParametro ?? 0 } })).data,
  });

/** Registers or edits a parameter; the list refreshes. */
export function useGuardarParametro() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: BodyDe<typeof apiParametros.guardar>['data']) =>
      llamarRuta(apiParametros.guardar, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesParametros.listas() }),
  });
}

/** Registers or edits a section; its parameter's sections and the list (its count) refresh. */
export function useGuardarSeccion() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: BodyDe<typeof apiParametros.guardarSeccion>['data']) =>
      llamarRuta(apiParametros.guardarSeccion, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesParametros.todo }),
  });
}

/** Disables (estadoAnulado 1) or enables (0) a parameter. */
export function useCambiarEstadoParametro() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (body: { codigoParametro: number; estadoAnulado: number }) =>
      llamarRuta(apiParametros.cambiarEstado, { body }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesParametros.listas() }),
  });
}
