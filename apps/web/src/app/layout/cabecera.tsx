import { DownOutlined, KeyOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import type { UsuarioSesion } from '@cronos/contract';
import { Avatar, Button, Dropdown, Grid, Layout, type MenuProps, Space, Tag } from 'antd';
import { TextoFuerte } from '../../shared/ui/texto-plano';
import { NotificacionesMenu, SOBRE_AVISOS } from './notificaciones-menu';

interface Props {
  usuario: UsuarioSesion;
  alAbrirMenu: () => void;
  alPerfil: () => void;
  alCambiarContrasenia: () => void;
  alDesconectar: () => void;
}

/** The header: company, notifications and the user menu (Mi Perfil, Cambiar contraseña, Desconectar). */
export function Cabecera({ usuario, alAbrirMenu, alPerfil, alCambiarContrasenia, alDesconectar }: Props) {
  const pantallas = Grid.useBreakpoint();
  const items: MenuProps['items'] = [
    { key: 'perfil', icon: <UserOutlined />, label: 'Mi Perfil', onClick: alPerfil },
    { key: 'clave', icon: <KeyOutlined />, label: 'Cambiar contraseña', onClick: alCambiarContrasenia },
    { type: 'divider' },
    { key: 'salir', icon: <LogoutOutlined />, label: 'Desconectar', danger: true, onClick: alDesconectar },
  ];
  return (
    <Layout.Header
      style={{
        background: '#fff',
        padding: '0 16px',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        boxShadow: '0 1px 4px rgba(0,21,41,.08)',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      {!pantallas.lg ? (
        <Button type="text" aria-label="Abrir menú" icon={<MenuOutlined />} onClick={alAbrirMenu} />
      ) : null}
      <TextoFuerte cortar style={{ flex: 1 }}>
        {usuario.razonSocial}
      </TextoFuerte>
      <NotificacionesMenu />
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight" styles={SOBRE_AVISOS}>
        <Button type="text" aria-label="Menú de usuario" style={{ height: 48 }}>
          <Space>
            <Avatar size="small" icon={<UserOutlined />} style={{ background: '#0b4f8a' }} />
            {pantallas.md ? (
              <span>
                {usuario.nombreUsuario} <Tag color="blue">{usuario.nombreRol}</Tag>
              </span>
            ) : null}
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </Button>
      </Dropdown>
    </Layout.Header>
  );
}
