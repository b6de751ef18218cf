import { INACTIVIDAD_MS } from '@cronos/contract';
import { useEffect } from 'react';

const EVENTOS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Ends the session after 40 minutes without mouse or key activity (spec 01 §4). A single timer restarted on
 * activity (throttled to once a second) keeps it cheap.
 *
 * The browser also fires 'mousemove' when the page changes under a resting pointer (a list refreshed by a
 * live notification, a toast appearing); those events carry the same coordinates and are not activity,
 * otherwise an unattended gate terminal whose lists refresh would keep its session open forever.
 */
export function useInactividad(alExpirar: () => void, limiteMs = INACTIVIDAD_MS) {
  useEffect(() => {
    let temporizador = setTimeout(alExpirar, limiteMs);
    let ultimo = Date.now();
    let puntero: { x: number; y: number } | null = null;
    const actividad = (evento: Event) => {
      if (evento instanceof MouseEvent && evento.type === 'mousemove') {
        const quieto = puntero !== null && puntero.x === evento.screenX && puntero.y === evento.screenY;
        puntero = { x: evento.screenX, y: evento.screenY };
        if (quieto) return;
      }
      const ahora = Date.now();
      if (ahora - ultimo < 1000) return;
      ultimo = ahora;
      clearTimeout(temporizador);
      temporizador = setTimeout(alExpirar, limiteMs);
    };
    for (const e of EVENTOS) window.addEventListener(e, actividad, { passive: true });
    return () => {
      clearTimeout(temporizador);
      for (const e of EVENTOS) window.removeEventListener(e, actividad);
    };
  }, [alExpirar, limiteMs]);
}
