import { type EventoNotificacion, TIPO_NOTIFICACION } from '@cronos/contract';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { canalNotificaciones, type EventoRecibido } from './canal';

/** The live notifications of the dropdown, the unread count and the connection state. */
export function useCanalNotificaciones() {
  useSyncExternalStore(canalNotificaciones.alCambiar, canalNotificaciones.instantanea);
  return {
    lista: canalNotificaciones.lista,
    noLeidos: canalNotificaciones.noLeidos,
    estado: canalNotificaciones.estado,
    marcarLeidos: (vistos?: ReadonlySet<number>) => canalNotificaciones.marcarLeidos(vistos),
  };
}

/** Calls `alRecibir` for each notification that arrives while the component is mounted. */
export function useEventosNotificacion(alRecibir: (e: EventoRecibido) => void) {
  const ref = useRef(alRecibir);
  ref.current = alRecibir;
  useEffect(() => canalNotificaciones.suscribir((e) => ref.current(e)), []);
}

/**
 * For stage screens: `onCambio` runs when an order enters or leaves `estado` (a movement state 1-5), so the
 * screen refetches its search results, e.g. `useEventosMovimiento(2, () => lista.refetch())`.
 */
export function useEventosMovimiento(estado: number, onCambio: (e: EventoNotificacion) => void) {
  useEventosNotificacion((e) => {
    if (e.tipo !== TIPO_NOTIFICACION.movimientoEtapa) return;
    const { desde, hasta } = (e.datos ?? {}) as { desde?: number; hasta?: number };
    if (desde === estado || hasta === estado) onCambio(e);
  });
}
