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
 * request shows the server's message; a network failure 'Ocurrió un error al intentar eliminar'.
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
