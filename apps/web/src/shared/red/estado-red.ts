import { useSyncExternalStore } from 'react';

/**
 * Is the server reachable? `navigator.onLine` alone says nothing when the Wi-Fi is up but the server is not,
 * so a failed request to /api (a network error, not an HTTP error) also counts as "sin conexión"; then
 * /api/health/live is probed with backoff until it answers.
 */
let sinConexion = typeof navigator !== 'undefined' ? !navigator.onLine : false;
const oyentes = new Set<() => void>();
let sondeo: ReturnType<typeof setTimeout> | null = null;
let espera = 2_000;

const fijar = (v: boolean) => {
  if (sinConexion === v) return;
  sinConexion = v;
  for (const o of oyentes) o();
};

async function sondear() {
  sondeo = null;
  try {
    const r = await fetchOriginal('/api/health/live', { cache: 'no-store' });
    if (r.ok || r.status < 500) {
      espera = 2_000;
      fijar(false);
      return;
    }
  } catch {
    // still unreachable
  }
  fijar(true);
  espera = Math.min(espera * 2, 30_000);
  sondeo = setTimeout(sondear, espera);
}

/** A request to the server failed at the network level. */
export function reportarFalloRed() {
  fijar(true);
  if (!sondeo) sondeo = setTimeout(sondear, espera);
}

let fetchOriginal: typeof fetch = (...a) => fetch(...a);

/** Starts watching: browser online/offline events plus every /api request of the page. */
export function vigilarRed() {
  if (typeof window === 'undefined') return;
  const nativo = window.fetch.bind(window);
  fetchOriginal = nativo;
  // Observe (not change) the page's API requests: a rejected fetch means the server was not reached.
  window.fetch = async (entrada, init) => {
    try {
      const r = await nativo(entrada, init);
      if (sinConexion && String(entrada instanceof Request ? entrada.url : entrada).includes('/api/')) fijar(false);
      return r;
    } catch (e) {
      const abortado = e instanceof DOMException && e.name === 'AbortError';
      if (!abortado && String(entrada instanceof Request ? entrada.url : entrada).includes('/api/')) reportarFalloRed();
      throw e;
    }
  };
  window.addEventListener('offline', () => fijar(true));
  window.addEventListener('online', () => void sondear());
  void sondear();
}

export const useSinConexion = () =>
  useSyncExternalStore(
    (o) => {
      oyentes.add(o);
      return () => oyentes.delete(o);
    },
    () => sinConexion,
  );
