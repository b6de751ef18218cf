import { registerSW } from 'virtual:pwa-register';

/** How often an open page asks whether a new version was deployed. */
const REVISION_MS = 60_000;

/**
 * Installs the service worker (app code cached for offline use). When a new version is deployed, the new
 * worker takes over at once and the page reloads itself (spec 01 §1: "forced to reload").
 */
export function registrarServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  registerSW({
    immediate: true,
    onRegisteredSW(_url, registro) {
      if (!registro) return;
      const revisar = () => {
        if (navigator.onLine && !registro.installing) void registro.update().catch(() => undefined);
      };
      setInterval(revisar, REVISION_MS);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && revisar());
      window.addEventListener('online', revisar);
    },
  });
}
