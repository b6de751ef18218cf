import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSesion } from '../shared/sesion/almacen-sesion';

/** Everything under /app needs a stored session; without one the user goes to /login (spec 01 §2). */
export function RutaProtegida({ children }: { children: ReactNode }) {
  const sesion = useSesion();
  const ubicacion = useLocation();
  if (!sesion.autenticado)
    return <Navigate to="/login" replace state={{ desde: ubicacion.pathname + ubicacion.search }} />;
  return children;
}
