import { MENSAJES } from '@cronos/contract';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useSesion } from '../shared/sesion/almacen-sesion';
import { BotonIr } from '../shared/ui/boton-ir';

/** Whether the user's menu (the permission tree of the session) lists the screen of `modulo`. */
export function enMenu(menu: { urlLink: string; permiteListar: boolean; detalle: unknown[] }[], modulo: string) {
  const url = `/app/${modulo}`;
  return menu.some(
    (g) =>
      (g.urlLink === url && g.permiteListar) ||
      (g.detalle as { urlLink: string; permiteListar: boolean }[]).some((d) => d.urlLink === url && d.permiteListar),
  );
}

/** A typed address outside the user's menu: one clear page instead of an empty screen and a refused load. */
export function PaginaSinPermiso() {
  return (
    <Result
      status="403"
      title="Acceso restringido"
      subTitle={MENSAJES.sinPermisos}
      style={{ paddingTop: 24 }}
      extra={
        <BotonIr type="primary" a="/app/dashboard">
          Volver al inicio
        </BotonIr>
      }
    />
  );
}

/** Renders the screen of a menu route only when the user's menu has it (the server refuses its data anyway). */
export function ConPermiso({ modulo, children }: { modulo: string; children: ReactNode }) {
  const { permisos } = useSesion();
  return enMenu(permisos, modulo) ? children : <PaginaSinPermiso />;
}
