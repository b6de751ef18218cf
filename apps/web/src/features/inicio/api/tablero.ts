import { apiTablero, type FiguraTablero, TIPO_NOTIFICACION } from '@cronos/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';
import { useEventosNotificacion } from '../../../shared/notificaciones/use-canal';

export interface FiltroFigura {
  Figura: FiguraTablero;
  Etapa?: number;
  Hora?: number;
}

/** Query keys of the live board. */
export const clavesTablero = {
  todo: ['tablero'] as const,
  resumen: () => [...clavesTablero.todo, 'resumen'] as const,
  lista: (f: FiltroFigura) => [...clavesTablero.todo, 'lista', f] as const,
  umbrales: () => [...clavesTablero.todo, 'umbrales'] as const,
};

export const useResumenTablero = () =>
  useQuery({
    queryKey: clavesTablero.resumen(),
    queryFn: async () => (await llamarRuta(apiTablero.resumen)).data,
  });

export const useListaTablero = (f: FiltroFigura | null) =>
  useQuery({
    queryKey: clavesTablero.lista(f ?? { Figura: 'etapa' }),
    queryFn: async () => (await llamarRuta(apiTablero.lista, { query: f ?? { Figura: 'etapa' } })).data,
    enabled: f !== null,
  });

export const useUmbrales = (activo: boolean) =>
  useQuery({
    queryKey: clavesTablero.umbrales(),
    queryFn: async () => (await llamarRuta(apiTablero.umbrales)).data,
    enabled: activo,
  });

export function useGuardarUmbrales() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (data: { codigoTipoControl: number; minutos: number }[]) =>
      llamarRuta(apiTablero.guardarUmbrales, { body: { data } }),
    onSuccess: () => cliente.invalidateQueries({ queryKey: clavesTablero.todo }),
  });
}

const EVENTOS_TABLERO: readonly string[] = [TIPO_NOTIFICACION.movimientoEtapa, TIPO_NOTIFICACION.movimientoObservado];

/**
 * Live: every stage change or observation that reaches this user through the notification channel refreshes
 * the board and the list open on it (no polling).
 */
export function useTableroEnVivo() {
  const cliente = useQueryClient();
  useEventosNotificacion((e) => {
    if (EVENTOS_TABLERO.includes(e.tipo)) void cliente.invalidateQueries({ queryKey: clavesTablero.todo });
  });
}
