/** When the page last reloaded itself because a file of the app could not be loaded (per tab). */
const CLAVE = 'cronos.recargaPorArchivo';
/** A second failure within this time is not a version change: the error is shown instead of reloading again. */
const ESPERA_MS = 60_000;

/**
 * A screen's code is downloaded when the screen is first opened. After a new version is deployed, a page opened
 * before it still names the previous build's files, which the server no longer has, and opening a screen fails
 * (before the service worker notices the new version, or where there is none). The page then loads itself again
 * once, which gets the new version's files; a failure again within a minute (no connection, a server without the
 * files) is left to the route's error page, so the page never reloads in a loop.
 */
export function recargarSiFaltaUnArchivo() {
  window.addEventListener('vite:preloadError', () => {
    const ultima = Number(sessionStorage.getItem(CLAVE) ?? 0);
    if (Date.now() - ultima < ESPERA_MS) return;
    sessionStorage.setItem(CLAVE, String(Date.now()));
    window.location.reload();
  });
}
