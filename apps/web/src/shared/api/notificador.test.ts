import type { NotificationInstance } from 'antd/es/notification/interface';
import { describe, expect, it } from 'vitest';
import { fijarNotificador, notificar } from './notificador';

interface Abierta {
  key: string;
  message: string;
  description?: string;
  onClose?: () => void;
}

/** An antd notification instance that records what it is asked to show. */
function instanciaFalsa() {
  const abiertas: Abierta[] = [];
  const mostrar = (a: unknown) => {
    abiertas.push(a as Abierta);
  };
  const n = { error: mostrar, success: mostrar, warning: mostrar, info: mostrar } as unknown as NotificationInstance;
  return { n, abiertas };
}

describe('global notices', () => {
  it('show one notice for the same text raised while it shows, and a new one once it has closed', () => {
    const { n, abiertas } = instanciaFalsa();
    fijarNotificador(n);
    notificar.error('Complete los campos obligatorios');
    notificar.error('Complete los campos obligatorios');
    expect(abiertas).toHaveLength(2);
    expect(abiertas[1]?.key).toBe(abiertas[0]?.key);
    // Another text is another notice.
    notificar.error('Otro error');
    expect(abiertas[2]?.key).not.toBe(abiertas[0]?.key);
    // Closed (time out or the user's click): the same text again gets a key of its own.
    abiertas[0]?.onClose?.();
    notificar.error('Complete los campos obligatorios');
    expect(abiertas[3]?.key).not.toBe(abiertas[0]?.key);
    // The old notice's late close does not forget the new one.
    abiertas[1]?.onClose?.();
    notificar.error('Complete los campos obligatorios');
    expect(abiertas[4]?.key).toBe(abiertas[3]?.key);
  });

  it('add the reason to the error notice showing the same message', () => {
    const { n, abiertas } = instanciaFalsa();
    fijarNotificador(n);
    notificar.error('No se pudo guardar');
    notificar.ampliarError('No se pudo guardar', 'El RUC ya está registrado');
    expect(abiertas[1]).toMatchObject({ key: abiertas[0]?.key, description: 'El RUC ya está registrado' });
    abiertas[0]?.onClose?.();
    notificar.ampliarError('No se pudo guardar', 'El RUC ya está registrado');
    expect(abiertas[2]?.key).not.toBe(abiertas[0]?.key);
  });
});
