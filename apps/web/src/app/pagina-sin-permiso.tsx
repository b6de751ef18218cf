import { lazy, type ReactNode, Suspense } from 'react';
import { useSesion } from '../shared/sesion/almacen-sesion';

/** Whether the user's menu (the permission tree of the session) lists the screen of `modulo`. */
export function enMenu(menu: { urlLink: string; permiteListar: boolean; detalle: unknown[] }[], modulo: string) {
  const url = `/app/${modulo}`;
  return menu.some(
    (g) =>
      (g.urlLink === url && g.permiteListar) ||
      (g.detalle as { urlLink: string; permiteListar: boolean }[]).some((d) => d.urlLink === url && d.permiteListar),
  );
}

// The page itself (Result and its illustration) downloads only when an address outside the menu is opened.
const PaginaSinPermiso = lazy(() => import('./acceso-restringido'));

/** Renders the screen of a menu route only when the user's menu has it (the server refuses its data anyway). */
export function ConPermiso({ modulo, children }: { modulo: string; children: ReactNode }) {
  const { permisos } = useSesion();
  return enMenu(permisos, modulo) ? (
    children
  ) : (
    <Suspense fallback={null}>
      <PaginaSinPermiso />
    </Suspense>
  );
}
