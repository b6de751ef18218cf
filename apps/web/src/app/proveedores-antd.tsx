import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { ErrorApi } from '../shared/api/cliente';
import { fijarNotificador } from '../shared/api/notificador';
import { alCerrarSesion } from '../shared/sesion/almacen-sesion';
import { fijarModal } from '../shared/ui/dialogos';
import { temaCronos } from '../shared/ui/tema';

dayjs.locale('es');

export const clienteConsultas = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Errors the user can act on are not retried; a network hiccup is, twice.
      retry: (n, e) => !(e instanceof ErrorApi && e.status >= 400 && e.status < 500) && n < 2,
    },
    mutations: { retry: false },
  },
});

// Logging out (or expiring) forgets every cached answer.
alCerrarSesion(() => clienteConsultas.clear());

function Puentes() {
  const { notification, modal } = AntApp.useApp();
  useEffect(() => {
    fijarNotificador(notification);
    fijarModal(modal);
  }, [notification, modal]);
  return null;
}

/** Whether the user asked the system for less motion (the setting of their device, followed as it changes). */
const MENOS_MOVIMIENTO = '(prefers-reduced-motion: reduce)';
const suscribirMovimiento = (aviso: () => void) => {
  const consulta = window.matchMedia(MENOS_MOVIMIENTO);
  consulta.addEventListener('change', aviso);
  return () => consulta.removeEventListener('change', aviso);
};
const menosMovimiento = () => window.matchMedia(MENOS_MOVIMIENTO).matches;

/**
 * Ant Design (theme, Spanish locale, toasts and dialogs) and the server-state cache, around every screen but
 * the login page. Loaded with the first of those screens, so the login page does not download them.
 */
export default function ProveedoresAntd({ children }: { children: ReactNode }) {
  // A device set to reduce motion gets no animations: dialogs, drawers, menus and toasts appear and go at once.
  const sinMovimiento = useSyncExternalStore(suscribirMovimiento, menosMovimiento);
  return (
    <ConfigProvider locale={esES} theme={temaCronos(!sinMovimiento)}>
      {/* Toasts never pause on hover: one that appears under a resting pointer (row actions sit at the right,
          where toasts appear) would otherwise stay forever over the button the user wants next. They start below
          the 64 px header: at its height they covered the user menu and the notifications bell for their 10.5 s,
          and a busy gate's stream of notices kept them covered (a user could not reach Desconectar). */}
      <AntApp notification={{ placement: 'topRight', top: 72, pauseOnHover: false }}>
        <Puentes />
        <QueryClientProvider client={clienteConsultas}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
