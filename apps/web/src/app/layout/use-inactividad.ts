import { INACTIVIDAD_MS } from '@cronos/contract';
import { useEffect } from 'react';

const EVENTOS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Ends the session after 40 minutes without mouse or key activity (spec 01 §4). A single timer restarted on
 * activity (throttled to once a second) keeps it cheap.
 */
export function useInactividad(alExpirar: () => void, limiteMs = INACTIVIDAD_MS) {
  useEffect(() => {
    let temporizador = setTimeout(alExpirar, limiteMs);
    let ultimo = Date.now();
    const actividad = () => {
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
