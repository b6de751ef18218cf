import { apiSoporte } from '@cronos/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';

/** Query keys of the support page. */
export const clavesSoporte = {
  todo: ['soporte'] as const,
  informacion: () => [...clavesSoporte.todo, 'informacion'] as const,
  estado: () => [...clavesSoporte.todo, 'estado'] as const,
  reportes: (pagina: number) => [...clavesSoporte.todo, 'reportes', pagina] as const,
};

export const useInformacionSoporte = () =>
  useQuery({
    queryKey: clavesSoporte.informacion(),
    queryFn: async () => (await llamarRuta(apiSoporte.informacion)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Checked when the page opens and on "Volver a comprobar"; never polled. */
export const useEstadoServicios = () =>
  useQuery({
    queryKey: clavesSoporte.estado(),
    queryFn: async () => (await llamarRuta(apiSoporte.estado, { timeoutMs: 15_000 })).data,
    staleTime: 0,
    gcTime: 0,
  });

export function useReportarProblema() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: { texto: string; pagina: string; navegador: string }) =>
      llamarRuta(apiSoporte.reportar, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: [...clavesSoporte.todo, 'reportes'] }),
  });
}

export const useReportesProblema = (pagina: number, activo: boolean) =>
  useQuery({
    queryKey: clavesSoporte.reportes(pagina),
    queryFn: async () => llamarRuta(apiSoporte.listarReportes, { query: { PageNumber: pagina, limit: 10 } }),
    enabled: activo,
    placeholderData: keepPreviousData,
  });
