import { Layout } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { CanalActivo } from '../../shared/notificaciones/canal-activo';
import { ID_CONTENIDO, SaltarAlContenido } from '../../shared/ui/saltar-al-contenido';
import { cerrarSesionServidor, refrescarSesion } from '../../features/sesion/api';
import { cerrarSesionLocal, obtenerSesion, useSesion } from '../../shared/sesion/almacen-sesion';
import { BarraLateral } from './barra-lateral';
import { Cabecera } from './cabecera';
import { Pie } from './pie';
import { useInactividad } from './use-inactividad';

// The no-permission guard of every screen travels with the layout: no extra download before a screen shows.
export { ConPermiso } from '../pagina-sin-permiso';

// The user menu's dialogs (a form, descriptions) download when first opened, not with the signed-in shell.
const MiPerfilDialogo = lazy(() =>
  import('../../features/sesion/components/mi-perfil-dialogo').then((m) => ({ default: m.MiPerfilDialogo })),
);
const CambiarContraseniaDialogo = lazy(() =>
  import('../../features/sesion/components/cambiar-contrasenia-dialogo').then((m) => ({
    default: m.CambiarContraseniaDialogo,
  })),
);

/** A dialog's open state, and whether it was ever opened (it then stays mounted, so it closes with its motion). */
function useDialogo() {
  const [abierto, setAbierto] = useState(false);
  const [montado, setMontado] = useState(false);
  const abrir = useCallback(() => {
    setMontado(true);
    setAbierto(true);
  }, []);
  const cerrar = useCallback(() => setAbierto(false), []);
  return { abierto, montado, abrir, cerrar };
}

/**
 * Ends the session locally at once (the user is on the login page whatever the network does) and then on the
 * server with the token it had: a slow or unreachable server never keeps a user signed in after Desconectar.
 */
export function desconectar(motivo: 'logout' | 'inactividad' = 'logout') {
  const { token } = obtenerSesion();
  cerrarSesionLocal(motivo);
  if (token) void cerrarSesionServidor(token);
}

export default function AppLayout() {
  const sesion = useSesion();
  const [menuMovil, setMenuMovil] = useState(false);
  const perfil = useDialogo();
  const clave = useDialogo();

  // The menu and the user are refreshed from the server on every load: a permission changed by an
  // administrator shows up without signing in again.
  useEffect(() => {
    refrescarSesion({ silencioso: true }).catch(() => undefined);
  }, []);

  const expirar = useCallback(() => {
    desconectar('inactividad');
  }, []);
  useInactividad(expirar);

  if (!sesion.usuario) return null;
  const forzarCambio = sesion.usuario.debeCambiarContrasenia;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SaltarAlContenido />
      <CanalActivo />
      <BarraLateral
        permisos={sesion.permisos}
        alDesconectar={() => desconectar()}
        abiertoMovil={menuMovil}
        alCambiarMovil={setMenuMovil}
      />
      <Layout>
        <Cabecera
          usuario={sesion.usuario}
          alAbrirMenu={() => setMenuMovil((v) => !v)}
          alPerfil={perfil.abrir}
          alCambiarContrasenia={clave.abrir}
          alDesconectar={() => desconectar()}
        />
        <Layout.Content
          id={ID_CONTENIDO}
          tabIndex={-1}
          className="cronos-contenido"
          onClick={() => menuMovil && setMenuMovil(false)}
        >
          <Outlet />
        </Layout.Content>
        <Pie />
      </Layout>
      <Suspense fallback={null}>
        {perfil.montado ? (
          <MiPerfilDialogo abierto={perfil.abierto} usuario={sesion.usuario} alCerrar={perfil.cerrar} />
        ) : null}
        {clave.montado || forzarCambio ? (
          <CambiarContraseniaDialogo
            abierto={clave.abierto || forzarCambio}
            obligatorio={forzarCambio}
            alCerrar={clave.cerrar}
            aviso={forzarCambio ? 'Por seguridad, debe cambiar su contraseña antes de continuar.' : undefined}
          />
        ) : null}
      </Suspense>
    </Layout>
  );
}
