import { CANAL_NOTIFICACIONES, CIERRE_CANAL, mensajeServidorCanal } from '../notificaciones';
import { ruta } from './definicion';

/**
 * The realtime channel 'notifications-cronos' (spec 01 §1): a GET upgraded to a WebSocket. Its messages are
 * JSON texts: the client's are `mensajeClienteCanal`, the server's `mensajeServidorCanal` (the documented
 * answer below). A plain GET without the upgrade is refused with 426.
 */
export const apiNotificaciones = {
  canal: ruta({
    metodo: 'GET',
    ruta: `/${CANAL_NOTIFICACIONES}`,
    resumen:
      `Canal de notificaciones en tiempo real: GET con Upgrade: websocket. Cliente → servidor: el primer mensaje ` +
      `es { tipo: 'autenticar', token, desde? } (el token de la sesión; desde = último codigoNotificacion visto, ` +
      `para reponer lo perdido) y luego { tipo: 'ping' }. Servidor → cliente: { tipo: 'evento', evento, perdido? } ` +
      `(cada notificación que concierne al usuario; perdido = repuesta tras reconectar), { tipo: 'listo', ultimo } ` +
      `(tras autenticar y reponer), { tipo: 'pong' } y { tipo: 'cerrado', motivo } antes de cerrar: ` +
      `${CIERRE_CANAL.sesion} la sesión terminó (cierre de sesión, 40 min sin actividad, 12 h, usuario ` +
      `deshabilitado), ${CIERRE_CANAL.protocolo} mensaje inválido o sin autenticar en 10 s. La respuesta 200 ` +
      `documenta los mensajes del servidor; sin Upgrade la ruta responde 426.`,
    respuesta: mensajeServidorCanal,
  }),
};
