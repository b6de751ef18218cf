import { DURACION_TOAST_MS } from '@cronos/contract';
import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { alCerrarSesion, useSesion } from '../sesion/almacen-sesion';
import { canalNotificaciones } from './canal';
import { useEventosNotificacion } from './use-canal';

// Logout or expiry unsubscribes from the channel (spec 01 §4), whichever screen is open.
alCerrarSesion(() => canalNotificaciones.detener());

/** Mounted once in the signed-in layout: opens the channel for the session and shows each event as a toast. */
export function CanalActivo() {
  const { token, usuario } = useSesion();
  const { notification } = App.useApp();
  // Toasts render outside the router (in antd's App holder): links navigate through this screen's router.
  const navegar = useNavigate();
  useEffect(() => {
    if (token && usuario) canalNotificaciones.iniciar(token, usuario.codigoUsuario);
    else canalNotificaciones.detener();
  }, [token, usuario]);
  useEventosNotificacion((e) => {
    notification.info({
      key: `notificacion-${e.codigoNotificacion}`,
      message: e.titulo,
      description: (
        // An observation's paragraphs arrive one per line: shown as lines, never run together.
        <span data-testid="toast-notificacion" style={{ whiteSpace: 'pre-line' }}>
          {e.mensaje}{' '}
          {e.enlace ? (
            <a
              href={e.enlace}
              onClick={(clic) => {
                clic.preventDefault();
                notification.destroy(`notificacion-${e.codigoNotificacion}`);
                if (e.enlace) navegar(e.enlace);
              }}
            >
              Ver detalle
            </a>
          ) : null}
        </span>
      ),
      duration: DURACION_TOAST_MS / 1000,
    });
  });
  return null;
}
