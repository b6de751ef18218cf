import { RUTAS_LIBRES, TODAS_LAS_RUTAS } from '@cronos/contract';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import LoginPage from '../features/sesion/pages/login-page';
import { obtenerSesion } from '../shared/sesion/almacen-sesion';
import { registrarPrecargaSesion } from '../shared/sesion/precarga';
import { PAGINA_NO_DISPONIBLE, PAGINAS, PAGINAS_CON_PARAMETROS, precargarPagina } from './paginas';
import { ErrorDeRuta } from './error-de-ruta';
import { RutaProtegida } from './ruta-protegida';

const cargarProveedoresAntd = () => import('./proveedores-antd');
const cargarAppLayout = () => import('./layout/app-layout');
const ProveedoresAntd = lazy(cargarProveedoresAntd);
const AppLayout = lazy(cargarAppLayout);
// Ant Design is not part of the login page's bundle: the no-permission guard comes with the signed-in layout.
const ConPermiso = lazy(() => cargarAppLayout().then((m) => ({ default: m.ConPermiso })));
const PaginaError = lazy(() => import('./pagina-error').then((m) => ({ default: m.PaginaError })));

/**
 * Starts downloading what the signed-in screens need (Ant Design, the layout, the dashboard) while the user
 * types the credentials on the login page, so that signing in does not wait for it.
 */
const precargarSesion = () => {
  void cargarProveedoresAntd();
  void cargarAppLayout();
};
registrarPrecargaSesion(() => {
  precargarSesion();
  void import('../features/inicio/pages/dashboard-page');
});
// A visit that opens on a signed-in address downloads Ant Design, the layout and that screen side by side.
if (window.location.pathname.startsWith('/app') && obtenerSesion().autenticado) {
  precargarSesion();
  precargarPagina(window.location.pathname);
}

// Plain markup and CSS (estilos.css): the fallback shows before Ant Design has loaded.
const cargando = (
  <div className="cronos-cargando" role="progressbar" aria-label="Cargando">
    <span />
  </div>
);
const conEspera = (nodo: React.ReactNode) => <Suspense fallback={cargando}>{nodo}</Suspense>;
const conAntd = (nodo: React.ReactNode) => conEspera(<ProveedoresAntd>{conEspera(nodo)}</ProveedoresAntd>);

/** Public extra routes (outside /app, no session), e.g. public verification pages. One line each. */
const VerificacionCertificadoPage = lazy(() => import('../features/certificados/pages/verificacion-page'));
const VerificacionActaPage = lazy(() => import('../features/aduanas/pages/verificacion-acta-page'));
export const RUTAS_PUBLICAS: { path: string; element: React.ReactNode }[] = [
  { path: '/verificar-certificado', element: conAntd(<VerificacionCertificadoPage />) },
  { path: '/verificar-acta', element: conAntd(<VerificacionActaPage />) },
];

/** Every route of the route table (spec 01 §2) is registered; those without a screen say so plainly. */
export const enrutador = createBrowserRouter(
  [
    { path: '/', element: <Navigate to="/app/dashboard" replace /> },
    { path: '/login', element: <LoginPage /> },
    { path: '/error', element: conAntd(<PaginaError />) },
    ...RUTAS_PUBLICAS,
    {
      path: '/app',
      element: <RutaProtegida>{conAntd(<AppLayout />)}</RutaProtegida>,
      children: [
        { index: true, element: <Navigate to="/app/dashboard" replace /> },
        ...TODAS_LAS_RUTAS.map((r) => {
          const Pagina = PAGINAS[r.modulo] ?? PAGINA_NO_DISPONIBLE;
          // A route outside the user's menu shows the no-permission page (a typed or bookmarked address).
          const libre = (RUTAS_LIBRES as readonly string[]).includes(r.modulo);
          const pagina = conEspera(<Pagina />);
          return {
            path: r.modulo,
            element: libre ? pagina : conEspera(<ConPermiso modulo={r.modulo}>{pagina}</ConPermiso>),
          };
        }),
        ...PAGINAS_CON_PARAMETROS.map(({ ruta, pagina: Pagina }) => ({ path: ruta, element: conEspera(<Pagina />) })),
        { path: '*', element: conEspera(<PaginaError dentro />) },
      ],
    },
    { path: '*', element: conAntd(<PaginaError />) },
  ].map((ruta) => ({ ...ruta, errorElement: <ErrorDeRuta /> })),
);
