import { apiSesion, type BodyDe } from '@cronos/contract';
import { useMutation } from '@tanstack/react-query';
import { llamarRuta } from '../../../shared/api/ruta';
import { actualizarSesionLocal } from '../../../shared/sesion/almacen-sesion';

/*
 * The session lives in the local session store (shared/sesion), not in the query cache: the login page has no
 * cache, and the signed-in shell reads the session once per load. So these are plain calls that keep the store
 * up to date, and the one mutation hook updates the store it changes.
 */

/**
 * Reads the signed-in user and menu as the server holds them now and keeps them locally (a permission
 * changed by an administrator shows without signing in again).
 */
export async function refrescarSesion(opciones: { silencioso?: boolean } = {}) {
  const s = (await llamarRuta(apiSesion.consultarSesion, opciones)).data;
  actualizarSesionLocal(s.usuario, s.permisos);
  return s;
}

/**
 * Ends the session `token` on the server (best effort: the local session has already ended; a session the
 * server never hears about expires on its own).
 */
export const cerrarSesionServidor = (token: string) =>
  llamarRuta(apiSesion.logout, { silencioso: true, timeoutMs: 15_000, token }).catch(() => undefined);

/**
 * One's own password change. The session is read again before this resolves: a forced change
 * (debeCambiarContrasenia) is then over.
 */
export function useCambiarContrasenia() {
  return useMutation({
    mutationFn: (body: BodyDe<typeof apiSesion.cambiarContrasenia>) =>
      llamarRuta(apiSesion.cambiarContrasenia, { body, manejar: [422, 500] }),
    onSuccess: () => refrescarSesion(),
  });
}
