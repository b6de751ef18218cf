import { Alert } from 'antd';
import { useSinConexion } from './estado-red';

/** Says plainly that the server cannot be reached; what was typed stays in the forms. */
export function BannerSinConexion() {
  const sinConexion = useSinConexion();
  if (!sinConexion) return null;
  return (
    <Alert
      banner
      type="warning"
      role="alert"
      data-testid="banner-sin-conexion"
      style={{ position: 'sticky', top: 0, zIndex: 1000 }}
      message="Sin conexión con el servidor"
      description="Puede seguir en esta pantalla: lo que escribió se conserva. Guarde cuando vuelva la conexión; nada se enviará dos veces."
    />
  );
}
