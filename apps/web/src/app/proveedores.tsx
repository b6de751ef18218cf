import { RouterProvider } from 'react-router/dom';
import { enrutador } from './enrutador';

/**
 * The root of the app: only the router. Ant Design and the query cache (proveedores-antd.tsx) wrap the
 * screens that use them, so the login page loads neither.
 */
export function Proveedores() {
  return <RouterProvider router={enrutador} />;
}
