import { CustomerServiceOutlined, LogoutOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons';
import type { ItemMenu } from '@cronos/contract';
import { Badge, Button, Grid, Layout, Menu, type MenuProps, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { IconoMenu } from '../../shared/ui/iconos';

const CLAVE_FIJO = 'cronos.menu.fijo';
const CIERRE_AUTOMATICO_MS = 2_000;

interface Props {
  permisos: ItemMenu[];
  alDesconectar: () => void;
  /** Small screens: the header's button opens and closes the menu. */
  abiertoMovil: boolean;
  alCambiarMovil: (abierto: boolean) => void;
}

/**
 * The sidebar built from the permission tree the server returned (spec 01 §1). On large screens it opens on
 * hover and closes by itself 2 s after the pointer leaves; the pin keeps it open and is remembered locally.
 * Always ends with Soporte (badge 'new') and Desconectar.
 */
export function BarraLateral({ permisos, alDesconectar, abiertoMovil, alCambiarMovil }: Props) {
  const navegar = useNavigate();
  const { pathname } = useLocation();
  const pantallas = Grid.useBreakpoint();
  const grande = Boolean(pantallas.lg);
  const [fijo, setFijo] = useState(() => localStorage.getItem(CLAVE_FIJO) === 'true');
  const [abierto, setAbierto] = useState(false);
  const cierre = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(cierre.current), []);

  const colapsado = grande ? !(fijo || abierto) : !abiertoMovil;
  const alternarFijo = () => {
    const v = !fijo;
    setFijo(v);
    localStorage.setItem(CLAVE_FIJO, String(v));
  };

  const items: MenuProps['items'] = useMemo(
    () => [
      ...permisos.map((g) => ({
        key: `g-${g.codigoPermiso}`,
        icon: <IconoMenu nombre={g.iconoLink} />,
        label: g.link,
        children: g.detalle.map((d) => ({ key: d.urlLink, icon: <IconoMenu nombre={d.iconoLink} />, label: d.link })),
      })),
      { type: 'divider' as const },
      {
        key: '/app/support',
        icon: <CustomerServiceOutlined />,
        label: (
          <span>
            Soporte <Badge count="new" size="small" style={{ backgroundColor: '#237804', marginLeft: 6 }} />
          </span>
        ),
      },
      { key: 'desconectar', icon: <LogoutOutlined />, label: 'Desconectar', danger: true },
    ],
    [permisos],
  );
  const grupoActivo = permisos.find((g) => g.detalle.some((d) => pathname.startsWith(d.urlLink)));
  // Open groups, kept apart for the open menu and the narrow one: the open menu shows the current screen's group
  // unfolded; the narrow one opens a group's flyout only under the pointer. Given as the menu's initial open keys
  // while narrow, the current group's flyout opened on every load and stayed over the screen's first columns.
  const [desplegados, setDesplegados] = useState<string[]>(() =>
    grupoActivo ? [`g-${grupoActivo.codigoPermiso}`] : [],
  );
  const [flotantes, setFlotantes] = useState<string[]>([]);

  return (
    <Layout.Sider
      width={250}
      collapsedWidth={grande ? 64 : 0}
      collapsed={colapsado}
      breakpoint="lg"
      theme="dark"
      trigger={null}
      style={{ position: grande ? 'sticky' : 'fixed', zIndex: 20, top: 0, height: '100vh', overflow: 'auto' }}
      onMouseEnter={() => {
        if (!grande) return;
        clearTimeout(cierre.current);
        setAbierto(true);
      }}
      onMouseLeave={() => {
        clearTimeout(cierre.current);
        cierre.current = setTimeout(() => setAbierto(false), CIERRE_AUTOMATICO_MS);
      }}
      data-testid="barra-lateral"
      data-colapsado={colapsado}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: '16px 12px',
          color: '#fff',
        }}
      >
        <strong style={{ fontSize: 18, whiteSpace: 'nowrap', overflow: 'hidden' }}>{colapsado ? 'C' : 'Cronos'}</strong>
        {!colapsado && grande ? (
          <Tooltip title={fijo ? 'Dejar de fijar el menú' : 'Fijar el menú abierto'}>
            <Button
              type="text"
              size="small"
              aria-label="Fijar menú"
              style={{ color: '#fff' }}
              icon={fijo ? <PushpinFilled /> : <PushpinOutlined />}
              onClick={alternarFijo}
            />
          </Tooltip>
        ) : null}
      </div>
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={[pathname]}
        openKeys={colapsado ? flotantes : desplegados}
        onOpenChange={colapsado ? setFlotantes : setDesplegados}
        onClick={({ key }) => {
          if (key === 'desconectar') alDesconectar();
          else navegar(key);
          if (!grande) alCambiarMovil(false);
        }}
      />
    </Layout.Sider>
  );
}
