import {
  BellOutlined,
  DownloadOutlined,
  NotificationOutlined,
  ReloadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, type MenuProps, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCanalNotificaciones } from '../../shared/notificaciones/use-canal';

/**
 * The header's menus open above the notices: both appear just below the header at the right, and a notice (10.5 s,
 * one after another in a busy zone) covered 'Desconectar' and took its click. antd's notices sit at z-index 2050.
 */
export const SOBRE_AVISOS = { root: { zIndex: 2100 } };

/**
 * The notifications dropdown of the header (spec 01 §1): the count '3', an 'Actualizar' action, a
 * user-creation notice and two manual download links — plus the live notifications of the
 * 'notifications-cronos' channel, with their own unread count.
 */
export function NotificacionesMenu() {
  const navegar = useNavigate();
  const { lista, noLeidos, marcarLeidos } = useCanalNotificaciones();
  // While the menu is open it shows the list as it was when opened: an event arriving then would push the
  // items down under the pointer and the click would land on another entry. The badge still counts it.
  const [abierto, setAbierto] = useState(false);
  const [instantanea, setInstantanea] = useState(lista);
  const mostradas = abierto ? instantanea : lista;
  const vivas: MenuProps['items'] = mostradas.slice(0, 10).map((e) => ({
    key: `n-${e.codigoNotificacion}`,
    icon: <NotificationOutlined />,
    label: (
      <span data-testid="notificacion-en-vivo" style={{ fontWeight: e.leido ? 400 : 600 }}>
        {e.titulo}
      </span>
    ),
    onClick: () => e.enlace && navegar(e.enlace),
  }));
  const items: MenuProps['items'] = [
    ...(vivas.length ? [...vivas, { type: 'divider' as const }] : []),
    { key: 'actualizar', icon: <ReloadOutlined />, label: 'Actualizar', onClick: () => window.location.reload() },
    { type: 'divider' },
    {
      key: 'usuario',
      icon: <UserAddOutlined />,
      label: 'Se habilitó la creación de usuarios para las empresas usuarias',
    },
    {
      key: 'manual-usuario',
      icon: <DownloadOutlined />,
      label: (
        <a href="/manuales/manual-de-usuario.pdf" download>
          Descargar manual de usuario
        </a>
      ),
    },
    {
      key: 'manual-ordenes',
      icon: <DownloadOutlined />,
      label: (
        <a href="/manuales/manual-de-ordenes.pdf" download>
          Descargar manual de registro de órdenes
        </a>
      ),
    },
  ];
  return (
    <Dropdown
      styles={SOBRE_AVISOS}
      menu={{ items }}
      trigger={['click']}
      placement="bottomRight"
      onOpenChange={(abrir) => {
        if (abrir) setInstantanea(lista);
        else marcarLeidos(new Set(instantanea.map((e) => e.codigoNotificacion)));
        setAbierto(abrir);
      }}
    >
      <Button
        type="text"
        aria-label="Notificaciones"
        icon={
          <Space size={4}>
            <Badge count="3" size="small">
              <BellOutlined style={{ fontSize: 18 }} />
            </Badge>
            {noLeidos > 0 ? (
              <Badge
                count={noLeidos}
                size="small"
                color="#0b4f8a"
                title="Notificaciones sin leer"
                data-testid="no-leidos"
              />
            ) : null}
          </Space>
        }
      />
    </Dropdown>
  );
}
