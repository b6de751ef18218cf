import { MENSAJES } from '@cronos/contract';
import type { HookAPI } from 'antd/es/modal/useModal';
import { ErrorApi } from '../api/cliente';
import { notificar } from '../api/notificador';

let modal: HookAPI | null = null;
export const fijarModal = (m: HookAPI) => {
  modal = m;
};

/**
 * Confirm-then-delete (spec 01 §8): a dialog titled 'Eliminar' with 'Eliminar' and 'Cancelar'. A refused
 * request shows the server's message; a network failure 'Ocurrió un error al intentar eliminar'; cancelling
 * 'No se pudo ejecutar la acción 2'.
 */
export function confirmarEliminar(opciones: {
  contenido: string;
  alConfirmar: () => Promise<unknown>;
  alTerminar?: () => void;
}) {
  modal?.confirm({
    title: MENSAJES.eliminarTitulo,
    content: opciones.contenido,
    okText: 'Eliminar',
    okButtonProps: { danger: true },
    cancelText: 'Cancelar',
    onCancel() {
      notificar.aviso(MENSAJES.eliminarCancelado);
    },
    async onOk() {
      try {
        await opciones.alConfirmar();
        opciones.alTerminar?.();
      } catch (e) {
        if (e instanceof ErrorApi && e.status === 0) notificar.error(MENSAJES.eliminarError);
        // Other statuses were already shown by the API client with the server's message.
      }
    },
  });
}

/**
 * Confirm-then-act (enable, disable and other confirmed actions; spec 01 §8 helper messages): cancelling says
 * 'Canceló la accion a realizar'; a request that never reached the server 'No se ejecutó la acción'; anything
 * else failing on the way 'Ocurrió un error al intentar'. Server refusals were shown by the API client.
 */
export function confirmarAccion(opciones: {
  titulo: string;
  contenido: string;
  okText: string;
  peligro?: boolean;
  alConfirmar: () => Promise<unknown>;
  alTerminar?: () => void;
}) {
  modal?.confirm({
    title: opciones.titulo,
    content: opciones.contenido,
    okText: opciones.okText,
    okButtonProps: { danger: opciones.peligro },
    cancelText: 'Cancelar',
    onCancel() {
      notificar.aviso(MENSAJES.accionCancelada);
    },
    async onOk() {
      try {
        await opciones.alConfirmar();
        opciones.alTerminar?.();
      } catch (e) {
        if (!(e instanceof ErrorApi)) notificar.error(MENSAJES.accionError);
        else if (e.status === 0) notificar.error(MENSAJES.accionNoEjecutada);
      }
    },
  });
}
