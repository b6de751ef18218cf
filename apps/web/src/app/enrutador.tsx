import { TODAS_LAS_RUTAS } from '@cronos/contract';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PaginaError } from './pagina-error';
import { PAGINA_NO_DISPONIBLE, PAGINAS, PAGINAS_CON_PARAMETROS } from './paginas';
import { RutaProtegida } from './ruta-protegida';

const LoginPage = lazy(() => import('../features/sesion/pages/login-page'));
const AppLayout = lazy(() => import('./layout/app-layout'));

const cargando = (
  <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
    <Spin size="large" />
  </div>
);
const conEspera = (nodo: React.ReactNode) => <Suspense fallback={cargando}>{nodo}</Suspense>;

/** Public extra routes (outside /app, no session), e.g. public verification pages. One line each. */
const VerificacionCertificadoPage = lazy(() => import('../features/certificados/pages/verificacion-page'));
export const RUTAS_PUBLICAS: { path: string; element: React.ReactNode }[] = [
  { path: '/verificar-certificado', element: conEspera(<VerificacionCertificadoPage />) },
];

/** Every route of the route table (spec 01 §2) is registered; those without a screen say so plainly. */
export const enrutador = createBrowserRouter([
  { path: '/', element: <Navigate to="/app/dashboard" replace /> },
  { path: '/login', element: conEspera(<LoginPage />) },
  { path: '/error', element: <PaginaError /> },
  ...RUTAS_PUBLICAS,
  {
    path: '/app',
    element: <RutaProtegida>{conEspera(<AppLayout />)}</RutaProtegida>,
    children: [
      { index: true, element: <Navigate to="/app/dashboard" replace /> },
      ...TODAS_LAS_RUTAS.map((r) => {
        const Pagina = PAGINAS[r.modulo] ?? PAGINA_NO_DISPONIBLE;
        return { path: r.modulo, element: conEspera(<Pagina />) };
      }),
      ...PAGINAS_CON_PARAMETROS.map(({ ruta, pagina: Pagina }) => ({ path: ruta, element: conEspera(<Pagina />) })),
      { path: '*', element: <PaginaError dentro /> },
    ],
  },
  { path: '*', element: <PaginaError /> },
]);
